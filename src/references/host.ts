// The references' public surface that needs VS Code itself (index.ts is the part plain Node can load).
export { projectKey } from './providers';
export { readReferenceSettings } from './settings';
