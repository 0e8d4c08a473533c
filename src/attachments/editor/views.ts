// Attachments as the defect editor's webview shows them: texts formatted on the host, so the page
// needs no formatting code and never sees the server's HTML. No `vscode` import.
import type { Attachment } from '../../api';
import type { AttachmentView } from '../../shared/editorProtocol';
import { descriptionText, formatBytes, formatModified } from '../model/format';

function toAttachmentView(a: Attachment): AttachmentView {
  return { id: a.id, name: a.name, size: formatBytes(a.fileSize), modified: formatModified(a.lastModified), description: descriptionText(a) };
}

/** Sorted like the tree: by name, case-insensitively and with numbers in order. */
export function attachmentViews(list: readonly Attachment[]): AttachmentView[] {
  return [...list].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true }) || a.id - b.id).map(toAttachmentView);
}
