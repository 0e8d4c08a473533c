// What the launcher tells the end-to-end tests about the servers it started, through the environment
// (inherited by the VS Code server's extension host) so tests never guess ports or paths.

/** A demo user of the ALM server. */
export interface E2eUser {
  readonly username: string;
  readonly password: string;
}

/** The ALM server started for this run: fresh data directory, demo data, free port. */
export interface E2eAlmServer {
  /** Base URL including the root path, as configured in `almDefects.servers`. */
  readonly baseUrl: string;
  readonly users: readonly E2eUser[];
  /** The demo's API keys (alice's), for the tests of signing in with a key. */
  readonly apiKeys?: readonly { readonly user: string; readonly clientId: string; readonly secret: string }[];
  readonly domain: string;
  readonly project: string;
  /** The server's process id, so a test can freeze it with SIGSTOP to hold a transfer in flight. */
  readonly pid?: number;
  /** The ALM release line the server behaves as (`--alm`); 12.55 when absent. */
  readonly alm?: string;
  /** The REST trees the server offers (`--trees`); both when absent. */
  readonly trees?: readonly ('api' | 'rest')[];
  /** A second, small ALM server of the same release that signs in through SSO (`--sso`): API keys only, the same demo key. */
  readonly ssoBaseUrl?: string;
}

/** Whether the run's server offers the `/api` tree (tests reading the server directly pick their paths by it). */
export function hasApiTree(server: E2eAlmServer): boolean {
  return !server.trees || server.trees.includes('api');
}

const ALM_E2E_SERVER = 'ALM_E2E_SERVER';

/** The ALM server of this run; throws when the tests were started without the launcher. */
export function e2eAlmServer(): E2eAlmServer {
  const raw = process.env[ALM_E2E_SERVER];
  if (!raw) throw new Error(`${ALM_E2E_SERVER} is not set: run the end-to-end tests with "npm run test:e2e"`);
  const parsed = JSON.parse(raw) as E2eAlmServer;
  if (typeof parsed.baseUrl !== 'string' || !Array.isArray(parsed.users)) throw new Error(`${ALM_E2E_SERVER} is malformed: ${raw}`);
  return parsed;
}

/**
 * The `X-XSRF-TOKEN` header echoing the `XSRF-TOKEN` in `cookie`: servers of 16.0 and later
 * (`--alm 16.0`+) refuse a write without it; older ones ignore it.
 */
export function xsrfHeader(cookie: string): Record<string, string> {
  const token = cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith('XSRF-TOKEN='));
  return token ? { 'x-xsrf-token': token.slice('XSRF-TOKEN='.length) } : {};
}

/**
 * Signs in with HTTP Basic — on the `/api` sign-in endpoint, or on a Core-only server through
 * authentication-point and site-session; returns the cookies to send on later requests.
 */
export async function signIn(server: E2eAlmServer, user: E2eUser): Promise<string> {
  const authorization = `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}`;
  if (hasApiTree(server)) {
    const res = await fetch(`${server.baseUrl}/api/authentication/sign-in`, { method: 'POST', headers: { authorization } });
    if (res.status !== 200) throw new Error(`sign-in as ${user.username} answered ${res.status}: ${await res.text()}`);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }
  const auth = await fetch(`${server.baseUrl}/authentication-point/authenticate`, { headers: { authorization } });
  if (auth.status !== 200) throw new Error(`sign-in as ${user.username} answered ${auth.status}: ${await auth.text()}`);
  const lwsso = auth.headers.getSetCookie().map((c) => c.split(';')[0]);
  const site = await fetch(`${server.baseUrl}/rest/site-session`, { method: 'POST', headers: { cookie: lwsso.join('; ') } });
  if (site.status !== 201 && site.status !== 200) throw new Error(`site-session for ${user.username} answered ${site.status}: ${await site.text()}`);
  return [...lwsso, ...site.headers.getSetCookie().map((c) => c.split(';')[0])].join('; ');
}
