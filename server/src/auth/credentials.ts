// Reads credentials from the forms real clients send: HTTP Basic, and the
// `<alm-authentication>` body (XML, or JSON on newer servers) of alm-authenticate.
import { isXmlChar } from '../xml';

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

/** Thrown for a character reference no XML document may hold; the sign-in answers it with a 400. */
export class BadCharacterReference extends Error {
  override name = 'BadCharacterReference';
}

/** A character XML allows (XML 1.0 §2.2): no NUL, no lone surrogates, nothing past U+10FFFF. */
function codePoint(n: number): string {
  if (!isXmlChar(n)) throw new BadCharacterReference(`&#${n}; is not a character XML allows.`);
  return String.fromCodePoint(n);
}

function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => codePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => codePoint(parseInt(n, 16)))
    .replace(/&amp;/g, '&');
}
