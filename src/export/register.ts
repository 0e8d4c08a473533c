// "Export to CSV…" (almDefects.exportCsv): the grid passes its ExportRequest (query and visible
// columns); a tree node's menu passes the node (its result, with the columns its grid would show:
// services.requestFor); the user picks the file; the whole result is written page by page with a cancellable
// progress notification. Resolves with the file written, the rows and the bytes.
import * as vscode from 'vscode';
import { projectNames } from '../defects/fieldText';
import { countText } from '../shared/valueText';
import { tokenToSignal } from '../util/cancellation';
import { registerCommand } from '../util/command';
import { COMMAND } from '../util/commands';
import { asExportRequest, suggestedFileName } from './request';
import type { ExportPrompts, ExportServices } from './services';
import { writeCsv } from './writer';

export interface ExportResult {
  path: string;
  rows: number;
  bytes: number;
}

export const vscodeExportPrompts: ExportPrompts = {
  async saveTarget(suggested) {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const uri = await vscode.window.showSaveDialog({
      title: vscode.l10n.t('Export to CSV'),
      saveLabel: vscode.l10n.t('Export'),
      filters: { [vscode.l10n.t('CSV files')]: ['csv'] },
      ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, suggested) } : {}),
    });
    if (uri && uri.scheme !== 'file') throw new Error(vscode.l10n.t('CSV export writes to files on this computer only; choose a local folder.'));
    return uri?.fsPath;
  },
};

async function exportCsv(services: ExportServices, arg: unknown): Promise<ExportResult | undefined> {
  const request = asExportRequest(arg) ?? (await services.requestFor(arg));
  if (!request) return undefined;
  const path = await services.prompts().saveTarget(suggestedFileName(request.query.title));
  if (!path) return undefined;
  const api = await services.project(request.query);
  const names = await projectNames(api, { locale: services.locale() });
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, cancellable: true, title: vscode.l10n.t('Exporting {0}', request.query.title || request.query.project) },
    async (progress, token) => {
      const linked = tokenToSignal(token);
      let shown = 0;
      try {
        return await writeCsv(api, {
          query: request.query,
          columns: request.columns,
          path,
          bom: services.byteOrderMark(),
          guardFormulas: services.guardFormulas(),
          names,
          signal: linked.signal,
          onProgress: (rows, total) => {
            const percent = total ? (Math.min(rows, total) * 100) / total : 0;
            progress.report({ increment: percent - shown, message: total ? vscode.l10n.t('{0} of {1} defects', rows, total) : vscode.l10n.t('{0} defects', rows) });
            shown = percent;
          },
        });
      } finally {
        linked.dispose();
      }
    },
  );
  services.log.info(`[export] ${result.rows} defects, ${result.bytes} bytes written to ${path}`);
  void offerToOpen(path, result.rows);
  return { path, ...result };
}

/** The finished notice, with Open: the file in an editor (a CSV viewer the user has installed takes over). */
async function offerToOpen(path: string, rows: number): Promise<void> {
  const open = vscode.l10n.t('Open');
  if ((await vscode.window.showInformationMessage(vscode.l10n.t('Exported {0} defects to {1}.', countText(rows, vscode.env.language), path), open)) === open) {
    await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(path));
  }
}

export function registerExport(services: ExportServices): vscode.Disposable {
  return registerCommand(COMMAND.exportCsv, services.log, (arg) => exportCsv(services, arg), { failure: vscode.l10n.t('Export to CSV failed') });
}
