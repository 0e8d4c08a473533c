// The attachments feature's services built from the extension's connections and tree.
import type { AuthServices } from '../auth/services';
import type { TreeFeature } from '../tree';
import type { Log } from '../util/log';
import type { AttachmentPrompts } from './prompts';
import type { AttachmentServices } from './services';

export function extensionAttachmentServices(auth: AuthServices, tree: TreeFeature, prompts: () => AttachmentPrompts, log: Log, editingHere: AttachmentServices['editingHere']): AttachmentServices {
  return {
    project: (ref) => auth.manager.project(ref),
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
