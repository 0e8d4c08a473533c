// "Update Selected…": the defects come from the tree's multi-selection (VS Code passes the clicked
// row and the selected rows), from the grid or the palette as `{ defects }`; the user picks fields
// and values from the project's metadata, reads the change summarised and confirms; then every
// defect is updated under its lock (runner.ts) with progress and cancel, and the result lists each
// defect's outcome with the ones not updated selected for another try.
import * as vscode from 'vscode';
import { defectsByIds, validateEdits } from '../api/index';
import type { DefectChanges, FieldCatalog, ListTree, ProjectApi, ProjectUser, ReleaseCatalog } from '../api/index';
import { projectNames } from '../defects/fieldText';
import type { ValueNames } from '../defects/fieldText';
import { defectRefFrom, projectKey } from '../defects/refs';
import type { DefectRef } from '../defects/refs';
import { tokenToSignal } from '../util/cancellation';
import { bulkFields, valueChoices } from './fields';
import { bulkChange, changeSummary, outcomeText, tallyText } from './outcome';
import type { BulkChange, BulkOutcome, OutcomeKind } from './outcome';
import { runBulkUpdate } from './runner';
import type { BulkServices } from './services';

/** What the command resolves with: the change, and per defect what happened (after any retries). */
export interface BulkReport {
  changes: { field: string; label: string; shown: string }[];
  outcomes: { id: number; outcome: OutcomeKind; text: string }[];
}

/** The defects a command was invoked on: `(clicked, selected[])` from the tree, `{ defects }`, or one ref. */
function defectsFromArgs(args: readonly unknown[]): DefectRef[] {
  const [first, second] = args;
  const list: unknown[] =
    Array.isArray(second) && second.length > 0
      ? second
      : typeof first === 'object' && first !== null && Array.isArray((first as { defects?: unknown }).defects)
        ? (first as { defects: unknown[] }).defects
        : [first];
  const seen = new Set<string>();
  const out: DefectRef[] = [];
  for (const item of list) {
    const ref = defectRefFrom(item);
    const key = ref && `${projectKey(ref)}#${ref.id}`;
    if (ref && key && !seen.has(key)) {
      seen.add(key);
      out.push(ref);
    }
  }
  return out;
}

interface ProjectData {
  api: ProjectApi;
  fields: FieldCatalog;
  lists: ListTree;
  users: readonly ProjectUser[];
  releases: ReleaseCatalog;
  names: ValueNames;
}

async function projectData(services: BulkServices, ref: DefectRef): Promise<ProjectData> {
  const api = await services.project(ref);
  const [fields, lists, names] = await Promise.all([api.fields('defects'), api.listItems(), projectNames(api, { locale: services.locale() })]);
  return { api, fields, lists, users: [...(names.users?.values() ?? [])], releases: names.releases ?? { releases: [], cycles: [] }, names };
}

/** The user's fields and values, resolved and checked against the metadata; undefined when cancelled. */
async function chooseChanges(services: BulkServices, data: ProjectData, count: number): Promise<BulkChange[] | undefined> {
  const today = new Date().toISOString().slice(0, 10);
  const picked = await services.prompts().chooseChanges({
    count,
    fields: bulkFields(data.fields),
    choices: (f) => valueChoices(f, data.lists, data.users, data.releases, today),
  });
  if (!picked?.length) return undefined;
  const edits: DefectChanges = Object.fromEntries(picked.map((p) => [p.field, p.value]));
  const problems = validateEdits(edits, data.fields, data.lists, { users: data.users.length ? data.users.map((u) => u.name) : undefined });
  if (problems.length) throw new Error(vscode.l10n.t('Nothing was changed: {0}', problems.map((p) => p.message).join(' ')));
  return picked.map((p) => bulkChange(p.field, p.value, data.fields.get(p.field), data.names));
}

