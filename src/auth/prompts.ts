// The questions the connection commands ask the user, behind one interface: activate() hands
// AuthServices VS Code's dialogs, and in the extension's test mode the end-to-end tests answer
// through the same interface, so no command takes a password or a "don't ask" flag.
import * as vscode from 'vscode';
import type { ServerEntry } from '../config/servers';

export interface AuthPrompts {
  /** The password (or an API key's secret) to sign in to `entry` with; undefined when cancelled. */
  secret(entry: ServerEntry): Thenable<string | undefined>;
  /** Asked before a server entry is removed. */
  confirmRemove(name: string): Thenable<boolean>;
}

export const vscodeAuthPrompts: AuthPrompts = {
  secret: (entry) =>
    vscode.window.showInputBox({
      title: `Sign in to ${entry.name}`,
      prompt: entry.auth === 'apiKey' ? `Secret of API key ${entry.clientId ?? ''} on ${entry.url}` : `Password of ${entry.username} on ${entry.url}`,
      password: true,
      ignoreFocusOut: true,
      validateInput: (v) => (v ? undefined : entry.auth === 'apiKey' ? 'Enter the secret' : 'Enter the password'),
    }),
  confirmRemove: async (name) =>
    (await vscode.window.showWarningMessage(
      `Remove the ALM server "${name}"?`,
      { modal: true, detail: 'You are signed out (releasing any locks you hold there) and its stored password is deleted.' },
      'Remove',
    )) === 'Remove',
};
