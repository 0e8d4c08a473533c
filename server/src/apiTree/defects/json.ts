// The api tree's JSON of defects, the one writer of it: a stored row as an instance (`type` and
// `id` first, typed values, `null` for empty fields, multi-valued fields as arrays, resource
// references as `{id, type}`), and pages and bulk answers as `{"data":[…],"total-count":n}`.
import { CATALOGS } from '../../metadata/catalog';
import { RESOURCE_ENTITY } from '../../metadata/validate';
import type { FieldDef } from '../../metadata/types';
import type { DefectRow, StoredValue } from '../../store/projectTypes';

const DEFECT = CATALOGS.defects;

function outputValue(def: FieldDef, value: StoredValue | undefined): unknown {
  if (value === null || value === undefined) return null;
  if (def.multiple && typeof value === 'string') {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return [value];
    }
  }
  if (def.dataType === 'Reference' && def.resource && def.resource !== 'user') {
    return { id: value, type: RESOURCE_ENTITY[def.resource].type };
  }
  return value;
}

/**
 * The instance object; `fields` (from the `fields` parameter) limits the members, null means all.
 * A field named twice appears once, at its first place.
 */
export function defectJson(row: DefectRow, fields: readonly string[] | null = null): Record<string, unknown> {
  const out: Record<string, unknown> = { type: 'defect', id: row.id };
  for (const def of DEFECT.selected(fields, ['id'])) out[def.name] = outputValue(def, row[def.name]);
  return out;
}

/** A page or bulk answer: the instances of `rows` in their order, and the total. */
export function defectsJson(rows: readonly DefectRow[], fields: readonly string[] | null, total: number): string {
  return JSON.stringify({ data: rows.map((row) => defectJson(row, fields)), 'total-count': total });
}
