// Body parsers every tree shares: a body must be valid UTF-8 (a replacement character is never
// stored in place of what the client meant), and a JSON body is refused when it nests deeper
// than the server's limit, before JSON.parse or any recursive code sees it.
import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestLimits } from './config';
import { AlmError } from './errors';
import { checkXmlCost, entityBodyBounds } from './xmlCost';

/** The body as text; a 400 naming the first bad byte when it is not valid UTF-8. */
function utf8Text(body: Buffer): string {
  if (isUtf8(body)) return body.toString('utf8');
  const decoded = body.toString('utf8');
  const at = Buffer.byteLength(decoded.slice(0, decoded.indexOf('\uFFFD')), 'utf8');
  throw new AlmError(400, 'qccore.general-error', `The request body is not valid UTF-8 (first bad byte at offset ${at}). Send text encoded as UTF-8.`);
}

/** Deepest nesting of `{`/`[` outside strings, stopping as soon as it passes `max`. */
function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** Replaces fastify's JSON parser in `app` (and its children) with the checked one. */
export function installJsonParser(app: FastifyInstance, limits: RequestLimits): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request: FastifyRequest, body: Buffer, done) => {
    let text: string;
    try {
      text = utf8Text(body);
    } catch (err) {
      done(err as Error, undefined);
      return;
    }
    if (jsonDepthExceeds(text, limits.maxJsonDepth)) {
      done(new AlmError(400, 'qccore.general-error', `The JSON body nests deeper than ${limits.maxJsonDepth} levels; ALM entities need only a few.`), undefined);
      return;
    }
    // fastify's own parser answers through `done`; its type merely allows a promise too.
    void parse(request, text, done);
  });
}

/** A text parser (XML, plain text) that refuses invalid UTF-8. */
export function checkedTextParser(_request: FastifyRequest, body: Buffer, done: (err: Error | null, value?: unknown) => void): void {
  try {
    done(null, utf8Text(body));
  } catch (err) {
    done(err as Error, undefined);
  }
}

/**
 * The XML parser of every tree: valid UTF-8, then the parsing cost bounded (xmlCost.ts) before any
 * XML parser sees the body, so a body within the size limit still cannot stall the server.
 */
export function checkedXmlParser(limits: RequestLimits) {
  const bounds = entityBodyBounds(limits.maxBulkElements);
  return (_request: FastifyRequest, body: Buffer, done: (err: Error | null, value?: unknown) => void): void => {
    try {
      const text = utf8Text(body);
      checkXmlCost(text, bounds);
      done(null, text);
    } catch (err) {
      done(err as Error, undefined);
    }
  };
}
