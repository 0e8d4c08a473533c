// "ALM: Test Connection": runs the steps of connectionTest.ts for one server with a progress
// notification, shows the report in an editor and offers "Copy Report" for the help desk.
import * as vscode from 'vscode';
import { reportText, testConnection } from './connectionTest';
import type { ConnectionReport } from './connectionTest';
import { cancelled, connectionFor } from './serverArgs';
import type { AuthServices } from './services';

export type TestConnectionResult = { ok: boolean; server: string; report: string; steps: ConnectionReport['steps'] } | { ok: false; message: string; cancelled: true };

export async function testConnectionCommand(services: AuthServices, arg: unknown): Promise<TestConnectionResult> {
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
  const doc = await vscode.workspace.openTextDocument({ content: text, language: 'plaintext' });
  await vscode.window.showTextDocument(doc, { preview: true });
  const copy = vscode.l10n.t('Copy Report');
  const summary = report.ok ? vscode.l10n.t('{0} is reachable.', connection.name) : vscode.l10n.t('The connection to {0} failed at "{1}".', connection.name, report.steps.at(-1)?.name ?? '');
  void (report.ok ? vscode.window.showInformationMessage(summary, copy) : vscode.window.showWarningMessage(summary, copy)).then(async (choice) => {
    if (choice === copy) await vscode.env.clipboard.writeText(text);
  });
  return { ok: report.ok, server: connection.name, report: text, steps: report.steps };
}
