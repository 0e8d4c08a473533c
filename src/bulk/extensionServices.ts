// The bulk update's services built from the extension's connections, tree and editors.
import * as vscode from 'vscode';
import type { Defect } from '../api/index';
import type { AuthServices } from '../auth/services';
import type { DefectEditorApi } from '../editor';
import { defectRefFrom } from '../defects/refs';
import type { DefectRef } from '../defects/refs';
import type { TreeFeature } from '../tree';
import type { Log } from '../util/log';
import type { BulkPrompts } from './prompts';
import type { BulkServices } from './services';

/**
 * What a defect saved outside its editor (Update Selected, the chat tool) updates: the tree's loaded
 * rows of it and whoever listens to the tree's saves (the grid), and an editor open on it in read mode (one in edit mode holds the lock, so it was skipped).
 */
export function savedDefectAnnouncer(tree: TreeFeature, editor: DefectEditorApi): (ref: DefectRef, defect: Defect) => void {
  return (ref, defect) => {
    tree.defectSaved(ref, defect);
    void editor.controller(ref)?.checkForChanges();
  };
}

export function extensionBulkServices(auth: AuthServices, tree: TreeFeature, editor: DefectEditorApi, log: Log, prompts: () => BulkPrompts): BulkServices {
  const tag = log.child('bulk');
  return {
    project: (ref) => auth.manager.project(ref),
    editingHere: (ref) => editor.editingHere(ref),
    selectedDefects: () => tree.view.selection.map((n) => defectRefFrom(n)).filter((r): r is DefectRef => r !== undefined),
    defectSaved: savedDefectAnnouncer(tree, editor),
    defectsChanged: (project) => tree.defectsChanged(project),
    log: tag,
    prompts,
    locale: () => vscode.env.language,
  };
}
