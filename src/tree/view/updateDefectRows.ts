// Shows a saved defect's new values in the rows the tree has loaded for it ("Defects", "My
// Defects", their groups, the ALM favorites opened), without a request: the editor hands over the defect the server
// returned. Rows are found by walking only what is loaded; nothing is loaded to look for one.
// A save that moves the defect out of a filter or into another group shows on the next refresh.
import type { Defect } from '../../api';
import type { DefectRef, ProjectRefKey } from '../../defects/refs';
import { DefectNode } from '../nodes/defectNode';
import { DefectsNode } from '../nodes/defectsNode';
import { ProjectNode } from '../nodes/projectNode';
import { LoadingNode } from '../nodes/treeNode';
import type { TreeNode } from '../nodes/treeNode';
import type { TreeRoot } from '../nodes/root';

/** The provider's part this needs: its servers and its redraw. */
export interface RowUpdateTarget {
  readonly root: Pick<TreeRoot, 'server'>;
  changed(node: TreeNode): void;
}

/** Updates every loaded row of `ref` to `defect`; returns how many rows changed. */
export function updateDefectRows(provider: RowUpdateTarget, ref: DefectRef, defect: Defect): number {
  const server = provider.root.server(ref.server);
  if (!server) return 0;
  const projectId = `${ref.domain}/${ref.project}`;
  let updated = 0;
  const visit = (node: TreeNode): void => {
    if (node instanceof DefectNode) {
      if (node.ref.id === ref.id && `${node.ref.domain}/${node.ref.project}` === projectId) {
        node.defect = { ...node.defect, ...defect };
        provider.changed(node);
        updated++;
      }
      return; // a defect's children are attachments
    }
    // A project's children are made without loading; only its defect lists hold rows.
    if (node instanceof ProjectNode) for (const list of node.defectLists()) visit(list);
    else if (node instanceof LoadingNode) for (const child of node.loaded ?? []) visit(child);
  };
  visit(server);
  return updated;
}

/**
 * Many defects of a project changed at once (Update Selected): each of its loaded, grouped defect
 * lists (its opened ALM favorites too) counts its groups again — a row updated in place stays in a
 * group whose count no longer holds it (issue 37). Returns how many lists were recounted.
 */
export function recountGroups(provider: Pick<RowUpdateTarget, 'root'>, project: ProjectRefKey, grouped: boolean): number {
  const server = provider.root.server(project.server);
  if (!server || !grouped) return 0;
  let recounted = 0;
  const visit = (node: TreeNode): void => {
    if (node instanceof ProjectNode) {
      if (node.ref.domain !== project.domain || node.ref.project !== project.project) return;
      for (const list of node.defectLists()) {
        if (list.loaded === undefined) continue;
        list.refresh();
        recounted++;
      }
    } else if (node instanceof LoadingNode && !(node instanceof DefectsNode)) for (const child of node.loaded ?? []) visit(child);
  };
  visit(server);
  return recounted;
}

/**
 * A defect was deleted: each loaded defect list of its project holding a row of it reads again
 * (its total and groups change too). Returns how many lists were reloaded.
 */
export function reloadDefectLists(provider: Pick<RowUpdateTarget, 'root'>, ref: DefectRef): number {
  const server = provider.root.server(ref.server);
  if (!server) return 0;
  const holds = (node: TreeNode): boolean => (node instanceof DefectNode ? node.ref.id === ref.id : node instanceof LoadingNode && (node.loaded ?? []).some(holds));
  let reloaded = 0;
  const visit = (node: TreeNode): void => {
    if (node instanceof ProjectNode) {
      if (node.ref.domain !== ref.domain || node.ref.project !== ref.project) return;
      for (const list of node.defectLists().filter(holds)) {
        list.refresh();
        reloaded++;
      }
    } else if (node instanceof LoadingNode && !(node instanceof DefectsNode)) for (const child of node.loaded ?? []) visit(child);
  };
  visit(server);
  return reloaded;
}
