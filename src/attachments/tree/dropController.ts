// Files dragged from VS Code's Explorer (`text/uri-list`) or from the desktop (`files`) onto a
// defect row — or onto one of its attachments, or its "No attachments" row — are uploaded to
// that defect. Files with a path on this machine are streamed from disk; files the browser hands
// over as bytes (a desktop drop into VS Code in a browser) are sent from memory.
import * as vscode from 'vscode';
import type { TreeNode } from '../../tree';
import { defectOf } from '../commands/args';
import { itemFromBytes, itemFromUri, parseUriList } from '../commands/sources';
import { runUpload } from '../commands/upload';
import type { AttachmentsHub } from '../hub';
import type { UploadItem, UploadReport } from '../transfer/upload';

export class AttachmentDropController implements vscode.TreeDragAndDropController<TreeNode> {
  readonly dropMimeTypes = ['files', 'text/uri-list'];
  readonly dragMimeTypes: readonly string[] = [];

  constructor(private readonly hub: AttachmentsHub) {}

  async handleDrop(target: TreeNode | undefined, data: vscode.DataTransfer, token: vscode.CancellationToken): Promise<void> {
    await this.drop(target, data, token);
  }

  /** What handleDrop does, resolving with the upload's report (undefined when nothing was uploaded). */
  async drop(target: TreeNode | undefined, data: vscode.DataTransfer, token: vscode.CancellationToken): Promise<UploadReport | undefined> {
    const defect = target ? defectOf(target) : undefined;
    if (!defect) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Drop files on a defect to attach them to it.'));
      return undefined;
    }
    try {
      const items = await this.items(data);
      if (token.isCancellationRequested || items.length === 0) return undefined;
      return await runUpload(this.hub, defect, items);
    } catch (e) {
      this.hub.report(vscode.l10n.t('Could not upload to defect {0}', defect.id), e);
      return undefined;
    }
  }

  private async items(data: vscode.DataTransfer): Promise<UploadItem[]> {
    const seen = new Set<string>();
    const uris: vscode.Uri[] = [];
    const add = (uri: vscode.Uri): void => {
      if (seen.has(uri.toString())) return;
      seen.add(uri.toString());
      uris.push(uri);
    };
    const list = data.get('text/uri-list');
    if (list) for (const uri of parseUriList(await list.asString())) add(uri);
    const files: vscode.DataTransferFile[] = [];
    data.forEach((item) => {
      const file = item.asFile();
      if (file) files.push(file);
    });
    const bytes: UploadItem[] = [];
    for (const file of files) {
      if (file.uri) add(file.uri);
      else bytes.push(itemFromBytes(file.name, await file.data()));
    }
    return [...(await Promise.all(uris.map(itemFromUri))), ...bytes];
  }
}
