// A small HTTP server that answers the ALM client with recorded answers: routes (method + path
// pattern) name a status, headers spelled as real Jetty servers spell them (`Set-Cookie`,
// `Content-Type`) and a body from a fixture file. It keeps the sessions it handed out (so a
// logged-out session's cookies get the 26.1 answer) and records every request, so tests can
// assert what the client sent on the wire. Fixtures live beside it; nothing here reads anything
// outside the project.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';

export const FIXTURES = join(__dirname, 'fixtures');
/** The ALM root path every recorded server lives under. */
const ROOT = '/qcbin';

export interface RecordedRequest {
  method: string;
  /** Below the root path, e.g. `/rest/domains` (still percent-encoded). */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The request's cookies by name. */
  cookies: Map<string, string>;
  body: Buffer;
  /** The status the replay answered with. */
  status?: number;
}

export interface Answer {
  status: number;
  /** The reason phrase, where a server's own one matters. */
  statusText?: string;
  /** Header names exactly as sent on the wire. */
  headers?: Record<string, string | string[]>;
  /** A file under fixtures/; its extension gives the Content-Type unless `headers` name one. */
  fixture?: string;
  body?: string | Buffer;
}

type Responder = (req: RecordedRequest, replay: ReplayServer) => Answer;

export interface Route {
  method: string;
  /** Matched against the path below the root; a string must match whole. */
  path: string | RegExp;
  /** `session`: needs a live session cookie (default); `none`: sign-in, sign-out and probes. */
  auth?: 'session' | 'none';
  answer: Answer | Responder;
  /** Used at most this many times, then skipped (a one-off fault). */
  times?: number;
}

export interface ReplaySession {
  user: string;
  lwsso: string;
  qcSession: string;
  xsrf: string;
  jsession: string;
  state: 'live' | 'logged-out';
}

export interface ReplayOptions {
  /** 16.00+: a non-GET without `X-XSRF-TOKEN` is refused (26.1: 401 qccore.general-error). */
  enforceXsrf: boolean;
  /** Answer to a project request without a session cookie. */
  noSession: Answer;
  /** Answer to a request carrying a logged-out session's cookies. */
  loggedOut: Answer;
  /** Answer to a write without the XSRF header. */
  missingXsrf: Answer;
  /** Answer when no route matches. */
  notFound: Answer;
}

const CONTENT_TYPES: Record<string, string> = {
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.html': 'text/html;charset=iso-8859-1',
};

function parseCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return out;
}

