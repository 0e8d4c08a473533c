// What a connection failure offers, written once for the sign-in notification and the tree's error
// rows: a certificate the server's chain does not reach offers "Trust this CA…", a proxy that
// refused offers "Enter Proxy Credentials…", anything between us and the server offers "Test
// Connection"; a refused password also offers "Use an API Key" (sites that sign in through SSO).
// No `vscode` import: the tree's rows and unit tests use it as is.
import * as l10n from '@vscode/l10n';
import { AuthError, NetworkError, ProxyAuthError, TimeoutError, TlsError } from '../api';
import { COMMAND } from '../util/commands';
import type { CommandId } from '../util/commands';

export interface FailureAction {
  /** The button or row label. */
  title: string;
  command: CommandId;
  /** The command's argument: which server, and for "Use an API Key" which sign-in to switch to. */
  argument: { server: string; signIn?: 'apiKey' };
  /** Whether the sign-in is worth trying again once the command succeeded (a CA trusted, proxy credentials entered). */
  retrySignIn: boolean;
}

/** The fixes a network failure of `server` offers, most specific first; none for other errors. */
export function connectionFixes(e: unknown, server: string): FailureAction[] {
  const argument = { server };
  const fixes: FailureAction[] = [];
  if (e instanceof TlsError) fixes.push({ title: l10n.t('Trust this CA…'), command: COMMAND.trustCa, argument, retrySignIn: true });
  if (e instanceof ProxyAuthError) fixes.push({ title: l10n.t('Enter Proxy Credentials…'), command: COMMAND.enterProxyCredentials, argument, retrySignIn: true });
  if (e instanceof NetworkError || e instanceof TimeoutError) fixes.push({ title: l10n.t('Test Connection'), command: COMMAND.testConnection, argument, retrySignIn: false });
  return fixes;
}

/** A refused password (401), as opposed to a throttled one (429) or an API key's refusal. */
export function passwordRefused(e: unknown, apiKey: boolean): boolean {
  return e instanceof AuthError && !apiKey && e.status === 401;
}

/**
 * What a refused password means, ending with `action`: the button that switches to an API key.
 * ALM answers a password on a site that signs in through SSO as it answers a wrong one (no public
 * source shows another answer; see server/src/auth/signIn.ts), so the message names both causes
 * and the way in for each. ALM offers REST clients no browser sign-in (the vendor documents API
 * keys for SSO sites), so none is offered here.
 */
export function passwordRefusal(action: string): string {
  return l10n.t(
    "the user name or password is wrong, or the account is locked. If your site signs in through SSO (you have no ALM password), sign in with an API key instead: create one on ALM's My API Key page where your site lets users, or ask your ALM administrator for a client id and secret, then choose {0}.",
    action,
  );
}

/** "Use an API Key": Edit Server straight to the key's client id (and secret). */
export function useApiKeyAction(server: string): FailureAction {
  return { title: l10n.t('Use an API Key'), command: COMMAND.editServer, argument: { server, signIn: 'apiKey' }, retrySignIn: false };
}

/** What a refused password offers: switch to an API key, or open the page where users create their own. */
export function apiKeyActions(server: string): FailureAction[] {
  return [useApiKeyAction(server), { title: l10n.t('Open My API Key Page'), command: COMMAND.openApiKeyPage, argument: { server }, retrySignIn: false }];
}
