// One configured server's connection: its AlmClient (built lazily, rebuilt when the URL, user,
// password or transport settings change), and its sign-in state. The rule that keeps sign-in from
// looping: once the server refuses a password, that password is never sent again; every request
// fails fast with the refusal until the user signs in again explicitly. No `vscode` import.
import * as l10n from '@vscode/l10n';
import { AuthError, NetworkError, ProxyAuthError, TimeoutError, isAlmApiError } from '../api';
import type { Credentials, DomainRef, ProjectApi, ProjectRef, RestTree, ServerTime, SessionEvent, SessionInfo } from '../api';
import { credentialsFor, signInLabel } from '../config/servers';
import type { ServerEntry } from '../config/servers';
import type { TransportOptions } from '../config/transport';
import { Emitter } from '../util/emitter';
import type { Log } from '../util/log';

/**
 * `signed-out`: no password stored. `ready`: a password is stored, the first request signs in.
 * `failed`: the server refused the stored password; nothing is sent until the user signs in again.
 * `error`: the last sign-in could not reach the server (retried on the next request).
 */
export type ConnectionStatus = 'signed-out' | 'ready' | 'signing-in' | 'signed-in' | 'failed' | 'error';

/** The part of AlmClient a connection uses (AlmClient satisfies it; tests fake it). */
export interface AlmClientLike {
  signIn(options?: { signal?: AbortSignal }): Promise<SessionInfo>;
  dispose(): Promise<void>;
  domains(options?: { signal?: AbortSignal }): Promise<DomainRef[]>;
  projects(domain: string, options?: { signal?: AbortSignal }): Promise<ProjectRef[]>;
  project(domain: string, project: string): ProjectApi;
  /** The server's clock; optional so fakes may leave it out. */
  serverTime?(options?: { signal?: AbortSignal }): Promise<ServerTime>;
  onDidChangeSession(listener: (event: SessionEvent) => void): { dispose(): void };
  /** The REST tree in use, once configured or detected. */
  readonly tree?: RestTree;
  /** What answers at the URL, asked without credentials (AlmClient.probe); fakes may leave it out. */
  probe?(options?: { signal?: AbortSignal }): Promise<{ alm: boolean; status: number }>;
}

export type ClientFactory = (entry: ServerEntry, credentials: (signal?: AbortSignal) => Promise<Credentials>, transport: TransportOptions) => AlmClientLike;

/** Where passwords live (SecretStorage in the extension, a Map in tests). */
export interface PasswordVault {
  get(entry: ServerEntry): Promise<string | undefined>;
  set(entry: ServerEntry, password: string): Promise<void>;
  delete(entry: ServerEntry): Promise<void>;
}

/** Thrown instead of sending anything when no password is stored or the last one was refused. */
export class NotSignedInError extends AuthError {
  constructor(
    message: string,
    readonly refused: boolean,
  ) {
    super(message);
  }
}

/** What a connection asks its owner for: new proxy credentials after a 407 (see proxyAuth.ts). */
export interface ConnectionHooks {
  /** Resolves `true` when new credentials are in place and the request is worth one more try. */
  proxyAuth?(connection: ServerConnection, e: ProxyAuthError): Promise<{ retry: true } | { retry: false; message: string }>;
}

export class ServerConnection {
  private client: AlmClientLike | undefined;
  private clientListener: { dispose(): void } | undefined;
  private password: string | undefined;
  private passwordLoaded = false;
  private vaultTurns: Promise<unknown> = Promise.resolve();
  private refusal: string | undefined;
  private lastError: string | undefined;
  /** The last sign-in's error when it could not connect (unreachable, certificate, proxy); kept while signed out. */
  private failure: NetworkError | TimeoutError | undefined;
  /** The user name the server gave at the last sign-in. */
  private sessionUser: string | undefined;
  /** The tree the server row was last drawn with. */
  private shownTree: RestTree | undefined;
  private statusValue: ConnectionStatus = 'signed-out';
  private attempts = 0;
  /** An explicit sign-in in progress; requests wait for it rather than fail "not signed in". */
  private signingIn: Promise<unknown> | undefined;
  private readonly changed = new Emitter<ServerConnection>();
  readonly onDidChange = this.changed.event;

  constructor(
    private entryValue: ServerEntry,
    private transport: TransportOptions,
    private readonly vault: PasswordVault,
    private readonly factory: ClientFactory,
    private readonly log: Log,
    private readonly hooks: ConnectionHooks = {},
  ) {}

  get entry(): ServerEntry {
    return this.entryValue;
  }
  get name(): string {
    return this.entryValue.name;
  }
  get status(): ConnectionStatus {
    return this.statusValue;
  }
  /** Why the last sign-in failed (refused or unreachable), for message nodes and the status bar. */
  get problem(): string | undefined {
    return this.statusValue === 'failed' ? this.refusal : this.statusValue === 'error' ? this.lastError : undefined;
  }
  /**
   * Why the last sign-in could not connect, while no password is stored: a server never signed in
   * shows this error (and its fixes) in the tree rather than a plain "Sign in" row.
   */
  get connectionFailure(): NetworkError | TimeoutError | undefined {
    return this.statusValue === 'signed-out' ? this.failure : undefined;
  }
  /** Passwords sent to the server so far; lets tests prove that a refusal does not loop. */
  get signInAttempts(): number {
    return this.attempts;
  }
  /** Whether the tree may load: a password is stored and was not refused. */
  get canLoad(): boolean {
    return this.statusValue !== 'signed-out' && this.statusValue !== 'failed';
  }

