// Core JSON of defect rows written by SQLite (the Core twin of routes/defects/representation.ts
// `defectJsonSql`): a collection page's entities come back from the query as JSON bytes, so
// the server builds no JS objects for the 46 fields of 100 rows. The output equals
// `entityJson(defectEntity(row, fields, refs))`; test/integration/server/core.formats.test.ts
// compares the two for every demo defect. The SQL text holds only catalog names and columns.
import { CATALOGS } from '../../metadata/catalog';
import type { FieldDef } from '../../metadata/types';
import { referenceTable } from './convert';

const DEFECT = CATALOGS.defects;

/** SQL for a JSON string of a column's text, as convert.ts writes values. */
function valueText(def: FieldDef, column: string): string {
  // An integral float is written as JavaScript's String() writes it: 2, not 2.0.
  if (def.kind === 'float') return `CASE WHEN ${column} = CAST(${column} AS INTEGER) THEN CAST(CAST(${column} AS INTEGER) AS TEXT) ELSE CAST(${column} AS TEXT) END`;
  return `CAST(${column} AS TEXT)`;
}

function valuesSql(def: FieldDef): string {
  const column = `defects.${def.column}`;
  if (def.multiple) {
    return (
      `CASE WHEN ${column} IS NULL THEN json_array() ` +
      `WHEN json_valid(${column}) AND json_type(${column}) = 'array' THEN json((SELECT json_group_array(json_object('value', CAST(v.value AS TEXT))) FROM json_each(${column}) AS v)) ` +
      `ELSE json_array(json_object('value', ${column})) END`
    );
  }
  const table = referenceTable(def);
  if (table) {
    const name = `(SELECT r."name" FROM ${table} AS r WHERE r."id" = ${column})`;
    return (
      `CASE WHEN ${column} IS NULL THEN json_array() ` +
      `WHEN ${name} IS NULL THEN json_array(json_object('value', ${valueText(def, column)})) ` +
      `ELSE json_array(json_object('value', ${valueText(def, column)}, 'ReferenceValue', ${name})) END`
    );
  }
  return `CASE WHEN ${column} IS NULL THEN json_array() ELSE json_array(json_object('value', ${valueText(def, column)})) END`;
}

/** SQL giving a defect row's Core entity JSON as a BLOB; `fields` limits the fields like defectEntity. */
export function coreDefectJsonSql(fields: readonly string[] | null = null): string {
  const seen = new Set<string>();
  const defs = (fields ? fields.map((name) => DEFECT.field(name)).filter((d) => d !== undefined) : DEFECT.fields).filter((def) => {
    if (seen.has(def.name)) return false;
    seen.add(def.name);
    return true;
  });
  // json() keeps each CASE's result JSON (not a string) inside the enclosing object.
  const members = defs.map((def) => `json_object('Name', '${def.name}', 'values', json(${valuesSql(def)}))`);
  return `CAST(json_object('Fields', json_array(${members.join(', ')}), 'Type', 'defect') AS BLOB)`;
}
