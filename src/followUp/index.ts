// Public surface of the follow-up flags for the other features: they import from here, never its files.
export { localDay } from './flags';
export type { FollowUpFlag } from './flags';
export type { FollowUpFeature } from './register';
