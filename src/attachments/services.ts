// What the attachments feature needs from the rest of the extension, handed in by activate():
// a project's API on a configured server, the log, and the tree's plug-in points. Nothing here
// reads settings or secrets itself.
import type * as vscode from 'vscode';
import type { ProjectApi } from '../api';
import type { DefectRef, ProjectRefKey } from '../defects/refs';
import type { DefectChildrenProvider, TreeContext, TreeNode } from '../tree';
import type { Log } from '../util/log';
import type { AttachmentPrompts } from './prompts';

/** The tree's hooks: attachments hang children under defects and receive files dropped on them. */
interface AttachmentTreeHooks {
  /** The tree's node context (redraws, log), for the nodes this feature creates. */
  readonly context: TreeContext;
  setDefectChildren(provider: DefectChildrenProvider): vscode.Disposable;
  setDropController(controller: vscode.TreeDragAndDropController<TreeNode>): vscode.Disposable;
  /** The selected rows, for commands run without an argument (from the palette or a key). */
  selection(): readonly TreeNode[];
}

export interface AttachmentServices {
  /** The project's API on a configured server; rejects with a readable error (not configured, not signed in). */
  project(ref: ProjectRefKey): Promise<ProjectApi>;
  log: Log;
  tree: AttachmentTreeHooks;
  /** The questions the commands ask: VS Code's dialogs, or in test mode the tests' answers. */
  prompts(): AttachmentPrompts;
  /** Whether a defect editor of this window holds (or is taking) the defect's lock. */
  editingHere(defect: DefectRef): boolean;
}
