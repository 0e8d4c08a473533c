// The server session: sign-in the ways real 12.5x servers accept (`/api/authentication/sign-in`
// with Basic, falling back to `/authentication-point/authenticate` + `/rest/site-session`),
// one shared sign-in at a time, re-sign-in after expiry, keep-alive while locks are held, and
// sign-out. Authentication endpoints are the same for both REST trees, so they live here rather
// than in the wire dialect.
import { AuthError, ServerError } from './errors';
import type { CookieJar } from './http/cookies';
import { parseErrorBody, sessionEnded } from './http/errorMapping';
import type { AuthHooks, Transport } from './http/transport';
import type { SecretScrubber } from './logging';
import { SignOut } from './signOut';
import type { AlmLogger, ApiKeyCredentials, Credentials, PasswordCredentials, SignInFlow } from './options';
import type { SessionEvent, SessionInfo } from './surface';

export interface SessionConfig {
  credentials: (signal?: AbortSignal) => Promise<Credentials>;
  flow: SignInFlow;
  clientType?: string;
  keepAliveMs: number;
  logger: AlmLogger;
  scrubber: SecretScrubber;
  emit: (event: SessionEvent) => void;
}

/** Something the session must tell when it ends (held locks). */
export interface SessionBound {
  sessionEnded(): void;
  /** Gives the resource back before sign-out (a lock deletes itself). */
  release?(): Promise<void>;
}

const SESSION_COOKIES = ['QCSession', 'LWSSO_COOKIE_KEY'];

export class Session implements AuthHooks {
  private info: SessionInfo | undefined;
  private gen = 0;
  private pending: Promise<SessionInfo> | undefined;
  private readonly bound = new Set<SessionBound>();
  private keepAlive: NodeJS.Timeout | undefined;
  private keepAlivePath = '/rest/site-session';
  /** The last password sign-in found no `/api/authentication/sign-in` (404): a hint that the `/api` tree is absent. */
  apiSignInMissing = false;

  constructor(
    private readonly transport: Transport,
    private readonly jar: CookieJar,
    private readonly config: SessionConfig,
  ) {}

  get current(): SessionInfo | undefined {
    return this.info;
  }

  get signedIn(): boolean {
    return this.info !== undefined;
  }

  generation(): number {
    return this.gen;
  }

  async ensure(signal: AbortSignal | undefined): Promise<void> {
    if (!this.info) await this.signIn(signal);
  }

  async renew(failedGeneration: number, signal: AbortSignal | undefined): Promise<void> {
    if (this.gen !== failedGeneration && this.info) return; // someone else already signed in again
    this.endBound();
    this.info = undefined;
    await this.signIn(signal, 're-sign-in');
  }

