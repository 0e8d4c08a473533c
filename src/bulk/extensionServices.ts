// The bulk update's services built from the extension's connections, tree and editors; what it
// wrote goes to the defect events.
import * as vscode from 'vscode';
import type { AuthServices } from '../auth/services';
import type { DefectEvents } from '../defects/events';
import type { DefectEditorApi } from '../editor';
import { defectRefFrom } from '../defects/refs';
import type { DefectRef } from '../defects/refs';
import type { TreeFeature } from '../tree';
import type { Log } from '../util/log';
import type { BulkPrompts } from './prompts';
import type { BulkServices } from './services';

export function extensionBulkServices(
  auth: AuthServices,
  tree: TreeFeature,
  editor: DefectEditorApi,
  log: Log,
  prompts: () => BulkPrompts,
  events: Pick<DefectEvents, 'announcer' | 'changed'>,
): BulkServices {
  const tag = log.child('bulk');
  return {
    project: async (ref) => {
      const c = auth.manager.get(ref.server);
      if (!c) throw new Error(vscode.l10n.t('No ALM server named "{0}" is configured.', ref.server));
      return c.project(ref.domain, ref.project);
    },
    editingHere: (ref) => editor.editingHere(ref),
    selectedDefects: () => tree.view.selection.map((n) => defectRefFrom(n)).filter((r): r is DefectRef => r !== undefined),
    defectSaved: events.announcer('bulk'),
    defectsChanged: (project) => events.changed(project),
    log: tag,
    prompts,
    locale: () => vscode.env.language,
  };
}