/** One run over `ids` with a cancellable progress notification; saved defects are announced. */
async function runWithProgress(services: BulkServices, project: DefectRef, api: ProjectApi, ids: readonly number[], changes: readonly BulkChange[]): Promise<BulkOutcome[]> {
  const edits: DefectChanges = Object.fromEntries(changes.map((c) => [c.field, c.value]));
  const outcomes = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, cancellable: true, title: vscode.l10n.t('Updating {0} defects', ids.length) },
    async (progress, token) => {
      const linked = tokenToSignal(token);
      let reported = 0;
      try {
        return await runBulkUpdate(api, ids, edits, {
          signal: linked.signal,
          editingHere: (id) => services.editingHere({ ...project, id }),
          onProgress: (done, total) => {
            progress.report({ increment: ((done - reported) * 100) / total, message: vscode.l10n.t('{0} of {1}', done, total) });
            reported = done;
          },
          onBulkRefused: (reason) => services.log.warn(`[bulk] the server refused the bulk update, so defects are updated one at a time: ${reason}`),
        });
      } finally {
        linked.dispose();
      }
    },
  );
  for (const o of outcomes) {
    if (o.kind === 'updated') services.defectSaved({ ...project, id: o.id }, o.defect);
    services.log.info(`[bulk] defect ${o.id}: ${outcomeText(o)}`);
  }
  // Rows updated in place may belong to other groups now: grouped views count again.
  if (outcomes.some((o) => o.kind === 'updated')) services.defectsChanged(project);
  return outcomes;
}

/** The summaries of defects the run did not bring back (skipped, refused), for the result list; best effort. */
async function readNames(api: ProjectApi, ids: readonly number[], names: Map<number, string>): Promise<void> {
  const missing = ids.filter((id) => !names.has(id)).slice(0, 200);
  if (missing.length === 0) return;
  const read = await defectsByIds(api.defects, missing, { fields: ['name'] }).catch(() => []);
  for (const d of read) if (typeof d.name === 'string') names.set(d.id, d.name);
}

export async function updateSelected(services: BulkServices, args: readonly unknown[]): Promise<BulkReport | undefined> {
  const fromArgs = defectsFromArgs(args);
  const refs = fromArgs.length ? fromArgs : services.selectedDefects();
  if (refs.length === 0) {
    throw new Error(vscode.l10n.t('Select one or more defects first: in the ALM view (Ctrl+click or Shift+click selects several) or in a defects grid.'));
  }
  const project = refs[0];
  if (refs.some((r) => projectKey(r) !== projectKey(project))) {
    throw new Error(vscode.l10n.t('The selected defects belong to different projects. Select defects of one project and run Update Selected again.'));
  }
  const data = await projectData(services, project);
  const changes = await chooseChanges(services, data, refs.length);
  if (!changes) return undefined;
  const summary = changeSummary(refs.length, changes);
  if (!(await services.prompts().confirm(summary.title, summary.lines))) return undefined;
  const final = new Map<number, BulkOutcome>();
  const names = new Map<number, string>();
  let ids = refs.map((r) => r.id);
  while (ids.length > 0) {
    for (const o of await runWithProgress(services, project, data.api, ids, changes)) {
      final.set(o.id, o);
      if (o.kind === 'updated' && typeof o.defect.name === 'string') names.set(o.id, o.defect.name);
    }
    await readNames(data.api, [...final.keys()], names);
    const all = [...final.values()];
    const rows = all.map((o) => ({ id: o.id, name: names.get(o.id), text: outcomeText(o), failed: o.kind !== 'updated' }));
    ids = await services.prompts().showResult(vscode.l10n.t('Update Selected: {0}', tallyText(all)), rows);
  }
  return {
    changes: changes.map((c) => ({ field: c.field, label: c.label, shown: c.shown })),
    outcomes: [...final.values()].map((o) => ({ id: o.id, outcome: o.kind, text: outcomeText(o) })),
  };
}
