// The attachments feature in VS Code: the `alm-attachment:` file system, attachment rows under
// defects, the drop target, and the commands. activate() calls registerAttachments once; what it
// returns is what the defect editor and the tests use.
import * as vscode from 'vscode';
import type { Attachment } from '../api';
import type { DefectRef } from '../tree/model/refs';
import { registerCommand } from '../util/command';
import { setEditorAttachmentSource } from './editor/bridge';
import { AttachmentFileSystem } from './fs/attachmentFileSystem';
import { AttachmentsHub, attachmentUri } from './hub';
import type { AttachmentsChange } from './hub';
import { ATTACHMENT_SCHEME } from './model/location';
import type { AttachmentLocation } from './model/location';
import type { AttachmentPrompts } from './prompts';
import type { AttachmentServices } from './services';
import { deleteCommand, describeCommand, openCommand, renameCommand } from './commands/manage';
import { cleanExternalCopies, openExternallyCommand, saveAsCommand } from './commands/save';
import { uploadCommand } from './commands/upload';
import { AttachmentChildren, UPLOAD_ATTACHMENT_COMMAND } from './tree/attachmentChildren';
import { OPEN_ATTACHMENT_COMMAND } from './tree/attachmentNode';
import { AttachmentDropController } from './tree/dropController';

export const ATTACHMENT_COMMANDS = {
  upload: UPLOAD_ATTACHMENT_COMMAND,
  open: OPEN_ATTACHMENT_COMMAND,
  saveAs: 'almDefects.saveAttachmentAs',
  openExternally: 'almDefects.openAttachmentExternally',
  rename: 'almDefects.renameAttachment',
  describe: 'almDefects.editAttachmentDescription',
  delete: 'almDefects.deleteAttachment',
} as const;

export interface AttachmentsFeature {
  /** Receives files dropped on the tree (also callable directly). */
  readonly dropController: AttachmentDropController;
  readonly fileSystem: AttachmentFileSystem;
  /** The `alm-attachment:` URI of an attachment. */
  uri(loc: AttachmentLocation): vscode.Uri;
  /** A defect's attachments, current on the server (the editor's list). */
  list(defect: DefectRef, signal?: AbortSignal): Promise<Attachment[]>;
  /** Fires after an upload, save, rename, description change or delete. */
  readonly onDidChange: vscode.Event<AttachmentsChange>;
  /** Replaces some prompts until the returned Disposable is disposed (tests, automation). */
  usePrompts(prompts: Partial<AttachmentPrompts>): vscode.Disposable;
}

export function registerAttachments(context: vscode.ExtensionContext, services: AttachmentServices): AttachmentsFeature {
  const hub = new AttachmentsHub(services);
  const fileSystem = new AttachmentFileSystem(hub);
  const dropController = new AttachmentDropController(hub);
  const cmd = (id: string, failure: string, fn: (hub: AttachmentsHub, arg: unknown) => Promise<unknown>): vscode.Disposable =>
    registerCommand(id, services.log, (arg) => fn(hub, arg), { failure });
  context.subscriptions.push(
    hub,
    fileSystem,
    vscode.workspace.registerFileSystemProvider(ATTACHMENT_SCHEME, fileSystem, { isCaseSensitive: true }),
    cmd(ATTACHMENT_COMMANDS.upload, vscode.l10n.t('Upload failed'), uploadCommand),
    cmd(ATTACHMENT_COMMANDS.open, vscode.l10n.t('Could not open the attachment'), openCommand),
    cmd(ATTACHMENT_COMMANDS.saveAs, vscode.l10n.t('Save As failed'), saveAsCommand),
    cmd(ATTACHMENT_COMMANDS.openExternally, vscode.l10n.t('Could not open the attachment'), openExternallyCommand),
    cmd(ATTACHMENT_COMMANDS.rename, vscode.l10n.t('Rename failed'), renameCommand),
    cmd(ATTACHMENT_COMMANDS.describe, vscode.l10n.t('Could not change the description'), describeCommand),
    cmd(ATTACHMENT_COMMANDS.delete, vscode.l10n.t('Delete failed'), deleteCommand),
  );
  const tree = services.tree;
  if (tree) {
    hub.children = new AttachmentChildren(tree.context, (ref) => services.project(ref));
    context.subscriptions.push(tree.setDefectChildren(hub.children), tree.setDropController(dropController));
  }
  void cleanExternalCopies();
  const list = async (defect: DefectRef, signal?: AbortSignal): Promise<Attachment[]> =>
    (await hub.api(defect)).list({ entity: { type: 'defect', ids: [defect.id] }, signal });
  context.subscriptions.push(setEditorAttachmentSource({ list }));
  return {
    dropController,
    fileSystem,
    uri: attachmentUri,
    list,
    onDidChange: hub.onDidChange,
    usePrompts(prompts) {
      const previous = hub.prompts;
      hub.prompts = { ...previous, ...prompts };
      return new vscode.Disposable(() => {
        hub.prompts = previous;
      });
    },
  };
}
