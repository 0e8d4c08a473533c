// Every question the attachments feature asks the user, behind one interface: activate() supplies
// VS Code's dialogs, and in the extension's test mode the end-to-end tests answer single prompts
// through the same interface (the save confirmation, too, which VS Code's save asks).
import * as vscode from 'vscode';
import type { Attachment } from '../api';
import { formatBytes } from './model/format';
import { attachmentNameProblem } from './model/names';
import type { ConflictChoice } from './transfer/upload';

export interface AttachmentPrompts {
  /** Files to upload; undefined when the user cancelled. */
  pickFiles(title: string): Promise<vscode.Uri[] | undefined>;
  /** An optional description: '' for none, undefined when the user cancelled. */
  description(names: readonly string[]): Promise<string | undefined>;
  /** The defect already has an attachment named `name`. */
  conflict(name: string, existing: Attachment, defectId: number): Promise<ConflictChoice | undefined>;
  /** Saving an opened attachment replaces it on the server. */
  confirmUpload(attachment: Attachment): Promise<boolean>;
  confirmDelete(attachment: Attachment): Promise<boolean>;
  /** Opening a program or script in the default application runs it; `fileName` is the name it is saved under. */
  confirmRun(attachment: Attachment, fileName: string): Promise<boolean>;
  newName(attachment: Attachment): Promise<string | undefined>;
  /** Memos (`memos`: their labels) show the attachment as an image: update them, rename only, or cancel (undefined). */
  imageInMemo(attachment: Attachment, memos: readonly string[], newName: string): Promise<'update' | 'rename' | undefined>;
  newDescription(attachment: Attachment, current: string): Promise<string | undefined>;
  saveTarget(attachment: Attachment, suggested: vscode.Uri): Promise<vscode.Uri | undefined>;
}

/** A modal warning with one action; true only when the user chose it. */
async function confirmModal(message: string, detail: string, action: string): Promise<boolean> {
  return (await vscode.window.showWarningMessage(message, { modal: true, detail }, action)) === action;
}

export const vscodePrompts: AttachmentPrompts = {
  async pickFiles(title) {
    return vscode.window.showOpenDialog({ canSelectMany: true, canSelectFiles: true, canSelectFolders: false, openLabel: vscode.l10n.t('Upload'), title });
  },
  async description(names) {
    return vscode.window.showInputBox({
      title: names.length === 1 ? vscode.l10n.t('Description of {0}', names[0]) : vscode.l10n.t('Description of {0} files', names.length),
      prompt: vscode.l10n.t('Optional: leave empty for none. Press Escape to cancel the upload.'),
      placeHolder: vscode.l10n.t('e.g. log of the failed checkout'),
    });
  },
  async conflict(name, existing, defectId) {
    const replace = vscode.l10n.t('Replace');
    const keep = vscode.l10n.t('Keep Both');
    const skip = vscode.l10n.t('Skip');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('Defect {0} already has an attachment named "{1}".', defectId, name),
      { modal: true, detail: vscode.l10n.t('Replace its content ({0} now), or keep both (the new file gets a numbered name)?', formatBytes(existing.fileSize)) },
      replace,
      keep,
      skip,
    );
    return answer === replace ? 'replace' : answer === keep ? 'keepBoth' : answer === skip ? 'skip' : undefined;
  },
  confirmUpload: (a) =>
    confirmModal(
      vscode.l10n.t('Upload your changes to "{0}" on defect {1}?', a.name, a.entity.id),
      vscode.l10n.t('This replaces the attachment on the ALM server for everyone.'),
      vscode.l10n.t('Upload'),
    ),
  confirmDelete: (a) =>
    confirmModal(vscode.l10n.t('Delete "{0}" from defect {1}?', a.name, a.entity.id), vscode.l10n.t('The attachment is removed from the ALM server. This cannot be undone.'), vscode.l10n.t('Delete')),
  confirmRun: (_a, fileName) =>
    confirmModal(
      vscode.l10n.t('"{0}" is a program or script.', fileName),
      vscode.l10n.t('Opening it in the default application may run it. Open it only if you trust where it came from.'),
      vscode.l10n.t('Open'),
    ),
  async newName(a) {
    const dot = a.name.lastIndexOf('.');
    return vscode.window.showInputBox({
      title: vscode.l10n.t('Rename {0}', a.name),
      value: a.name,
      valueSelection: [0, dot > 0 ? dot : a.name.length],
      validateInput: (v) => attachmentNameProblem(v),
    });
  },
  async imageInMemo(a, memos, newName) {
    const update = vscode.l10n.t('Rename and Update Memo');
    const only = vscode.l10n.t('Rename Only');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('{0} of defect {1} shows "{2}" as an image.', memos.join(', '), a.entity.id, a.name),
      {
        modal: true,
        detail: vscode.l10n.t('Renamed to "{0}" alone, the image breaks. Update the memo too: the defect is locked while its image source is changed.', newName),
      },
      update,
      only,
    );
    return answer === update ? 'update' : answer === only ? 'rename' : undefined;
  },
  async newDescription(a, current) {
    return vscode.window.showInputBox({ title: vscode.l10n.t('Description of {0}', a.name), value: current, prompt: vscode.l10n.t('Plain text; empty removes the description.') });
  },
  async saveTarget(_a, suggested) {
    return vscode.window.showSaveDialog({ defaultUri: suggested, saveLabel: vscode.l10n.t('Save Attachment'), title: vscode.l10n.t('Save Attachment As') });
  },
};
