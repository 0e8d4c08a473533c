// A stored defect row as the api tree returns it: `type` and `id` first, typed values, `null`
// for empty fields, multi-valued fields as arrays, resource references as `{id, type}`.
import { CATALOGS } from '../../metadata/catalog';
import { RESOURCE_ENTITY } from '../../metadata/validate';
import type { FieldDef, ResourceSource } from '../../metadata/types';
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
    return { id: value, type: RESOURCE_ENTITY[def.resource as Exclude<ResourceSource, 'user'>].type };
  }
  return value;
}

/** The instance object; `fields` (from the `fields` parameter) limits the members, null means all. */
export function defectJson(row: DefectRow, fields: readonly string[] | null = null): Record<string, unknown> {
  const out: Record<string, unknown> = { type: 'defect', id: row.id };
  const defs = fields ? fields.map((name) => DEFECT.field(name)).filter((d) => d !== undefined) : DEFECT.fields;
  for (const def of defs) {
    if (def.name === 'id') continue;
    out[def.name] = outputValue(def, row[def.column.slice(1, -1)]);
  }
  return out;
}

/** SQL column list for a `fields` selection (id is always read). */
export function selectColumns(fields: readonly string[] | null): string {
  if (!fields) return '*';
  const cols = new Set<string>(['"id"']);
  for (const name of fields) {
    const def = DEFECT.field(name);
    if (def) cols.add(def.column);
  }
  return [...cols].join(', ');
}
