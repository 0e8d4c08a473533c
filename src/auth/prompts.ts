// The questions the connection commands ask the user, behind one interface: activate() hands
// AuthServices VS Code's dialogs, and in the extension's test mode the end-to-end tests answer
// through the same interface, so no command takes a password, a server description or a "don't ask" flag.
import * as vscode from 'vscode';
import type { ServerEntry } from '../config/servers';
import type { ProxyCredentials } from './proxyAuth';
import { vscodeServerPrompts } from './serverPrompts';
import type { ServerPrompts } from './serverPrompts';

export interface AuthPrompts extends ServerPrompts {
  /** The password (or an API key's secret) to sign in to `entry` with; undefined when cancelled. */
  secret(entry: ServerEntry): Thenable<string | undefined>;
  /** Asked before a server entry is removed. */
  confirmRemove(name: string): Thenable<boolean>;
  /** A proxy's user and password, after it answered 407; undefined when cancelled. */
  proxyCredentials(proxy: string, realm: string | undefined): Thenable<ProxyCredentials | undefined>;
  /** A failed sign-in's error and the actions it offers (buttons); the one chosen, undefined when dismissed. */
  failureAction(message: string, actions: string[]): Thenable<string | undefined>;
}

async function askProxyCredentials(proxy: string, realm: string | undefined): Promise<ProxyCredentials | undefined> {
  const title = vscode.l10n.t('Sign in to the proxy {0}', proxy);
  const where = realm ? vscode.l10n.t('{0} ({1})', proxy, realm) : proxy;
  const username = await vscode.window.showInputBox({
    title,
    prompt: vscode.l10n.t('User name for the proxy {0}', where),
    ignoreFocusOut: true,
    validateInput: (v) => (v ? undefined : vscode.l10n.t('Enter the user name')),
  });
  if (username === undefined) return undefined;
  const password = await vscode.window.showInputBox({ title, prompt: vscode.l10n.t('Password of {0} for the proxy {1}', username, where), password: true, ignoreFocusOut: true });
  return password === undefined ? undefined : { username, password };
}

export const vscodeAuthPrompts: AuthPrompts = {
  ...vscodeServerPrompts,
  secret: (entry) =>
    vscode.window.showInputBox({
      title: vscode.l10n.t('Sign in to {0}', entry.name),
      prompt: entry.auth === 'apiKey' ? vscode.l10n.t('Secret of API key {0} on {1}', entry.clientId ?? '', entry.url) : vscode.l10n.t('Password of {0} on {1}', entry.username, entry.url),
      password: true,
      ignoreFocusOut: true,
      validateInput: (v) => (v ? undefined : entry.auth === 'apiKey' ? vscode.l10n.t('Enter the secret') : vscode.l10n.t('Enter the password')),
    }),
  confirmRemove: async (name) => {
    const remove = vscode.l10n.t('Remove');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('Remove the ALM server "{0}"?', name),
      { modal: true, detail: vscode.l10n.t('You are signed out (releasing any locks you hold there) and its stored password is deleted.') },
      remove,
    );
    return answer === remove;
  },
  proxyCredentials: askProxyCredentials,
  failureAction: (message, actions) => vscode.window.showErrorMessage(message, ...actions),
};
