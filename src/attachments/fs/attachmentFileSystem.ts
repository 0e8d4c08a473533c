// The `alm-attachment:` file system: VS Code opens attachments through it in its own editors and
// viewers (text, images, notebooks, hex), picking by the file name at the end of the URI. Reading
// downloads the current content; saving asks first, then replaces the attachment's content on the
// server (override-existing-attachment = y). Creating, renaming and deleting go through the ALM
// view's commands instead, so nothing changes on the server without the user seeing what.
import { Readable } from 'node:stream';
import * as vscode from 'vscode';
import { AuthError, LockedByOtherError, NotFoundError, isAlmApiError, isCancellation } from '../../api';
import type { Attachment } from '../../api';
import { describeError } from '../../util/log';
import type { AttachmentsHub } from '../hub';
import { attachmentUri } from '../hub';
import { modifiedMillis } from '../model/format';
import { AttachmentUriError, parseAttachmentPath } from '../model/location';
import type { AttachmentLocation } from '../model/location';

/** The most an attachment opened in a VS Code editor may hold in memory; larger ones are saved or opened outside. */
const MAX_IN_EDITOR = 512 * 1024 * 1024;

export class AttachmentFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.emitter.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly hub: AttachmentsHub) {
    // Changes made through the commands reach documents opened from this file system.
    this.subscription = hub.onDidChange((c) => {
      const events: vscode.FileChangeEvent[] = [
        ...c.changed.map((l) => ({ type: vscode.FileChangeType.Changed, uri: attachmentUri(l) })),
        ...c.deleted.map((l) => ({ type: vscode.FileChangeType.Deleted, uri: attachmentUri(l) })),
      ];
      if (events.length) this.emitter.fire(events);
    });
  }

  watch(): vscode.Disposable {
    // Attachments change on the server without notice; there is nothing to watch.
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const a = await this.describe(uri);
    return { type: vscode.FileType.File, ctime: 0, mtime: modifiedMillis(a.lastModified), size: a.fileSize ?? 0 };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const loc = location(uri);
    try {
      const download = await (await this.hub.api(loc)).download(loc.id);
      // Held in memory for the editor: never more than the server announced (a broken or hostile
      // server's endless body must not exhaust the extension host), and never past the cap.
      const limit = Math.min(download.size ?? MAX_IN_EDITOR, MAX_IN_EDITOR);
      const chunks: Buffer[] = [];
      let received = 0;
      for await (const chunk of download.stream) {
        received += (chunk as Buffer).length;
        if (received > limit) {
          download.stream.destroy();
          throw vscode.FileSystemError.Unavailable(
            download.size === undefined
              ? vscode.l10n.t('{0} is larger than {1} MB: save it with "Save As…" or open it in its default application.', loc.name, MAX_IN_EDITOR >> 20)
              : vscode.l10n.t('The server sent more than the {0} bytes it announced for {1}; the download was stopped.', download.size, loc.name),
          );
        }
        chunks.push(chunk as Buffer);
      }
      const bytes = Buffer.concat(chunks);
      if (download.size !== undefined && bytes.length !== download.size) {
        throw vscode.FileSystemError.Unavailable(vscode.l10n.t('The download of {0} ended after {1} of {2} bytes.', loc.name, bytes.length, download.size));
      }
      return bytes;
    } catch (e) {
      throw toFileSystemError(e, uri);
    }
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array, options: { readonly create: boolean; readonly overwrite: boolean }): Promise<void> {
    const loc = location(uri);
    const a = await this.describe(uri, options.create ? vscode.l10n.t('New attachments are added with "Upload Attachment…" in the ALM view.') : undefined);
    if (!options.overwrite) throw vscode.FileSystemError.FileExists(uri);
    if (!(await this.hub.prompts.confirmUpload(a))) {
      throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Not uploaded: "{0}" on the ALM server is unchanged. Save again to upload, or use Save As to keep the changes locally.', a.name));
    }
    try {
      const api = await this.hub.api(loc);
      const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Uploading {0}', a.name) }, () =>
        api.override({ entity: a.entity, name: a.name, source: { stream: Readable.from([bytes]), size: bytes.length } }),
      );
      this.hub.log.info(`saved ${a.name} (attachment ${a.id}, ${bytes.length} bytes) to defect ${a.entity.id}`);
    } catch (e) {
      this.hub.log.error(`saving ${a.name}: ${describeError(e)}`);
      throw toFileSystemError(e, uri);
    }
    const defect = this.hub.defectOf(loc, a);
    this.hub.announce({ defect, changed: [{ ...loc, name: a.name }], deleted: [] });
  }

  readDirectory(uri: vscode.Uri): never {
    throw vscode.FileSystemError.FileNotADirectory(uri);
  }

  createDirectory(): never {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Attachments have no folders.'));
  }

  delete(): never {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Delete attachments with "Delete Attachment…" in the ALM view.'));
  }

  rename(): never {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Rename attachments with "Rename Attachment…" in the ALM view.'));
  }

  dispose(): void {
    this.subscription.dispose();
    this.emitter.dispose();
  }

  /** The attachment's current descriptor; FileNotFound (with `hint`) when it is gone. */
  private async describe(uri: vscode.Uri, hint?: string): Promise<Attachment> {
    const loc = location(uri);
    try {
      return await (await this.hub.api(loc)).get(loc.id);
    } catch (e) {
      if (hint && e instanceof NotFoundError) throw vscode.FileSystemError.NoPermissions(hint);
      throw toFileSystemError(e, uri);
    }
  }
}

function location(uri: vscode.Uri): AttachmentLocation {
  try {
    return parseAttachmentPath(uri.path);
  } catch (e) {
    if (e instanceof AttachmentUriError) throw vscode.FileSystemError.FileNotFound(e.message);
    throw e;
  }
}

/** The client's typed errors as the FileSystemErrors VS Code understands, with the client's message. */
function toFileSystemError(e: unknown, uri: vscode.Uri): Error {
  if (e instanceof vscode.FileSystemError) return e;
  if (e instanceof NotFoundError) return vscode.FileSystemError.FileNotFound(uri);
  if (e instanceof LockedByOtherError) return vscode.FileSystemError.NoPermissions(e.message);
  if (e instanceof AuthError) return vscode.FileSystemError.NoPermissions(e.message);
  if (isCancellation(e)) return new vscode.CancellationError();
  if (isAlmApiError(e) && e.kind === 'forbidden') return vscode.FileSystemError.NoPermissions(e.message);
  return vscode.FileSystemError.Unavailable(describeError(e));
}
