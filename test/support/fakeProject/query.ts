// How the fake project answers a page request as the server does (enough of it: =, <>, <, >, in,
// like, and/or/not; order by any field; paging with total and hasMore).
import type { Condition, Defect, Filter, OrderBySpec, Page, PageRequest } from '../../../src/api';

/** A field value as the fake server compares it: lists joined as String() does, the rest as JSON. */
function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return Array.isArray(value) ? value.join(',') : JSON.stringify(value);
}

function matches(value: unknown, c: Condition): boolean {
  const text = asText(value);
  switch (c.op) {
    case '=':
      return c.value === '' ? text === '' : text === String(c.value);
    case '<>':
      return text !== String(c.value);
    case '<':
      return Number(value) < Number(c.value);
    case '>':
      return Number(value) > Number(c.value);
    case '<=':
      return Number(value) <= Number(c.value);
    case '>=':
      return Number(value) >= Number(c.value);
    case 'in':
      return c.values.map(String).includes(text);
    case 'like': {
      const like = c.pattern.split('*').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      return new RegExp(`^${like.join('.*')}$`, 'i').test(text);
    }
    case 'not':
      return !matches(value, c.condition);
    case 'and':
      return c.conditions.every((x) => matches(value, x));
    case 'or':
      return c.conditions.some((x) => matches(value, x));
  }
}

function toCondition(entry: Filter[string]): Condition {
  if (Array.isArray(entry)) return { op: 'in', values: entry };
  if (typeof entry === 'string' || typeof entry === 'number') return { op: '=', value: entry };
  return entry;
}

function byOrder(orderBy: readonly OrderBySpec[] | undefined): (a: Defect, b: Defect) => number {
  const order = (orderBy ?? ['id']).map((o) => (typeof o === 'string' ? { field: o.replace(/^[-+]/, ''), direction: o.startsWith('-') ? 'desc' : 'asc' } : o));
  return (a, b) => {
    for (const o of order) {
      const x = a[o.field] ?? '';
      const y = b[o.field] ?? '';
      const cmp = typeof x === 'number' && typeof y === 'number' ? x - y : asText(x).localeCompare(asText(y));
      if (cmp) return o.direction === 'desc' ? -cmp : cmp;
    }
    return 0;
  };
}

/** The page of `rows` that `r` asks for: filtered, ordered, cut, with only the asked fields. */
export function pageOf(rows: readonly Defect[], r: PageRequest): Page<Defect> {
  const offset = r.offset ?? 0;
  const pageSize = r.pageSize ?? 500;
  const found = rows.filter((d) => Object.entries(r.filter ?? {}).every(([f, e]) => matches(d[f], toCondition(e)))).sort(byOrder(r.orderBy));
  const items = found.slice(offset, offset + pageSize).map((d) => {
    if (!r.fields) return d;
    const out: Defect = { type: 'defect', id: d.id };
    for (const f of r.fields) out[f] = d[f];
    return out;
  });
  return { items, total: found.length, offset, nextOffset: offset + items.length, hasMore: offset + items.length < found.length };
}
