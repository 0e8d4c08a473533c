// Content-Encoding decoding (gzip, deflate) for whole bodies and for streams. undici's request()
// hands back the raw bytes, so the client decodes itself. "deflate" is zlib-wrapped per the RFC,
// but some servers send raw deflate; the first byte tells them apart.
// Not undici's `interceptors.decompress` (7.30): it fails on raw deflate (Z_DATA_ERROR), hands a
// body in an unknown encoding on still encoded, skips error bodies by default, and is marked
// experimental (an ExperimentalWarning in the extension host's log on first use).
import type { IncomingHttpHeaders } from 'node:http';
import { Transform, pipeline } from 'node:stream';
import type { Readable } from 'node:stream';
import { createGunzip, createInflate, createInflateRaw, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

function encodingOf(header: string | string[] | undefined): string {
  const v = Array.isArray(header) ? header.join(',') : (header ?? '');
  return v.trim().toLowerCase();
}

function isIdentity(enc: string): boolean {
  return enc === '' || enc === 'identity';
}

/** True when the body comes as sent: no Content-Encoding, or identity. */
export function isUnencoded(headers: IncomingHttpHeaders): boolean {
  return isIdentity(encodingOf(headers['content-encoding']));
}

/** The body's size as announced: Content-Length, when the body is not encoded. */
export function announcedSize(headers: IncomingHttpHeaders): number | undefined {
  const length = Number(headers['content-length']);
  return Number.isSafeInteger(length) && length >= 0 && isUnencoded(headers) ? length : undefined;
}

/** A zlib stream header starts with 0x?8 and a checksum making the first two bytes divisible by 31. */
function isZlibWrapped(b: Buffer): boolean {
  return b.length >= 2 && (b[0] & 0x0f) === 8 && ((b[0] << 8) | b[1]) % 31 === 0;
}

/**
 * The body decoded. With `maxOutput`, inflating stops as soon as the output would pass it and a
 * RangeError with code ERR_BUFFER_TOO_LARGE is thrown (a gzip bomb never unfolds in memory).
 */
export function decodeBuffer(body: Buffer, contentEncoding: string | string[] | undefined, maxOutput?: number): Buffer {
  const enc = encodingOf(contentEncoding);
  if (isIdentity(enc)) return body;
  const options = maxOutput === undefined ? {} : { maxOutputLength: maxOutput };
  if (enc === 'gzip' || enc === 'x-gzip') return gunzipSync(body, options);
  if (enc === 'deflate') return isZlibWrapped(body) ? inflateSync(body, options) : inflateRawSync(body, options);
  throw new Error(`unsupported Content-Encoding "${enc}"`);
}

export function decodeStream(body: Readable, contentEncoding: string | string[] | undefined): Readable {
  const enc = encodingOf(contentEncoding);
  if (isIdentity(enc)) return body;
  if (enc === 'gzip' || enc === 'x-gzip') return chain(body, createGunzip());
  if (enc !== 'deflate') throw new Error(`unsupported Content-Encoding "${enc}"`);
  // Decide wrapped/raw on the first chunk, then pass everything through the chosen inflater.
  let inflater: Transform | undefined;
  const out = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (!inflater) {
        inflater = isZlibWrapped(chunk) ? createInflate() : createInflateRaw();
        inflater.on('data', (d: Buffer) => this.push(d));
        inflater.on('error', (e) => this.destroy(e));
      }
      if (inflater.write(chunk)) done();
      else inflater.once('drain', () => done());
    },
    flush(done) {
      if (!inflater) return done();
      inflater.once('end', () => done());
      inflater.end();
    },
  });
  return chain(body, out);
}

/** pipeline() so an error or abort on the source also destroys the decoder the caller reads. */
function chain(source: Readable, decoder: Transform): Readable {
  pipeline(source, decoder, () => undefined);
  return decoder;
}
