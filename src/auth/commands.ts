// Registers the connection commands: sign in, sign out, add, edit and remove a server. Each
// returns its result so callers can read the outcome without reading notifications; questions go
// through services.prompts.
import * as vscode from 'vscode';
import { addServer } from './addServer';
import { editServer, removeServer } from './editServer';
import { cancelled, connectionFor } from './serverArgs';
import type { CommandResult } from './serverArgs';
import type { AuthServices } from './services';
import { enterProxyCredentials, openApiKeyPage, trustCa } from './networkActions';
import { signInInteractively } from './signInFlow';
import { ConnectionReports, testConnectionCommand } from './testConnectionCommand';
import type { SignInResult } from './signInFlow';
import { registerCommand } from '../util/command';
import { COMMAND } from '../util/commands';
import type { CommandId } from '../util/commands';

export function registerAuthCommands(services: AuthServices): vscode.Disposable[] {
  const log = services.log.child('auth');
  // A failure or cancellation resolves to a result, so tests and other extensions can read it.
  const onFailure = (message: string | undefined): CommandResult => (message === undefined ? cancelled() : { ok: false, message });
  const guard = <T>(id: CommandId, fn: (arg: unknown) => Promise<T>): vscode.Disposable => registerCommand(id, log, fn, { fallback: onFailure });
  const reports = new ConnectionReports();
  return [
    reports,
    guard(COMMAND.signIn, async (arg): Promise<SignInResult | CommandResult> => {
      const connection = await connectionFor(services.manager, arg, vscode.l10n.t('Sign in to which ALM server?'));
      if (!connection) return cancelled();
      return signInInteractively(connection, log, services.prompts());
    }),
    guard(COMMAND.signOut, async (arg): Promise<CommandResult> => {
      const connection = await connectionFor(services.manager, arg, vscode.l10n.t('Sign out of which ALM server?'));
      if (!connection) return cancelled();
      await connection.signOut();
      vscode.window.setStatusBarMessage(vscode.l10n.t('Signed out of {0}', connection.name), 3000);
      return { ok: true, server: connection.name };
    }),
    guard(COMMAND.addServer, () => addServer(services)),
    guard(COMMAND.editServer, (arg) => editServer(services, arg)),
    guard(COMMAND.removeServer, (arg) => removeServer(services, arg)),
    guard(COMMAND.testConnection, (arg) => testConnectionCommand(services, reports, arg)),
    guard(COMMAND.trustCa, (arg) => trustCa(services, arg)),
    guard(COMMAND.enterProxyCredentials, (arg) => enterProxyCredentials(services, arg)),
    guard(COMMAND.openApiKeyPage, (arg) => openApiKeyPage(services, arg)),
  ];
}
