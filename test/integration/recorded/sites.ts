// The recorded servers: a live ALM 26.1 (Core tree only, as probed in 2026: fixtures/SOURCES.md)
// and an ALM 12.5x offering the `/api` tree beside Core. Each is a ReplayServer with the routes
// and answers of that server; tests add one-off routes in front (faults, other shapes).
import { AlmClient } from '../../../src/api/index';
import type { AlmClientOptions, Credentials } from '../../../src/api/index';
import { ReplayServer, accepted, acceptsXml } from './replayServer';
import type { Answer, RecordedRequest, ReplaySession, Route } from './replayServer';

export const USER = { username: 'alice', password: 'Alice-pw-2026' };
export const API_KEY = { clientId: 'apikey-alice-7f3c', secret: 'k3y-s3cret-9b1d' };

/** The project every recorded answer belongs to. */
export const DOMAIN = 'DEFAULT';
export const PROJECT = 'Demo';
export const CORE = `/rest/domains/${DOMAIN}/projects/${PROJECT}`;
export const API = `/api/domains/${DOMAIN}/projects/${PROJECT}`;

const LIVE = 'live-26.1';
const DOCS = 'vendor-docs';
const SEED = 'seed-12.5x';
const EXPIRED = 'Expires=Thu, 01-Jan-1970 00:00:10 GMT';
const JETTY_12 = { Server: 'Jetty(9.1.3.v20140225)' };

export const LIVE_ERRORS = {
  loggedOut: `${LIVE}/errors/token-logged-out.json`,
  xsrf: `${LIVE}/errors/xsrf-missing.json`,
  orderBy: `${LIVE}/errors/invalid-order-by.json`,
  pageSize: `${LIVE}/errors/invalid-page-size.json`,
  required: `${LIVE}/errors/required-severity.json`,
  targetRel: `${LIVE}/errors/rule-target-rel.json`,
  owner: `${LIVE}/errors/rule-invalid-owner.json`,
  general: `${LIVE}/errors/general-error.json`,
  bulkPlainJson: `${LIVE}/errors/bulk-plain-json.json`,
  bulkPlainXml: `${LIVE}/errors/bulk-plain-xml.json`,
  notFound: `${LIVE}/errors/not-found.json`,
};

export const FIXTURE = {
  liveFields: `${LIVE}/fields-defect.json`,
  olderFieldsJson: `${DOCS}/fields-defect.json`,
  olderFieldsXml: `${DOCS}/fields-defect.xml`,
  defectsPage: `${LIVE}/defects-page.json`,
  png: `${LIVE}/frozen-login.png`,
};

/** A JSON fixture as Core sends it. */
export const json = (fixture: string, status = 200, headers: Record<string, string | string[]> = {}): Answer => ({ status, fixture, headers: { 'Content-Type': 'application/json', ...headers } });
/** An XML fixture as Core sends it. */
export const xml = (fixture: string, status = 200): Answer => ({ status, fixture, headers: { 'Content-Type': 'application/xml' } });
const notAcceptable: Answer = { status: 406, fixture: `${DOCS}/jetty-406.html` };

/** An XML-only resource (Core is-authenticated on 26.1, Core locks on 12.0x–12.2x): 406 to a JSON-only Accept. */
export function xmlOnly(answer: (req: RecordedRequest, replay: ReplayServer) => Answer): (req: RecordedRequest, replay: ReplayServer) => Answer {
  return (req, replay) => (acceptsXml(req) ? answer(req, replay) : notAcceptable);
}

function basicUser(req: RecordedRequest): string | undefined {
  const m = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  const [user, ...rest] = Buffer.from(m?.[1] ?? '', 'base64')
    .toString('utf8')
    .split(':');
  return m && user === USER.username && rest.join(':') === USER.password ? user : undefined;
}

/** `POST /api/authentication/sign-in` on 12.5x (D-signin): one call sets all four cookies. */
function apiSignIn(req: RecordedRequest, replay: ReplayServer): Answer {
  const user = basicUser(req);
  if (!user) return { status: 401, headers: JETTY_12 };
  const s = replay.newSession(user);
  const cookies = [`LWSSO_COOKIE_KEY=${s.lwsso};Path=/;HTTPOnly`, `QCSession=${s.qcSession};Path=/;HttpOnly`, `ALM_USER=${user};Path=/`, `XSRF-TOKEN=${s.xsrf};Path=/`];
  return { status: 200, headers: { ...JETTY_12, Expires: 'Thu, 01 Jan 1970 00:00:00 GMT', 'Set-Cookie': cookies } };
}

