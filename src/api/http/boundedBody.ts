// Reads a whole answer (JSON, XML, an error page) into memory, but never more than a limit: a
// broken or hostile server announcing 5 GB, sending an endless chunked body or a small gzip bomb
// must not exhaust the extension host. Past the limit the body is destroyed, which makes undici
// close the connection: the server's further bytes are never read. Downloads do not come here;
// they stream to disk.
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { AnswerTooLargeError } from '../errors';
import { decodeBuffer } from './decode';

/** Default for the client's `maxAnswerBytes`: far beyond any real ALM answer, far below what hurts. */
export const DEFAULT_MAX_ANSWER_BYTES = 64 << 20;
/** Error bodies only feed an error message (an ALM Title, an HTML page's title): 1 MB is plenty. */
const MAX_ERROR_BODY_BYTES = 1 << 20;

/** A response body: undici's (which can also hand itself over whole), or any stream. */
export type AnswerBody = Readable & { arrayBuffer?: () => Promise<ArrayBuffer> };

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
export async function readBounded(body: AnswerBody, headers: IncomingHttpHeaders, limit: number): Promise<BoundedBody> {
  const announced = announcedLength(headers);
  if (announced !== undefined && announced > limit) {
    discard(body);
    return { tooLarge: true };
  }
  // With a Content-Length, undici's parser ends the body there (and fails a mismatch), so the
  // limit already holds: read it the way undici reads fastest. Without one, count every chunk.
  const raw = announced !== undefined && body.arrayBuffer ? Buffer.from(await body.arrayBuffer()) : await collect(body, limit);
  if (!raw) return { tooLarge: true };
  try {
    return { body: decodeBuffer(raw, headers['content-encoding'], limit) };
  } catch (e) {
    if ((e as NodeJS.ErrnoException | null)?.code === 'ERR_BUFFER_TOO_LARGE') return { tooLarge: true };
    throw e;
  }
}

/**
 * The raw body, or undefined (and the body destroyed) at the first chunk past `limit`. Plain
 * listeners rather than `for await`: on the hot path of small JSON answers the async iterator's
 * promises cost a measurable share of a request (bench:client, defect GET).
 */
function collect(body: Readable, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (): void => {
      body.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      settle();
      discard(body);
      resolve(undefined);
    };
    const onEnd = (): void => {
      settle();
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    };
    const onError = (e: Error): void => {
      settle();
      reject(e);
    };
    const onClose = (): void => {
      settle();
      reject(new Error('the answer was cut off'));
    };
    body.on('data', onData).once('end', onEnd).once('error', onError).once('close', onClose);
  });
}

/** The error for an answer past the limit: names the server and the request, and says what to do. */
export function answerTooLarge(host: string, limit: number, request: string, status: number): AnswerTooLargeError {
  return new AnswerTooLargeError(
    `${host} sent an answer larger than ${describeLimit(limit)} to ${request}; it was not read. If the server is right to send that much, raise the answer size limit (setting almDefects.maxAnswerMB).`,
    { status, request },
  );
}

/**
 * An error body, bounded (1 MB, or the answer limit if lower) and decoded best effort: a broken
 * or oversized one must not hide the HTTP error itself, so it reads as empty then.
 */
export async function readErrorText(res: Dispatcher.ResponseData, answerLimit: number, warn: (note: string) => void): Promise<string> {
  const limit = Math.min(MAX_ERROR_BODY_BYTES, answerLimit);
  try {
    const read = await readBounded(res.body, res.headers, limit);
    if ('body' in read) return read.body.toString('utf8');
    warn(`the error answer (HTTP ${res.statusCode}) is larger than ${describeLimit(limit)}; not read`);
  } catch {
    // A body that broke off or does not decode: the status alone says what failed.
  }
  return '';
}

/** Stops the body, and so the connection; undici reports that as a RequestAbortedError no one needs. */
function discard(body: Readable): void {
  body.on('error', () => undefined);
  body.destroy();
}

/** `64 MB`, `1.5 MB`, `512 KB`: a limit as a user reads it. */
export function describeLimit(bytes: number): string {
  if (bytes >= 1 << 20) return `${Number((bytes / (1 << 20)).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
