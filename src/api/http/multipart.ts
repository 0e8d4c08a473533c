// multipart/form-data framing for attachment uploads, streamed: text parts first, the file part
// last (the seed requires it), file bytes pulled from the source stream as the socket drains.
// Framed by hand because undici's FormData buffers Blobs and the part order must be exact.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

export interface MultipartText {
  name: string;
  value: string;
}

export interface MultipartFile {
  /** Part name (`file`). */
  name: string;
  filename: string;
  contentType: string;
  stream: Readable;
  size?: number;
}

export interface MultipartBody {
  contentType: string;
  boundary: string;
  /** Total bytes when the file size is known (so a Content-Length can be sent). */
  length?: number;
  stream: Readable;
}

const CRLF = '\r\n';

/** Header parameter quoting as browsers do it: `"`, CR and LF percent-encoded. */
function quoteParam(value: string): string {
  return `"${value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;
}

function dispositionParams(part: string, filename?: string): string {
  let d = `form-data; name=${quoteParam(part)}`;
  // UTF-8 as browsers send it; `filename*` is left out because several parsers reject it.
  // The authoritative name travels in the `filename` text part anyway.
  if (filename !== undefined) d += `; filename=${quoteParam(filename)}`;
  return d;
}

export function newBoundary(): string {
  return `----AlmClientBoundary${randomBytes(16).toString('hex')}`;
}

/** The bytes before the file content: every text part, then the file part's headers. */
export function multipartHead(boundary: string, texts: readonly MultipartText[], file: Omit<MultipartFile, 'stream'>): Buffer {
  let head = '';
  for (const t of texts) {
    head += `--${boundary}${CRLF}Content-Disposition: ${dispositionParams(t.name)}${CRLF}${CRLF}${t.value}${CRLF}`;
  }
  head += `--${boundary}${CRLF}Content-Disposition: ${dispositionParams(file.name, file.filename)}${CRLF}`;
  head += `Content-Type: ${file.contentType}${CRLF}${CRLF}`;
  return Buffer.from(head, 'utf8');
}

export function multipartTail(boundary: string): Buffer {
  return Buffer.from(`${CRLF}--${boundary}--${CRLF}`, 'utf8');
}

/**
 * Builds the streamed body. `onFileBytes` is called with the running count of file bytes handed
 * to the socket (progress).
 */
export function buildMultipart(
  texts: readonly MultipartText[],
  file: MultipartFile,
  onFileBytes?: (sent: number) => void,
  boundary = newBoundary(),
): MultipartBody {
  for (const t of texts) {
    if (t.value.includes(boundary)) throw new Error('multipart boundary collides with a field value');
  }
  const head = multipartHead(boundary, texts, file);
  const tail = multipartTail(boundary);
  async function* frames(): AsyncGenerator<Buffer> {
    yield head;
    let sent = 0;
    for await (const chunk of file.stream) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      sent += buf.length;
      yield buf;
      onFileBytes?.(sent);
    }
    yield tail;
  }
  const stream = Readable.from(frames(), { objectMode: false });
  // Destroying the body (abort, failure) must also release the source file.
  stream.once('close', () => {
    if (!file.stream.destroyed) file.stream.destroy();
  });
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    boundary,
    length: file.size === undefined ? undefined : head.length + file.size + tail.length,
    stream,
  };
}
