// Uploads a batch of files to one defect: asks what to do when a name is taken (replace the
// existing attachment's content, keep both, or skip), reports progress over the whole batch, and
// honours cancellation so that nothing of the upload in flight stays on the server (if the server
// committed it just before the cancel arrived, it is deleted again). Files finished before the
// cancel stay. One file's rejection (too large, bad name) does not stop the others; a network,
// sign-in or lock failure does, since every later file would fail the same way. No `vscode` import.
import * as l10n from '@vscode/l10n';
import { isAlmApiError, isCancellation } from '../../api';
import type { Attachment, AttachmentsApi, EntityRef, TransferProgress, UploadSource } from '../../api';
import { toTransferError } from './download';

export interface UploadItem {
  /** File name to store on the server. */
  name: string;
  source: UploadSource;
  /** Bytes, for progress over the batch (from the file system or the dropped data). */
  size: number;
}

export type ConflictChoice = 'replace' | 'keepBoth' | 'skip';

export interface UploadBatchOptions {
  api: AttachmentsApi;
  entity: EntityRef;
  description?: string;
  signal?: AbortSignal;
  /** What to do with `name` when the defect already has `existing` under that name; undefined skips. */
  resolveConflict(name: string, existing: Attachment): Promise<ConflictChoice | undefined>;
  /** Progress of the whole batch; `file` is the one being sent. */
  onProgress?(progress: BatchProgress): void;
}

export interface BatchProgress {
  file: string;
  index: number;
  count: number;
  /** Bytes of the batch sent so far and in total. */
  bytes: number;
  total: number;
}

interface UploadFailure {
  name: string;
  error: unknown;
}

export interface UploadReport {
  /** New attachments (including "keep both" copies under the server's new name). */
  created: Attachment[];
  /** Attachments whose content was replaced. */
  replaced: Attachment[];
  skipped: string[];
  failed: UploadFailure[];
  /** Names not attempted because the batch was cancelled or stopped by a failure. */
  notAttempted: string[];
  cancelled: boolean;
}

/** Errors after which the rest of the batch would fail the same way. */
function stopsBatch(e: unknown): boolean {
  if (!isAlmApiError(e)) return true;
  return e.kind !== 'validation' && e.kind !== 'forbidden' && e.kind !== 'not-found';
}

export async function uploadBatch(items: readonly UploadItem[], o: UploadBatchOptions): Promise<UploadReport> {
  const report: UploadReport = { created: [], replaced: [], skipped: [], failed: [], notAttempted: [], cancelled: false };
  const total = items.reduce((sum, i) => sum + i.size, 0);
  const filter = { entity: { type: o.entity.type, ids: [o.entity.id] }, signal: o.signal };
  // The names already there (to ask about replacing). On a slow server this is where a user
  // cancels; the loop's first abort check then reports every file as not attempted.
  let present = await o.api.list(filter).catch((e: unknown) => {
    if (o.signal?.aborted) return [];
    throw e;
  });
  let done = 0;
  for (const [index, item] of items.entries()) {
    if (o.signal?.aborted) {
      report.cancelled = true;
      report.notAttempted.push(...items.slice(index).map((i) => i.name));
      break;
    }
    const existing = present.find((a) => a.name === item.name);
    let choice: ConflictChoice = 'keepBoth';
    if (existing) choice = (await o.resolveConflict(item.name, existing)) ?? 'skip';
    if (choice === 'skip') {
      report.skipped.push(item.name);
      done += item.size;
      continue;
    }
    const before = new Set(present.map((a) => a.id));
    const onProgress = (p: TransferProgress): void => o.onProgress?.({ file: item.name, index, count: items.length, bytes: done + Math.min(p.bytes, item.size), total });
    try {
      const request = { entity: o.entity, name: item.name, source: item.source, description: o.description, signal: o.signal, onProgress };
      const stored = choice === 'replace' ? await o.api.override(request) : await o.api.upload(request);
      (choice === 'replace' ? report.replaced : report.created).push(stored);
      present = [...present.filter((a) => a.id !== stored.id), stored];
    } catch (raw) {
      const e = toTransferError(raw, o.signal, item.name, 0);
      if (isCancellation(e) || o.signal?.aborted) {
        report.cancelled = true;
        report.notAttempted.push(...items.slice(index + 1).map((i) => i.name));
        if (choice !== 'replace') {
          await removeLateArrivals(o.api, filter.entity, before, item.name).catch((cleanup: unknown) => report.failed.push({ name: item.name, error: cleanup }));
        }
        break;
      }
      report.failed.push({ name: item.name, error: e });
      if (stopsBatch(e)) {
        report.notAttempted.push(...items.slice(index + 1).map((i) => i.name));
        break;
      }
    }
    done += item.size;
  }
  return report;
}

/**
 * After a cancel: an attachment the server stored for the cancelled file (it may have committed
 * just before the connection closed) is deleted. Only new ids under this name or its
 * "keep both" variant `name (n).ext` count, so other users' attachments are never touched.
 */
async function removeLateArrivals(api: AttachmentsApi, entity: { type: string; ids: number[] }, before: Set<number>, name: string): Promise<void> {
  // The cancelled request may still be finishing on the server; wait briefly for it to settle.
  await new Promise((r) => setTimeout(r, 150));
  const variant = keepBothPattern(name);
  for (const a of await api.list({ entity })) {
    if (!before.has(a.id) && (a.name === name || variant.test(a.name))) await api.delete(a.id);
  }
}

function keepBothPattern(name: string): RegExp {
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const dot = name.lastIndexOf('.');
  return dot > 0 ? new RegExp(`^${esc(name.slice(0, dot))} \\(\\d+\\)${esc(name.slice(dot))}$`) : new RegExp(`^${esc(name)} \\(\\d+\\)$`);
}

/** One line for the user: "Uploaded 2 files, replaced 1; skipped a.txt; too-big.bin: The content is too large." */
export function summarize(report: UploadReport, describe: (e: unknown) => string): string {
  const parts: string[] = [];
  const created = report.created.length;
  const replaced = report.replaced.length;
  if (created) parts.push(created === 1 ? l10n.t('uploaded 1 file') : l10n.t('uploaded {0} files', created));
  if (replaced) parts.push(replaced === 1 ? l10n.t('replaced 1 attachment') : l10n.t('replaced {0} attachments', replaced));
  if (report.skipped.length) parts.push(l10n.t('skipped {0}', report.skipped.join(', ')));
  // The reason is a sentence of its own (the server's or ours): its closing period would double the list's.
  for (const f of report.failed) parts.push(l10n.t('{0} was not uploaded: {1}', f.name, describe(f.error).replace(/[.\s]+$/, '')));
  if (report.cancelled) parts.push(l10n.t('the upload was cancelled; nothing of the cancelled file was kept'));
  if (report.notAttempted.length) parts.push(l10n.t('not sent: {0}', report.notAttempted.join(', ')));
  const text = parts.join('; ') || l10n.t('nothing was uploaded');
  // Capitalized as a sentence, unless it starts with a file name ("crash.log was not uploaded…"), which is kept as it is.
  const startsWithName = report.failed.length > 0 && parts[0].startsWith(report.failed[0].name);
  return (startsWithName ? text : text[0].toUpperCase() + text.slice(1)) + '.';
}
