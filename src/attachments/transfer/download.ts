// Streams an attachment to a local file without ever holding it in memory, and without ever
// leaving a half-written file: the client's saveTo writes a hidden temporary file next to the
// target and renames it over the target only when every byte arrived (as many as the server
// announced). Here: the extension's progress and error wording. No `vscode` import.
import * as l10n from '@vscode/l10n';
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

/**
 * Downloads attachment `id` into `target` (replacing it when it exists) through the client's
 * saveTo. Throws CancelledError when `signal` aborts, NetworkError when the connection ends early,
 * and the client's typed errors, with messages that say nothing was saved.
 */
export async function downloadToFile(api: AttachmentsApi, id: number, target: string, options: DownloadToFileOptions = {}): Promise<DownloadResult> {
  const { signal, onProgress } = options;
  signal?.throwIfAborted();
  let bytes = 0;
  try {
    bytes = await api.saveTo(id, target, {
      signal,
      expectedSize: options.expectedSize ?? undefined,
      onProgress: (progress) => {
        bytes = progress.bytes;
        onProgress?.(progress);
      },
    });
    return { path: target, bytes };
  } catch (e) {
    throw toTransferError(e, signal, l10n.t('attachment {0}', id), bytes);
  }
}

/** Maps stream and abort failures to the client's error family; keeps typed errors as they are. */
export function toTransferError(e: unknown, signal: AbortSignal | undefined, what: string, bytes: number): unknown {
  if (signal?.aborted) return new CancelledError(l10n.t('The transfer of {0} was cancelled.', what));
  if (isAlmApiError(e)) return e;
  if (e instanceof Error && (e.name === 'AbortError' || e.name === 'CancelledError')) return new CancelledError(l10n.t('The transfer of {0} was cancelled.', what));
  const code = typeof (e as { code?: unknown })?.code === 'string' ? (e as { code: string }).code : undefined;
  if (code && /^E[A-Z]+$/.test(code) && !NETWORK_CODES.has(code)) return e;
  const reason = e instanceof Error ? e.message : String(e);
  return new NetworkError(l10n.t('The connection broke during the transfer of {0} after {1} bytes ({2}); nothing was saved.', what, bytes, reason), code, { cause: e });
}

/** Socket-level codes; other E-codes (ENOSPC, EACCES, EEXIST) are local file problems and stay as they are. */
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED', 'EHOSTUNREACH', 'ENETUNREACH']);
