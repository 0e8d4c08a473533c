// The Core sign-in flow (reference §2, §15.2-15.5, 15.9): authentication-point authenticate or
// alm-authenticate set LWSSO only; rest/site-session opens the application session.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { AlmError } from '../errors';
import { xmlDocument } from '../xml';
import { acceptsXml } from '../mediaTypes';
import { COOKIE, appSessionCookies, expiredQcSession, lwssoCookie, parseCookies, setCookies } from './cookies';
import { BadCharacterReference, almAuthenticationBody, basicCredentials } from './credentials';
import { checkCredentials, endRequestSession } from './signIn';
import { assertXsrf } from './xsrf';
import { requestedTimeoutMinutes } from './sessionParameters';

type Realm = (host: string | undefined, protocol: string) => string;

export function registerAuthenticationPoint(app: FastifyInstance, ctx: ServerContext): void {
  const root = ctx.options.rootPath;
  const realm: Realm = (host, protocol) => `LWSSO realm="${protocol}://${host ?? 'localhost'}${root}/authentication-point"`;
  registerSignIn(app, ctx, realm);
  registerLogout(app, ctx);
  registerIsAuthenticated(app, ctx, realm);
  registerSiteSession(app, ctx, realm);
}

/** authenticate (Basic) and alm-authenticate (XML body): LWSSO only, no application session yet. */
function registerSignIn(app: FastifyInstance, ctx: ServerContext, realm: Realm): void {
  const root = ctx.options.rootPath;
  app.route({
    // Docs say GET; real clients also POST (C-gowtham) and HEAD (C-restalm).
    method: ['GET', 'POST'],
    url: `${root}/authentication-point/authenticate`,
    handler: async (request, reply) => {
      const user = await checkCredentials(ctx, request, basicCredentials(request.headers.authorization), realm(request.headers.host, request.protocol));
      setCookies(reply, [lwssoCookie(ctx.sessions.create(user, false))]);
      return reply.code(200).send();
    },
  });

  app.post(`${root}/authentication-point/alm-authenticate`, async (request, reply) => {
    let credentials;
    try {
      credentials = almAuthenticationBody(request.body);
    } catch (err) {
      if (!(err instanceof BadCharacterReference)) throw err;
      throw new AlmError(400, 'qccore.general-error', `Malformed <alm-authentication> body: ${err.message}`);
    }
    if (!credentials && request.body) {
      throw new AlmError(400, 'qccore.general-error', 'Expected <alm-authentication><user>…</user><password>…</password></alm-authentication>.');
    }
    const user = await checkCredentials(ctx, request, credentials, 'ALMAUTH');
    setCookies(reply, [lwssoCookie(ctx.sessions.create(user, false))]);
    return reply.code(ctx.options.almAuthenticateStatus).send();
  });
}

function registerLogout(app: FastifyInstance, ctx: ServerContext): void {
  const root = ctx.options.rootPath;
  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: `${root}/authentication-point/logout`,
    handler: async (request, reply) => {
      if (request.method === 'GET' && !ctx.options.profile.getLogout) {
        // 24.1+ without ENABLE_GET_LOGOUT_METHOD (reference §2.6): the session stays open.
        throw new AlmError(405, 'qccore.general-error', 'HTTP method GET is not supported by this URL: log out with POST, PUT or DELETE.', undefined, {
          Allow: 'POST, PUT, DELETE',
        });
      }
      if (request.method !== 'GET' && ctx.options.profile.xsrf) {
        // A POST logout without the XSRF header is refused and ends nothing (reference §16.1).
        const cookies = parseCookies(request);
        const session = ctx.sessions.byQcSession(cookies[COOKIE.qcSession]) ?? ctx.sessions.byLwsso(cookies[COOKIE.lwsso]);
        if (session) assertXsrf(request, session);
      }
      endRequestSession(ctx, request, reply);
      return reply.code(200).send();
    },
  });
}

function registerIsAuthenticated(app: FastifyInstance, ctx: ServerContext, realm: Realm): void {
  const root = ctx.options.rootPath;
  // An XML-only resource (reference §2.5): its errors are XML too, and on 26.1 a JSON-only Accept is refused.
  app.get(`${root}/rest/is-authenticated`, { config: { xmlOnly: true } }, async (request, reply) => {
    if (ctx.options.profile.isAuthenticatedXmlOnly && !acceptsXml(request)) {
      throw new AlmError(406, 'qccore.general-error', 'is-authenticated answers application/xml only: send Accept: application/xml.');
    }
    const cookies = parseCookies(request);
    const session = ctx.sessions.byQcSession(cookies[COOKIE.qcSession]) ?? ctx.sessions.byLwsso(cookies[COOKIE.lwsso]);
    if (!session) {
      throw new AlmError(401, 'qccore.general-error', 'Not authenticated.', undefined, { 'WWW-Authenticate': realm(request.headers.host, request.protocol) });
    }
    ctx.sessions.touch(session);
    return reply.type('application/xml').send(xmlDocument({ AuthenticationInfo: { Username: session.user } }));
  });
}

function registerSiteSession(app: FastifyInstance, ctx: ServerContext, realm: Realm): void {
  const root = ctx.options.rootPath;
  // POST opens the application session; GET and PUT keep it alive; DELETE closes it.
  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: `${root}/rest/site-session`,
    handler: async (request, reply) => {
      const cookies = parseCookies(request);
      const session = ctx.sessions.byLwsso(cookies[COOKIE.lwsso]) ?? ctx.sessions.byQcSession(cookies[COOKIE.qcSession]);
      if (!session) {
        throw new AlmError(401, 'qccore.general-error', `Not authenticated: call ${root}/authentication-point/authenticate first.`, undefined, {
          'WWW-Authenticate': realm(request.headers.host, request.protocol),
        });
      }
      if (request.method === 'DELETE') {
        // Closing the session drops its locks: a cross-site request must not (issue 28 item 7).
        if (ctx.options.profile.xsrf && session.qcsession) assertXsrf(request, session);
        ctx.sessions.closeApp(session);
        setCookies(reply, [expiredQcSession()]);
        return reply.code(200).send();
      }
      if (request.method === 'POST') {
        const minutes = requestedTimeoutMinutes(request.body);
        const opened = ctx.sessions.openApp(session);
        if (minutes !== undefined) ctx.sessions.setIdleTimeout(opened, minutes);
        setCookies(reply, appSessionCookies(opened, root));
        return reply.code(201).send();
      }
      ctx.sessions.touch(session);
      if (!session.qcsession) throw new AlmError(401, 'qccore.session-has-expired', 'No application session is open: POST to site-session first.');
      return reply.code(200).send();
    },
  });
}
