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
  /** Opening a program or script in the default application runs it. */
  confirmRun(attachment: Attachment): Promise<boolean>;
  newName(attachment: Attachment): Promise<string | undefined>;
  newDescription(attachment: Attachment, current: string): Promise<string | undefined>;
  saveTarget(attachment: Attachment, suggested: vscode.Uri): Promise<vscode.Uri | undefined>;
}

export const vscodePrompts: AttachmentPrompts = {
  async pickFiles(title) {
    return vscode.window.showOpenDialog({ canSelectMany: true, canSelectFiles: true, canSelectFolders: false, openLabel: 'Upload', title });
  },
  async description(names) {
    return vscode.window.showInputBox({
      title: names.length === 1 ? `Description of ${names[0]}` : `Description of ${names.length} files`,
      prompt: 'Optional: leave empty for none. Press Escape to cancel the upload.',
      placeHolder: 'e.g. log of the failed checkout',
    });
  },
  async conflict(name, existing, defectId) {
    const replace = 'Replace';
    const keep = 'Keep Both';
    const skip = 'Skip';
    const answer = await vscode.window.showWarningMessage(
      `Defect ${defectId} already has an attachment named "${name}".`,
      { modal: true, detail: `Replace its content (${formatBytes(existing.fileSize)} now), or keep both (the new file gets a numbered name)?` },
      replace, keep, skip,
    );
    return answer === replace ? 'replace' : answer === keep ? 'keepBoth' : answer === skip ? 'skip' : undefined;
  },
  async confirmUpload(a) {
    const upload = 'Upload';
    const answer = await vscode.window.showWarningMessage(
      `Upload your changes to "${a.name}" on defect ${a.entity.id}?`,
      { modal: true, detail: 'This replaces the attachment on the ALM server for everyone.' },
      upload,
    );
    return answer === upload;
  },
  async confirmDelete(a) {
    const del = 'Delete';
    const answer = await vscode.window.showWarningMessage(
      `Delete "${a.name}" from defect ${a.entity.id}?`,
      { modal: true, detail: 'The attachment is removed from the ALM server. This cannot be undone.' },
      del,
    );
    return answer === del;
  },
  async confirmRun(a) {
    const open = 'Open';
    const answer = await vscode.window.showWarningMessage(
      `"${a.name}" is a program or script.`,
      { modal: true, detail: 'Opening it in the default application may run it. Open it only if you trust where it came from.' },
      open,
    );
    return answer === open;
  },
  async newName(a) {
    const dot = a.name.lastIndexOf('.');
    return vscode.window.showInputBox({
      title: `Rename ${a.name}`,
      value: a.name,
      valueSelection: [0, dot > 0 ? dot : a.name.length],
      validateInput: (v) => attachmentNameProblem(v),
    });
  },
  async newDescription(a, current) {
    return vscode.window.showInputBox({ title: `Description of ${a.name}`, value: current, prompt: 'Plain text; empty removes the description.' });
  },
  async saveTarget(_a, suggested) {
    return vscode.window.showSaveDialog({ defaultUri: suggested, saveLabel: 'Save Attachment', title: 'Save Attachment As' });
  },
};
