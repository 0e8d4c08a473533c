// Core JSON of defect rows written by SQLite (the Core twin of routes/defects/representation.ts
// `defectJsonSql`): a collection page's entities come back from the query as JSON bytes, so
// the server builds no JS objects for the 46 fields of 100 rows. The output equals
// `entityJson(defectEntity(row, fields, refs))`; test/integration/server/core.formats.test.ts
// compares the two for every demo defect.
//
// The envelope is joined as text around values escaped by SQLite's json_quote(), in one concat():
// json_object()/json_array() nested three levels deep per field, or a chain of `||`, re-read or
// re-copied every value (memos included) many times, up to seven times the api page's SQL cost.
// The only text not produced by json_quote() is the catalog's field names, checked to need no escaping.
import { CATALOGS } from '../../metadata/catalog';
import type { FieldDef } from '../../metadata/types';
import { referenceTable } from './convert';

const DEFECT = CATALOGS.defects;
const SAFE_NAME = /^[a-z0-9-]+$/;

/** SQL for a column's value as a JSON string, as convert.ts writes values. */
function quoted(def: FieldDef, column: string): string {
  // An integral float is written as JavaScript's String() writes it: 2, not 2.0.
  if (def.kind === 'float') return `json_quote(CASE WHEN ${column} = CAST(${column} AS INTEGER) THEN CAST(CAST(${column} AS INTEGER) AS TEXT) ELSE CAST(${column} AS TEXT) END)`;
  return `json_quote(CAST(${column} AS TEXT))`;
}

/**
 * SQL for a field's whole member, `{"Name":"…","values":[…]}` with the comma before it unless it
 * is the first: the constant text sits in each CASE arm, so concat() takes one piece per field
 * instead of three (a tenth less SQL time for a page, bench/server).
 */
function fieldSql(def: FieldDef, first: boolean): string {
  if (!SAFE_NAME.test(def.name)) throw new Error(`Field name '${def.name}' cannot be written into SQL JSON text.`);
  const column = `defects.${def.column}`;
  const head = `${first ? '' : ','}{"Name":"${def.name}","values":`;
  const empty = `'${head}[]}'`;
  if (def.multiple) {
    const each = `(SELECT group_concat('{"value":' || json_quote(CAST(v.value AS TEXT)) || '}', ',') FROM json_each(${column}) AS v)`;
    return (
      `CASE WHEN ${column} IS NULL THEN ${empty} ` +
      `WHEN json_valid(${column}) AND json_type(${column}) = 'array' THEN '${head}[' || COALESCE(${each}, '') || ']}' ` +
      `ELSE '${head}[{"value":' || json_quote(${column}) || '}]}' END`
    );
  }
  const one = `'${head}[{"value":' || ${quoted(def, column)} || '}]}'`;
  const table = referenceTable(def);
  if (table) {
    // One indexed lookup gives the display name; a dangling id shows without one.
    const named = `(SELECT '${head}[{"value":' || ${quoted(def, column)} || ',"ReferenceValue":' || json_quote(r."name") || '}]}' FROM ${table} AS r WHERE r."id" = ${column} AND r."name" IS NOT NULL)`;
    return `CASE WHEN ${column} IS NULL THEN ${empty} ELSE COALESCE(${named}, ${one}) END`;
  }
  return `CASE WHEN ${column} IS NULL THEN ${empty} ELSE ${one} END`;
}

/** SQL giving a defect row's Core entity JSON as a BLOB; `fields` limits the fields like defectEntity. */
export function coreDefectJsonSql(fields: readonly string[] | null = null): string {
  const defs = DEFECT.selected(fields);
  // One concat() of all pieces: a chain of `||` copies the growing entity text at every step.
  return `CAST(concat('{"Fields":[', ${[...defs.map((def, i) => fieldSql(def, i === 0)), `'],"Type":"defect"}'`].join(', ')}) AS BLOB)`;
}
