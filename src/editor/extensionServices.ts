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
  const connection = (server: string) => {
    const c = manager.get(server);
    if (!c) throw new Error(`No ALM server named "${server}" is configured.`);
    return c;
  };
  return {
    project: async (ref) => connection(ref.server).project(ref.domain, ref.project),
    username: (server) => manager.get(server)?.username ?? '',
    baseUrl: (server) => manager.get(server)?.entry.url,
    log: log.child('editor'),
    pickProject: async (arg, title) => (await projectFor(tree.provider, tree.view, arg, title))?.ref,
    revealDefect: async (ref) => {
      const project = await findProject(tree.provider, ref);
      if (!project) return;
      for (const node of project.defectsNodes) node.refresh();
      await tree.view.reveal(project, { expand: true, select: false, focus: false });
    },
  };
}
