// "Update defect": sets named fields of one defect, validated against the field metadata and lists,
// confirmed by the user field by field (current → new) and written under the defect's lock with a
// single-defect PUT that sends only those fields. When a field to change moved on the server after
// the confirmation was shown, nothing is written and the model is told to confirm again.
import * as vscode from 'vscode';
import type { DefectChanges, FieldValue } from '../../api/index';
import { sameValue } from '../../api/index';
import { projectNames } from '../../defects/fieldText';
import { memoToText } from '../../defects/memo';
import { currentText, isMemoField, resolveChanges, shownValue } from '../model/changes';
import type { ResolvedChange } from '../model/changes';
import { updateConfirmation } from '../model/confirmation';
import { defectId } from '../model/inputs';
import type { UpdateDefectInput } from '../model/inputs';
import { ToolInputError, problemLines } from '../model/results';
import { describeProject, resolveProject } from '../projects';
import type { ResolvedProject } from '../projects';
import { tokenToSignal } from '../../util/cancellation';
import { withDefectLock } from './underLock';
import { defectWhat, runTool } from './toolKit';
import { idsOf, invokeMany, prepareMany } from './updateDefects';
import type { ChatToolContext } from './toolKit';

export const UPDATE_DEFECT_TOOL = 'alm_updateDefect';

export class UpdateDefectTool implements vscode.LanguageModelTool<UpdateDefectInput> {
  constructor(private readonly context: ChatToolContext) {}

  /** The project, its metadata and the changes resolved and validated. */
  private async resolve(input: UpdateDefectInput, signal: AbortSignal) {
    const ref = await resolveProject(this.context.services, input, signal);
    const api = await this.context.services.project(ref);
    // The one names loader: users by full name, releases and other references by name (a refusal leaves ids).
    const [fields, lists, names] = await Promise.all([api.fields('defects', { signal }), api.listItems({ signal }), projectNames(api, signal)]);
    return { ref, api, fields, names, ...resolveChanges(input.changes, fields, lists, names) };
  }

  async prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<UpdateDefectInput>, token: vscode.CancellationToken): Promise<vscode.PreparedToolInvocation> {
    const { input } = options;
    if (input.ids !== undefined) return this.prepareSeveral(input, token);
    const invocationMessage = vscode.l10n.t('Updating ALM defect {0}', String(input.id));
    const id = defectId(input.id);
    if (id === undefined) return { invocationMessage };
    const linked = tokenToSignal(token);
    try {
      const { ref, api, fields, names, changes, problems } = await this.resolve(input, linked.signal);
      // Refused input needs no confirmation: invoke() reports the problems and sends nothing.
      if (problems.length) return { invocationMessage };
      const current = await api.defects.get(id, { fields: ['name', ...changes.map((c) => c.field)], signal: linked.signal });
      const rows = changes.map((c) => {
        const f = fields.get(c.field);
        const v = current[c.field];
        return { ...c, current: f && isMemoField(f) ? shownValue(memoToText(typeof v === 'string' ? v : ''), true) : currentText(f, c.field, v, names) };
      });
      const confirmation = updateConfirmation({ id, name: String(current.name ?? ''), where: describeProject(ref) }, rows);
      this.context.ledger.record(UPDATE_DEFECT_TOOL, input, Object.fromEntries(changes.map((c) => [c.field, current[c.field] ?? null])));
      return { invocationMessage, confirmationMessages: { title: confirmation.title, message: new vscode.MarkdownString(confirmation.message) } };
    } catch (e) {
      this.context.services.log.debug(`[chat] no confirmation for the update of defect ${id}: ${e instanceof Error ? e.message : String(e)}`);
      return { invocationMessage };
    } finally {
      linked.dispose();
    }
  }

  /** Several defects (`ids`): the same changes on each, confirmed once for all. */
  private async prepareSeveral(input: UpdateDefectInput, token: vscode.CancellationToken): Promise<vscode.PreparedToolInvocation> {
    const invocationMessage = vscode.l10n.t('Updating ALM defects');
    const linked = tokenToSignal(token);
    try {
      return (await prepareMany(this.context, UPDATE_DEFECT_TOOL, input, await this.resolve(input, linked.signal), linked.signal)) ?? { invocationMessage };
    } catch (e) {
      this.context.services.log.debug(`[chat] no confirmation for the update of several defects: ${e instanceof Error ? e.message : String(e)}`);
      return { invocationMessage };
    } finally {
      linked.dispose();
    }
  }

  invoke(options: vscode.LanguageModelToolInvocationOptions<UpdateDefectInput>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const { input } = options;
    if (input.ids !== undefined) {
      return runTool(UPDATE_DEFECT_TOOL, this.context, token, { what: vscode.l10n.t('the defects'), write: true }, async (signal) => {
        idsOf(input);
        return invokeMany(this.context, UPDATE_DEFECT_TOOL, input, await this.resolve(input, signal), signal);
      });
    }
    const ctx = { what: defectWhat(Number(input.id)), write: true };
    return runTool(UPDATE_DEFECT_TOOL, this.context, token, ctx, async (signal) => {
      const id = defectId(input.id);
      if (id === undefined) throw new ToolInputError(vscode.l10n.t('"{0}" is not a defect ID: pass the defect\'s number as "id".', String(input.id)));
      const { ref, api, changes, problems } = await this.resolve(input, signal);
      ctx.what = defectWhat(id, describeProject(ref));
      if (problems.length) {
        return [vscode.l10n.t('Error: validation failed. The change to {0} was refused before anything was sent. Nothing was changed.', ctx.what), ...problemLines(problems)].join('\n');
      }
      const seen = this.context.ledger.take(UPDATE_DEFECT_TOOL, input);
      if (!seen) {
        await api.defects.get(id, { fields: ['id'], signal });
        return vscode.l10n.t('Error: not confirmed. The user has not confirmed this change to {0}, so nothing was changed. Invoke the tool again so that VS Code asks the user.', ctx.what);
      }
      return withDefectLock(this.context.services, ref, api, id, signal, async () => {
        const latest = await api.defects.get(id, { signal });
        const moved = changes.filter((c) => !sameValue(seen[c.field] as FieldValue, latest[c.field] ?? null));
        if (moved.length) return changedMeanwhile(ctx.what, moved, ref);
        if (changes.every((c) => sameValue(c.value, latest[c.field] ?? null))) return vscode.l10n.t('{0} already has these values; nothing was sent.', capitalize(ctx.what));
        const edits: DefectChanges = Object.fromEntries(changes.map((c) => [c.field, c.value]));
        // The views (tree, grid, an open editor) hear it from the defect events.
        this.context.services.defectSaved?.({ ...ref, id }, await api.defects.update(id, edits, { original: latest, signal }));
        return [vscode.l10n.t('Updated {0}:', ctx.what), ...changes.map((c) => `- ${c.label} (${c.field}): ${c.shown}`)].join('\n');
      });
    });
  }
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function changedMeanwhile(what: string, moved: readonly ResolvedChange[], ref: ResolvedProject): string {
  const names = moved.map((c) => c.label).join(', ');
  return vscode.l10n.t(
    'Error: changed meanwhile. On {0}, someone changed {1} of {2} after the user confirmed the change, so nothing was changed. Read the defect again and, if the change still makes sense, invoke the tool again so the user confirms against the current values.',
    ref.server,
    names,
    what,
  );
}
