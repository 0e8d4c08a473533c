// Ending a session on the server so that it, and every lock it holds, goes at once rather than
// at the idle timeout. The documented way differs by version (reference §2.6, §16.1): 12.5x
// answers GET `authentication-point/logout`; from 24.1 GET is off unless the site turns it on,
// and POST with the XSRF header is the way. So POST goes first, GET where POST is not there, and
// `rest/is-authenticated`, asked with the old cookies, confirms the session is over.
import type { CookieJar } from './http/cookies';
import { parseErrorBody, sessionEnded } from './http/errorMapping';
import type { Transport } from './http/transport';
import type { AlmLogger, SignInFlow } from './options';

type SignOutRoute = readonly ['GET' | 'POST', string];

const LOGOUT = '/authentication-point/logout';
/** Waits before the tries of a sign-out the server may not have seen (a dropped connection, a gateway's 5xx). */
const RETRY_MS = [0, 250, 1000];

/** The ways to end a session signed in by `flow`, in the order to try them. */
function routesFor(flow: SignInFlow | 'api-key'): readonly SignOutRoute[] {
  if (flow === 'api')
    return [
      ['GET', '/api/authentication/sign-out'],
      ['POST', LOGOUT],
    ];
  return [
    ['POST', LOGOUT],
    ['GET', LOGOUT],
  ];
}

/** `ended`: the server says the session is over; `alive`: it still accepts it; `unknown`: it cannot tell (no Core tree). */
type Confirmation = 'ended' | 'alive' | 'unknown';

export class SignOut {
  constructor(
    private readonly transport: Transport,
    private readonly jar: CookieJar,
    private readonly logger: AlmLogger,
  ) {}

  /** Ends the session the jar holds; never throws. Leaves the jar empty. */
  async run(flow: SignInFlow | 'api-key'): Promise<void> {
    const held = this.jar.snapshot();
    try {
      for (const wait of RETRY_MS) {
        if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
        if (await this.tryRoutes(flow, held)) return;
      }
      this.logger.warn('the server did not confirm the sign-out; the session ends at its idle timeout');
    } finally {
      this.jar.clear();
    }
  }

  /** True once a route ended the session, or answered and the server cannot say more. */
  private async tryRoutes(flow: SignInFlow | 'api-key', held: ReturnType<CookieJar['snapshot']>): Promise<boolean> {
    for (const [method, path] of routesFor(flow)) {
      this.jar.restore(held);
      let status: number;
      try {
        status = (await this.transport.text({ method, path, session: false, anyStatus: true, overallMs: 10_000 })).status;
      } catch (e) {
        this.logger.warn(`sign-out (${method} ${path}) failed: ${e instanceof Error ? e.message : String(e)}`);
        return false;
      }
      // Not offered here (GET logout refused from 24.1, no /api tree): the next way.
      if (status === 404 || status === 405 || status === 501) continue;
      const confirmed = await this.confirm(held);
      if (confirmed === 'ended') return true;
      if (confirmed === 'unknown' && status < 500) return true;
      this.logger.warn(`sign-out (${method} ${path}) answered HTTP ${status}${confirmed === 'alive' ? ' but the session is still open' : ''}`);
    }
    return false;
  }

  /** Asks `rest/is-authenticated` with the session's old cookies (XML: 26.1 refuses JSON there with 406). */
  private async confirm(held: ReturnType<CookieJar['snapshot']>): Promise<Confirmation> {
    this.jar.restore(new Map([...held].filter(([name]) => name !== 'XSRF-TOKEN')));
    try {
      const res = await this.transport.text({ method: 'GET', path: '/rest/is-authenticated', accept: 'application/xml', session: false, anyStatus: true, overallMs: 10_000 });
      if (sessionEnded(res.status, parseErrorBody(res.text))) return 'ended';
      return res.status >= 200 && res.status < 300 ? 'alive' : 'unknown';
    } catch {
      return 'unknown';
    } finally {
      this.jar.clear();
    }
  }
}
