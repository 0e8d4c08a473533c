// The attachments feature in VS Code: the `alm-attachment:` file system, attachment rows under
// defects, the drop target, and the commands. activate() calls registerAttachments once; what it
// returns is what activate() hands the defect editor and the tests read.
import * as vscode from 'vscode';
import type { Attachment } from '../api';
import type { DefectRef } from '../defects/refs';
import { guardCommand } from '../util/command';
import { EditorAttachmentBridge } from './editor/bridge';
import { AttachmentFileSystem } from './fs/attachmentFileSystem';
import { AttachmentsHub, attachmentUri } from './hub';
import type { AttachmentsChange } from './hub';
import { ATTACHMENT_SCHEME } from './model/location';
import type { AttachmentLocation } from './model/location';
import type { AttachmentServices } from './services';
import { deleteCommand, describeCommand, openCommand, renameCommand } from './commands/manage';
import { cleanExternalCopies, openExternallyCommand, saveAsCommand } from './commands/save';
import { uploadCommand } from './commands/upload';
import { pasteCommand } from './commands/paste';
import { AttachmentChildren, UPLOAD_ATTACHMENT_COMMAND } from './tree/attachmentChildren';
import { OPEN_ATTACHMENT_COMMAND } from './tree/attachmentNode';
import { AttachmentDropController } from './tree/dropController';
import { COMMAND } from '../util/commands';
import type { CommandId } from '../util/commands';

const ATTACHMENT_COMMANDS = {
  upload: UPLOAD_ATTACHMENT_COMMAND,
  open: OPEN_ATTACHMENT_COMMAND,
  saveAs: COMMAND.saveAttachmentAs,
  openExternally: COMMAND.openAttachmentExternally,
  rename: COMMAND.renameAttachment,
  describe: COMMAND.editAttachmentDescription,
  delete: COMMAND.deleteAttachment,
  paste: COMMAND.pasteAttachments,
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
  /** The defect editor's attachment section (activate() hands it to the editor). */
  readonly editor: EditorAttachmentBridge;
}

export function registerAttachments(context: vscode.ExtensionContext, services: AttachmentServices): AttachmentsFeature {
  const hub = new AttachmentsHub(services);
  const fileSystem = new AttachmentFileSystem(hub);
  const dropController = new AttachmentDropController(hub);
  // Each command's work, guarded the one way (errors shown, cancellations quiet): registered under
  // its id, and called directly by the editor's attachment section.
  const guarded = (id: CommandId, failure: string, fn: (hub: AttachmentsHub, arg: unknown) => Promise<unknown>) => guardCommand(id, services.log, (arg) => fn(hub, arg), { failure });
  const handlers = {
    [ATTACHMENT_COMMANDS.upload]: guarded(ATTACHMENT_COMMANDS.upload, vscode.l10n.t('Upload failed'), uploadCommand),
    [ATTACHMENT_COMMANDS.open]: guarded(ATTACHMENT_COMMANDS.open, vscode.l10n.t('Could not open the attachment'), openCommand),
    [ATTACHMENT_COMMANDS.saveAs]: guarded(ATTACHMENT_COMMANDS.saveAs, vscode.l10n.t('Save As failed'), saveAsCommand),
    [ATTACHMENT_COMMANDS.openExternally]: guarded(ATTACHMENT_COMMANDS.openExternally, vscode.l10n.t('Could not open the attachment'), openExternallyCommand),
    [ATTACHMENT_COMMANDS.rename]: guarded(ATTACHMENT_COMMANDS.rename, vscode.l10n.t('Rename failed'), renameCommand),
    [ATTACHMENT_COMMANDS.describe]: guarded(ATTACHMENT_COMMANDS.describe, vscode.l10n.t('Could not change the description'), describeCommand),
    [ATTACHMENT_COMMANDS.delete]: guarded(ATTACHMENT_COMMANDS.delete, vscode.l10n.t('Delete failed'), deleteCommand),
    [ATTACHMENT_COMMANDS.paste]: guarded(ATTACHMENT_COMMANDS.paste, vscode.l10n.t('Upload failed'), pasteCommand),
  };
  context.subscriptions.push(
    hub,
    fileSystem,
    vscode.workspace.registerFileSystemProvider(ATTACHMENT_SCHEME, fileSystem, { isCaseSensitive: true }),
    ...Object.entries(handlers).map(([id, handler]) => vscode.commands.registerCommand(id, handler)),
  );
  const tree = services.tree;
  hub.children = new AttachmentChildren(tree.context, (ref) => services.project(ref));
  context.subscriptions.push(tree.setDefectChildren(hub.children), tree.setDropController(dropController));
  void cleanExternalCopies();
  const list = async (defect: DefectRef, signal?: AbortSignal): Promise<Attachment[]> => (await hub.api(defect)).list({ entity: { type: 'defect', ids: [defect.id] }, signal });
  const editor = new EditorAttachmentBridge({
    list,
    upload: handlers[ATTACHMENT_COMMANDS.upload],
    open: handlers[ATTACHMENT_COMMANDS.open],
    saveAs: handlers[ATTACHMENT_COMMANDS.saveAs],
    openExternally: handlers[ATTACHMENT_COMMANDS.openExternally],
    onDidChange: hub.onDidChange,
    announce: (change) => hub.announce(change),
  });
  return {
    dropController,
    fileSystem,
    uri: attachmentUri,
    list,
    onDidChange: hub.onDidChange,
    editor,
  };
}
