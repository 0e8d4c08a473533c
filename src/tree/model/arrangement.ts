// How defects are arranged in the tree: grouping (none, status, severity, owner) and sorting, and
// the fields the tree requests. Paging needs a total order, so every sort ends with `id`.
import * as l10n from '@vscode/l10n';
import { totalOrder } from '../../api';
import type { OrderBy } from '../../api';

export type GroupBy = 'none' | 'status' | 'severity' | 'owner';
export const GROUP_BYS: readonly GroupBy[] = ['none', 'status', 'severity', 'owner'];

export type SortField = 'id' | 'name' | 'status' | 'severity' | 'priority' | 'owner' | 'creation-time' | 'last-modified';
export const SORT_FIELDS: readonly { field: SortField; label: string }[] = [
  { field: 'id', label: l10n.t('ID') },
  { field: 'name', label: l10n.t('Summary') },
  { field: 'status', label: l10n.t('Status') },
  { field: 'severity', label: l10n.t('Severity') },
  { field: 'priority', label: l10n.t('Priority') },
  { field: 'owner', label: l10n.t('Assigned To') },
  { field: 'creation-time', label: l10n.t('Detected On') },
  { field: 'last-modified', label: l10n.t('Modified') },
];

export interface SortSpec {
  field: SortField;
  direction: 'asc' | 'desc';
}

/** Newest first: what people triaging a project look at. */
const DEFAULT_SORT: SortSpec = { field: 'id', direction: 'desc' };

/** The only columns the tree shows (label, description, icon, tooltip); `type` and `id` always come back. */
export const TREE_FIELDS: readonly string[] = ['name', 'status', 'severity', 'priority', 'owner', 'detected-by', 'target-rel', 'creation-time', 'last-modified', 'has-linkage', 'has-others-linkage'];

/** `order-by` for a sort, with `id` as the tie-breaker so pages never overlap or skip. */
export function orderByFor(sort: SortSpec): OrderBy[] {
  return totalOrder([{ field: sort.field, direction: sort.direction }]);
}

export function readGroupBy(raw: unknown): GroupBy {
  return GROUP_BYS.includes(raw as GroupBy) ? (raw as GroupBy) : 'none';
}

export function readSort(raw: unknown): SortSpec {
  if (typeof raw !== 'object' || raw === null) return DEFAULT_SORT;
  const o = raw as Record<string, unknown>;
  const field = SORT_FIELDS.find((f) => f.field === o.field)?.field;
  const direction = o.direction === 'asc' || o.direction === 'desc' ? o.direction : undefined;
  return field && direction ? { field, direction } : DEFAULT_SORT;
}

export function describeSort(sort: SortSpec): string {
  const label = SORT_FIELDS.find((f) => f.field === sort.field)?.label ?? sort.field;
  return `${label} ${sort.direction === 'asc' ? '↑' : '↓'}`;
}