/** `GET /api/authentication/sign-out` on 12.5x (D-signout): ends the session, expires the single-sign-on cookie. */
function apiSignOut(req: RecordedRequest, replay: ReplayServer): Answer {
  const s = replay.sessionOf(req);
  if (s) s.state = 'logged-out';
  return { status: 200, headers: { ...JETTY_12, 'Set-Cookie': ['LWSSO_COOKIE_KEY="";Version=1;Path=/;Expires=Thu, 01-Jan-1970 00:00:00 GMT;Max-Age=0'] } };
}

/** `GET authentication-point/authenticate` with Basic: the single-sign-on cookie only (D-authn). */
function authenticate(req: RecordedRequest, replay: ReplayServer): Answer {
  const user = basicUser(req);
  if (!user) return { status: 401, headers: { 'WWW-Authenticate': `LWSSO realm="${replay.baseUrl}/authentication-point"` } };
  const s = replay.newSession(user);
  return { status: 200, headers: { 'Set-Cookie': [`LWSSO_COOKIE_KEY=${s.lwsso};Path=/;HTTPOnly`] } };
}

/** `POST rest/site-session` → 201 with the application-session cookies; no XSRF needed (§16.1). */
function openSiteSession(req: RecordedRequest, replay: ReplayServer): Answer {
  const s = replay.sessionOf(req);
  if (!s || s.state !== 'live') return { status: 401, fixture: `${DOCS}/jetty-401.html` };
  s.qcSession = `${s.qcSession.slice(0, 8)}${Date.now().toString(36)}`; // a new QCSession each time (§16.1)
  const cookies = [`JSESSIONID=${s.jsession};Path=/qcbin;HttpOnly`, `QCSession=${s.qcSession};Path=/;HttpOnly`, `ALM_USER=${s.user};Path=/`, `XSRF-TOKEN=${s.xsrf};Path=/`];
  return { status: 201, headers: { 'Set-Cookie': cookies } };
}

/** `POST rest/oauth2/login` → 200 setting the five cookies of §16.1 in one answer. */
function oauth2Login(req: RecordedRequest, replay: ReplayServer): Answer {
  let body: { clientId?: unknown; secret?: unknown } = {};
  try {
    body = JSON.parse(req.body.toString('utf8')) as typeof body;
  } catch {
    return { status: 400 };
  }
  if (body.clientId !== API_KEY.clientId) return { status: 403 };
  if (body.secret !== API_KEY.secret) return { status: 401 };
  const s = replay.newSession(USER.username);
  const cookies = [
    `LWSSO_COOKIE_KEY=${s.lwsso}; Path=/qcbin; HttpOnly`,
    `QCSession=${s.qcSession}; Path=/; HttpOnly`,
    `XSRF-TOKEN=${s.xsrf}; Path=/`,
    `ALM_USER=${s.user}; Path=/`,
    `JSESSIONID=${s.jsession}; Path=/qcbin; HttpOnly`,
  ];
  return { status: 200, headers: { 'Set-Cookie': cookies } };
}

const clearedCookies = [`LWSSO_COOKIE_KEY="";${EXPIRED};Path=/`, `QCSession="";${EXPIRED};Path=/`];

/** `POST authentication-point/logout` (+XSRF) ends the session; without the header → 401 and nothing happens (§16.1). */
function postLogout(req: RecordedRequest, replay: ReplayServer): Answer {
  if (req.headers['x-xsrf-token'] === undefined) return json(LIVE_ERRORS.xsrf, 401);
  const s = replay.sessionOf(req);
  if (s) s.state = 'logged-out';
  return { status: 200, headers: { 'Set-Cookie': clearedCookies } };
}

/** `GET authentication-point/logout`, where still enabled: ends the session (26.1 SaaS answered it, §16.1). */
function getLogout(req: RecordedRequest, replay: ReplayServer): Answer {
  const s = replay.sessionOf(req);
  if (s) s.state = 'logged-out';
  return { status: 200, headers: { 'Set-Cookie': clearedCookies } };
}

