// "Paste as Attachments" (Ctrl+V / Cmd+V on a defect row): the files named on the clipboard are
// uploaded to the defect, as a drop of them would be. VS Code lets an extension read only text from
// the clipboard, so files count when the clipboard holds their paths or file URIs (a file manager's
// Copy, the Explorer's Copy Path); a screenshot on the clipboard cannot be read from here, and
// the message says where it can go instead (the defect editor's Description or Comments).
import * as vscode from 'vscode';
import type { AttachmentsHub } from '../hub';
import { clipboardFiles } from '../model/clipboard';
import type { UploadReport } from '../transfer/upload';
import { defectOf } from './args';
import { itemFromUri } from './sources';
import { runUpload } from './upload';

export async function pasteCommand(hub: AttachmentsHub, arg: unknown): Promise<UploadReport | undefined> {
  const defect = defectOf(arg, hub.services.tree.selection());
  if (!defect) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Select a defect in the ALM view first, then paste again.'));
    return undefined;
  }
  const files = clipboardFiles(await vscode.env.clipboard.readText());
  if (!files) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        'The clipboard holds no file paths to attach to defect {0}. Copy files (or their paths) first; to attach a screenshot, paste it into the Description or Comments of the defect in its editor, or drop the image file on the defect.',
        defect.id,
      ),
    );
    return undefined;
  }
  const uris = files.map((f) => ('uri' in f ? vscode.Uri.parse(f.uri, true) : vscode.Uri.file(f.path)));
  const items = await Promise.all(uris.map((u) => itemFromUri(u)));
  return runUpload(hub, defect, items);
}
