// "Update defect" with `ids`: the same changes on several defects, through Update Selected's path
// (each defect under its lock, someone else's defect skipped and reported, the bulk PUT where the
// server takes it) and with the same kind of confirmation: where, which defects, each field's new
// value. The answer lists every defect's outcome, so the model can say which were not changed and why.
import * as vscode from 'vscode';
import { defectsByIds } from '../../api/index';
import type { DefectChanges, FieldCatalog, ListTree, ProjectApi } from '../../api/index';
import { outcomeText, runBulkUpdate, tallyText } from '../../bulk/index';
import type { ResolvedChange } from '../model/changes';
import { bulkUpdateConfirmation } from '../model/confirmation';
import { defectIds } from '../model/inputs';
import type { UpdateDefectInput } from '../model/inputs';
import { ToolInputError, problemLines } from '../model/results';
import { describeProject } from '../projects';
import type { ResolvedProject } from '../projects';
import type { FieldProblem } from '../../api/index';
import type { ChatToolContext } from './toolKit';

/** Defects the confirmation names by summary; the rest are counted. */
const NAMED = 20;

export interface ResolvedUpdate {
  ref: ResolvedProject;
  api: ProjectApi;
  fields: FieldCatalog;
  lists?: ListTree;
  changes: ResolvedChange[];
  problems: FieldProblem[];
}

export function idsOf(input: UpdateDefectInput): number[] {
  const ids = Array.isArray(input.ids) ? defectIds(input.ids) : undefined;
  if (!ids)
    throw new ToolInputError(vscode.l10n.t('"ids" must list between 1 and 200 defect IDs (numbers). For more, ask the user to select the defects in the ALM view or a grid and run Update Selected.'));
  return ids;
}

export async function prepareMany(context: ChatToolContext, tool: string, input: UpdateDefectInput, resolved: ResolvedUpdate, signal: AbortSignal): Promise<vscode.PreparedToolInvocation | undefined> {
  const ids = idsOf(input);
  const { ref, api, changes, problems } = resolved;
  if (problems.length) return undefined;
  const read = await defectsByIds(api.defects, ids.slice(0, NAMED), { fields: ['name'], signal });
  const named = read.map((d) => ({ id: d.id, name: String(d.name ?? '') }));
  const confirmation = bulkUpdateConfirmation(describeProject(ref), named, ids.length, changes);
  context.ledger.record(tool, input);
  return {
    invocationMessage: vscode.l10n.t('Updating {0} ALM defects', ids.length),
    confirmationMessages: { title: confirmation.title, message: new vscode.MarkdownString(confirmation.message) },
  };
}

export async function invokeMany(context: ChatToolContext, tool: string, input: UpdateDefectInput, resolved: ResolvedUpdate, signal: AbortSignal): Promise<string> {
  const ids = idsOf(input);
  const { ref, api, changes, problems } = resolved;
  const where = describeProject(ref);
  if (problems.length) {
    return [vscode.l10n.t('Error: validation failed. The change to {0} defects in {1} was refused before anything was sent. Nothing was changed.', ids.length, where), ...problemLines(problems)].join(
      '\n',
    );
  }
  if (!context.ledger.take(tool, input)) {
    return vscode.l10n.t(
      'Error: not confirmed. The user has not confirmed this change to {0} defects in {1}, so nothing was changed. Invoke the tool again so that VS Code asks the user.',
      ids.length,
      where,
    );
  }
  const edits: DefectChanges = Object.fromEntries(changes.map((c) => [c.field, c.value]));
  const outcomes = await runBulkUpdate(api, ids, edits, {
    signal,
    editingHere: (id) => context.services.editingHere({ ...ref, id }),
    onBulkRefused: (reason) => context.services.log.debug(`[chat] bulk PUT refused, one defect at a time: ${reason}`),
  });
  for (const o of outcomes) if (o.kind === 'updated') context.services.defectSaved?.({ ...ref, id: o.id }, o.defect);
  // As after Update Selected: grouped views count their groups again.
  if (outcomes.some((o) => o.kind === 'updated')) context.services.defectsChanged?.(ref);
  return [
    vscode.l10n.t('Update of {0} defects in {1}: {2}.', ids.length, where, tallyText(outcomes)),
    vscode.l10n.t('Changes:'),
    ...changes.map((c) => `- ${c.label} (${c.field}): ${c.shown}`),
    vscode.l10n.t('Per defect:'),
    ...outcomes.map((o) => `- ${vscode.l10n.t('defect {0}', o.id)}: ${outcomeText(o)}`),
  ].join('\n');
}
