// Registers the connection commands: sign in, sign out, add, edit and remove a server. Each
// returns its result so tests (and other extensions) can drive it without reading notifications.
import * as vscode from 'vscode';
import { addServer } from './addServer';
import { editServer, removeServer } from './editServer';
import { cancelled, connectionFor } from './serverArgs';
import type { CommandResult } from './serverArgs';
import type { AuthServices } from './services';
import { signInInteractively } from './signInFlow';
import type { SignInResult } from './signInFlow';

export function registerAuthCommands(services: AuthServices): vscode.Disposable[] {
  const log = services.log.child('auth');
  const guard =
    <T>(name: string, fn: (arg: unknown) => Promise<T>) =>
    async (arg: unknown): Promise<T | CommandResult> => {
      try {
        return await fn(arg);
      } catch (e) {
        // Commands never throw at the user: log with the tag, show one actionable line.
        const message = e instanceof Error ? e.message : String(e);
        log.error(`${name}: ${message}`);
        void vscode.window.showErrorMessage(message);
        return { ok: false, message };
      }
    };
  return [
    vscode.commands.registerCommand(
      'almDefects.signIn',
      guard('sign in', async (arg): Promise<SignInResult | CommandResult> => {
        const connection = await connectionFor(services.manager, arg, 'Sign in to which ALM server?');
        if (!connection) return cancelled();
        const password = typeof arg === 'object' && arg !== null && typeof (arg as { password?: unknown }).password === 'string' ? (arg as { password: string }).password : undefined;
        return signInInteractively(connection, log, password);
      }),
    ),
    vscode.commands.registerCommand(
      'almDefects.signOut',
      guard('sign out', async (arg): Promise<CommandResult> => {
        const connection = await connectionFor(services.manager, arg, 'Sign out of which ALM server?');
        if (!connection) return cancelled();
        await connection.signOut();
        vscode.window.setStatusBarMessage(`Signed out of ${connection.name}`, 3000);
        return { ok: true, server: connection.name };
      }),
    ),
    vscode.commands.registerCommand('almDefects.addServer', guard('add server', (arg) => addServer(services, arg))),
    vscode.commands.registerCommand('almDefects.editServer', guard('edit server', (arg) => editServer(services, arg))),
    vscode.commands.registerCommand('almDefects.removeServer', guard('remove server', (arg) => removeServer(services, arg))),
  ];
}
