// Reads credentials from the forms real clients send: HTTP Basic, and the
// `<alm-authentication>` body (XML, or JSON on newer servers) of alm-authenticate.
import { XMLParser } from 'fast-xml-parser';
import { BadCharacterReference, XmlReferenceDecoder } from '../xml';

export { BadCharacterReference } from '../xml';

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
 * `{"alm-authentication":{"user":"u","password":"p"}}`. The XML form is read by the XML parser,
 * as a real server's reader does: CDATA, comments, attributes and namespaces are XML, not text to
 * match (regular expressions read `<![CDATA[…]]>` passwords as no password and took a commented-out
 * `<user>`). A reference to a character XML forbids throws BadCharacterReference (a 400).
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
    return xmlCredentials(text);
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

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: false,
  // Numeric references decoded, and invalid ones refused, as in every XML body (../xml.ts).
  entityDecoder: new XmlReferenceDecoder(),
});

function xmlCredentials(text: string): Credentials | undefined {
  // Entity declarations are how XML bombs work; no ALM client sends a DOCTYPE.
  if (/<!DOCTYPE/i.test(text)) return undefined;
  let doc: unknown;
  try {
    doc = parser.parse(text, true);
  } catch (err) {
    if (err instanceof BadCharacterReference) throw err;
    return undefined;
  }
  const root = (doc as Record<string, unknown>)['alm-authentication'];
  if (!root || typeof root !== 'object') return undefined;
  // Each is one element's text ('' when empty); absent, repeated or holding elements, it is no credential.
  const { user, password } = root as Record<string, unknown>;
  return typeof user === 'string' && typeof password === 'string' ? { user, password } : undefined;
}