/** `GET rest/is-authenticated`: XML only (406 to JSON on 26.1); 401 without a live session (§2.5). */
const isAuthenticated = xmlOnly((req, replay): Answer => {
  const s: ReplaySession | undefined = replay.sessionOf(req);
  if (!s || s.state !== 'live') return { status: 401, headers: { 'WWW-Authenticate': `LWSSO realm="${replay.baseUrl}/authentication-point"` } };
  const body = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><AuthenticationInfo><Username>${s.user}</Username></AuthenticationInfo>`;
  return { status: 200, body, headers: { 'Content-Type': 'application/xml' } };
});

/** Field metadata answered per Accept: the 26.1 camelCase JSON, or the XML form to an XML-only Accept. */
function liveFields(req: RecordedRequest): Answer {
  return accepted(req).includes('application/json') ? json(FIXTURE.liveFields) : xml(FIXTURE.olderFieldsXml);
}

/** A collection GET: 404 invalid-query-value for an order-by on a field the entity lacks (§16.3). */
function defectsPage(req: RecordedRequest): Answer {
  const orderBy = req.query.get('order-by') ?? '';
  if (orderBy.includes('no-such-field')) return json(LIVE_ERRORS.orderBy, 404);
  return json(FIXTURE.defectsPage);
}

/** A defect POST: 400 required-field-missing, naming the label, when severity has no value (§16.4). */
function createDefect(req: RecordedRequest, replay: ReplayServer): Answer {
  const sent = JSON.parse(req.body.toString('utf8')) as { Fields?: { Name: string; values: { value?: string }[] }[] };
  const severity = sent.Fields?.find((f) => f.Name === 'severity')?.values[0]?.value;
  if (!severity) return json(LIVE_ERRORS.required, 400);
  return json(`${LIVE}/defect-created.json`, 201, { Location: `${replay.baseUrl}${CORE}/defects/12` });
}

/** An attachment member: the bytes to octet-stream, the record to JSON or `*\/*`, 406 to anything else (§16.7). */
function attachment(req: RecordedRequest): Answer {
  const types = accepted(req);
  if (types[0] === 'application/octet-stream') return { status: 200, fixture: FIXTURE.png, headers: { 'Content-Type': 'image/png;charset=utf-8' } };
  if (types.length === 0 || types.includes('application/json') || types.includes('*/*')) return json(`${LIVE}/attachment-7001.json`);
  return notAcceptable;
}

/**
 * A bulk PUT on the live 26.1 (§16.4): the documented `;type=collection` types are taken (RL); the
 * same bodies under plain `application/json` → 500 (an NPE), plain `application/xml` → 400.
 */
export function bulkPut(req: RecordedRequest): Answer {
  const type = (req.headers['content-type'] ?? '').toLowerCase().replace(/\s+/g, '');
  if (/;type=collection/.test(type)) return json(`${LIVE}/defects-bulk-updated.json`);
  return type.startsWith('application/xml') ? json(LIVE_ERRORS.bulkPlainXml, 400) : json(LIVE_ERRORS.bulkPlainJson, 500);
}

/** The project resources of the live 26.1 (Core tree). */
function coreProjectRoutes(): Route[] {
  return [
    { method: 'GET', path: `${CORE}/customization/entities/defect/fields`, answer: liveFields },
    { method: 'GET', path: `${CORE}/customization/used-lists`, answer: json(`${LIVE}/used-lists.json`) },
    { method: 'GET', path: `${CORE}/customization/users`, answer: json(`${LIVE}/users.json`) },
    { method: 'GET', path: `${CORE}/defects`, answer: defectsPage },
    { method: 'POST', path: `${CORE}/defects`, answer: createDefect },
    { method: 'PUT', path: `${CORE}/defects`, answer: bulkPut },
    { method: 'GET', path: `${CORE}/defects/7`, answer: json(`${LIVE}/defect-7.json`) },
    { method: 'PUT', path: `${CORE}/defects/7`, answer: json(`${LIVE}/defect-7.json`) },
    { method: 'GET', path: `${CORE}/defects/7/attachments`, answer: json(`${LIVE}/attachments-defect-7.json`) },
    { method: 'GET', path: `${CORE}/defects/7/attachments/7001`, answer: attachment },
    // Core locks as the 12.0x–12.2x reference lists them: XML only (§9.1, D-lock).
    { method: 'GET', path: `${CORE}/defects/7/lock`, answer: xmlOnly(() => xml(`${DOCS}/lock-status-unlocked.xml`)) },
    { method: 'POST', path: `${CORE}/defects/7/lock`, answer: xmlOnly(() => xml(`${DOCS}/lock-defect-7.xml`)) },
    { method: 'DELETE', path: `${CORE}/defects/7/lock`, answer: xmlOnly(() => ({ status: 200 })) },
  ];
}

export interface LiveOptions {
  /** 24.1+ turned GET logout off by default (D-logout); the probed 26.1 SaaS still answered it. Default false. */
  getLogout?: boolean;
}

/** The live ALM 26.1: Core tree only, API-key and Basic sign-in, XSRF enforced (§16). */
export function live261(o: LiveOptions = {}): Promise<ReplayServer> {
  const routes: Route[] = [
    // Never probed on 26.1: answered as the absent `business-components` resource was (§16.3).
    { method: 'POST', path: '/api/authentication/sign-in', auth: 'none', answer: json(LIVE_ERRORS.notFound, 404) },
    { method: 'GET', path: /^\/api\//, auth: 'none', answer: json(LIVE_ERRORS.notFound, 404) },
    { method: 'GET', path: '/authentication-point/authenticate', auth: 'none', answer: authenticate },
    { method: 'POST', path: '/rest/site-session', auth: 'none', answer: openSiteSession },
    { method: 'GET', path: '/rest/site-session', answer: { status: 200 } },
    { method: 'POST', path: '/rest/oauth2/login', auth: 'none', answer: oauth2Login },
    { method: 'POST', path: '/authentication-point/logout', auth: 'none', answer: postLogout },
    { method: 'GET', path: '/authentication-point/logout', auth: 'none', answer: o.getLogout ? getLogout : { status: 405, fixture: `${DOCS}/jetty-405.html` } },
    { method: 'GET', path: '/rest/is-authenticated', auth: 'none', answer: isAuthenticated },
    { method: 'GET', path: '/rest/domains', answer: json(`${LIVE}/domains.json`) },
    { method: 'GET', path: `/rest/domains/${DOMAIN}/projects`, answer: json(`${LIVE}/projects.json`) },
    ...coreProjectRoutes(),
  ];
  return new ReplayServer(routes, {
    enforceXsrf: true,
    noSession: {
      status: 401,
      statusText: "Authentication failed. Browser based integrations - to login append '?login-form-required=y' to the url you tried to access.",
      fixture: `${DOCS}/jetty-401.html`,
    },
    loggedOut: json(LIVE_ERRORS.loggedOut, 500),
    missingXsrf: json(LIVE_ERRORS.xsrf, 401),
    notFound: json(LIVE_ERRORS.notFound, 404),
  }).start();
}

/** An ALM 12.5x: the `/api` tree (seed) beside Core, one-call sign-in, XSRF not enforced. */
export function api125(): Promise<ReplayServer> {
  const seedJson = (fixture: string, status = 200): Answer => ({
    status,
    fixture,
    headers: { ...JETTY_12, 'Content-Type': 'application/json', 'Cache-Control': 'no-cache, max-age=0', Pragma: 'no-cache' },
  });
  const routes: Route[] = [
    { method: 'POST', path: '/api/authentication/sign-in', auth: 'none', answer: apiSignIn },
    { method: 'GET', path: '/api/authentication/sign-out', auth: 'none', answer: apiSignOut },
    { method: 'GET', path: '/rest/is-authenticated', auth: 'none', answer: isAuthenticated },
    { method: 'GET', path: '/rest/site-session', answer: { status: 200, headers: JETTY_12 } },
    { method: 'GET', path: '/api/domains', answer: seedJson(`${SEED}/domains.json`) },
    { method: 'GET', path: `/api/domains/${DOMAIN}/projects`, answer: seedJson(`${SEED}/projects.json`) },
    { method: 'GET', path: `${API}/defects/7`, answer: seedJson(`${SEED}/defect-7.json`) },
    { method: 'POST', path: `${API}/locks`, answer: seedJson(`${SEED}/lock-created.json`, 201) },
    { method: 'DELETE', path: `${API}/locks/1016`, answer: { status: 200, headers: JETTY_12 } },
    // 12.5x serves Core beside /api on the same session: the user list comes from there.
    { method: 'GET', path: `${CORE}/customization/users`, answer: json(`${LIVE}/users.json`) },
  ];
  return new ReplayServer(routes, {
    enforceXsrf: false,
    noSession: {
      status: 401,
      statusText: "Authentication failed. Browser based integrations - to login append '?login-form-required=y' to the url you tried to access.",
      fixture: `${DOCS}/jetty-401.html`,
    },
    loggedOut: { status: 401, fixture: `${DOCS}/jetty-401.html` },
    missingXsrf: { status: 401 },
    notFound: { status: 404, headers: JETTY_12 },
  }).start();
}

export interface ReplayClient {
  client: AlmClient;
  /** Everything the client logged, in order. */
  logs: string[];
}

/** A real AlmClient pointed at `replay`, signing in with `credentials`, logging into `logs`. */
export function clientOf(replay: ReplayServer, credentials: Credentials, extra: Partial<AlmClientOptions> = {}): ReplayClient {
  const logs: string[] = [];
  const push = (m: string): number => logs.push(m);
  const client = new AlmClient({ baseUrl: replay.baseUrl, credentials: async () => credentials, logger: { trace: push, debug: push, info: push, warn: push, error: push }, ...extra });
  return { client, logs };
}

/** Log lines other than the per-request trace (`GET /path → 200`): what the client said about what it did. */
export function remarks(logs: readonly string[]): string[] {
  return logs.filter((l) => !/^\[api\] (GET|POST|PUT|DELETE) \//.test(l));
}
