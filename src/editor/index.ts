// Public surface of the editor feature for the other features: they import from here, never its files.
export type { DefectController } from './controller/defectController';
export type { DefectEditorApi } from './registerDefectEditor';
