// The editor's services built from the extension's connections and tree: the project API of a
// configured server, the user, the tree's project pick, revealing (selecting) the new row in
// the tree after "New Defect…" created it, and the attachments feature's part of the page.
import * as vscode from 'vscode';
import type { EditorPrompts } from './prompts';
import type { AuthServices } from '../auth/services';
import type { DefectEvents } from '../defects/events';
import { parseNewDefectDefaults, templateFor } from '../defects/newDefectDefaults';
import { defectRefFrom } from '../defects/refs';
import type { TreeFeature } from '../tree';
import { projectFor } from '../tree/host';
import { revealDefect } from '../tree/host';
import type { Log } from '../util/log';
import type { DefectEditorServices, EditorAttachments } from './services';

export function extensionEditorServices(
  auth: AuthServices,
  tree: TreeFeature,
  attachments: EditorAttachments,
  log: Log,
  prompts: () => EditorPrompts,
  events: Pick<DefectEvents, 'announcer'>,
): DefectEditorServices {
  const { manager } = auth;
  /** The server's connection; right after activation the settings may still be being applied. */
  const connection = async (server: string) => {
    const found = manager.get(server) ?? (await configured(server));
    if (!found) throw new Error(vscode.l10n.t('No ALM server named "{0}" is configured.', server));
    return found;
  };
  const configured = (server: string) =>
    new Promise<ReturnType<typeof manager.get>>((resolve) => {
      const timer = setTimeout(() => done(), 10_000);
      const subscription = manager.onDidChangeServers(() => {
        if (manager.get(server)) done();
      });
      function done(): void {
        clearTimeout(timer);
        subscription.dispose();
        resolve(manager.get(server));
      }
    });
  return {
    project: async (ref) => (await connection(ref.server)).project(ref.domain, ref.project),
    username: (server) => manager.get(server)?.username ?? '',
    locale: () => vscode.env.language,
    baseUrl: (server) => manager.get(server)?.entry.url,
    log: log.child('editor'),
    attachments,
    prompts,
    newDefectDefaults: (ref) => {
      const templates = parseNewDefectDefaults(vscode.workspace.getConfiguration('almDefects').get<unknown>('newDefectDefaults'));
      for (const problem of templates.problems) log.warn(problem);
      return templateFor(templates, ref);
    },
    pickProject: async (arg, title) => (await projectFor(tree.provider, tree.view, arg, title))?.ref,
    selectedDefect: () => tree.view.selection.map((node) => defectRefFrom(node)).find((ref) => ref !== undefined),
    onDidConnect: (server, listener) =>
      manager.onDidChangeConnection((c) => {
        if (c.name === server && (c.status === 'signed-in' || c.status === 'ready')) listener();
      }),
    // The views (tree, grid) hear the save from the defect events, not from the editor.
    defectSaved: events.announcer('editor'),
    revealDefect: async (ref) => {
      const result = await revealDefect(tree.provider, tree.view, ref);
      log.debug(`reveal of defect ${ref.id} in the tree: ${result}`);
      // The filter, sort or paging keeps it out of the loaded rows: say so rather than page through everything.
      if (result === 'not-loaded') {
        void vscode.window.showInformationMessage(vscode.l10n.t("Defect {0} created; it is not among the loaded rows of the tree's current filter, grouping and sort.", ref.id));
      }
    },
  };
}
