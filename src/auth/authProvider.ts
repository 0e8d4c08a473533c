// The "ALM" authentication provider: every server with a stored, accepted password is an account
// in VS Code's Accounts menu, where it can be signed out; other extensions (and VS Code itself)
// can ask for a session. The session token is an opaque id, never the password.
import * as vscode from 'vscode';
import type { ServerEntry } from '../config/servers';
import type { ServerConnection } from './connection';
import type { ConnectionManager } from './connectionManager';
import type { Log } from '../util/log';
import type { AuthPrompts } from './prompts';
import { signInInteractively } from './signInFlow';
import { accountChanges, hasChanges } from './accountChanges';

const AUTH_PROVIDER_ID = 'alm';

export class AlmAuthenticationProvider implements vscode.AuthenticationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.changed.event;
  private known = new Map<string, vscode.AuthenticationSession>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly manager: ConnectionManager,
    private readonly log: Log,
    private readonly prompts: () => AuthPrompts,
  ) {
    this.subscriptions.push(
      vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, 'ALM', this, { supportsMultipleAccounts: true }),
      manager.onDidChangeConnection(() => this.sync()),
      manager.onDidChangeServers(() => this.sync()),
    );
    this.sync();
  }

  getSessions(scopes?: readonly string[]): Promise<vscode.AuthenticationSession[]> {
    const all = [...this.current().values()];
    return Promise.resolve(scopes?.length ? all.filter((s) => scopes.includes(s.scopes[0])) : all);
  }

  /** Scope = the server name; without one the user picks a server. */
  async createSession(scopes: readonly string[]): Promise<vscode.AuthenticationSession> {
    const connection = scopes.length ? await this.manager.connection(scopes[0]) : await pickServer(this.manager, vscode.l10n.t('Sign in to which ALM server?'));
    if (!connection) throw new Error(vscode.l10n.t('Sign-in cancelled.'));
    const result = await signInInteractively(connection, this.log, this.prompts());
    if (!result.ok) throw new Error(result.message);
    const session = sessionOf(connection);
    this.sync();
    return session;
  }

  async removeSession(sessionId: string): Promise<void> {
    const connection = this.manager.get(sessionId);
    if (connection) await connection.signOut();
    this.sync();
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }

  private current(): Map<string, vscode.AuthenticationSession> {
    const out = new Map<string, vscode.AuthenticationSession>();
    for (const c of this.manager.all()) if (isSignedIn(c)) out.set(c.name, sessionOf(c));
    return out;
  }

  /** Tells VS Code which accounts appeared, went or changed since the last call. */
  private sync(): void {
    const next = this.current();
    const changes = accountChanges(this.known, next);
    this.known = next;
    if (hasChanges(changes)) this.changed.fire(changes);
  }
}

function isSignedIn(c: ServerConnection): boolean {
  return c.status === 'ready' || c.status === 'signing-in' || c.status === 'signed-in' || c.status === 'error';
}

function sessionOf(c: ServerConnection): vscode.AuthenticationSession {
  return {
    id: c.name,
    accessToken: `alm-session:${c.name}`,
    account: { id: `${accountId(c.entry)}@${c.entry.url}`, label: `${c.account} (${c.name})` },
    scopes: [c.name],
  };
}

/** The account's stable id: its user, or its API key (whose user the server names only at sign-in). */
function accountId(entry: ServerEntry): string {
  return entry.auth === 'apiKey' ? `apikey:${entry.clientId ?? ''}` : entry.username;
}

/** A quick pick of the configured servers; undefined when cancelled or none exist. */
export async function pickServer(manager: ConnectionManager, title: string): Promise<ServerConnection | undefined> {
  const all = manager.all();
  if (all.length <= 1) return all[0];
  const picked = await vscode.window.showQuickPick(
    all.map((c) => ({ label: c.name, description: `${c.account} @ ${c.entry.url}`, detail: c.problem, connection: c })),
    { title, ignoreFocusOut: true },
  );
  return picked?.connection;
}
