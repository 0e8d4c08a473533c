// AlmClient: one per server and user. Owns the connection (undici Agent or ProxyAgent), the
// session (cookies, sign-in, re-sign-in, keep-alive while locks are held) and hands out
// ProjectApi objects. A manager rebuilds it when credentials, proxy or TLS settings change.
import { Api12Dialect } from './dialect/api12';
import { BulkForms } from './bulkForms';
import { CoreDialect } from './dialect/core';
import { detectTree } from './dialect/detect';
import type { RestTree, WireDialect } from './dialect/dialect';
import { DEFAULT_MAX_ANSWER_BYTES } from './http/boundedBody';
import { CookieJar } from './http/cookies';
import { buildDispatcher, sharedReceiver } from './http/dispatcher';
import type { Receiver } from './http/dispatcher';
import { Limiter } from './http/limiter';
import { Transport } from './http/transport';
import { SecretScrubber, scrubbingLogger } from './logging';
import type { AlmClientOptions, AlmLogger, CallOptions } from './options';
import { Project } from './project';
import { SERVER_TIME_PATH, parseServerTime } from './serverTime';
import type { ServerTime } from './serverTime';
import { Session } from './session';
import type { Disposable, ProjectApi, SessionEvent, SessionInfo } from './surface';
import type { DomainRef, ProjectRef } from './types';
import type { Dispatcher } from 'undici';

function parseBaseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new TypeError(`"${raw}" is not a valid server URL. Use the form https://alm.example.com/qcbin.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`The server URL must start with http:// or https:// (got ${url.protocol}).`);
  }
  if (url.username || url.password) throw new TypeError('Put the user name and password in the credentials, not in the server URL.');
  url.search = '';
  url.hash = '';
  return url;
}

export class AlmClient {
  private readonly transport: Transport;
  private readonly sessionState: Session;
  /** The dialect the options named; undefined for `auto`. */
  private readonly fixedDialect: WireDialect | undefined;
  private detected: { dialect: WireDialect; domains?: { name: string; projects?: string[] }[] } | undefined;
  private detecting: Promise<WireDialect> | undefined;
  private readonly logger: AlmLogger;
  private readonly ownedDispatcher: Dispatcher | undefined;
  private readonly listeners = new Set<(e: SessionEvent) => void>();
  private readonly projectCache = new Map<string, Project>();
  private readonly bulkForms = new BulkForms();
  private disposed: Promise<void> | undefined;

  constructor(options: AlmClientOptions) {
    const base = parseBaseUrl(options.baseUrl);
    const maxConcurrent = options.maxConcurrent ?? 6;
    const scrubber = new SecretScrubber();
    const jar = new CookieJar();
    scrubber.addSource(() => jar.values());
    this.logger = scrubbingLogger(options.logger, scrubber);
    const d = options.dialect ?? 'auto';
    this.fixedDialect = d === 'api' ? new Api12Dialect() : d === 'rest' ? new CoreDialect() : d === 'auto' ? undefined : d;
    let dispatcher = options.dispatcher;
    let proxy: string | undefined;
    let receiver: (() => Receiver) | undefined;
    let built: ReturnType<typeof buildDispatcher> | undefined;
    if (!dispatcher) {
      built = buildDispatcher({
        target: base,
        tls: options.tls,
        proxy: options.proxy,
        connectMs: options.timeouts?.connectMs ?? 15_000,
        idleMs: options.timeouts?.idleMs ?? 60_000,
        connections: options.maxConnections ?? maxConcurrent,
      });
      dispatcher = this.ownedDispatcher = built.dispatcher;
      receiver = built.receiver;
      proxy = built.proxy;
      if (!built.rejectUnauthorized) this.logger.warn(`certificate verification is OFF for ${base.host}`);
      if (proxy) this.logger.info(`connecting to ${base.host} through ${proxy}${built.proxyAuthSent ? ' (with credentials)' : ''}`);
      if (built.unreadableCas) this.logger.warn(`${built.unreadableCas} entr${built.unreadableCas === 1 ? 'y' : 'ies'} of the CA file could not be read as certificates and were left out`);
    }
    const shared = dispatcher;
    this.transport = new Transport({
      base,
      dispatcher,
      receiver: receiver ?? (() => sharedReceiver(shared)),
      limiter: new Limiter(maxConcurrent),
      jar,
      logger: this.logger,
      overallMs: options.timeouts?.overallMs ?? 120_000,
      maxAnswerBytes: options.maxAnswerBytes !== undefined && options.maxAnswerBytes > 0 ? options.maxAnswerBytes : DEFAULT_MAX_ANSWER_BYTES,
      proxy,
      proxyAuthSent: built?.proxyAuthSent,
      route: built?.route,
    });
    this.sessionState = new Session(this.transport, jar, {
      credentials: options.credentials,
      flow: options.signInFlow ?? 'auto',
      clientType: options.clientType,
      keepAliveMs: options.keepAliveMs ?? 5 * 60_000,
      logger: this.logger,
      scrubber,
      emit: (e) => this.emit(e),
    });
    this.transport.auth = this.sessionState;
  }

  /** Signs in now (otherwise the first request does). Throws AuthError for bad credentials. */
  signIn(options: CallOptions = {}): Promise<SessionInfo> {
    this.assertOpen();
    return this.sessionState.signIn(options.signal);
  }

