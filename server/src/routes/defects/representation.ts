// A stored defect row as the api tree returns it: `type` and `id` first, typed values, `null`
// for empty fields, multi-valued fields as arrays, resource references as `{id, type}`.
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

/**
 * An SQL expression giving a defect row's instance JSON as a BLOB: the same members, order and values
 * as `defectJson(row, fields)` (numbers may differ in notation only, e.g. 1.0 for 1). Collection pages
 * use it: SQLite writes the JSON in C and better-sqlite3 hands it over as bytes, where building JS
 * strings and objects for the 46 columns, stringifying them and encoding the result back to UTF-8 took
 * most of a 100-defect page's time (see bench/server). The text holds only catalog names and columns.
 */
export function defectJsonSql(fields: readonly string[] | null = null): string {
  // Like the object in defectJson, a field named twice appears once, at its first place.
  const defs = DEFECT.selected(fields, ['id']);
  const members = defs.map((def) => `'${def.name}', ${valueSql(def)}`);
  return `CAST(json_object('type', 'defect', 'id', "id"${members.map((m) => `, ${m}`).join('')}) AS BLOB)`;
}

/** The member value: multi values as arrays (a malformed stored one as a one-element array, as outputValue does), resource references as {id, type}. */
function valueSql(def: FieldDef): string {
  if (def.multiple) return `json(CASE WHEN ${def.column} IS NULL THEN NULL WHEN json_valid(${def.column}) THEN ${def.column} ELSE json_array(${def.column}) END)`;
  if (def.dataType === 'Reference' && def.resource && def.resource !== 'user') {
    const type = RESOURCE_ENTITY[def.resource].type;
    return `json(CASE WHEN ${def.column} IS NULL THEN NULL ELSE json_object('id', ${def.column}, 'type', '${type}') END)`;
  }
  return def.column;
}
