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

/** Parses a Cookie header, tolerating a trailing `;` and stray spaces (some clients send both). */
export function parseCookies(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  const header = request.headers.cookie;
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    if (name && !(name in out)) out[name] = value;
  }
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

/** Adds Set-Cookie headers, one per cookie, keeping any already on the reply. */
export function setCookies(reply: FastifyReply, cookies: readonly string[]): void {
  const existing = reply.getHeader('set-cookie');
  const prior = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  void reply.header('set-cookie', [...prior, ...cookies]);
}
