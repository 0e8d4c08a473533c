// The connection services the extension builds once and hands to every feature: the manager
// (one client per server and user), the password vault, and helpers to re-read settings.
import { readFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import { readHttpSettings, readServers } from '../config/settings';
import type { ServerEntry } from '../config/servers';
import { describeProxy } from '../config/transport';
import { vscodeProxyResolver } from '../config/systemProxy';
import type { TransportOptions } from '../config/transport';
import { describeError } from '../util/log';
import type { Log } from '../util/log';
import { almClientFactory } from './clientFactory';
import type { ClientFactory } from './connection';
import { ConnectionManager } from './connectionManager';
import type { AuthPrompts } from './prompts';
import { ProxyAuth } from './proxyAuth';
import { watchServerContexts } from './serverContexts';
import { SecretVault } from './vault';

export class AuthServices implements vscode.Disposable {
  readonly vault: SecretVault;
  readonly factory: ClientFactory;
  readonly manager: ConnectionManager;
  private readonly added = new vscode.EventEmitter<ServerEntry>();
  /** Add Server saved a server (the views show it, unfolded). Fired once the manager knows it. */
  readonly onDidAddServer = this.added.event;
  private readonly subscriptions: vscode.Disposable[] = [this.added];

  constructor(
    secrets: vscode.SecretStorage,
    readonly log: Log,
    /** The questions the connection commands ask (VS Code's dialogs; in test mode, the tests' answers). */
    readonly prompts: () => AuthPrompts,
  ) {
    this.vault = new SecretVault(secrets);
    this.factory = almClientFactory(log);
    const proxyAuth = new ProxyAuth(
      { get: (k) => Promise.resolve(secrets.get(k)), set: (k, v) => Promise.resolve(secrets.store(k, v)), delete: (k) => Promise.resolve(secrets.delete(k)) },
      () => (proxy, realm) => this.prompts().proxyCredentials(proxy, realm),
      log.child('proxy'),
    );
    this.manager = new ConnectionManager({
      vault: this.vault,
      factory: this.factory,
      log: log.child('auth'),
      readCa: (p) => this.readCa(p),
      env: process.env,
      proxyAuth,
      systemProxy: vscodeProxyResolver(),
    });
    this.subscriptions.push(
      this.vault.onDidChange(() => void this.manager.reloadPasswords()),
      watchServerContexts(this.manager),
    );
    log.child('proxy').info(`VS Code's proxy resolution: ${this.manager.hasSystemProxy ? 'available (resolveProxyByURL of the extension host)' : 'not offered by this extension host'}`);
  }

  /** Announces a server Add Server has just saved and applied (see onDidAddServer). */
  serverAdded(entry: ServerEntry): void {
    this.added.fire(entry);
  }

  /** Re-reads servers and proxy settings into the manager; resolves when applied. */
  reload(): Promise<void> {
    const http = readHttpSettings();
    const servers = readServers(this.log.child('config'));
    this.log.child('auth').info(`connections: ${servers.length} server(s), ${describeProxy(http.proxy)}${http.proxyStrictSSL ? '' : ', proxy certificates not verified'}`);
    return this.manager.configure(servers, http);
  }

  /** The client options a new entry would get (for checking it before it is saved). */
  transportFor(entry: ServerEntry): Promise<TransportOptions> {
    return this.manager.transportFor(entry);
  }

  async dispose(): Promise<void> {
    for (const s of this.subscriptions) s.dispose();
    await this.manager.dispose();
  }

  private async readCa(path: string): Promise<string | undefined> {
    try {
      return await readFile(path, 'utf8');
    } catch (e) {
      this.log.child('config').warn(`cannot read the CA file ${path}: ${describeError(e)}; using the system certificates only`);
      void vscode.window.showWarningMessage(vscode.l10n.t('Cannot read the CA file {0}. Fix "caFile" in the ALM server settings.', path));
      return undefined;
    }
  }
}