  /**
   * What answers at the base URL, asked without credentials or a session (before a user is asked
   * for a password): `rest/is-authenticated` answers an ALM server's 401 with its `LWSSO` challenge,
   * or 200 with `AuthenticationInfo` (reference §2.5). `alm` is false only for answers no ALM server
   * gives there (404, 405, a redirect, a page that is not its XML); anything else is left to the
   * sign-in to judge. Rejects with the transport's error when nothing answers (NetworkError, TlsError…).
   */
  async probe(options: CallOptions = {}): Promise<{ alm: boolean; status: number }> {
    this.assertOpen();
    // XML: 26.1 refuses JSON there with 406.
    const res = await this.transport.text({ method: 'GET', path: '/rest/is-authenticated', accept: 'application/xml', session: false, anyStatus: true, overallMs: 15_000, signal: options.signal });
    const notAlm = res.status === 404 || res.status === 405 || (res.status >= 300 && res.status < 400) || (res.status >= 200 && res.status < 300 && !/<AuthenticationInfo\b/.test(res.text));
    return { alm: !notAlm, status: res.status };
  }

  /** Ends the server session (which releases its locks). Safe to call when signed out. */
  async signOut(): Promise<void> {
    await this.sessionState.releaseBound();
    await this.sessionState.signOut();
    // The next sign-in decides the tree again (the server may have been upgraded meanwhile).
    this.detected = undefined;
  }

  /** The REST tree in use: the configured one, or the detected one once known. */
  get tree(): RestTree | undefined {
    return (this.fixedDialect ?? this.detected?.dialect)?.tree;
  }

  /** Signs in if needed and decides the REST tree (with `dialect: 'auto'`, by probing once). */
  async detectTree(options: CallOptions = {}): Promise<RestTree> {
    this.assertOpen();
    return (await this.dialect(options.signal)).tree;
  }

  /** Releases held locks, signs out and closes the connection pool. Idempotent. */
  dispose(): Promise<void> {
    this.disposed ??= (async () => {
      await this.signOut().catch((e: unknown) => this.logger.warn(`sign-out on dispose failed: ${String(e)}`));
      this.listeners.clear();
      await this.ownedDispatcher?.close().catch(() => undefined);
    })();
    return this.disposed;
  }

  get session(): SessionInfo | undefined {
    return this.sessionState.current;
  }

  onDidChangeSession(listener: (event: SessionEvent) => void): Disposable {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  async domains(options: CallOptions = {}): Promise<DomainRef[]> {
    this.assertOpen();
    // When this call is what detects the tree, the probe was this very list: no second request.
    const detecting = !this.fixedDialect && !this.detected;
    const dialect = await this.dialect(options.signal);
    const probed = detecting ? this.detected?.domains : undefined;
    if (this.detected) this.detected.domains = undefined;
    const list = probed ?? dialect.parseDomains((await this.transport.json({ method: 'GET', path: dialect.domainsPath(), params: dialect.domainsParams(), signal: options.signal })).body);
    return list.map((d) => (d.projects ? { name: d.name, projects: d.projects.map((p) => ({ domain: d.name, name: p })) } : { name: d.name }));
  }

  async projects(domain: string, options: CallOptions = {}): Promise<ProjectRef[]> {
    this.assertOpen();
    const dialect = await this.dialect(options.signal);
    const res = await this.transport.json({ method: 'GET', path: dialect.projectsPath(domain), signal: options.signal });
    return dialect.parseProjects(res.body).map((name) => ({ domain, name }));
  }

  /** The server's clock (`rest/server/time`, served beside either tree): what change queries compare with. */
  async serverTime(options: CallOptions = {}): Promise<ServerTime> {
    this.assertOpen();
    await this.dialect(options.signal);
    const res = await this.transport.json({ method: 'GET', path: SERVER_TIME_PATH, signal: options.signal });
    return parseServerTime(res.body);
  }

  /** The project's resources; cheap, cached per (domain, project). */
  project(domain: string, project: string): ProjectApi {
    this.assertOpen();
    const key = `${domain}\u0000${project}`;
    let p = this.projectCache.get(key);
    if (!p) {
      p = new Project({
        transport: this.transport,
        dialect: (signal) => this.dialect(signal),
        knownDialect: () => this.fixedDialect ?? this.detected?.dialect,
        scope: { domain, project },
        session: this.sessionState,
        logger: this.logger,
        bulkForms: this.bulkForms,
      });
      this.projectCache.set(key, p);
    }
    return p;
  }

  /** The fixed dialect, or the detected one: sign in, then probe once per sign-in (shared by concurrent callers). */
  private dialect(signal: AbortSignal | undefined): Promise<WireDialect> {
    const known = this.fixedDialect ?? this.detected?.dialect;
    if (known) return Promise.resolve(known);
    this.detecting ??= (async () => {
      await this.sessionState.ensure(signal);
      const found = await detectTree((req) => this.transport.text(req), signal, this.sessionState.apiSignInMissing);
      this.detected = { dialect: found.dialect, domains: found.domains };
      const which = found.dialect.tree === 'api' ? 'the /api tree (ALM 12.5x REST)' : 'the Core /rest tree';
      this.logger.info(`using ${which}: ${found.reason} (${found.requests} request${found.requests === 1 ? '' : 's'})`);
      return found.dialect;
    })().finally(() => {
      this.detecting = undefined;
    });
    return this.detecting;
  }

  private emit(e: SessionEvent): void {
    for (const l of this.listeners) {
      try {
        l(e);
      } catch (err) {
        this.logger.error(`a session listener failed: ${String(err)}`);
      }
    }
  }

  private assertOpen(): void {
    if (this.disposed) throw new Error('This ALM client has been disposed; create a new one.');
  }
}
