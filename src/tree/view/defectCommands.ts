// Commands on defects: open (the editor when registered, otherwise the read-only view), go to a
// defect by id, copy its id or link.
import * as vscode from 'vscode';
import { NotFoundError } from '../../api';
import type { ConnectionManager } from '../../auth/connectionManager';
import { describeError } from '../../util/log';
import type { Log } from '../../util/log';
import { defectLink, defectRefFrom, parseDefectId } from '../../defects/refs';
import type { DefectRef } from '../../defects/refs';
import { DefectNode } from '../nodes/defectNode';
import type { TreeNode } from '../nodes/treeNode';
import { defaultProjectNode, makeDefault } from './defaultProject';
import { listProjects, pickAmong, projectInContext } from './locate';
import type { AlmTreeProvider } from './provider';

export type DefectOpener = (ref: DefectRef) => Promise<void>;

/** A DefectRef from a command argument: a defect node or a `{ server, domain, project, id }`. */
function defectRefOf(arg: unknown): DefectRef | undefined {
  return arg instanceof DefectNode ? arg.ref : defectRefFrom(arg);
}

export function selectedDefect(view: vscode.TreeView<TreeNode>, arg: unknown): DefectRef | undefined {
  return defectRefOf(arg) ?? defectRefOf(view.selection.find((n) => n instanceof DefectNode));
}

/** "Go to Defect…": asks for an id (in the selected or picked project), checks it exists, opens it. */
export async function goToDefect(provider: AlmTreeProvider, view: vscode.TreeView<TreeNode>, manager: ConnectionManager, open: DefectOpener, log: Log, arg: unknown): Promise<DefectRef | undefined> {
  const direct = defectRefOf(arg);
  let ref = direct;
  if (!ref) {
    // The tree's project, else the default one; else a pick whose pin button makes the choice the default.
    const project =
      (await projectInContext(provider, view, arg)) ??
      (await defaultProjectNode(provider, manager)) ??
      (await pickAmong(await listProjects(provider), vscode.l10n.t('Go to a defect in which project?'), { pin: makeDefault }));
    if (!project) return undefined;
    const text = await vscode.window.showInputBox({
      title: vscode.l10n.t('Go to defect in {0}', project.project),
      prompt: vscode.l10n.t('Defect id'),
      validateInput: (v) => (parseDefectId(v) ? undefined : vscode.l10n.t('Enter a defect id, e.g. 42')),
    });
    const id = text === undefined ? undefined : parseDefectId(text);
    if (!id) return undefined;
    ref = { ...project.ref, id };
  }
  try {
    const api = await manager.project(ref);
    await api.defects.get(ref.id, { fields: ['name'] });
  } catch (e) {
    const message = e instanceof NotFoundError ? vscode.l10n.t('Defect {0} does not exist in {1}.', ref.id, ref.project) : vscode.l10n.t('Cannot open defect {0}: {1}', ref.id, describeError(e));
    log.warn(message);
    void vscode.window.showErrorMessage(message);
    return undefined;
  }
  await open(ref);
  return ref;
}

export async function copyDefectId(view: vscode.TreeView<TreeNode>, arg: unknown): Promise<string | undefined> {
  const ref = selectedDefect(view, arg);
  if (!ref) return undefined;
  await vscode.env.clipboard.writeText(String(ref.id));
  vscode.window.setStatusBarMessage(vscode.l10n.t('Copied defect id {0}', ref.id), 3000);
  return String(ref.id);
}

export async function copyDefectLink(view: vscode.TreeView<TreeNode>, manager: ConnectionManager, arg: unknown): Promise<string | undefined> {
  const ref = selectedDefect(view, arg);
  const connection = ref ? manager.get(ref.server) : undefined;
  if (!ref || !connection) return undefined;
  const link = defectLink(connection.entry.url, ref);
  await vscode.env.clipboard.writeText(link);
  vscode.window.setStatusBarMessage(vscode.l10n.t('Copied the link to defect {0}', ref.id), 3000);
  return link;
}
