// The defect editor's attachment section, on the host side: the editor's message handler calls
// `editorAttachments` with the defect's key; uploads, opening and saving run the attachment
// commands (their own dialogs, progress and error messages), then the current list is returned.
import * as vscode from 'vscode';
import type { Attachment } from '../../api';
import type { AttachmentsRequest, AttachmentsResult, DefectKey } from '../../shared/editorProtocol';
import type { DefectRef } from '../../tree/model/refs';
import { attachmentViews } from './views';

/** What the bridge needs from the registered feature. */
export interface EditorAttachmentSource {
  list(defect: DefectRef): Promise<Attachment[]>;
}

let source: EditorAttachmentSource | undefined;

/** registerAttachments installs the feature here; the returned Disposable removes it. */
export function setEditorAttachmentSource(s: EditorAttachmentSource): vscode.Disposable {
  source = s;
  return new vscode.Disposable(() => {
    if (source === s) source = undefined;
  });
}

const COMMANDS: Record<Exclude<AttachmentsRequest['action'], 'list'>, string> = {
  upload: 'almDefects.uploadAttachment',
  open: 'almDefects.openAttachment',
  saveAs: 'almDefects.saveAttachmentAs',
  openExternally: 'almDefects.openAttachmentExternally',
};

export async function editorAttachments(key: DefectKey, request: AttachmentsRequest): Promise<AttachmentsResult> {
  if (key.id === undefined) return { items: [], note: vscode.l10n.t('Attachments can be added once the defect is saved.') };
  if (!source) throw new Error(vscode.l10n.t('Attachments are not available.'));
  const defect: DefectRef = { server: key.server, domain: key.domain, project: key.project, id: key.id };
  if (request.action === 'upload') await vscode.commands.executeCommand(COMMANDS.upload, { defect });
  else if (request.action !== 'list') {
    await vscode.commands.executeCommand(COMMANDS[request.action], { server: key.server, domain: key.domain, project: key.project, id: request.id });
  }
  return { items: attachmentViews(await source.list(defect)) };
}
