// "ALM: Test Connection": runs the steps of connectionTest.ts for one server with a progress
// notification, shows the report in an editor and offers "Copy Report" for the help desk. The report
// is a read-only document of its own scheme: an untitled one asked to be saved when closed.
import * as vscode from 'vscode';
import { reportText, testConnection } from './connectionTest';
import type { ConnectionReport } from './connectionTest';
import { cancelled, connectionFor } from './serverArgs';
import type { AuthServices } from './services';

export type TestConnectionResult = { ok: boolean; server: string; report: string; steps: ConnectionReport['steps'] } | { ok: false; message: string; cancelled: true };

/** The scheme of the reports' read-only documents. */
const REPORT_SCHEME = 'alm-connection-report';
/** Reports kept for their documents (reopened tabs, a reload): the newest few, so none grows without bound. */
const KEPT_REPORTS = 20;

/** Serves the reports' text to their documents; register it once (registerAuthCommands). */
export class ConnectionReports implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(REPORT_SCHEME, this);
  private count = 0;

  /** A document URI showing `text`, titled after the server. */
  add(server: string, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: REPORT_SCHEME, path: `/${vscode.l10n.t('Connection test of {0}', server).replace(/[\\/]/g, '-')}.txt`, query: String(++this.count) });
    this.texts.set(uri.toString(), text);
    for (const key of this.texts.keys()) {
      if (this.texts.size <= KEPT_REPORTS) break;
      this.texts.delete(key);
    }
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? vscode.l10n.t('This connection report is no longer kept. Run "ALM: Test Connection" again.');
  }

  dispose(): void {
    this.registration.dispose();
    this.texts.clear();
  }
}

export async function testConnectionCommand(services: AuthServices, reports: ConnectionReports, arg: unknown): Promise<TestConnectionResult> {
  const connection = await connectionFor(services.manager, arg, vscode.l10n.t('Test the connection to which ALM server?'));
  if (!connection) return { ...cancelled(), cancelled: true } as TestConnectionResult;
  const transport = await services.manager.transportFor(connection.entry);
  const signIn = connection.canLoad
    ? async () => {
        await connection.domains();
        return { user: connection.username, tree: connection.tree };
      }
    : undefined;
  const report = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Testing the connection to {0}…', connection.name) }, () =>
    testConnection(connection.entry, transport, signIn),
  );
  const text = reportText(report);
  services.log.child('auth').info(`connection test of ${connection.name}:\n${text}`);
  const doc = await vscode.workspace.openTextDocument(reports.add(connection.name, text));
  await vscode.window.showTextDocument(doc, { preview: true });
  const copy = vscode.l10n.t('Copy Report');
  const summary = report.ok ? vscode.l10n.t('{0} is reachable.', connection.name) : vscode.l10n.t('The connection to {0} failed at "{1}".', connection.name, report.steps.at(-1)?.name ?? '');
  void (report.ok ? vscode.window.showInformationMessage(summary, copy) : vscode.window.showWarningMessage(summary, copy)).then(async (choice) => {
    if (choice === copy) await vscode.env.clipboard.writeText(text);
  });
  return { ok: report.ok, server: connection.name, report: text, steps: report.steps };
}
