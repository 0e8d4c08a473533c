// Renaming an attachment that a memo of its defect shows as an image (issue 37.6). The image names
// the attachment by file name, so a plain rename would break it without a word. The user is warned
// first and chooses: rename and update the memos' image sources too (under the defect's lock, as
// the editor's Save does), rename only, or cancel. A defect open for editing in this window is
// refused: the editor holds its lock and its own copy of the memos.
import * as vscode from 'vscode';
import type { Attachment, Defect, ProjectApi } from '../../api';
import type { DefectRef } from '../../defects/refs';
import { fieldKind } from '../../defects/fieldKind';
import { writeUnderLock } from '../../defects/lockedWrite';
import { countImagesNaming, renameImageSources } from '../../defects/memoImageRefs';
import { describeError } from '../../util/log';
import type { AttachmentsHub } from '../hub';

/** The defect's memo fields (names and labels) whose images show `name`, read from the server now. */
async function memosShowing(api: ProjectApi, defectId: number, name: string): Promise<{ defect: Defect | undefined; values: Record<string, string>; labels: string[] }> {
  const catalog = await api.fields('defects');
  const memos = catalog.fields.filter((f) => fieldKind(f.name, f) === 'memo');
  if (memos.length === 0) return { defect: undefined, values: {}, labels: [] };
  const defect = await api.defects.get(defectId, { fields: memos.map((f) => f.name) });
  const values: Record<string, string> = {};
  for (const f of memos) {
    const html = defect[f.name];
    if (typeof html === 'string' && countImagesNaming(html, name) > 0) values[f.name] = html;
  }
  return { defect, values, labels: Object.keys(values).map((n) => catalog.label(n)) };
}

/**
 * Renames `a` to `to`, first checking the defect's memos for images that show it. Resolves with the
 * renamed attachment, or undefined when the user cancelled.
 */
export async function renameCheckingMemos(hub: AttachmentsHub, defect: DefectRef, a: Attachment, to: string): Promise<Attachment | undefined> {
  const api = await hub.services.project(defect);
  const first = await memosShowing(api, defect.id, a.name);
  if (first.labels.length === 0) return api.attachments.rename(a.id, to);
  if (hub.services.editingHere(defect)) {
    throw new Error(
      vscode.l10n.t('{0} of defect {1} shows "{2}" as an image, and the defect is open for editing here. Save or cancel the edit first, then rename.', first.labels.join(', '), defect.id, a.name),
    );
  }
  const choice = await hub.prompts.imageInMemo(a, first.labels, to);
  if (choice === undefined) return undefined;
  if (choice === 'rename') return api.attachments.rename(a.id, to);
  // The guard again: the editor may have started editing while the question was open.
  return writeUnderLock(api.locks, defect.id, { editingHere: () => hub.services.editingHere(defect) }, async (lock) => {
    // Read again under the lock: what the memos hold now is what is rewritten.
    const { defect: original, values } = await memosShowing(api, defect.id, a.name);
    const renamed = await api.attachments.rename(a.id, to);
    const changes: Record<string, string> = {};
    for (const [field, html] of Object.entries(values)) changes[field] = renameImageSources(html, a.name, renamed.name).html;
    try {
      if (Object.keys(changes).length) await api.defects.update(defect.id, changes, { original, lock });
    } catch (e) {
      // The memos still name the old file: give the attachment its name back so their images keep working.
      await api.attachments.rename(a.id, a.name).catch((undo: unknown) => hub.log.warn(`could not rename attachment ${a.id} back to ${a.name}: ${describeError(undo)}`));
      throw new Error(vscode.l10n.t('The memo of defect {0} could not be updated ({1}), so "{2}" keeps its name.', defect.id, describeError(e), a.name));
    }
    hub.log.info(`updated the image sources of ${Object.keys(changes).join(', ')} of defect ${defect.id} for the rename of ${a.name}`);
    return renamed;
  });
}
