// The session cookies of a real ALM 12.5x server. Each cookie goes in its own Set-Cookie header
// and carries at least one attribute, because widely copied clients parse `name=value;...` up to
// the first `;` and fail without one (reference §15.25).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionRow } from '../store/site';

export const COOKIE = {
  lwsso: 'LWSSO_COOKIE_KEY',
  qcSession: 'QCSession',
  user: 'ALM_USER',
  xsrf: 'XSRF-TOKEN',
  jsession: 'JSESSIONID',
} as const;

const EXPIRED = 'Expires=Thu, 01-Jan-1970 00:00:10 GMT;Max-Age=0';

/**
 * How @fastify/cookie reads Cookie headers (registered in app.ts): values as sent, not URI-decoded
 * (session tokens are opaque), surrounding double quotes removed. A trailing `;`, stray spaces and
 * parts without `=` are tolerated by the parser; the first of duplicate names wins.
 */
export const COOKIE_PARSE_OPTIONS = {
  decode: (value: string): string => (value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value),
};

/** The request's cookies, as @fastify/cookie parsed them. */
export function parseCookies(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.cookies)) if (value !== undefined) out[name] = value;
  return out;
}

export function lwssoCookie(session: SessionRow): string {
  return `${COOKIE.lwsso}=${session.lwsso};Path=/;HttpOnly`;
}

/**
 * JSESSIONID, QCSession, ALM_USER and XSRF-TOKEN of an application session, in the order the
 * reference records (§2.2): a public client reads them by position.
 */
export function appSessionCookies(session: SessionRow, rootPath: string): string[] {
  const cookies = [`${COOKIE.jsession}=${session.id.replace(/-/g, '').toUpperCase()};Path=${rootPath || '/'};HttpOnly`];
  if (session.qcsession) cookies.push(`${COOKIE.qcSession}=${session.qcsession};Path=/;HttpOnly`);
  cookies.push(`${COOKIE.user}=${encodeURIComponent(session.user)};Path=/`, `${COOKIE.xsrf}=${session.xsrf};Path=/`);
  return cookies;
}

export function expiredLwsso(): string {
  return `${COOKIE.lwsso}="";Path=/;${EXPIRED};HttpOnly`;
}

export function expiredQcSession(): string {
  return `${COOKIE.qcSession}="";Path=/;${EXPIRED};HttpOnly`;
}

/** Whether the client reached the server over TLS, directly or through a proxy that says so (`X-Forwarded-Proto: https`). */
function overTls(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-proto'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim().toLowerCase();
  return request.protocol === 'https' || first === 'https';
}

/**
 * Adds Set-Cookie headers, one per cookie, keeping any already on the reply. Every cookie gets
 * `SameSite=Lax`, so a cross-site form or script request does not carry the session (issue 28
 * item 7), and `Secure` when the client came over TLS, so it never travels in clear text.
 */
export function setCookies(reply: FastifyReply, cookies: readonly string[]): void {
  const existing = reply.getHeader('set-cookie');
  const prior = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  const secure = overTls(reply.request) ? ';Secure' : '';
  void reply.header('set-cookie', [...prior, ...cookies.map((c) => `${c};SameSite=Lax${secure}`)]);
}
