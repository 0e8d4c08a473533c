// Turns what the user chose or dropped into upload items: local files are streamed from disk by
// path (never read into memory, and re-readable if the upload must be retried after a re-sign-in);
// files on other file systems, and files dropped from outside that have no path, are read through
// VS Code. Folders are refused with a clear message rather than uploaded half.
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import * as vscode from 'vscode';
import type { UploadItem } from '../transfer/upload';

class NotAFileError extends Error {
  constructor(readonly what: string) {
    super(vscode.l10n.t('{0} is a folder; upload the files inside it instead.', what));
    this.name = 'NotAFileError';
  }
}

/** An upload item for a path on this machine. */
async function itemFromPath(path: string): Promise<UploadItem> {
  const s = await stat(path);
  if (s.isDirectory()) throw new NotAFileError(basename(path));
  return { name: basename(path), source: { path }, size: s.size };
}

/** An upload item for any URI VS Code can read (file: streams from disk). */
export async function itemFromUri(uri: vscode.Uri): Promise<UploadItem> {
  if (uri.scheme === 'file') return itemFromPath(uri.fsPath);
  const s = await vscode.workspace.fs.stat(uri);
  const name = uri.path.split('/').pop() || 'attachment';
  if (s.type & vscode.FileType.Directory) throw new NotAFileError(name);
  return itemFromBytes(name, await vscode.workspace.fs.readFile(uri));
}

export function itemFromBytes(name: string, bytes: Uint8Array): UploadItem {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { name, source: { stream: Readable.from([buffer]), size: buffer.length }, size: buffer.length };
}

/** `text/uri-list` content: one URI per line, `#` lines are comments. */
export function parseUriList(text: string): vscode.Uri[] {
  const out: vscode.Uri[] = [];
  for (const line of text.split(/\r?\n/)) {
    const t = line.trim();
    if (!t || t.startsWith('#')) continue;
    try {
      out.push(vscode.Uri.parse(t, true));
    } catch {
      // Not a URI (some sources add plain text); ignored.
    }
  }
  return out;
}
