// Choosing one of a new defect's likely duplicates: open it, add the report to it as a comment
// instead of creating a new defect, or create the new defect linked to it. The comment is written
// as every write is — under the duplicate's lock, on its comments as the server has them then —
// and the new defect's form closes only once the comment is stored (the text lives on there).
import * as vscode from 'vscode';
import type { LinksApi } from '../api/index';
import { appendCommentOnServer, commentFromReport } from '../defects/comments';
import { EditingHereError, writeUnderLock } from '../defects/lockedWrite';
import type { DuplicateView } from '../shared/editorProtocol';
import type { DefectController } from './controller/defectController';
import type { EditorProjectApi } from './controller/types';

/** What the choice writes with. */
export type DuplicateApi = Pick<EditorProjectApi, 'defects' | 'locks'> & { readonly links: Pick<LinksApi, 'add'> };

export interface DuplicateChoiceContext {
  controller: DefectController;
  api: DuplicateApi;
  /** The signed-in user, for the comment's header. */
  user: string;
  now(): Date;
  openDefect(id: number): Promise<void>;
  /** Whether an editor of this window holds defect `id`'s lock (its own Add comment is the way then). */
  editingHere(id: number): boolean;
  /** Closes the new defect's panel without asking (its text went into the comment). */
  closePanel(): void;
  describe(e: unknown): string;
}

type Choice = 'open' | 'comment' | 'link';

export async function chooseDuplicate(ctx: DuplicateChoiceContext, duplicate: DuplicateView): Promise<void> {
  const { id } = duplicate;
  const items: (vscode.QuickPickItem & { choice: Choice })[] = [
    { choice: 'comment', label: vscode.l10n.t('Add a Comment to Defect {0} Instead', id), detail: vscode.l10n.t('No new defect: the summary and description go into its comments.') },
    { choice: 'link', label: vscode.l10n.t('Create This Defect, Linked to Defect {0}', id), detail: vscode.l10n.t('A "Related" link between the two.') },
    { choice: 'open', label: vscode.l10n.t('Open Defect {0}', id) },
  ];
  const picked = await vscode.window.showQuickPick(items, { title: `${id}: ${duplicate.name}`, placeHolder: vscode.l10n.t('Defect {0} looks like the one you are reporting', id) });
  if (picked?.choice === 'open') await ctx.openDefect(id);
  else if (picked?.choice === 'comment') await commentInstead(ctx, id);
  else if (picked?.choice === 'link') await createLinked(ctx, id);
}

async function commentInstead(ctx: DuplicateChoiceContext, id: number): Promise<void> {
  const { controller } = ctx;
  const text = commentFromReport(controller.value('name'), controller.value('description'));
  if (!text) {
    void vscode.window.showWarningMessage(vscode.l10n.t('The form has no summary or description to add as a comment.'));
    return;
  }
  try {
    await writeUnderLock(ctx.api.locks, id, { editingHere: (defect) => ctx.editingHere(defect) }, (lock) =>
      appendCommentOnServer(ctx.api.defects, id, { user: ctx.user, date: ctx.now(), text }, { lock }),
    );
  } catch (e) {
    if (e instanceof EditingHereError) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Defect {0} is being edited in this window; add the comment in its editor. Nothing was changed.', id));
      return;
    }
    // Nothing was created and the form keeps everything.
    void vscode.window.showErrorMessage(vscode.l10n.t('Could not add the comment to defect {0}: {1} The new defect form keeps your text.', id, ctx.describe(e)));
    return;
  }
  await controller.cancel();
  ctx.closePanel();
  void vscode.window.showInformationMessage(vscode.l10n.t('Added your report as a comment to defect {0}; no new defect was created.', id));
  await ctx.openDefect(id);
}

async function createLinked(ctx: DuplicateChoiceContext, id: number): Promise<void> {
  const outcome = await ctx.controller.save();
  const created = ctx.controller.defectKey.id;
  if (outcome !== 'saved' || created === undefined) return;
  try {
    await ctx.api.links.add(created, { to: id, linkType: 'Related', comment: '' });
  } catch (e) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Defect {0} was created, but could not be linked to defect {1}: {2}', created, id, ctx.describe(e)));
  }
}
