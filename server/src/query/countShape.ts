// Which filters a store can count without reading the table: none at all (every row), or one
// plain text field compared with exact values (`{status[Open or Reopen]}`, `{status[<>Closed]}`,
// `{owner[NULL]}`). The shape says the same as the SQL compileFilter writes for that filter, so a
// store keeping per-value counts (store/defectCounts.ts) answers exactly what COUNT(*) would.
import type { FilterNode } from './ast.js';
import type { QueryCatalog } from './types.js';

export type CountShape =
  | { kind: 'all' }
  /** `field IN values` (negated: `field NOT IN values`, which like SQL's `<>` leaves out nulls). */
  | { kind: 'values'; field: string; values: string[]; negated: boolean }
  /** `field IS NULL` (negated: `IS NOT NULL`). */
  | { kind: 'null'; field: string; negated: boolean };

export function countShape(filter: FilterNode | null, catalog: QueryCatalog): CountShape | undefined {
  if (!filter) return { kind: 'all' };
  if (filter.type === 'compare') return single(filter, catalog);
  if (filter.type !== 'or') return undefined;
  // An OR of equalities on one field: the SQL ORs `field = ?`, a match counted once.
  const parts = filter.items.map((item) => (item.type === 'compare' ? single(item, catalog) : undefined));
  const first = parts[0];
  if (first?.kind !== 'values') return undefined;
  const values = new Set<string>();
  for (const part of parts) {
    if (part?.kind !== 'values' || part.negated || part.field !== first.field) return undefined;
    for (const v of part.values) values.add(v);
  }
  return { kind: 'values', field: first.field, values: [...values], negated: false };
}

function single(node: Extract<FilterNode, { type: 'compare' }>, catalog: QueryCatalog): CountShape | undefined {
  const field = catalog.field(node.field);
  // Only text columns: their values compare as stored, with no conversion a count could miss.
  if (field?.kind !== 'string' || (node.op !== '=' && node.op !== '<>')) return undefined;
  const negated = node.op === '<>';
  if (node.value.kind === 'null') return { kind: 'null', field: field.name, negated };
  // A wildcard is a LIKE, an empty value means "null or empty": neither is an exact value.
  if (node.value.kind !== 'text' || node.value.value === '' || node.value.value.includes('*')) return undefined;
  return { kind: 'values', field: field.name, values: [node.value.value], negated };
}
