// The session hook: every request under `/api/domains` and `/rest/domains` needs a live application
// session (QCSession cookie), and with the `xsrf` option a write needs the XSRF header too. It sets
// `request.almSession` and records the activity. On a server that started read-only, a write is
// answered 507 here, before its body is read (issue 28 item 8).
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AlmError } from '../errors';
import { readOnlyError } from '../diskFull';
import type { ServerContext } from '../context';
import { assertMember } from '../params';
import { COOKIE, parseCookies } from './cookies';
import { assertXsrf } from './xsrf';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The reason phrase a real 12.55 server gives for a request without a session (reference §2.8). */
const NOT_AUTHENTICATED = "Authentication failed. Browser based integrations - to login append '?login-form-required=y' to the url you tried to access.";

export function sessionHook(ctx: ServerContext): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const session = authenticate(ctx, request);
    request.almSession = session;
    const readOnly = ctx.storage.readOnlyReason;
    if (readOnly !== undefined && !READS.has(request.method)) throw readOnlyError(readOnly);
    // Every route under a project, in either tree, is for the project's members only.
    const { domain, project } = (request.params ?? {}) as { domain?: string; project?: string };
    if (domain !== undefined && project !== undefined) assertMember(ctx.projects.get(domain, project), session.user);
  };
}

function authenticate(ctx: ServerContext, request: FastifyRequest): { id: string; user: string } {
  const cookies = parseCookies(request);
  const qc = cookies[COOKIE.qcSession];
  const session = ctx.sessions.byQcSession(qc);
  if (session) {
    if (ctx.options.profile.xsrf) assertXsrf(request, session);
    ctx.sessions.touch(session);
    return { id: session.id, user: session.user };
  }
  if (ctx.options.profile.loggedOutTokenError && (ctx.sessions.wasLoggedOut(qc) || ctx.sessions.wasLoggedOut(cookies[COOKIE.lwsso]))) {
    // What a live 26.1 answers to cookies replayed after a logout (reference §16.1).
    throw new AlmError(500, 'qccore.general-error', 'TokenId is invalid because it has logged out');
  }
  if (qc) {
    throw new AlmError(401, 'qccore.session-has-expired', `Your session has expired or was closed (sessions end after ${ctx.options.sessionIdleSeconds} s without a request). Sign in again.`);
  }
  if (ctx.sessions.byLwsso(cookies[COOKIE.lwsso])) {
    throw new AlmError(
      401,
      'qccore.session-has-expired',
      `Authenticated, but no application session is open: POST ${ctx.options.rootPath}/rest/site-session first, or sign in with ${ctx.options.rootPath}/api/authentication/sign-in.`,
    );
  }
  throw new AlmError(401, 'qccore.general-error', `Not authenticated. ${NOT_AUTHENTICATED}`);
}
