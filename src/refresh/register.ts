// Keeps the views current: wires the scheduler to the window's focus and the refresh interval
// setting, with the editor and tree checks. Nothing is polled while the window is unfocused; each
// check skips what is hidden.
import * as vscode from 'vscode';
import type { DefectEditorApi } from '../editor';
import type { TreeFeature } from '../tree';
import { describeError } from '../util/log';
import type { Log } from '../util/log';
import { EditorRefresh } from './editorRefresh';
import { RefreshScheduler } from './scheduler';
import { TreeRefresh } from './treeRefresh';

export interface RefreshFeature extends vscode.Disposable {
  /** The tree's check: a defect the user opened loses its "changed" mark. */
  readonly tree: Pick<TreeRefresh, 'opened'>;
  /** Other views' checks (the grid's) join the same interval and focus rules. */
  readonly scheduler: Pick<RefreshScheduler, 'add'>;
}

function readRefreshInterval(): number {
  const n = vscode.workspace.getConfiguration('almDefects').get<number>('refreshInterval', 60);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

export function registerRefresh(tree: TreeFeature, editor: DefectEditorApi, log: Log): RefreshFeature {
  const tag = log.child('refresh');
  const treeRefresh = new TreeRefresh({
    roots: () => tree.provider.serverNodes(),
    visible: () => tree.view.visible,
    isExpanded: (id) => tree.provider.state.isExpanded(id),
    selection: () => tree.view.selection,
    changed: (node) => tree.provider.changed(node),
  });
  const editorRefresh = new EditorRefresh(() => editor.visibleControllers());
  const scheduler = new RefreshScheduler([editorRefresh, treeRefresh], (check, e) => tag.warn(`${check}: ${describeError(e)}`));
  scheduler.setInterval(readRefreshInterval());
  scheduler.setFocused(vscode.window.state.focused);
  const disposables = [
    vscode.window.onDidChangeWindowState((s) => scheduler.setFocused(s.focused)),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('almDefects.refreshInterval')) scheduler.setInterval(readRefreshInterval());
    }),
  ];
  return {
    tree: treeRefresh,
    scheduler,
    dispose: () => {
      scheduler.dispose();
      for (const d of disposables) d.dispose();
    },
  };
}
