// Reads credentials from the forms real clients send: HTTP Basic, and the
// `<alm-authentication>` body (XML, or JSON on newer servers) of alm-authenticate.

export interface Credentials {
  user: string;
  password: string;
}

export function basicCredentials(header: string | undefined): Credentials | undefined {
  const m = header ? /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header) : null;
  if (!m?.[1]) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * `<alm-authentication><user>u</user><password>p</password></alm-authentication>` or
 * `{"alm-authentication":{"user":"u","password":"p"}}`. The XML form has two flat text
 * elements, so two anchored matches with entity decoding read it completely.
 */
export function almAuthenticationBody(body: unknown): Credentials | undefined {
  if (typeof body === 'string') {
    const text = body.trim();
    if (text.startsWith('{')) {
      try {
        return almAuthenticationBody(JSON.parse(text) as unknown);
      } catch {
        return undefined;
      }
    }
    if (!/<alm-authentication>/.test(text)) return undefined;
    const user = /<user>([^<]*)<\/user>/.exec(text)?.[1];
    const password = /<password>([^<]*)<\/password>/.exec(text)?.[1];
    return user !== undefined && password !== undefined ? { user: decodeXml(user), password: decodeXml(password) } : undefined;
  }
  if (body && typeof body === 'object' && 'alm-authentication' in body) {
    const inner = (body as Record<string, unknown>)['alm-authentication'];
    if (inner && typeof inner === 'object') {
      const { user, password } = inner as Record<string, unknown>;
      if (typeof user === 'string' && typeof password === 'string') return { user, password };
    }
  }
  return undefined;
}

function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&');
}
