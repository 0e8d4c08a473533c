// "Upload Attachment…": files picked, an optional description, then the batch upload in a
// cancellable notification with progress over every byte. A taken name asks Replace / Keep Both /
// Skip. Every answer comes through AttachmentPrompts (the tests answer in the extension's test
// mode), so the command takes only which defect; it returns the report of what happened.
//   executeCommand(COMMAND.uploadAttachment, { defect, token, onProgress })
import * as vscode from 'vscode';
import { describeError } from '../../util/log';
import { anySignal, tokenToSignal } from '../../util/cancellation';
import type { DefectRef } from '../../defects/refs';
import type { AttachmentsHub } from '../hub';
import { formatBytes } from '../model/format';
import { summarize, uploadBatch } from '../transfer/upload';
import type { BatchProgress, UploadItem, UploadReport } from '../transfer/upload';
import { defectOf, option } from './args';
import { itemFromUri } from './sources';

const isToken = (v: unknown): v is vscode.CancellationToken => typeof v === 'object' && v !== null && typeof (v as vscode.CancellationToken).onCancellationRequested === 'function';

export interface UploadOptions {
  /** '' or undefined: no description. */
  description?: string;
  /** Cancels like the notification's Cancel button (for callers that start uploads programmatically). */
  token?: vscode.CancellationToken;
  /** Hears the batch's progress too (for callers that show or act on it themselves). */
  onProgress?: (progress: BatchProgress) => void;
}

export async function uploadCommand(hub: AttachmentsHub, arg: unknown): Promise<UploadReport | undefined> {
  const defect = defectOf(arg, hub.services.tree.selection());
  if (!defect) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Select a defect in the ALM view first, then run "Upload Attachment…" again.'));
    return undefined;
  }
  const files = await hub.prompts.pickFiles(vscode.l10n.t('Upload to defect {0}', defect.id));
  if (!files || files.length === 0) return undefined;
  const items = await Promise.all(files.map((f) => itemFromUri(f)));
  const description = await hub.prompts.description(items.map((i) => i.name));
  if (description === undefined) return undefined;
  const token = option(arg, 'token', isToken);
  const onProgress = option(arg, 'onProgress', (v): v is (p: BatchProgress) => void => typeof v === 'function');
  return runUpload(hub, defect, items, { description, token, onProgress });
}

/** Uploads `items` to `defect` with progress and cancellation; shared by the command and drops. */
export async function runUpload(hub: AttachmentsHub, defect: DefectRef, items: readonly UploadItem[], o: UploadOptions = {}): Promise<UploadReport> {
  const api = await hub.api(defect);
  const count = items.length === 1 ? items[0].name : vscode.l10n.t('{0} files', items.length);
  const report = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Uploading {0} to defect {1}', count, defect.id), cancellable: true },
    async (progress, token) => {
      const link = tokenToSignal(token);
      const caller = tokenToSignal(o.token);
      let shown = 0;
      try {
        return await uploadBatch(items, {
          api,
          entity: { type: 'defect', id: defect.id },
          description: o.description ? o.description : undefined,
          signal: anySignal(link.signal, caller.signal),
          resolveConflict: (name, existing) => hub.prompts.conflict(name, existing, defect.id),
          onProgress: (p) => {
            o.onProgress?.(p);
            const pct = p.total > 0 ? (p.bytes * 100) / p.total : 100;
            // About one report per percent: a 200 MB file would otherwise post thousands.
            if (pct - shown < 1 && p.bytes < p.total) return;
            const amount = vscode.l10n.t('{0} of {1}', formatBytes(p.bytes), formatBytes(p.total));
            progress.report({ increment: pct - shown, message: items.length === 1 ? amount : vscode.l10n.t('{0} ({1} of {2}) — {3}', p.file, p.index + 1, p.count, amount) });
            shown = pct;
          },
        });
      } finally {
        link.dispose();
        caller.dispose();
      }
    },
  );
  const replaced = report.replaced.map((a) => hub.locationOf(defect, a));
  if (report.created.length || replaced.length) hub.announce({ defect, changed: replaced, deleted: [] });
  const text = vscode.l10n.t('Defect {0}: {1}', defect.id, summarize(report, describeError));
  hub.log.info(text);
  if (report.failed.length) void vscode.window.showErrorMessage(text);
  else void vscode.window.showInformationMessage(text);
  return report;
}
