// Reads a whole answer (JSON, XML, an error page) into memory, but never more than a limit: a
// broken or hostile server announcing 5 GB, sending an endless chunked body or a small gzip bomb
// must not exhaust the extension host. Past the limit the body is destroyed, which makes undici
// close the connection: the server's further bytes are never read. Downloads do not come here;
// they stream to disk.
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { decodeBuffer } from './decode';

/** Default for the client's `maxAnswerBytes`: far beyond any real ALM answer, far below what hurts. */
export const DEFAULT_MAX_ANSWER_BYTES = 64 << 20;
/** Error bodies only feed an error message (an ALM Title, an HTML page's title): 1 MB is plenty. */
export const MAX_ERROR_BODY_BYTES = 1 << 20;

/** What readBounded found: the decoded body, or that it is (or would decode to) more than the limit. */
export type BoundedBody = { body: Buffer } | { tooLarge: true };

function announcedLength(headers: IncomingHttpHeaders): number | undefined {
  const length = Number(headers['content-length']);
  return Number.isFinite(length) && length >= 0 ? length : undefined;
}

/**
 * The body, decoded per Content-Encoding, when neither the bytes received nor the decoded bytes
 * pass `limit`. A Content-Length over the limit fails before any of the body is read; otherwise
 * reading stops at the first chunk past it, and inflating stops where its output would.
 */
export async function readBounded(body: Readable, headers: IncomingHttpHeaders, limit: number): Promise<BoundedBody> {
  if ((announcedLength(headers) ?? 0) > limit) {
    body.destroy();
    return { tooLarge: true };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      body.destroy();
      return { tooLarge: true };
    }
    chunks.push(chunk);
  }
  const raw = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
  try {
    return { body: decodeBuffer(raw, headers['content-encoding'], limit) };
  } catch (e) {
    if ((e as NodeJS.ErrnoException | null)?.code === 'ERR_BUFFER_TOO_LARGE') return { tooLarge: true };
    throw e;
  }
}

/** `64 MB`, `1.5 MB`, `512 KB`: a limit as a user reads it. */
export function describeLimit(bytes: number): string {
  if (bytes >= 1 << 20) return `${Number((bytes / (1 << 20)).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
