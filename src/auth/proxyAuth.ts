// Proxy credentials: kept in SecretStorage per proxy (scheme, host and port), asked for once when a
// proxy answers 407 and accepts Basic, never asked again on their own after a refusal (the error
// says so and offers to enter them again). `http.proxyAuthorization` and credentials in the proxy
// URL are the user's explicit choice: they are never prompted over. No `vscode` import.
import * as l10n from '@vscode/l10n';
import { authSchemes, basicAuthorization, openTunnel } from '../api';
import type { ProxyAuthError } from '../api';
import type { Log } from '../util/log';

export interface ProxyCredentials {
  username: string;
  password: string;
}

/** Where the Proxy-Authorization values live (SecretStorage in the extension, a Map in tests). */
export interface ProxySecretStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
}

/** Asks the user for a proxy's user and password; undefined when cancelled. */
export type ProxyCredentialsPrompt = (proxy: string, realm: string | undefined) => Thenable<ProxyCredentials | undefined>;

/** `almDefects.proxy:http://proxy:3128`: one entry per proxy, whatever server is behind it. */
export function proxySecretKey(proxyUrl: string): string {
  const u = new URL(proxyUrl);
  return `almDefects.proxy:${u.protocol}//${u.host}`.toLowerCase();
}

/** What became of a 407: new credentials to retry with, or why not (already worded for the user). */
export type ProxyAuthOutcome = { retry: true } | { retry: false; message: string };

export class ProxyAuth {
  /** One question per proxy at a time: every request that met the 407 waits for the same answer. */
  private readonly asking = new Map<string, Promise<ProxyAuthOutcome>>();

  constructor(
    private readonly store: ProxySecretStore,
    private readonly prompt: () => ProxyCredentialsPrompt,
    private readonly log: Log,
  ) {}

  /** The stored Proxy-Authorization for `proxyUrl`, if any. */
  stored(proxyUrl: string): Promise<string | undefined> {
    return this.store.get(proxySecretKey(proxyUrl));
  }

  async forget(proxyUrl: string): Promise<void> {
    await this.store.delete(proxySecretKey(proxyUrl));
  }

  /**
   * Handles a 407 met on the way to `target` (`host:port`). `explicit`: the credentials sent came
   * from settings or the proxy URL. `force`: the user asked to enter credentials (after a refusal).
   */
  resolve(e: ProxyAuthError, proxyUrl: string, target: string, explicit: boolean, force = false): Promise<ProxyAuthOutcome> {
    const key = proxySecretKey(proxyUrl);
    let pending = this.asking.get(key);
    if (!pending) {
      pending = this.ask(e, proxyUrl, target, explicit, force).finally(() => this.asking.delete(key));
      this.asking.set(key, pending);
    }
    return pending;
  }

  private async ask(e: ProxyAuthError, proxyUrl: string, target: string, explicit: boolean, force: boolean): Promise<ProxyAuthOutcome> {
    const shown = e.proxy || proxyUrl;
    if (e.refusedCredentials && explicit) {
      return { retry: false, message: l10n.t('The proxy {0} did not accept the credentials in http.proxyAuthorization or in the proxy URL (HTTP 407). Correct that setting.', shown) };
    }
    if (e.refusedCredentials && !force) {
      return { retry: false, message: l10n.t('The proxy {0} did not accept the user name and password (HTTP 407). Enter them again.', shown) };
    }
    const challenge = await openTunnel({ proxyUrl, target, timeoutMs: 15_000 }).catch(() => undefined);
    const offered = challenge && !challenge.ok ? challenge.authenticate : [];
    const schemes = authSchemes(offered).map((s) => s.toLowerCase());
    if (schemes.length && !schemes.includes('basic')) {
      const names = authSchemes(offered).join(', ');
      this.log.warn(`the proxy ${shown} offers ${names} only`);
      return {
        retry: false,
        message: l10n.t(
          'The proxy {0} asks for {1} (Windows sign-in), which this extension cannot answer. Set http.proxyAuthorization to a value your proxy accepts, put the server in http.noProxy if it is reachable directly, or ask for a proxy that accepts Basic authentication.',
          shown,
          names,
        ),
      };
    }
    const realm = /realm="([^"]*)"/i.exec(offered.find((h) => /^\s*basic/i.test(h)) ?? '')?.[1];
    const answer = await this.prompt()(shown, realm);
    if (!answer) return { retry: false, message: e.message };
    await this.store.set(proxySecretKey(proxyUrl), basicAuthorization(answer.username, answer.password));
    this.log.info(`stored credentials for the proxy ${shown} (user ${answer.username})`);
    return { retry: true };
  }
}