  /** Reads whether a password is stored; call once after construction and on secret changes. */
  loadPassword(): Promise<void> {
    return this.inVaultTurn(() => this.readStoredPassword());
  }

  private async readStoredPassword(): Promise<void> {
    const stored = await this.vault.get(this.entryValue);
    const changed = this.passwordLoaded && stored !== this.password;
    this.password = stored;
    this.passwordLoaded = true;
    if (changed) {
      // Another window signed in or out: start over with the new password.
      this.refusal = undefined;
      await this.dropClient();
    }
    if (!stored) this.setStatus('signed-out');
    else if (changed || this.statusValue === 'signed-out') this.setStatus('ready');
  }

  /** Runs `fn` with the client; a refused or missing password fails fast without a request. */
  async run<T>(fn: (client: AlmClientLike) => Promise<T>): Promise<T> {
    try {
      return await this.runOnce(fn);
    } catch (e) {
      // A proxy asking for credentials: ask once, then try again with them.
      if (e instanceof ProxyAuthError && (await this.proxyCredentialsChanged(e))) return this.runOnce(fn);
      throw e;
    }
  }

  /** After a 407: whether new proxy credentials are in place; otherwise throws the reason. */
  private async proxyCredentialsChanged(e: ProxyAuthError): Promise<boolean> {
    if (!this.hooks.proxyAuth) return false;
    const outcome = await this.hooks.proxyAuth(this, e);
    if (outcome.retry) return true;
    throw new ProxyAuthError(outcome.message, e.proxy, e.refusedCredentials, e.schemes, { cause: e });
  }

  private async runOnce<T>(fn: (client: AlmClientLike) => Promise<T>): Promise<T> {
    await this.signingIn?.catch(() => undefined);
    if (!this.passwordLoaded) await this.loadPassword();
    if (this.refusal) throw new NotSignedInError(this.refusal, true);
    if (!this.password) throw new NotSignedInError(l10n.t('Not signed in to {0}.', this.name), false);
    try {
      const result = await fn(this.ensureClient());
      if (this.statusValue !== 'signed-in' && this.statusValue !== 'signing-in') this.setStatus('signed-in');
      else if (this.client?.tree !== this.shownTree) this.changed.fire(this);
      // The tree is detected on the first request after sign-in: let the server row show it.
      this.shownTree = this.client?.tree;
      return result;
    } catch (e) {
      if (e instanceof AuthError && !(e instanceof NotSignedInError)) this.refuse(e.message);
      else if (this.statusValue === 'signing-in' && isAlmApiError(e) && (e.kind === 'network' || e.kind === 'tls' || e.kind === 'timeout')) {
        this.lastError = e.message;
        this.setStatus('error');
      }
      throw e;
    }
  }

  domains(signal?: AbortSignal): Promise<DomainRef[]> {
    return this.run((c) => c.domains({ signal }));
  }

  projects(domain: string, signal?: AbortSignal): Promise<ProjectRef[]> {
    return this.run((c) => c.projects(domain, { signal }));
  }

  /** The project's resources. Prefer `run` for the first call after sign-in, so a refusal is recorded. */
  project(domain: string, project: string): Promise<ProjectApi> {
    return this.run(async (c) => c.project(domain, project));
  }

  /** The user the tree treats as "me" (for an API key without a user name: the user the server named). */
  get username(): string {
    return this.entryValue.username || this.sessionUser || '';
  }

  /** Who signs in, for the status bar and the Accounts menu: the user, else (an API key not yet used) the key. */
  get account(): string {
    return this.username || signInLabel(this.entryValue);
  }

  /** The REST tree the client speaks, once known. */
  get tree(): RestTree | undefined {
    return this.client?.tree ?? this.entryValue.dialect;
  }

  /**
   * Checks `password` against the server with a fresh client; on success stores it and keeps that
   * client (already signed in). On failure nothing is stored and the error is rethrown.
   */
  signIn(password: string, signal?: AbortSignal): Promise<SessionInfo> {
    const attempt = this.checkAndKeep(password, signal).catch(async (e: unknown) => {
      if (e instanceof ProxyAuthError && (await this.proxyCredentialsChanged(e))) return this.checkAndKeep(password, signal);
      throw e;
    });
    this.signingIn = attempt;
    void attempt
      .catch(() => undefined)
      .finally(() => {
        if (this.signingIn === attempt) this.signingIn = undefined;
      });
    return attempt;
  }

