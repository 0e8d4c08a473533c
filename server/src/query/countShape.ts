// Which filters a store can count without reading the table: none at all (every row), one plain
// text field compared with exact values (`{status[Open or Reopen]}`, `{status[<>Closed]}`,
// `{owner[NULL]}`, `{owner['']}`), or two such fields AND-ed (`{owner[alice];status[<>Closed]}`,
// "my open defects"). The shape says the same as the SQL compileFilter writes for that filter, so a
// store keeping per-value and per-pair counts (store/defectCounts.ts) answers exactly what COUNT(*) would.
import type { FilterNode } from './ast.js';
import type { QueryCatalog } from './types.js';

/** A condition on one text field. */
export type FieldShape =
  /** `field IN values` (negated: `field NOT IN values`, which like SQL's `<>` leaves out nulls). */
  | { kind: 'values'; field: string; values: string[]; negated: boolean }
  /** `field IS NULL` (negated: `IS NOT NULL`). */
  | { kind: 'null'; field: string; negated: boolean }
  /** `field = ''`: null or empty, ALM's "no value" (negated: neither null nor empty). */
  | { kind: 'empty'; field: string; negated: boolean };

export type CountShape = { kind: 'all' } | FieldShape | { kind: 'pair'; parts: [FieldShape, FieldShape] };

export function countShape(filter: FilterNode | null, catalog: QueryCatalog): CountShape | undefined {
  if (!filter) return { kind: 'all' };
  if (filter.type !== 'and') return fieldShape(filter, catalog);
  // `{a[…];b[…]}`: one condition on each of two different fields.
  const parts = filter.items.map((item) => fieldShape(item, catalog));
  const [a, b] = parts;
  if (parts.length !== 2 || !a || !b || a.field === b.field) return undefined;
  return { kind: 'pair', parts: [a, b] };
}

/** The shape of one field's condition: a comparison, or an OR of equalities on that field. */
function fieldShape(node: FilterNode, catalog: QueryCatalog): FieldShape | undefined {
  if (node.type === 'compare') return single(node, catalog);
  if (node.type !== 'or') return undefined;
  // An OR of equalities on one field: the SQL ORs `field = ?`, a match counted once.
  const parts = node.items.map((item) => (item.type === 'compare' ? single(item, catalog) : undefined));
  const first = parts[0];
  if (first?.kind !== 'values') return undefined;
  const values = new Set<string>();
  for (const part of parts) {
    if (part?.kind !== 'values' || part.negated || part.field !== first.field) return undefined;
    for (const v of part.values) values.add(v);
  }
  return { kind: 'values', field: first.field, values: [...values], negated: false };
}

function single(node: Extract<FilterNode, { type: 'compare' }>, catalog: QueryCatalog): FieldShape | undefined {
  const field = catalog.field(node.field);
  // Only text columns: their values compare as stored, with no conversion a count could miss.
  if (field?.kind !== 'string' || (node.op !== '=' && node.op !== '<>')) return undefined;
  const negated = node.op === '<>';
  if (node.value.kind === 'null') return { kind: 'null', field: field.name, negated };
  if (node.value.kind !== 'text') return undefined;
  // An empty value means "null or empty" (filterSql.ts); a wildcard is a LIKE, not an exact value.
  if (node.value.value === '') return { kind: 'empty', field: field.name, negated };
  if (node.value.value.includes('*')) return undefined;
  return { kind: 'values', field: field.name, values: [node.value.value], negated };
}
