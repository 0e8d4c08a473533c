// The 16.00+ XSRF check (reference §2.4, D-xsrf; 401 wording §16.1), on with the `xsrf` option: a
// request other than GET/HEAD must carry `X-XSRF-TOKEN` equal to the token the server issued to the
// session (the `XSRF-TOKEN` cookie set by sign-in, oauth2/login or site-session). A cookie the
// client made itself proves nothing: `XSRF-TOKEN=evil` with the header `evil` is refused (issue 28
// item 7). A session that holds no issued token (LWSSO only: authenticate or alm-authenticate, or
// its application session closed) gets the documented check, that the header is there at all.
// DESIGN.md ("XSRF") says why, and what that means for clients that send a token of their own.
import type { FastifyRequest } from 'fastify';
import { AlmError } from '../errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What the check needs of a session: the token issued with its application session, if one is open. */
export interface XsrfHolder {
  qcsession: string | null;
  xsrf: string;
}

export function assertXsrf(request: FastifyRequest, session: XsrfHolder): void {
  if (SAFE.has(request.method)) return;
  const header = request.headers['x-xsrf-token'];
  const sent = Array.isArray(header) ? header[0] : header;
  const issued = session.qcsession === null ? undefined : session.xsrf;
  if (sent && (issued === undefined || sent === issued)) return;
  throw new AlmError(401, 'qccore.general-error', 'Unauthorized request. For more details see XSRF Token section in REST API documentation.');
}
