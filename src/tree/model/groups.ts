// Grouping needs every value of the grouping field with its count. One scan reads only that field
// (2000 defects per request), so the counts are exact and defects without a value, or with a
// value no longer in the list, get a group too: nothing is silently left out.
import type { Filter, ProjectApi } from '../../api';

export interface GroupCount {
  /** null for defects without a value. */
  value: string | null;
  count: number;
}

const SCAN_PAGE = 2000;

export async function scanGroups(api: ProjectApi, field: string, filter: Filter, signal: AbortSignal): Promise<GroupCount[]> {
  const counts = new Map<string | null, number>();
  for (let offset = 0; ; ) {
    const page = await api.defects.page({ offset, pageSize: SCAN_PAGE, fields: [field], filter, orderBy: ['id'], signal });
    for (const d of page.items) {
      const value = groupValueOf(d[field]);
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    if (!page.hasMore || page.items.length === 0) break;
    offset = page.nextOffset;
  }
  const order = await listOrder(api, field, signal);
  return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => compareValues(a.value, b.value, order));
}

/** The group a field value falls in: its text, or null for no value. */
export function groupValueOf(raw: unknown): string | null {
  return typeof raw === 'string' && raw !== '' ? raw : raw === null || raw === undefined || raw === '' ? null : String(raw);
}

/** The field's list values in list order, when it is a list field; [] otherwise (e.g. owner). */
async function listOrder(api: ProjectApi, field: string, signal: AbortSignal): Promise<string[]> {
  try {
    const meta = (await api.fields('defects', { signal })).get(field);
    const source = meta?.dataType.source;
    if (source?.kind !== 'list') return [];
    return (await api.listItems({ signal })).valuesOf(source.listId);
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
