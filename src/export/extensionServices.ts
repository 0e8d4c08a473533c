// The CSV export's services built from the extension's connections and settings.
import * as vscode from 'vscode';
import type { AuthServices } from '../auth/services';
import type { Log } from '../util/log';
import type { ExportPrompts, ExportServices } from './services';

export function extensionExportServices(auth: AuthServices, log: Log, prompts: () => ExportPrompts, requestFor: ExportServices['requestFor']): ExportServices {
  return {
    project: async (ref) => {
      const c = auth.manager.get(ref.server);
      if (!c) throw new Error(vscode.l10n.t('No ALM server named "{0}" is configured.', ref.server));
      return c.project(ref.domain, ref.project);
    },
    byteOrderMark: () => vscode.workspace.getConfiguration('almDefects').get<boolean>('csvExport.byteOrderMark', true),
    guardFormulas: () => vscode.workspace.getConfiguration('almDefects').get<boolean>('csvExport.guardFormulas', true),
    locale: () => vscode.env.language,
    log: log.child('export'),
    prompts,
    requestFor,
  };
}
