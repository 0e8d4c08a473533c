// The CSV export's services built from the extension's connections and settings.
import * as vscode from 'vscode';
import type { AuthServices } from '../auth/services';
import type { Log } from '../util/log';
import type { ExportPrompts, ExportServices } from './services';

export function extensionExportServices(auth: AuthServices, log: Log, prompts: () => ExportPrompts, requestFor: ExportServices['requestFor']): ExportServices {
  return {
    project: (ref) => auth.manager.project(ref),
    byteOrderMark: () => vscode.workspace.getConfiguration('almDefects').get<boolean>('csvExport.byteOrderMark', true),
    guardFormulas: () => vscode.workspace.getConfiguration('almDefects').get<boolean>('csvExport.guardFormulas', true),
    locale: () => vscode.env.language,
    log: log.child('export'),
    prompts,
    requestFor,
  };
}
