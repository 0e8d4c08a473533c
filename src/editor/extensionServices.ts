// The editor's services built from the extension's connections and tree: the project API of a
// configured server, the user, the tree's project pick, and a refresh of the tree after "New
// Defect…" so the new row shows (the tree exposes no reveal of a single defect row yet).
import type { AuthServices } from '../auth/services';
import type { TreeFeature } from '../tree/view/treeFeature';
import { findProject, projectFor } from '../tree/view/locate';
import type { Log } from '../util/log';
import type { DefectEditorServices } from './services';

export function extensionEditorServices(auth: AuthServices, tree: TreeFeature, log: Log): DefectEditorServices {
  const { manager } = auth;
  /** The server's connection; right after activation the settings may still be being applied. */
  const connection = async (server: string) => {
    const found = manager.get(server) ?? (await configured(server));
    if (!found) throw new Error(`No ALM server named "${server}" is configured.`);
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
    baseUrl: (server) => manager.get(server)?.entry.url,
    log: log.child('editor'),
    pickProject: async (arg, title) => (await projectFor(tree.provider, tree.view, arg, title))?.ref,
    onDidConnect: (server, listener) =>
      manager.onDidChangeConnection((c) => {
        if (c.name === server && (c.status === 'signed-in' || c.status === 'ready')) listener();
      }),
    revealDefect: async (ref) => {
      const project = await findProject(tree.provider, ref);
      if (!project) return;
      for (const node of project.defectsNodes) node.refresh();
      await tree.view.reveal(project, { expand: true, select: false, focus: false });
    },
  };
}
