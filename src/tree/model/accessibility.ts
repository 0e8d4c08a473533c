// What a screen reader says for each kind of row. The row's own label and description are written
// for the eye ("12: Crash · Open · 2-Medium · alice", "Priority ↓", a bare count); read aloud they
// lose which value is which. These labels name each value and leave out the symbols.
import { countText } from '../../shared/valueText';
import * as l10n from '@vscode/l10n';
import type { Defect } from '../../api';
import type { GroupBy, SortSpec } from './arrangement';
import { SORT_FIELDS } from './arrangement';

/**
 * A tree row's announcement: the words, and the role `treeitem`. VS Code puts the role on the row
 * itself, so any other (a "button" for a row that runs a command) would take the row out of the
 * tree for screen readers and keyboard navigation alike; the label says what the row does instead.
 */
export interface RowAccessibility {
  label: string;
  role?: string;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** "Defect 12: Crash on save. Status Open, severity 2-Medium, assigned to alice." */
export function defectSpeech(d: Defect, changedRemotely: boolean): RowAccessibility {
  const owner = text(d.owner) || l10n.t('nobody');
  const parts = [l10n.t('Defect {0}: {1}.', d.id, text(d.name))];
  const details = [text(d.status) && l10n.t('Status {0}', text(d.status)), text(d.severity) && l10n.t('severity {0}', text(d.severity)), l10n.t('assigned to {0}', owner)].filter(Boolean);
  parts.push(`${details.join(', ')}.`);
  if (changedRemotely) parts.push(l10n.t('Changed on the server since you last opened it.'));
  return { label: parts.join(' '), role: 'treeitem' };
}

const GROUP_FIELD: Record<Exclude<GroupBy, 'none'>, () => string> = {
  status: () => l10n.t('Status'),
  severity: () => l10n.t('Severity'),
  owner: () => l10n.t('Assigned To'),
};

/** "Status New: 12 defects." */
export function groupSpeech(field: Exclude<GroupBy, 'none'>, valueLabel: string, count: number, locale?: string): RowAccessibility {
  return { label: `${GROUP_FIELD[field]()} ${valueLabel}: ${countSpeech(count, locale)}`, role: 'treeitem' };
}

/** "My Defects: 42 defects, grouped by Status, sorted by ID, descending." */
export function defectListSpeech(label: string, total: number | undefined, groupBy: GroupBy, sort: SortSpec, locale?: string): RowAccessibility {
  const parts = [total === undefined ? label : `${label}: ${countSpeech(total, locale)}`];
  if (groupBy !== 'none') parts.push(l10n.t('grouped by {0}', GROUP_FIELD[groupBy]()));
  parts.push(sortSpeech(sort));
  return { label: parts.join(', '), role: 'treeitem' };
}

/** "Favorite Open urgent, public: 12 defects. Not applied: filter on Test Set." */
export function favoriteSpeech(name: string, isPublic: boolean, total: number | undefined, notApplied: readonly string[], locale?: string): RowAccessibility {
  const which = isPublic ? l10n.t('Favorite {0}, public', name) : l10n.t('Favorite {0}, private', name);
  const parts = [total === undefined ? `${which}.` : `${which}: ${countSpeech(total, locale)}.`];
  if (notApplied.length) parts.push(l10n.t('Not applied: {0}.', notApplied.join('; ')));
  return { label: parts.join(' '), role: 'treeitem' };
}

function sortSpeech(sort: SortSpec): string {
  const field = SORT_FIELDS.find((f) => f.field === sort.field)?.label ?? sort.field;
  return sort.direction === 'asc' ? l10n.t('sorted by {0}, ascending', field) : l10n.t('sorted by {0}, descending', field);
}

/**
 * A count on a tree row (a total, a group's count, what remains) in VS Code's display language; a tree
 * built without one (the tests' fakes) groups digits as English does, as the tree always did.
 */
export function rowCount(count: number, locale: string | undefined): string {
  return countText(count, locale ?? 'en-US');
}

function countSpeech(count: number, locale: string | undefined): string {
  return count === 1 ? l10n.t('1 defect') : l10n.t('{0} defects', rowCount(count, locale));
}
