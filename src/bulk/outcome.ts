// The result model of "Update Selected": per defect what happened (updated, skipped because another
// user or this window's editor holds it, refused with the server's reason, not reached before a
// cancel), the change summarised before it is confirmed, the tally after it ran, and which defects a
// retry takes. No `vscode` import: the command, the chat tool and the tests read the same model.
import * as l10n from '@vscode/l10n';
import type { Defect, FieldMeta, FieldValue } from '../api/index';
import { fieldText } from '../defects/fieldText';
import type { ValueNames } from '../defects/fieldText';

/** One field a bulk update sets on every defect, with the value as the user reads it. */
export interface BulkChange {
  field: string;
  label: string;
  value: FieldValue;
  /** The value as every view writes it (defects/fieldText.ts): release by name, user's full name, "—" for none. */
  shown: string;
}

/** A field the update sets, its value written as every view writes it. */
export function bulkChange(field: string, value: FieldValue, meta: FieldMeta | undefined, names: ValueNames): BulkChange {
  return { field, label: meta?.label ?? field, value, shown: fieldText(field, value, names, meta) };
}

export type BulkOutcome =
  | { id: number; kind: 'updated'; defect: Defect }
  | { id: number; kind: 'locked'; by: string | undefined }
  | { id: number; kind: 'editing-here' }
  | { id: number; kind: 'refused'; reason: string }
  | { id: number; kind: 'not-run' };

export type OutcomeKind = BulkOutcome['kind'];

/** The confirmation's text: how many defects, then one line per field ("Status: Fixed"). */
export function changeSummary(count: number, changes: readonly BulkChange[]): { title: string; lines: string[] } {
  const title = count === 1 ? l10n.t('Update 1 defect?') : l10n.t('Update {0} defects?', count);
  return { title, lines: changes.map((c) => l10n.t('{0}: {1}', c.label, c.shown)) };
}

/** One line per defect for the result list: "updated", "skipped: locked by bob", "refused: <the server's reason>". */
export function outcomeText(o: BulkOutcome): string {
  switch (o.kind) {
    case 'updated':
      return l10n.t('updated');
    case 'locked':
      return o.by ? l10n.t('skipped: locked by {0}', o.by) : l10n.t('skipped: locked by another user');
    case 'editing-here':
      return l10n.t('skipped: being edited in this window');
    case 'refused':
      return l10n.t('refused: {0}', o.reason);
    case 'not-run':
      return l10n.t('not updated: cancelled');
  }
}

/** How many defects ended each way. */
export function tally(outcomes: readonly BulkOutcome[]): Record<OutcomeKind, number> {
  const counts: Record<OutcomeKind, number> = { updated: 0, locked: 0, 'editing-here': 0, refused: 0, 'not-run': 0 };
  for (const o of outcomes) counts[o.kind]++;
  return counts;
}

/** "8 updated, 1 skipped, 1 refused" — the parts that are not zero, in that order. */
export function tallyText(outcomes: readonly BulkOutcome[]): string {
  const t = tally(outcomes);
  const parts = [
    t.updated ? l10n.t('{0} updated', t.updated) : '',
    t.locked + t['editing-here'] ? l10n.t('{0} skipped', t.locked + t['editing-here']) : '',
    t.refused ? l10n.t('{0} refused', t.refused) : '',
    t['not-run'] ? l10n.t('{0} not updated (cancelled)', t['not-run']) : '',
  ].filter(Boolean);
  return parts.join(', ') || l10n.t('nothing to update');
}

/** The defects a retry takes: every one not updated. */
export function retryIds(outcomes: readonly BulkOutcome[]): number[] {
  return outcomes.filter((o) => o.kind !== 'updated').map((o) => o.id);
}