  /** Signs in, sharing one attempt between concurrent callers. */
  signIn(signal?: AbortSignal, reason: 'sign-in' | 're-sign-in' = 'sign-in'): Promise<SessionInfo> {
    this.pending ??= this.doSignIn(signal, reason).finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async doSignIn(signal: AbortSignal | undefined, reason: 'sign-in' | 're-sign-in'): Promise<SessionInfo> {
    const creds = await this.config.credentials(signal);
    // Stale cookies can make a sign-in fail (12.21 notes); start from an empty jar.
    this.jar.clear();
    const info = 'clientId' in creds ? await this.apiKeySignIn(creds, signal) : await this.passwordSignIn(creds, signal);
    if (!SESSION_COOKIES.some((c) => this.jar.has(c))) {
      throw new ServerError('The server accepted the sign-in but set no session cookie. Check proxies that strip cookies.');
    }
    this.gen++;
    this.info = info;
    this.config.logger.info(`signed in as ${info.username} (${info.flow})`);
    this.config.emit({ signedIn: true, username: info.username, reason });
    return info;
  }

  private async passwordSignIn(creds: PasswordCredentials, signal: AbortSignal | undefined): Promise<SessionInfo> {
    this.config.scrubber.add(creds.password);
    const token = Buffer.from(`${creds.username}:${creds.password}`, 'utf8').toString('base64');
    this.config.scrubber.add(token);
    const basic = { authorization: `Basic ${token}`, ...this.clientTypeHeader() };
    let flow: SessionInfo['flow'] | undefined;
    if (this.config.flow !== 'authentication-point') {
      const res = await this.transport.text({ method: 'POST', path: '/api/authentication/sign-in', headers: basic, session: false, anyStatus: true, signal });
      if (res.status === 401) throw badCredentials(creds.username);
      if (res.status === 429) throw throttled(creds.username, res.headers['retry-after']);
      if (res.status >= 200 && res.status < 300) flow = 'api';
      else if (this.config.flow === 'api') throw new ServerError(`The server has no /api sign-in (HTTP ${res.status}). Is this ALM 12.5x?`, { status: res.status });
      else this.config.logger.info(`api sign-in answered ${res.status}; trying authentication-point`);
      this.apiSignInMissing = res.status === 404;
    }
    if (!flow) {
      const auth = await this.transport.text({ method: 'GET', path: '/authentication-point/authenticate', headers: basic, session: false, anyStatus: true, signal });
      if (auth.status === 401) throw badCredentials(creds.username);
      if (auth.status === 429) throw throttled(creds.username, auth.headers['retry-after']);
      if (auth.status < 200 || auth.status >= 300) {
        throw new ServerError(`Sign-in failed: the server answered HTTP ${auth.status}. Check that the URL ends with the ALM root path (e.g. /qcbin).`, { status: auth.status });
      }
      await this.openSiteSession(signal);
      flow = 'authentication-point';
    }
    return { username: creds.username, flow };
  }

  /** `POST rest/oauth2/login` with the key's client id and secret: one call opens the whole session. */
  private async apiKeySignIn(creds: ApiKeyCredentials, signal: AbortSignal | undefined): Promise<SessionInfo> {
    this.config.scrubber.add(creds.secret);
    const res = await this.transport.text({
      method: 'POST',
      path: '/rest/oauth2/login',
      json: { clientId: creds.clientId, secret: creds.secret },
      headers: this.clientTypeHeader(),
      session: false,
      anyStatus: true,
      signal,
    });
    if (res.status === 401) throw new AuthError(`Sign-in with API key ${creds.clientId} failed: the secret is wrong.`, { status: 401 });
    if (res.status === 403) throw new AuthError(`API key ${creds.clientId} is not an active API key on this server. Ask the ALM site administrator to check or re-issue it.`, { status: 403 });
    if (res.status === 404 || res.status === 405) {
      throw new ServerError(`This server offers no API-key sign-in (rest/oauth2/login answered HTTP ${res.status}); API keys need ALM 12.60 or later. Sign in with a user name and password instead.`, {
        status: res.status,
      });
    }
    if (res.status < 200 || res.status >= 300) throw new ServerError(`API-key sign-in failed: the server answered HTTP ${res.status}.`, { status: res.status });
    // Servers that answer the login without an application session get one the usual way.
    if (!this.jar.has('QCSession')) await this.openSiteSession(signal);
    return { username: this.jar.get('ALM_USER') || creds.clientId, flow: 'api-key' };
  }

  private async openSiteSession(signal: AbortSignal | undefined): Promise<void> {
    const site = await this.transport.text({ method: 'POST', path: '/rest/site-session', session: false, anyStatus: true, signal, headers: { 'content-type': 'application/xml' } });
    if (site.status < 200 || site.status >= 300) {
      throw new ServerError(`Sign-in failed: opening the site session answered HTTP ${site.status}.`, { status: site.status });
    }
  }

  private clientTypeHeader(): Record<string, string> {
    return this.config.clientType ? { 'alm-client-type': this.config.clientType } : {};
  }

  /** Ends the session on the server (which releases its locks); never throws. */
  async signOut(): Promise<void> {
    this.stopKeepAlive();
    await this.pending?.catch(() => undefined);
    const info = this.info;
    if (!info) return;
    this.info = undefined;
    this.gen++;
    this.endBound();
    await new SignOut(this.transport, this.jar, this.config.logger).run(info.flow);
    this.config.logger.info(`signed out ${info.username}`);
    this.config.emit({ signedIn: false, username: info.username, reason: 'sign-out' });
  }

  /** Ties `b` to this session (a held lock): keep-alive runs while any is bound. */
  bind(b: SessionBound): void {
    this.bound.add(b);
    if (!this.keepAlive) {
      this.keepAlive = setInterval(() => void this.touch(), this.config.keepAliveMs);
      this.keepAlive.unref();
    }
  }

  unbind(b: SessionBound): void {
    this.bound.delete(b);
    if (this.bound.size === 0) this.stopKeepAlive();
  }

  /** Makes sure the session is alive now (before sending a body that cannot be replayed). */
  async verify(signal?: AbortSignal): Promise<void> {
    await this.ensure(signal);
    const generation = this.gen;
    const res = await this.transport.text({ method: 'GET', path: this.keepAlivePath, session: false, anyStatus: true, signal });
    if (sessionEnded(res.status, parseErrorBody(res.text))) await this.renew(generation, signal);
  }

  /** Releases every bound resource (locks) while the session still exists; failures are logged. */
  async releaseBound(): Promise<void> {
    const results = await Promise.allSettled([...this.bound].map((b) => b.release?.() ?? Promise.resolve()));
    for (const r of results) if (r.status === 'rejected') this.config.logger.warn(`releasing a lock failed: ${String(r.reason)}`);
  }

  /** Resets the server's idle clock. A 401 (26.1: a 500 "TokenId is invalid") means the session and its locks are gone. */
  async touch(): Promise<void> {
    if (!this.info) return;
    const generation = this.gen;
    try {
      const res = await this.transport.text({ method: 'GET', path: this.keepAlivePath, session: false, anyStatus: true, overallMs: 30_000 });
      if ((res.status === 404 || res.status === 405) && this.keepAlivePath !== '/api/domains') {
        this.keepAlivePath = '/api/domains'; // a server without rest/site-session: any authenticated read will do
        return this.touch();
      }
      if (sessionEnded(res.status, parseErrorBody(res.text)) && generation === this.gen) {
        this.config.logger.warn('the session expired while locks were held; they were released by the server');
        this.info = undefined;
        this.endBound();
        this.config.emit({ signedIn: false, reason: 'expired' });
      }
    } catch (e) {
      this.config.logger.warn(`keep-alive failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  private endBound(): void {
    const ended = [...this.bound];
    this.bound.clear();
    this.stopKeepAlive();
    for (const b of ended) b.sessionEnded();
  }

  private stopKeepAlive(): void {
    if (this.keepAlive) clearInterval(this.keepAlive);
    this.keepAlive = undefined;
  }
}

/** The server slows down sign-ins after repeated failures (429 with Retry-After). */
function throttled(username: string, retryAfter: string | string[] | undefined): AuthError {
  const seconds = Number(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter);
  const wait = Number.isFinite(seconds) && seconds > 0 ? ` Wait ${seconds} s and try again.` : ' Wait a while and try again.';
  return new AuthError(`Sign-in as ${username} was refused after too many failed attempts.${wait}`, { status: 429 });
}

function badCredentials(username: string): AuthError {
  return new AuthError(`Sign-in as ${username} failed: the user name or password is wrong, or the account is inactive.`, { status: 401 });
}
