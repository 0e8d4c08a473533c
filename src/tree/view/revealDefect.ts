// Reveals one defect's row in the tree, after "New Defect…" created it: the project's "Defects"
// and "My Defects" reload, the row is looked up among the loaded rows (its group's when grouped)
// and selected without taking the focus from the editor. A defect kept out of the loaded rows
// (filter, sort, paging) is reported to the caller, not hunted for page by page. Also unfolds a
// server just added down to its project.
import type * as vscode from 'vscode';
import type { DefectRef } from '../../defects/refs';
import type { ServerEntry } from '../../config/servers';
import { findDefectRow } from '../nodes/defectRow';
import type { TreeNode } from '../nodes/treeNode';
import { findProject } from './locate';
import type { AlmTreeProvider } from './provider';

/** `not-loaded`: the project's "Defects" node is shown, but no loaded row is this defect. */
export type RevealResult = 'revealed' | 'not-loaded' | 'no-project';

export async function revealDefect(provider: AlmTreeProvider, view: vscode.TreeView<TreeNode>, ref: DefectRef): Promise<RevealResult> {
  const project = await findProject(provider, ref);
  if (!project) return 'no-project';
  // The project's children (the defect nodes) exist only once it was expanded or asked.
  await project.getChildren();
  const [defects] = project.defectsNodes;
  if (!defects) return 'no-project';
  for (const node of project.defectsNodes) node.refresh();
  const row = await findDefectRow(defects, ref.id);
  if (!row) {
    await view.reveal(defects, { expand: true, select: false, focus: false });
    return 'not-loaded';
  }
  // reveal() expands the row's ancestors (project, "Defects", its group) on the way.
  await view.reveal(row, { select: true, focus: false, expand: false });
  return 'revealed';
}

/**
 * Shows a server just added: its row, unfolded down to the project it was added for (or its domains
 * when it shows them all), selected and focused. A newcomer then sees "Defects" and "My Defects" at
 * once instead of a folded row to open level by level, and the arrow keys go on from the project
 * (with the focus left where the question box closed, they moved nothing: found on a walkthrough).
 */
export async function revealServer(provider: AlmTreeProvider, view: vscode.TreeView<TreeNode>, entry: Pick<ServerEntry, 'name' | 'domain' | 'project'>): Promise<void> {
  const project = entry.domain && entry.project ? await findProject(provider, { server: entry.name, domain: entry.domain, project: entry.project }) : undefined;
  if (project) {
    await view.reveal(project, { expand: true, select: true, focus: true });
    return;
  }
  const server = provider.root.server(entry.name);
  if (server) await view.reveal(server, { expand: true, select: true, focus: true });
}
