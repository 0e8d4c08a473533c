// Owns one ServerConnection per configured server (and so one AlmClient per server and user).
// Settings changes add, update or remove connections; a changed password (another window),
// proxy, TLS or CA file rebuilds the affected clients; dispose signs every client out, which
// releases the server locks their sessions held. No `vscode` import.
import { resolveProxy, urlAuthorization } from '../api';
import type { ProjectApi, ProxyAuthError } from '../api';
import { UnknownServerError } from '../config/servers';
import type { ServerEntry } from '../config/servers';
import { transportOptions } from '../config/transport';
import type { HttpSettings, TransportOptions } from '../config/transport';
import type { ProjectRefKey } from '../shared/projectRef';
import { Emitter } from '../util/emitter';
import type { Log } from '../util/log';
import { ServerConnection } from './connection';
import type { ClientFactory, PasswordVault } from './connection';
import type { ProxyAuth, ProxyAuthOutcome } from './proxyAuth';

export interface ConnectionManagerDeps {
  vault: PasswordVault;
  factory: ClientFactory;
  log: Log;
  /** Reads a CA file; undefined (and a logged warning) when it cannot be read. */
  readCa: (path: string) => Promise<string | undefined>;
  env?: Record<string, string | undefined>;
  /** Proxy credentials (SecretStorage) and the question after a 407; without it a 407 is only reported. */
  proxyAuth?: ProxyAuth;
  /**
   * VS Code's own proxy resolution (system settings, PAC), asked only when neither http.proxy nor
   * the environment names a proxy and http.proxySupport is not `off`: explicit settings win.
   */
  systemProxy?: (url: string) => Promise<{ url?: string; source: string } | undefined>;
}

