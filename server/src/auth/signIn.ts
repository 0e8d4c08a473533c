// The api tree's one-step sign-in and sign-out (reference §2.1, §2.6): sign-in with Basic
// credentials opens the authentication and the application session and sets all cookies.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AlmError } from '../errors';
import type { ServerContext } from '../context';
import { COOKIE, appSessionCookies, expiredLwsso, expiredQcSession, lwssoCookie, parseCookies, setCookies } from './cookies';
import { basicCredentials } from './credentials';
import type { Credentials } from './credentials';
import { clientAddress, throttleOf } from './throttle';

const ANY_METHOD = ['GET', 'POST', 'PUT', 'DELETE'] as const;

/**
 * Checks credentials; throws 401 with a clear title when they are missing or wrong, and 429
 * while the user or the address is slowed down after repeated failures.
 *
 * On an SSO site (`sso`) no password is valid. The vendor documents that such a site's REST
 * clients sign in with API keys (rest/oauth2/login; "Authenticate using API keys", the Jenkins
 * plugin's ALM 12.60/15 SSO authenticator) and that only from 25.1 P1, in "hybrid SSO mode", may
 * local users use authenticate / alm-authenticate with a password. No source shows the answer a
 * password sign-in gets on a pure SSO site, so it is the answer of a refused password: the same
 * 401, challenge and throttling. A client cannot tell the two apart from the answer alone.
 */
export async function checkCredentials(ctx: ServerContext, request: FastifyRequest, credentials: Credentials | undefined, challenge: string): Promise<string> {
  if (!credentials) {
    throw new AlmError(401, 'qccore.general-error', 'Authentication required: send the user name and password.', undefined, {
      'WWW-Authenticate': challenge,
    });
  }
  const throttle = throttleOf(ctx);
  const address = clientAddress(request);
  const attempt = throttle.check({ user: credentials.user }, address);
  let valid: boolean;
  try {
    valid = !ctx.options.sso && (await ctx.site.checkPassword(credentials.user, credentials.password));
  } catch (err) {
    throttle.failed(attempt);
    throw err;
  }
  if (!valid) {
    throttle.failed(attempt);
    throw new AlmError(401, 'qccore.general-error', 'Authentication failed: wrong user name or password.', undefined, {
      'WWW-Authenticate': challenge,
    });
  }
  throttle.succeeded(attempt);
  return credentials.user;
}

/** Ends whatever session the request's cookies name, releasing its locks, and expires the cookies. */
export function endRequestSession(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply): void {
  const cookies = parseCookies(request);
  const session = ctx.sessions.byQcSession(cookies[COOKIE.qcSession]) ?? ctx.sessions.byLwsso(cookies[COOKIE.lwsso]);
  if (session) ctx.sessions.logOut(session);
  setCookies(reply, [expiredLwsso(), expiredQcSession()]);
}

export function registerSignIn(app: FastifyInstance, ctx: ServerContext): void {
  const root = ctx.options.rootPath;
  app.route({
    method: [...ANY_METHOD],
    url: `${root}/api/authentication/sign-in`,
    handler: async (request, reply) => {
      const user = await checkCredentials(ctx, request, basicCredentials(request.headers.authorization), 'Basic realm="ALM"');
      const session = ctx.sessions.create(user, true);
      setCookies(reply, [lwssoCookie(session), ...appSessionCookies(session, root)]);
      void reply.header('Expires', 'Thu, 01 Jan 1970 00:00:00 GMT');
      return reply.code(200).send();
    },
  });
  app.route({
    method: [...ANY_METHOD],
    url: `${root}/api/authentication/sign-out`,
    handler: async (request, reply) => {
      endRequestSession(ctx, request, reply);
      return reply.code(200).send();
    },
  });
}
