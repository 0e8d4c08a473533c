// Open (through the `alm-attachment:` file system), rename, edit the description and delete (after
// confirming). Each reads the attachment's current descriptor first, so it acts on what is on the
// server now, and announces the change so the tree, open documents and the defect editor follow.
//   executeCommand(COMMAND.renameAttachment, { ...attachmentRef, name: 'new.log' })
//   executeCommand(COMMAND.editAttachmentDescription, { ...attachmentRef, description: 'text' })
import * as vscode from 'vscode';
import type { Attachment, AttachmentsApi } from '../../api';
import type { AttachmentsHub } from '../hub';
import { attachmentUri } from '../hub';
import { descriptionText, formatBytes } from '../model/format';
import type { AttachmentLocation } from '../model/location';
import { attachmentNameProblem } from '../model/names';
import { AttachmentNode } from '../tree/attachmentNode';
import { attachmentOf, isString, option } from './args';
import { openExternallyCommand } from './save';
import { renameCheckingMemos } from './renameInMemos';

/** Above this, opening inside VS Code is slow and memory-hungry: offer the default application. */
const LARGE_FOR_EDITOR = 50 * 1024 * 1024;

async function current(hub: AttachmentsHub, arg: unknown): Promise<{ loc: AttachmentLocation; api: AttachmentsApi; a: Attachment } | undefined> {
  const loc = attachmentOf(arg, hub.services.tree.selection());
  if (!loc) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Select an attachment in the ALM view first.'));
    return undefined;
  }
  const api = await hub.api(loc);
  const a = await api.get(loc.id);
  return { loc: { ...loc, name: a.name }, api, a };
}

/** Opens in VS Code's editor or viewer for the file type; returns the URI opened. */
export async function openCommand(hub: AttachmentsHub, arg: unknown): Promise<vscode.Uri | undefined> {
  const loc = attachmentOf(arg, hub.services.tree.selection());
  if (!loc) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Select an attachment in the ALM view first.'));
    return undefined;
  }
  const size = arg instanceof AttachmentNode ? arg.attachment.fileSize : undefined;
  if (size && size > LARGE_FOR_EDITOR) {
    const external = vscode.l10n.t('Open in Default Application');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('{0} is {1}.', loc.name, formatBytes(size)),
      { modal: true, detail: vscode.l10n.t('Opening it in VS Code reads all of it into memory.') },
      external,
      vscode.l10n.t('Open in VS Code'),
    );
    if (answer === external) {
      await openExternallyCommand(hub, arg);
      return undefined;
    }
    if (answer === undefined) return undefined;
  }
  // A reference without a name (from the editor or a caller) gets it from the server: the name
  // at the end of the URI is what makes VS Code pick the right editor.
  const named = loc.name ? loc : { ...loc, name: (await (await hub.api(loc)).get(loc.id)).name };
  const uri = attachmentUri(named);
  await vscode.commands.executeCommand('vscode.open', uri, { preview: true });
  return uri;
}

export async function renameCommand(hub: AttachmentsHub, arg: unknown): Promise<Attachment | undefined> {
  const r = await current(hub, arg);
  if (!r) return undefined;
  const name = (option(arg, 'name', isString) ?? (await hub.prompts.newName(r.a)))?.trim();
  if (name === undefined || name === r.a.name) return undefined;
  const problem = attachmentNameProblem(name);
  if (problem) throw new Error(problem);
  const updated = await renameCheckingMemos(hub, hub.defectOf(r.loc, r.a), r.a, name);
  if (!updated) return undefined;
  hub.log.info(`renamed attachment ${r.a.id} from ${r.a.name} to ${updated.name}`);
  hub.announce({ defect: hub.defectOf(r.loc, r.a), changed: [{ ...r.loc, name: updated.name }], deleted: [] });
  return updated;
}

export async function describeCommand(hub: AttachmentsHub, arg: unknown): Promise<Attachment | undefined> {
  const r = await current(hub, arg);
  if (!r) return undefined;
  const before = descriptionText(r.a);
  const text = option(arg, 'description', isString) ?? (await hub.prompts.newDescription(r.a, before));
  if (text === undefined || text === before) return undefined;
  const updated = await r.api.describe(r.a.id, text);
  hub.announce({ defect: hub.defectOf(r.loc, r.a), changed: [], deleted: [] });
  return updated;
}

/** Deletes after the user confirmed; resolves true when deleted. */
export async function deleteCommand(hub: AttachmentsHub, arg: unknown): Promise<boolean> {
  const r = await current(hub, arg);
  if (!r) return false;
  if (!(await hub.prompts.confirmDelete(r.a))) return false;
  await r.api.delete(r.a.id);
  hub.log.info(`deleted attachment ${r.a.id} (${r.a.name}) of defect ${r.a.entity.id}`);
  hub.announce({ defect: hub.defectOf(r.loc, r.a), changed: [], deleted: [r.loc] });
  return true;
}
