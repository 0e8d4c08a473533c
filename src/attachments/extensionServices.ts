// The attachments feature's services built from the extension's connections and tree.
import * as l10n from '@vscode/l10n';
import type { AuthServices } from '../auth/services';
import type { TreeFeature } from '../tree';
import type { Log } from '../util/log';
import type { AttachmentPrompts } from './prompts';
import type { AttachmentServices } from './services';

export function extensionAttachmentServices(auth: AuthServices, tree: TreeFeature, prompts: () => AttachmentPrompts, log: Log, editingHere: AttachmentServices['editingHere']): AttachmentServices {
  return {
    project: async (ref) => {
      const c = auth.manager.get(ref.server);
      if (!c) throw new Error(l10n.t('No ALM server named "{0}" is configured.', ref.server));
      return c.project(ref.domain, ref.project);
    },
    log,
    prompts,
    editingHere,
    tree: {
      context: tree.provider,
      setDefectChildren: (p) => tree.setDefectChildren(p),
      setDropController: (c) => tree.setDropController(c),
      selection: () => tree.view.selection,
    },
  };
}
