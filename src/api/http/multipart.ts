// multipart/form-data framing for attachment uploads, streamed: text parts first, the file part
// last (the seed requires it), file bytes pulled from the source as the socket drains.
// Framed by hand because undici's FormData buffers Blobs and the part order must be exact.
import { randomBytes } from 'node:crypto';

export interface MultipartText {
  name: string;
  value: string;
}

export interface MultipartFile {
  /** Part name (`file`). */
  name: string;
  filename: string;
  contentType: string;
  /** The file's bytes: a Readable or a generator (see readFileChunks), pulled one chunk at a time. */
  content: AsyncIterable<Uint8Array | string>;
  size?: number;
}

export interface MultipartBody {
  contentType: string;
  boundary: string;
  /** Total bytes when the file size is known (so a Content-Length can be sent). */
  length?: number;
  /**
   * The body, pulled by undici one frame at a time. Not wrapped in a Readable: a Readable reads
   * ahead into its buffer, and readFileChunks' reused buffers must only be refilled once the
   * socket has taken them. Returning the generator early ends (and releases) the source.
   */
  frames: AsyncGenerator<Uint8Array, void, undefined>;
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

function newBoundary(): string {
  return `----AlmClientBoundary${randomBytes(16).toString('hex')}`;
}

/** The bytes before the file content: every text part, then the file part's headers. */
export function multipartHead(boundary: string, texts: readonly MultipartText[], file: Omit<MultipartFile, 'content'>): Buffer {
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
export function buildMultipart(texts: readonly MultipartText[], file: MultipartFile, onFileBytes?: (sent: number) => void, boundary = newBoundary()): MultipartBody {
  for (const t of texts) {
    if (t.value.includes(boundary)) throw new Error('multipart boundary collides with a field value');
  }
  const head = multipartHead(boundary, texts, file);
  const tail = multipartTail(boundary);
  async function* frames(): AsyncGenerator<Uint8Array, void, undefined> {
    yield head;
    let sent = 0;
    // for-await returns the source's iterator when this generator is returned or fails, which
    // destroys a Readable and closes readFileChunks' file.
    for await (const chunk of file.content) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      sent += bytes.byteLength;
      yield bytes;
      onFileBytes?.(sent);
    }
    yield tail;
  }
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    boundary,
    length: file.size === undefined ? undefined : head.length + file.size + tail.length,
    frames: frames(),
  };
}
