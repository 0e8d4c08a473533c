// Streams an attachment to a local file without ever holding it in memory, and without ever
// leaving a half-written file: the bytes go to a hidden temporary file next to the target, which
// is renamed over the target only when every byte arrived (as many as the server announced).
// Any failure or cancellation removes the temporary file and leaves the target as it was.
// No `vscode` import.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CancelledError, NetworkError, isAlmApiError } from '../../api';
import type { AttachmentsApi, TransferProgress } from '../../api';

export interface DownloadToFileOptions {
  signal?: AbortSignal;
  onProgress?: (progress: TransferProgress) => void;
  /** The size the descriptor announced; used when the response has no Content-Length. */
  expectedSize?: number | null;
}

export interface DownloadResult {
  path: string;
  bytes: number;
}

/** The hidden sibling the bytes are written to first. */
export function partialPath(target: string): string {
  return join(dirname(target), `.${basename(target)}.${randomBytes(4).toString('hex')}.part`);
}

/**
 * Downloads attachment `id` into `target` (replacing it when it exists). Throws CancelledError when
 * `signal` aborts, NetworkError when the connection ends early, and the client's typed errors.
 */
export async function downloadToFile(api: AttachmentsApi, id: number, target: string, options: DownloadToFileOptions = {}): Promise<DownloadResult> {
  const { signal, onProgress } = options;
  signal?.throwIfAborted();
  const temp = partialPath(target);
  let bytes = 0;
  try {
    const download = await api.download(id, { signal });
    const total = download.size ?? options.expectedSize ?? undefined;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        onProgress?.({ bytes, total });
        done(null, chunk);
      },
    });
    // 'wx': never follow or reuse something already at the temporary name.
    await pipeline(download.stream, counter, createWriteStream(temp, { flags: 'wx' }), { signal });
    if (total !== undefined && bytes !== total) {
      throw new NetworkError(`The download of attachment ${id} ended after ${bytes} of ${total} bytes; nothing was saved.`, 'ETRUNCATED');
    }
    await rename(temp, target);
    return { path: target, bytes };
  } catch (e) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw toTransferError(e, signal, `attachment ${id}`, bytes);
  }
}

/** Maps stream and abort failures to the client's error family; keeps typed errors as they are. */
export function toTransferError(e: unknown, signal: AbortSignal | undefined, what: string, bytes: number): unknown {
  if (signal?.aborted) return new CancelledError(`The transfer of ${what} was cancelled.`);
  if (isAlmApiError(e)) return e;
  if (e instanceof Error && (e.name === 'AbortError' || e.name === 'CancelledError')) return new CancelledError(`The transfer of ${what} was cancelled.`);
  const code = typeof (e as { code?: unknown })?.code === 'string' ? (e as { code: string }).code : undefined;
  if (code && /^E[A-Z]+$/.test(code) && !NETWORK_CODES.has(code)) return e;
  const reason = e instanceof Error ? e.message : String(e);
  return new NetworkError(`The connection broke during the transfer of ${what} after ${bytes} bytes (${reason}); nothing was saved.`, code, { cause: e });
}

/** Socket-level codes; other E-codes (ENOSPC, EACCES, EEXIST) are local file problems and stay as they are. */
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED', 'EHOSTUNREACH', 'ENETUNREACH']);
