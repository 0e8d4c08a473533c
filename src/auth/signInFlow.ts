// Interactive sign-in: asks for the password only when the user asked to sign in (a command, the
// "Sign in" row, the Accounts menu), checks it against the server before storing it, and after a
// refusal offers "Try Again" as a button rather than prompting again on its own. A refused
// password also offers "Use an API Key" and "Open My API Key Page": on a site that signs in through SSO users have no ALM
// password, and an API key is the only way in (see passwordRefusal).
import * as vscode from 'vscode';
import { AuthError, NetworkError, TimeoutError, isCancellation } from '../api';
import { describeError } from '../util/log';
import type { Log } from '../util/log';
import { isAbort, tokenToSignal } from '../util/cancellation';
import type { ServerConnection } from './connection';
import type { AuthPrompts } from './prompts';
import { apiKeyActions, connectionFixes, passwordRefusal, passwordRefused, useApiKeyAction } from './failureActions';
import { COMMAND } from '../util/commands';

export type SignInResult = { ok: true; username: string } | { ok: false; message: string; cancelled?: boolean };

/** Asks for `connection`'s password, signs in, and reports the outcome to the user. */
export async function signInInteractively(connection: ServerConnection, log: Log, prompts: AuthPrompts): Promise<SignInResult> {
  const entry = connection.entry;
  const password = await prompts.secret(entry);
  if (password === undefined) return { ok: false, message: vscode.l10n.t('Sign-in cancelled.'), cancelled: true };
  const undo = log.redact(password);
  try {
    const info = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Signing in to {0}…', entry.name), cancellable: true },
      async (_progress, token) => {
        const linked = tokenToSignal(token);
        try {
          return await connection.signIn(password, linked.signal);
        } finally {
          linked.dispose();
        }
      },
    );
    vscode.window.setStatusBarMessage(vscode.l10n.t('Signed in to {0} as {1}', entry.name, info.username), 4000);
    return { ok: true, username: info.username };
  } catch (e) {
    if (isCancellation(e) || isAbort(e)) return { ok: false, message: vscode.l10n.t('Sign-in cancelled.'), cancelled: true };
    const message = signInFailureMessage(entry.name, e, entry.auth === 'apiKey');
    log.warn(message);
    // Not awaited: a test or a caller gets its answer while the notification is still open.
    void showFailure(connection, log, prompts, message, e);
    return { ok: false, message };
  } finally {
    undo();
  }
}

/** A message a user can act on, whatever went wrong. */
function signInFailureMessage(server: string, e: unknown, apiKey = false): string {
  if (passwordRefused(e, apiKey)) return vscode.l10n.t('Sign-in to {0} failed: {1}', server, passwordRefusal(useApiKeyAction(server).title));
  // An API-key refusal says which part is wrong (secret, or a key that is not active).
  if (e instanceof AuthError) return vscode.l10n.t('Sign-in to {0} failed: {1}', server, apiKey ? e.message : vscode.l10n.t('the user name or password is wrong, or the account is locked.'));
  if (e instanceof NetworkError || e instanceof TimeoutError) return vscode.l10n.t('Cannot reach {0}: {1}', server, e.message);
  return vscode.l10n.t('Sign-in to {0} failed: {1}', server, describeError(e));
}

async function showFailure(connection: ServerConnection, log: Log, prompts: AuthPrompts, message: string, e: unknown): Promise<void> {
  const tryAgain = vscode.l10n.t('Try Again');
  const editServer = vscode.l10n.t('Edit Server');
  const actions = connectionFixes(e, connection.name);
  if (passwordRefused(e, connection.entry.auth === 'apiKey')) actions.push(...apiKeyActions(connection.name));
  const choice = await prompts.failureAction(message, [...actions.map((a) => a.title), tryAgain, editServer]);
  const action = actions.find((a) => a.title === choice);
  if (choice === tryAgain) await signInInteractively(connection, log, prompts);
  else if (choice === editServer) await vscode.commands.executeCommand(COMMAND.editServer, { server: connection.name });
  else if (action) {
    const done = await vscode.commands.executeCommand<{ ok: boolean } | undefined>(action.command, action.argument);
    // A CA now trusted or new proxy credentials: sign in again at once (the password is asked
    // again, as a failed sign-in keeps none).
    if (done?.ok && action.retrySignIn) await signInInteractively(connection, log, prompts);
  }
}
