// "Add comment": appends a comment block to dev-comments exactly as the editor's Add comment does
// (user and date in bold, a separator line), under the defect's lock and on the comments as they
// are on the server at that moment, so nothing someone else wrote meanwhile is overwritten. The
// user confirms the exact text first (prepareInvocation); without that confirmation nothing is sent.
import * as vscode from 'vscode';
import { appendCommentOnServer } from '../../defects/comments';
import { commentConfirmation } from '../model/confirmation';
import { defectId } from '../model/inputs';
import type { AddCommentInput } from '../model/inputs';
import { ToolInputError } from '../model/results';
import { describeProject, resolveProject } from '../projects';
import { writeUnderLock } from '../../defects/lockedWrite';
import { defectWhat, runTool } from './toolKit';
import type { ChatToolContext } from './toolKit';
import { tokenToSignal } from '../../util/cancellation';

export const ADD_COMMENT_TOOL = 'alm_addDefectComment';
/** ALM's own limit for one comment is far above this; a runaway model message is not. */
const MAX_COMMENT = 20_000;

export class AddCommentTool implements vscode.LanguageModelTool<AddCommentInput> {
  constructor(private readonly context: ChatToolContext) {}

  async prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<AddCommentInput>, token: vscode.CancellationToken): Promise<vscode.PreparedToolInvocation> {
    const { input } = options;
    const invocationMessage = vscode.l10n.t('Adding a comment to ALM defect {0}', String(input.id));
    const id = defectId(input.id);
    if (id === undefined) return { invocationMessage };
    const comment = typeof input.comment === 'string' ? input.comment.trim() : '';
    if (!comment || comment.length > MAX_COMMENT) return { invocationMessage };
    const linked = tokenToSignal(token);
    try {
      const ref = await resolveProject(this.context.services, input, linked.signal);
      const api = await this.context.services.project(ref);
      const [defect, fields] = await Promise.all([api.defects.get(id, { fields: ['name'], signal: linked.signal }), api.fields('defects', { signal: linked.signal })]);
      const heading = { id, name: String(defect.name ?? ''), where: describeProject(ref) };
      const c = commentConfirmation(heading, ref.entry.username, this.context.services.now(), comment, fields.label('dev-comments'));
      this.context.ledger.record(ADD_COMMENT_TOOL, input);
      return { invocationMessage, confirmationMessages: { title: c.title, message: new vscode.MarkdownString(c.message) } };
    } catch (e) {
      // invoke() meets the same problem and explains it; without a confirmation it sends nothing.
      this.context.services.log.debug(`[chat] no confirmation for the comment on defect ${id}: ${e instanceof Error ? e.message : String(e)}`);
      return { invocationMessage };
    } finally {
      linked.dispose();
    }
  }

  invoke(options: vscode.LanguageModelToolInvocationOptions<AddCommentInput>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const { input } = options;
    const ctx = { what: defectWhat(Number(input.id)), write: true };
    return runTool(ADD_COMMENT_TOOL, this.context, token, ctx, async (signal) => {
      const id = defectId(input.id);
      if (id === undefined) throw new ToolInputError(vscode.l10n.t('"{0}" is not a defect ID: pass the defect\'s number as "id".', String(input.id)));
      const comment = typeof input.comment === 'string' ? input.comment.trim() : '';
      if (!comment) return vscode.l10n.t('Error: the comment is empty. Nothing was changed. Pass the comment text in "comment".');
      if (comment.length > MAX_COMMENT) return vscode.l10n.t('Error: the comment is longer than {0} characters. Nothing was changed. Shorten it.', MAX_COMMENT);
      const ref = await resolveProject(this.context.services, input, signal);
      const where = describeProject(ref);
      ctx.what = defectWhat(id, where);
      const api = await this.context.services.project(ref);
      if (!this.context.ledger.take(ADD_COMMENT_TOOL, input)) {
        // The confirmation could not be built: reading the defect names the reason (e.g. not found).
        await api.defects.get(id, { fields: ['id'], signal });
        return vscode.l10n.t('Error: not confirmed. The user has not confirmed this comment on {0}, so nothing was changed. Invoke the tool again so that VS Code asks the user.', ctx.what);
      }
      const user = ref.entry.username;
      // Read under the lock: the comments as they are now, including any added since the confirmation.
      const editingHere = (defect: number) => this.context.services.editingHere({ ...ref, id: defect });
      await writeUnderLock(api.locks, id, { editingHere, signal }, (lock) => appendCommentOnServer(api.defects, id, { user, date: this.context.services.now(), text: comment }, { signal, lock }));
      return vscode.l10n.t('Added the comment to {0} as {1}, after the comments already there.', ctx.what, user);
    });
  }
}
