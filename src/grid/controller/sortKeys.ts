// The grid's sort: header clicks make the keys, the keys make the server's `order-by`. A click sorts
// by that field alone (again: the other way round); Shift+click adds it as a further key (again:
// turns that key round). Paging by offset needs a total order, so `id` always ends the order-by.
import { totalOrder } from '../../api';
import type { OrderBy } from '../../api';
import type { GridSortKey } from '../../shared/gridProtocol';

/** At most this many keys: the ALM web client's grid sorts by a handful at most, and each is an index lookup. */
const MAX_SORT_KEYS = 3;

export function nextSort(keys: readonly GridSortKey[], field: string, add: boolean): GridSortKey[] {
  const at = keys.findIndex((k) => k.field === field);
  const flipped = (k: GridSortKey): GridSortKey => ({ field: k.field, direction: k.direction === 'asc' ? 'desc' : 'asc' });
  if (!add) return at === 0 && keys.length === 1 ? [flipped(keys[0])] : [{ field, direction: 'asc' }];
  if (at >= 0) return keys.map((k, i) => (i === at ? flipped(k) : k));
  return [...keys.slice(0, MAX_SORT_KEYS - 1), { field, direction: 'asc' }];
}

/**
 * The keys a query's order-by stands for: without an `id` tie-breaker that only makes it total (a
 * trailing `id` in the direction of the key before it, which orderByOf puts back as it was). An `id`
 * the other way round is a key of its own (an ALM favorite's "severity ↓, id ↑") and stays.
 */
export function sortKeysOf(orderBy: readonly OrderBy[]): GridSortKey[] {
  const keys = orderBy.map((o) => ({ field: o.field, direction: o.direction ?? 'asc' }));
  const tieBreak = keys.findIndex((k, i) => k.field === 'id' && i > 0);
  const implied = tieBreak > 0 && tieBreak === keys.length - 1 && keys[tieBreak].direction === keys[tieBreak - 1].direction;
  return (implied ? keys.slice(0, tieBreak) : keys.slice(0, tieBreak > 0 ? tieBreak + 1 : keys.length)).slice(0, MAX_SORT_KEYS);
}

/** `order-by` for the keys, made total as every paged view's is (api's totalOrder). */
export function orderByOf(keys: readonly GridSortKey[]): OrderBy[] {
  return totalOrder(keys.map((k) => ({ field: k.field, direction: k.direction })));
}
