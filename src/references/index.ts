// Public surface of the references feature for the other features: they import from here, never its files.
export type { DefectLookup } from './lookup';
export type { ProjectTarget, ReferencePattern } from './patterns';
