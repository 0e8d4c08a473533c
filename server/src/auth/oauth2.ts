// `POST rest/oauth2/login` with an API key (reference §2.1, 12.60+): `{"clientId","secret"}` opens
// the authentication and the application session in one call and sets JSESSIONID,
// LWSSO_COOKIE_KEY, QCSession, ALM_USER and XSRF-TOKEN; 200 with an empty body. A wrong secret
// is 401, a client id that is not an active key is 403, as the reference records for real servers
// (§2.1): the status still tells a known id from an unknown one, the time does not (both run one
// secret check), and the sign-in throttle (per client id and per address) limits how fast ids and
// secrets can be tried (issue 28 item 5).
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { AlmError } from '../errors';
import { appSessionCookies, lwssoCookie, setCookies } from './cookies';
import { clientAddress, throttleOf } from './throttle';

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

/**
 * The key's user, or 401 (wrong secret) / 403 (no active key of that id) / 429 (slowed down).
 * The secret is checked in every case, against a decoy hash for an unknown id, before the state
 * of the key is looked at, so every answer costs one scrypt.
 */
async function checkApiKey(ctx: ServerContext, clientId: string, secret: string, address: string): Promise<string> {
  const throttle = throttleOf(ctx);
  const attempt = throttle.check({ clientId }, address);
  let secretMatches: boolean;
  try {
    secretMatches = await ctx.site.checkApiSecret(clientId, secret);
  } catch (err) {
    throttle.failed(attempt);
    throw err;
  }
  const key = ctx.site.getApiKey(clientId);
  if (!key?.active) {
    throttle.failed(attempt);
    throw new AlmError(403, 'qccore.operation-forbidden', `Client id '${clientId}' is not an active API key of this site.`);
  }
  if (!secretMatches) {
    throttle.failed(attempt);
    throw new AlmError(401, 'qccore.general-error', 'Authentication failed: wrong API key secret.');
  }
  throttle.succeeded(attempt);
  return key.user;
}

export function registerOAuth2(app: FastifyInstance, ctx: ServerContext): void {
  const root = ctx.options.rootPath;
  app.post(`${root}/rest/oauth2/login`, async (request, reply) => {
    const { clientId, secret } = keyCredentials(request.body);
    const user = await checkApiKey(ctx, clientId, secret, clientAddress(request));
    const session = ctx.sessions.create(user, true, clientId);
    const [jsession = '', ...rest] = appSessionCookies(session, root);
    setCookies(reply, [jsession, lwssoCookie(session), ...rest]);
    return reply.code(200).send();
  });
}