/** A random cookie value shaped like the servers' (URL-safe, long). */
function token(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

/** The media types an `Accept` header lists (no parameters); empty when absent. */
export function accepted(req: RecordedRequest): string[] {
  const raw = req.headers.accept;
  return (raw ?? '')
    .split(',')
    .map((t) => t.split(';')[0].trim().toLowerCase())
    .filter((t) => t.length > 0);
}

/** Whether an XML-only resource may answer: the client takes XML (or anything, or said nothing). */
export function acceptsXml(req: RecordedRequest): boolean {
  const types = accepted(req);
  return types.length === 0 || types.some((t) => t === 'application/xml' || t === 'text/xml' || t === '*/*' || t === 'application/*' || t === 'application/atom+xml');
}

export class ReplayServer {
  readonly requests: RecordedRequest[] = [];
  readonly sessions: ReplaySession[] = [];
  private routes: Route[] = [];
  private readonly uses = new Map<Route, number>();
  private readonly waiters: { match: (r: RecordedRequest) => boolean; resolve: (r: RecordedRequest) => void }[] = [];
  private readonly server: Server;
  private port = 0;

  constructor(
    private readonly base: readonly Route[],
    readonly options: ReplayOptions,
  ) {
    this.routes = [...base];
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get baseUrl(): string {
    return `${this.origin}${ROOT}`;
  }

  /** Back to the recorded routes, no sessions and no requests: per-test state. */
  reset(): void {
    this.routes = [...this.base];
    this.uses.clear();
    this.requests.length = 0;
    this.sessions.length = 0;
  }

  /** Puts routes in front of the recorded ones (until the next reset). */
  override(...routes: Route[]): void {
    this.routes.unshift(...routes);
  }

  /** The requests with this method whose path matches. */
  sent(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && matches(path, r.path));
  }

  /** Resolves with the next request matching `match` once it has been answered (an event to wait for, not a time). */
  answered(match: (r: RecordedRequest) => boolean): Promise<RecordedRequest> {
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  newSession(user: string): ReplaySession {
    const s: ReplaySession = { user, lwsso: token(48), qcSession: token(), xsrf: token(16), jsession: token(12), state: 'live' };
    this.sessions.push(s);
    return s;
  }

  /** The session whose single-sign-on cookie the request carries. */
  sessionOf(req: RecordedRequest): ReplaySession | undefined {
    const lwsso = req.cookies.get('LWSSO_COOKIE_KEY');
    return lwsso ? this.sessions.find((s) => s.lwsso === lwsso) : undefined;
  }

  /** Ends every open session behind the client's back (another process of the same key logged out). */
  logOutAll(): void {
    for (const s of this.sessions) s.state = 'logged-out';
  }

  get liveSessions(): ReplaySession[] {
    return this.sessions.filter((s) => s.state === 'live');
  }

  /** The body of a fixture file. */
  fixture(name: string): Buffer {
    return readFileSync(join(FIXTURES, name));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', this.origin);
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname.startsWith(`${ROOT}/`) ? url.pathname.slice(ROOT.length) : url.pathname,
      query: url.searchParams,
      headers: req.headers,
      cookies: parseCookies(req.headers.cookie),
      body: Buffer.concat(chunks),
    };
    this.requests.push(recorded);
    let answer: Answer;
    try {
      answer = this.answer(recorded, url.pathname.startsWith(`${ROOT}/`));
    } catch (e) {
      answer = { status: 599, statusText: 'Replay failure', body: e instanceof Error ? (e.stack ?? e.message) : String(e) };
    }
    recorded.status = answer.status;
    this.write(res, answer);
    for (const w of this.waiters.filter((x) => x.match(recorded))) {
      this.waiters.splice(this.waiters.indexOf(w), 1);
      w.resolve(recorded);
    }
  }

  private answer(req: RecordedRequest, underRoot: boolean): Answer {
    const route = underRoot ? this.routes.find((r) => r.method === req.method && matches(r.path, req.path) && (r.times === undefined || (this.uses.get(r) ?? 0) < r.times)) : undefined;
    if (!route) return this.options.notFound;
    this.uses.set(route, (this.uses.get(route) ?? 0) + 1);
    if (route.auth !== 'none') {
      const refusal = this.refusal(req);
      if (refusal) return refusal;
    }
    return typeof route.answer === 'function' ? route.answer(req, this) : route.answer;
  }

  /** Why a project request is refused: no session, a logged-out one, or a write without the XSRF header. */
  private refusal(req: RecordedRequest): Answer | undefined {
    const session = this.sessionOf(req);
    if (!session || !req.cookies.has('QCSession')) return this.options.noSession;
    if (session.state === 'logged-out') return this.options.loggedOut;
    if (this.options.enforceXsrf && req.method !== 'GET' && req.headers['x-xsrf-token'] === undefined) return this.options.missingXsrf;
    return undefined;
  }

  private write(res: ServerResponse, answer: Answer): void {
    const body = answer.fixture ? this.fixture(answer.fixture) : typeof answer.body === 'string' ? Buffer.from(answer.body, 'utf8') : answer.body;
    const headers: Record<string, string | string[]> = { Date: new Date().toUTCString(), ...answer.headers };
    const named = (n: string): boolean => Object.keys(headers).some((k) => k.toLowerCase() === n);
    if (body && !named('content-type')) headers['Content-Type'] = CONTENT_TYPES[extname(answer.fixture ?? '')] ?? 'text/plain;charset=utf-8';
    headers['Content-Length'] = String(body?.length ?? 0);
    // Node keeps header names as given: the client sees the servers' own spelling.
    if (answer.statusText) res.writeHead(answer.status, answer.statusText, headers);
    else res.writeHead(answer.status, headers);
    res.end(body);
  }
}

function matches(pattern: string | RegExp, path: string): boolean {
  return typeof pattern === 'string' ? pattern === path : pattern.test(path);
}
