// Owns one ServerConnection per configured server (and so one AlmClient per server and user).
// Settings changes add, update or remove connections; a changed password (another window),
// proxy, TLS or CA file rebuilds the affected clients; dispose signs every client out, which
// releases the server locks their sessions held. No `vscode` import.
import type { ServerEntry } from '../config/servers';
import { transportOptions } from '../config/transport';
import type { HttpSettings, TransportOptions } from '../config/transport';
import { Emitter } from '../util/emitter';
import type { Log } from '../util/log';
import { ServerConnection } from './connection';
import type { ClientFactory, PasswordVault } from './connection';

export interface ConnectionManagerDeps {
  vault: PasswordVault;
  factory: ClientFactory;
  log: Log;
  /** Reads a CA file; undefined (and a logged warning) when it cannot be read. */
  readCa: (path: string) => Promise<string | undefined>;
  env?: Record<string, string | undefined>;
}

export class ConnectionManager {
  private readonly connections = new Map<string, ServerConnection>();
  private readonly subscriptions = new Map<string, { dispose(): void }>();
  private http: HttpSettings = { proxyStrictSSL: true, noProxy: [] };
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

  get(name: string): ServerConnection | undefined {
    return this.connections.get(name);
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

  private async apply(servers: readonly ServerEntry[], http: HttpSettings): Promise<void> {
    this.http = http;
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
        connection = new ServerConnection(entry, transport, this.deps.vault, this.deps.factory, this.deps.log.child(`conn:${entry.name}`));
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

  private async transportFor(entry: ServerEntry): Promise<TransportOptions> {
    const ca = entry.caFile ? await this.deps.readCa(entry.caFile) : undefined;
    return transportOptions(entry, this.http, ca, this.deps.env);
  }
}
