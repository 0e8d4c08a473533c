// `POST rest/oauth2/login` with an API key (reference §2.1, 12.60+): `{"clientId","secret"}` opens
// the authentication and the application session in one call and sets JSESSIONID,
// LWSSO_COOKIE_KEY, QCSession, ALM_USER and XSRF-TOKEN; 200 with an empty body. A wrong secret
// is 401, a client id that is not an active key is 403, as the reference records.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { AlmError } from '../errors';
import { appSessionCookies, lwssoCookie, setCookies } from './cookies';

function keyCredentials(body: unknown): { clientId: string; secret: string } {
  let value: unknown = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body) as unknown;
    } catch {
      value = undefined;
    }
  }
  const { clientId, secret } = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  if (typeof clientId !== 'string' || typeof secret !== 'string' || !clientId) {
    throw new AlmError(400, 'qccore.general-error', 'Send the API key as JSON: {"clientId":"…","secret":"…"} with Content-Type: application/json.');
  }
  return { clientId, secret };
}

export function registerOAuth2(app: FastifyInstance, ctx: ServerContext): void {
  const root = ctx.options.rootPath;
  app.post(`${root}/rest/oauth2/login`, async (request, reply) => {
    const { clientId, secret } = keyCredentials(request.body);
    const key = ctx.site.getApiKey(clientId);
    if (!key?.active) throw new AlmError(403, 'qccore.operation-forbidden', `Client id '${clientId}' is not an active API key of this site.`);
    if (!(await ctx.site.checkApiSecret(clientId, secret))) throw new AlmError(401, 'qccore.general-error', 'Authentication failed: wrong API key secret.');
    const session = ctx.sessions.create(key.user, true);
    const [jsession = '', ...rest] = appSessionCookies(session, root);
    setCookies(reply, [jsession, lwssoCookie(session), ...rest]);
    return reply.code(200).send();
  });
}
