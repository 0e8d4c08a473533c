// "Save As…" and "Open in Default Application": the attachment is streamed to disk (a hidden temp
// file renamed into place when complete) in a cancellable notification. The server's name is only
// ever a suggestion, and sanitized: it cannot point outside the chosen folder. Opening externally
// saves into a private temporary folder first and asks before handing a program or script to the
// system.
//   executeCommand(COMMAND.saveAttachmentAs, { ...attachmentRef, target: '/tmp/x.log' })   or { folder: '/tmp' }
//   executeCommand(COMMAND.openAttachmentExternally, { ...attachmentRef, launch: false })  → the local path
import { createHash } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { isCancellation } from '../../api';
import type { Attachment, AttachmentsApi } from '../../api';
import { tokenToSignal } from '../../util/cancellation';
import { describeError } from '../../util/log';
import type { AttachmentsHub } from '../hub';
import { formatBytes } from '../model/format';
import { locationKey } from '../model/location';
import type { AttachmentLocation } from '../model/location';
import { safeJoin, sanitizeFileName } from '../model/names';
import { runsWhenOpened } from '../model/runnable';
import { downloadToFile } from '../transfer/download';
import { attachmentOf, isBoolean, isString, option } from './args';

/** Folder of the files "Open in Default Application" writes; old ones are removed at start-up. */
const EXTERNAL_ROOT = join(tmpdir(), 'alm-defects-attachments');

let lastFolder: string | undefined;

async function resolve(hub: AttachmentsHub, arg: unknown): Promise<{ loc: AttachmentLocation; api: AttachmentsApi; a: Attachment } | undefined> {
  const loc = attachmentOf(arg, hub.services.tree.selection());
  if (!loc) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Select an attachment in the ALM view first.'));
    return undefined;
  }
  const api = await hub.api(loc);
  return { loc, api, a: await api.get(loc.id) };
}

/** Downloads with a cancellable progress notification; undefined when the user cancelled. */
async function transfer(api: AttachmentsApi, a: Attachment, target: string, title: string): Promise<string | undefined> {
  try {
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
      const link = tokenToSignal(token);
      let shown = 0;
      try {
        await downloadToFile(api, a.id, target, {
          signal: link.signal,
          expectedSize: a.fileSize,
          onProgress: (p) => {
            const pct = p.total ? (p.bytes * 100) / p.total : 0;
            if (pct - shown < 1 && p.bytes !== p.total) return;
            progress.report({ increment: pct - shown, message: p.total ? vscode.l10n.t('{0} of {1}', formatBytes(p.bytes), formatBytes(p.total)) : formatBytes(p.bytes) });
            shown = pct;
          },
        });
      } finally {
        link.dispose();
      }
    });
    return target;
  } catch (e) {
    if (isCancellation(e)) return undefined;
    throw new Error(vscode.l10n.t('{0} was not saved: {1}', a.name, describeError(e)), { cause: e });
  }
}

export async function saveAsCommand(hub: AttachmentsHub, arg: unknown): Promise<string | undefined> {
  const r = await resolve(hub, arg);
  if (!r) return undefined;
  const { api, a } = r;
  const folder = option(arg, 'folder', isString);
  let target = option(arg, 'target', isString) ?? (folder ? safeJoin(folder, a.name) : undefined);
  if (!target) {
    const suggested = vscode.Uri.file(join(lastFolder ?? defaultFolder(), sanitizeFileName(a.name)));
    const chosen = await hub.prompts.saveTarget(a, suggested);
    if (!chosen) return undefined;
    if (chosen.scheme !== 'file') throw new Error(vscode.l10n.t('Choose a folder on this computer (not {0}:).', chosen.scheme));
    target = chosen.fsPath;
  }
  const saved = await transfer(api, a, target, vscode.l10n.t('Saving {0}', a.name));
  if (!saved) return undefined;
  lastFolder = dirname(saved);
  hub.log.info(`saved attachment ${a.id} (${a.name}) to ${saved}`);
  void vscode.window.showInformationMessage(vscode.l10n.t('Saved {0} to {1}.', a.name, saved));
  return saved;
}

export async function openExternallyCommand(hub: AttachmentsHub, arg: unknown): Promise<string | undefined> {
  const r = await resolve(hub, arg);
  if (!r) return undefined;
  const { loc, api, a } = r;
  // One folder per attachment: two attachments with the same name never overwrite each other.
  const folder = join(EXTERNAL_ROOT, createHash('sha256').update(locationKey(loc)).digest('hex').slice(0, 16));
  const target = safeJoin(folder, a.name);
  // Decided on the name the file is written under, which is what the system opens: the server's
  // "setup.e\u200bxe" or "setup.exe." is saved as "setup.exe".
  if (runsWhenOpened(basename(target)) && !(await hub.prompts.confirmRun(a, basename(target)))) return undefined;
  await mkdir(folder, { recursive: true });
  const saved = await transfer(api, a, target, vscode.l10n.t('Downloading {0}', a.name));
  if (!saved) return undefined;
  if (option(arg, 'launch', isBoolean) !== false && !(await vscode.env.openExternal(vscode.Uri.file(saved)))) {
    void vscode.window.showWarningMessage(vscode.l10n.t('No application opened {0}; it is saved at {1}.', a.name, saved));
  }
  return saved;
}

function defaultFolder(): string {
  return vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file')?.uri.fsPath ?? homedir();
}

/** Removes what "Open in Default Application" saved more than a day ago. */
export async function cleanExternalCopies(maxAgeMs = 24 * 60 * 60 * 1000): Promise<void> {
  const entries = await readdir(EXTERNAL_ROOT).catch(() => [] as string[]);
  const now = Date.now();
  for (const name of entries) {
    const path = join(EXTERNAL_ROOT, name);
    const s = await stat(path).catch(() => undefined);
    if (s && now - s.mtimeMs > maxAgeMs) await rm(path, { recursive: true, force: true }).catch(() => undefined);
  }
}