export class ConnectionManager {
  private readonly connections = new Map<string, ServerConnection>();
  private readonly subscriptions = new Map<string, { dispose(): void }>();
  private http: HttpSettings = { proxyStrictSSL: true, noProxy: [] };
  private servers: readonly ServerEntry[] = [];
  private readonly changedList = new Emitter<void>();
  private readonly changedOne = new Emitter<ServerConnection>();
  /** The set of servers changed (added, removed, renamed). */
  readonly onDidChangeServers = this.changedList.event;
  /** One connection's status changed. */
  readonly onDidChangeConnection = this.changedOne.event;
  /** Serializes settings updates so a fast second change never races the first. */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly deps: ConnectionManagerDeps) {}

  /** The connections in settings order. */
  all(): ServerConnection[] {
    return [...this.connections.values()];
  }

  /** Whether VS Code's proxy resolution is in use. */
  get hasSystemProxy(): boolean {
    return this.deps.systemProxy !== undefined;
  }

  /** The connection of server `name` as the settings stand right now (undefined when none is configured). */
  get(name: string): ServerConnection | undefined {
    return this.connections.get(name);
  }

  /**
   * The connection of server `name` once the settings being applied are (so a panel restored at
   * start-up finds its server); throws UnknownServerError when no entry has that name.
   */
  async connection(name: string): Promise<ServerConnection> {
    await this.queue;
    const found = this.connections.get(name);
    if (!found) throw new UnknownServerError(name);
    return found;
  }

  /** The project API of `ref`, signing in on demand; throws UnknownServerError for an unknown server. */
  async project(ref: ProjectRefKey): Promise<ProjectApi> {
    return (await this.connection(ref.server)).project(ref.domain, ref.project);
  }

  /** Applies the servers and proxy settings; resolves when every connection is up to date. */
  configure(servers: readonly ServerEntry[], http: HttpSettings): Promise<void> {
    this.queue = this.queue.then(() => this.apply(servers, http)).catch((e: unknown) => this.deps.log.error(e));
    return this.queue;
  }

  /** Secrets changed (possibly in another window): re-read every stored password. */
  async reloadPasswords(): Promise<void> {
    await Promise.all(this.all().map((c) => c.loadPassword()));
  }

  async dispose(): Promise<void> {
    await this.queue;
    const all = this.all();
    this.connections.clear();
    for (const s of this.subscriptions.values()) s.dispose();
    await Promise.all(all.map((c) => c.dispose()));
    this.changedList.dispose();
    this.changedOne.dispose();
  }

  /**
   * A 407 met by `connection`: asks for the proxy's credentials (once per proxy at a time) and,
   * when new ones are stored, rebuilds every client that goes through that proxy.
   * `force`: the user asked to enter them again after a refusal.
   */
  async proxyAuth(connection: ServerConnection, e: ProxyAuthError, force = false): Promise<ProxyAuthOutcome> {
    const proxyUrl = await this.proxyFor(connection.entry);
    if (!this.deps.proxyAuth || !proxyUrl) return { retry: false, message: e.message };
    const target = new URL(connection.entry.url);
    const explicit = Boolean(urlAuthorization(proxyUrl) || this.http.proxyAuthorization);
    const outcome = await this.deps.proxyAuth.resolve(e, proxyUrl, `${target.hostname}:${target.port || (target.protocol === 'https:' ? 443 : 80)}`, explicit, force);
    if (outcome.retry) await this.configure(this.servers, this.http);
    return outcome;
  }

  /** The proxy (credentials included) the settings, the environment or VS Code choose for `entry`. */
  async proxyFor(entry: ServerEntry): Promise<string | undefined> {
    return resolveProxy(new URL(entry.url), (await this.withSystemProxy(entry, transportOptions(entry, this.http, undefined, this.deps.env))).proxy);
  }

  /** `t` with VS Code's proxy for `entry` when no explicit setting names one. */
  private async withSystemProxy(entry: ServerEntry, t: TransportOptions): Promise<TransportOptions> {
    const explicit = resolveProxy(new URL(entry.url), t.proxy) !== undefined || t.proxy.url !== undefined;
    if (explicit || !this.deps.systemProxy || this.http.proxySupport === 'off') return t;
    const found = await this.deps.systemProxy(entry.url).catch((e: unknown) => {
      this.deps.log.warn(`VS Code's proxy resolution failed for ${entry.name}: ${String(e)}`);
      return undefined;
    });
    if (!found?.url) return t;
    return { ...t, proxy: { ...t.proxy, url: found.url, source: `VS Code's proxy resolution (${found.source})` }, fingerprint: `${t.fingerprint}|${found.url}` };
  }

  private async apply(servers: readonly ServerEntry[], http: HttpSettings): Promise<void> {
    this.http = http;
    this.servers = servers;
    const wanted = new Map(servers.map((s) => [s.name, s]));
    let listChanged = false;
    for (const [name, connection] of [...this.connections]) {
      if (wanted.has(name)) continue;
      this.connections.delete(name);
      this.subscriptions.get(name)?.dispose();
      this.subscriptions.delete(name);
      await connection.dispose();
      listChanged = true;
    }
    const ordered = new Map<string, ServerConnection>();
    for (const entry of servers) {
      const transport = await this.transportFor(entry);
      let connection = this.connections.get(entry.name);
      if (connection) {
        // Any edit (a pinned project, a rename of the URL) reshapes that server's part of the tree.
        if (JSON.stringify(connection.entry) !== JSON.stringify(entry)) listChanged = true;
        await connection.update(entry, transport);
      } else {
        connection = new ServerConnection(entry, transport, this.deps.vault, this.deps.factory, this.deps.log.child(`conn:${entry.name}`), {
          proxyAuth: (c, e) => this.proxyAuth(c, e),
        });
        this.subscriptions.set(
          entry.name,
          connection.onDidChange((c) => this.changedOne.fire(c)),
        );
        await connection.loadPassword();
        listChanged = true;
      }
      ordered.set(entry.name, connection);
    }
    if ([...ordered.keys()].join('\n') !== [...this.connections.keys()].join('\n')) listChanged = true;
    this.connections.clear();
    for (const [k, v] of ordered) this.connections.set(k, v);
    if (listChanged) this.changedList.fire();
  }

  /** The client options `entry` gets (also for an entry not saved yet, to check it). */
  async transportFor(entry: ServerEntry): Promise<TransportOptions> {
    const ca = entry.caFile ? await this.deps.readCa(entry.caFile) : undefined;
    const proxyUrl = await this.proxyFor(entry);
    // Stored credentials only where neither the proxy URL nor http.proxyAuthorization says what to send.
    const stored = proxyUrl && !urlAuthorization(proxyUrl) && !this.http.proxyAuthorization ? await this.deps.proxyAuth?.stored(proxyUrl) : undefined;
    return this.withSystemProxy(entry, transportOptions(entry, this.http, ca, this.deps.env, stored));
  }
}
