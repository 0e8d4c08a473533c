// Grouping needs every value of the grouping field with its count, exact, and defects without a
// value, or with a value no longer in the list, get a group too: nothing is silently left out.
// The field's possible values — a list field's list, a user field's (owner's) project users — are
// counted with one count-only request each, plus one for "no value" and one for the filter's
// total: a handful of requests whatever the project's size (a million defects took 500 scan
// requests, 22 s), each a lookup on a server keeping counts per value and per pair of values.
// When the counts do not add up to the total (values outside the list, users no longer in the
// project) or there are too many values, one scan reads only that field, 2000 defects per request.
// A Core server answers all of it with one request, `groups/{field}` (reference §16.11): used first.
import { pagesOf } from '../api';
import type { Filter, GroupCount, ProjectApi } from '../api';
import { addCondition } from './filter';
import { fieldKind } from './fieldKind';

export type { GroupCount };

const SCAN_PAGE = 2000;
/** Above this many list values a scan costs fewer requests than counting each value. */
const MAX_COUNTED_VALUES = 50;

export async function countGroups(api: ProjectApi, field: string, filter: Filter, signal: AbortSignal): Promise<GroupCount[]> {
  // Where the server counts every value in one request (Core groups/{field}), that is the answer.
  const [counted, order] = await Promise.all([api.defects.groups?.(field, { filter, signal }), possibleValues(api, field, signal)]);
  if (counted) return counted.filter((g) => g.count > 0).sort((a, b) => compareValues(a.value, b.value, order));
  if (order.length > 0 && order.length <= MAX_COUNTED_VALUES) {
    const count = async (f: Filter): Promise<number> => (await api.defects.page({ offset: 0, pageSize: 1, fields: ['id'], filter: f, orderBy: ['id'], signal })).total;
    // An empty value asks for "no value" (null or empty), the group groupValueOf calls null.
    const values: (string | null)[] = [...order, null];
    const [total, ...counts] = await Promise.all([count(filter), ...values.map((value) => count(addCondition({ ...filter }, field, { op: '=', value: value ?? '' })))]);
    if (counts.reduce((a, b) => a + b, 0) === total) {
      return values.map((value, i) => ({ value, count: counts[i] })).filter((g) => g.count > 0);
    }
  }
  return scanGroups(api, field, filter, signal, order);
}

async function scanGroups(api: ProjectApi, field: string, filter: Filter, signal: AbortSignal, knownOrder?: string[]): Promise<GroupCount[]> {
  const counts = new Map<string | null, number>();
  // The one page walker: a server that stops short of its total fails the grouping rather than undercounting it.
  for await (const page of pagesOf((offset) => api.defects.page({ offset, pageSize: SCAN_PAGE, fields: [field], filter, orderBy: ['id'], signal }))) {
    for (const d of page.items) {
      const value = groupValueOf(d[field]);
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
  }
  const order = knownOrder ?? (await possibleValues(api, field, signal));
  return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => compareValues(a.value, b.value, order));
}

/** The group a field value falls in: its text, or null for no value. */
export function groupValueOf(raw: unknown): string | null {
  if (typeof raw === 'string') return raw === '' ? null : raw;
  if (raw === null || raw === undefined) return null;
  // A multi-value groups by its values joined, as String() did; numbers and booleans read as in JSON.
  return Array.isArray(raw) ? raw.join(',') : JSON.stringify(raw);
}

/**
 * The values the field can hold, in the order groups show them: a list field's values in list
 * order, a user field's project users by name; [] for any other field.
 */
async function possibleValues(api: ProjectApi, field: string, signal: AbortSignal): Promise<string[]> {
  try {
    const meta = (await api.fields('defects', { signal })).get(field);
    const source = meta?.dataType.source;
    if (source?.kind === 'list') return (await api.listItems({ signal })).valuesOf(source.listId);
    if (!meta || fieldKind(field, meta) !== 'user') return [];
    return [...new Set((await api.users({ signal })).users.map((u) => u.name))].sort((a, b) => a.localeCompare(b));
  } catch (e) {
    if (signal.aborted) throw e;
    return []; // Order is cosmetic: without metadata, groups sort by name.
  }
}

function compareValues(a: string | null, b: string | null, order: string[]): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const ia = order.indexOf(a);
  const ib = order.indexOf(b);
  if (ia >= 0 && ib >= 0) return ia - ib;
  if (ia >= 0 || ib >= 0) return ia >= 0 ? -1 : 1;
  return a.localeCompare(b);
}