  private async checkAndKeep(password: string, signal?: AbortSignal): Promise<SessionInfo> {
    const entry = this.entryValue;
    const candidate = this.factory(entry, async () => credentialsFor(entry, password), this.transport);
    this.attempts++;
    this.setStatus('signing-in');
    try {
      const info = await candidate.signIn({ signal });
      await this.inVaultTurn(async () => {
        await this.vault.set(entry, password);
        this.password = password;
        this.passwordLoaded = true;
        this.refusal = undefined;
      });
      this.failure = undefined;
      await this.dropClient();
      this.adopt(candidate);
      // Before the status change: its listeners (status bar, Accounts) show who signed in.
      this.sessionUser = info.username;
      this.setStatus('signed-in');
      this.log.info(`signed in to ${this.name} as ${info.username}`);
      return info;
    } catch (e) {
      await candidate.dispose().catch(() => undefined);
      this.failure = e instanceof NetworkError || e instanceof TimeoutError ? e : undefined;
      if (e instanceof AuthError) this.refuse(e.message);
      else {
        this.lastError = isAlmApiError(e) || e instanceof Error ? e.message : String(e);
        this.setStatus(this.password ? 'error' : 'signed-out');
      }
      throw e;
    }
  }

  /** Forgets the password and ends the server session (which releases its locks). */
  async signOut(): Promise<void> {
    await this.inVaultTurn(async () => {
      await this.vault.delete(this.entryValue);
      this.password = undefined;
      this.sessionUser = undefined;
      this.passwordLoaded = true;
      this.refusal = undefined;
      this.failure = undefined;
    });
    await this.dropClient();
    this.setStatus('signed-out');
    this.log.info(`signed out of ${this.name}`);
  }

  /** New settings for this server: a changed URL, user or transport rebuilds the client. */
  async update(entry: ServerEntry, transport: TransportOptions): Promise<void> {
    const identity =
      entry.url !== this.entryValue.url ||
      entry.username !== this.entryValue.username ||
      entry.auth !== this.entryValue.auth ||
      entry.clientId !== this.entryValue.clientId ||
      entry.dialect !== this.entryValue.dialect;
    const rebuild = identity || transport.fingerprint !== this.transport.fingerprint;
    this.entryValue = entry;
    this.transport = transport;
    if (!rebuild) return;
    this.log.info(`connection settings of ${entry.name} changed; reconnecting`);
    // A CA now trusted or another proxy may well connect: the old failure no longer says anything.
    const forgotFailure = this.failure !== undefined;
    this.failure = undefined;
    await this.dropClient();
    if (identity) {
      this.refusal = undefined;
      this.sessionUser = undefined;
      this.passwordLoaded = false;
      await this.loadPassword();
    } else if (this.canLoad) this.setStatus('ready');
    if (forgotFailure) this.changed.fire(this);
  }

  async dispose(): Promise<void> {
    await this.dropClient();
    this.changed.dispose();
  }

  /**
   * Runs reads and writes of the stored secret one after another. VS Code announces a secret change
   * while it is being written; a read begun before a sign-in or sign-out and answered after it would
   * otherwise bring the old secret back (signed out, yet "ready" with the old key; or signed in, then
   * dropped as if another window had signed out).
   */
  private inVaultTurn<T>(step: () => Promise<T>): Promise<T> {
    const turn = this.vaultTurns.then(step, step);
    this.vaultTurns = turn.catch(() => undefined);
    return turn;
  }

  private ensureClient(): AlmClientLike {
    if (!this.client) {
      const client = this.factory(this.entryValue, (signal) => this.credentials(signal), this.transport);
      this.adopt(client);
    }
    return this.client as AlmClientLike;
  }

  private adopt(client: AlmClientLike): void {
    this.client = client;
    this.clientListener = client.onDidChangeSession((e) => {
      if (e.signedIn) {
        if (e.username) this.sessionUser = e.username;
        this.setStatus('signed-in');
      } else if (e.reason === 'expired' && this.canLoad) this.setStatus('ready');
    });
  }

  /** The client's credentials callback: never prompts, never re-sends a refused password. */
  private async credentials(signal?: AbortSignal): Promise<Credentials> {
    signal?.throwIfAborted();
    if (this.refusal) throw new NotSignedInError(this.refusal, true);
    if (!this.password) throw new NotSignedInError(l10n.t('Not signed in to {0}.', this.name), false);
    this.attempts++;
    this.setStatus('signing-in');
    return credentialsFor(this.entryValue, this.password);
  }

  private refuse(message: string): void {
    this.refusal = message;
    this.log.warn(`${this.name}: ${message} Nothing more is sent until you sign in again.`);
    this.setStatus('failed');
  }

  private async dropClient(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.clientListener?.dispose();
    this.clientListener = undefined;
    if (client) await client.dispose().catch((e: unknown) => this.log.warn(`closing the connection failed: ${String(e)}`));
  }

  private setStatus(status: ConnectionStatus): void {
    if (status === this.statusValue) return;
    this.statusValue = status;
    this.changed.fire(this);
  }
}
