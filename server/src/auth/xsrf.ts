// The 16.00+ XSRF check (reference §2.4, §15.8), on with the `xsrf` option: a request other than
// GET/HEAD must carry `X-XSRF-TOKEN` equal to the `XSRF-TOKEN` cookie it sends (double submit, as
// Jenkins' plugin does with its own token) or to the token the server issued to the session.
import type { FastifyRequest } from 'fastify';
import { AlmError } from '../errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function assertXsrf(request: FastifyRequest, cookieToken: string | undefined, sessionToken: string): void {
  if (SAFE.has(request.method)) return;
  const header = request.headers['x-xsrf-token'];
  const sent = Array.isArray(header) ? header[0] : header;
  if (sent && (sent === cookieToken || sent === sessionToken)) return;
  throw new AlmError(401, 'qccore.general-error', 'Unauthorized request. For more details see XSRF Token section in REST API documentation.');
}
