// Core XML of defect rows written by SQLite — the XML twin of json.ts. A 100-defect page is about
// 5,000 elements; fast-xml-parser's XMLBuilder spent 5–7× the whole api page's time on its
// per-element bookkeeping (bench/server), so collection pages take their `<Entity>` elements from
// the query as bytes instead. Single entities, errors and every other document still go through
// the library (wire/entity.ts).
//
// Every value is escaped by SQL `replace()` for the five characters XML reserves — exactly the
// escaping the library applies — before it is joined into the markup; the only text not escaped
// is the catalog's field names, checked to be plain. The output equals `entityXml(defectEntity(…))`
// without its declaration: test/integration/server/core.formats.test.ts compares the two for
// every demo defect and parses the page back.
import { CATALOGS } from '../../metadata/catalog';
import type { FieldDef } from '../../metadata/types';
import { referenceTable } from './convert';

const DEFECT = CATALOGS.defects;
const SAFE_NAME = /^[a-z0-9-]+$/;

/** SQL escaping a text expression for XML content or a double-quoted attribute. */
export function xmlEscapeSql(expr: string): string {
  return `replace(replace(replace(replace(replace(${expr}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&apos;')`;
}

/** SQL for a column's value as text, as convert.ts writes values (integral floats without `.0`). */
function textSql(def: FieldDef, column: string): string {
  if (def.kind === 'float') return `(CASE WHEN ${column} = CAST(${column} AS INTEGER) THEN CAST(CAST(${column} AS INTEGER) AS TEXT) ELSE CAST(${column} AS TEXT) END)`;
  return `CAST(${column} AS TEXT)`;
}

/** One `<Value>` element around an (unescaped) text expression; an empty value is `<Value/>`. */
function valueSql(text: string, referenceName?: string): string {
  const open = referenceName === undefined ? `'<Value>'` : `concat('<Value ReferenceValue="', ${xmlEscapeSql(referenceName)}, '">')`;
  const empty = referenceName === undefined ? `'<Value/>'` : `concat('<Value ReferenceValue="', ${xmlEscapeSql(referenceName)}, '"/>')`;
  return `(CASE WHEN ${text} = '' THEN ${empty} ELSE concat(${open}, ${xmlEscapeSql(text)}, '</Value>') END)`;
}

/** SQL for one `<Field>` element; a field without values is `<Field Name="x"/>`. */
function fieldSql(def: FieldDef): string {
  const column = `defects.${def.column}`;
  const open = `'<Field Name="${def.name}">'`;
  const empty = `'<Field Name="${def.name}"/>'`;
  if (def.multiple) {
    const each = `(SELECT group_concat(${valueSql('CAST(v.value AS TEXT)')}, '') FROM json_each(${column}) AS v)`;
    return (
      `(CASE WHEN ${column} IS NULL THEN ${empty} ` +
      `WHEN json_valid(${column}) AND json_type(${column}) = 'array' THEN ` +
      // concat() reads NULL as '', so an empty array is caught before it rather than by COALESCE.
      `(CASE WHEN json_array_length(${column}) = 0 THEN ${empty} ELSE concat(${open}, ${each}, '</Field>') END) ` +
      `ELSE concat(${open}, ${valueSql(`CAST(${column} AS TEXT)`)}, '</Field>') END)`
    );
  }
  const one = `concat(${open}, ${valueSql(textSql(def, column))}, '</Field>')`;
  const table = referenceTable(def);
  if (table) {
    // One indexed lookup gives the display name; a dangling id shows without one.
    const named = `(SELECT concat(${open}, ${valueSql(textSql(def, column), 'r."name"')}, '</Field>') FROM ${table} AS r WHERE r."id" = ${column} AND r."name" IS NOT NULL)`;
    return `(CASE WHEN ${column} IS NULL THEN ${empty} ELSE COALESCE(${named}, ${one}) END)`;
  }
  return `(CASE WHEN ${column} IS NULL THEN ${empty} ELSE ${one} END)`;
}

/** SQL giving a defect row's `<Entity>` element as a BLOB; `fields` limits the fields like defectEntity. */
export function coreDefectXmlSql(fields: readonly string[] | null = null): string {
  const seen = new Set<string>();
  const defs = (fields ? fields.map((name) => DEFECT.field(name)).filter((d) => d !== undefined) : DEFECT.fields).filter((def) => {
    if (seen.has(def.name)) return false;
    seen.add(def.name);
    return true;
  });
  for (const def of defs) if (!SAFE_NAME.test(def.name)) throw new Error(`Field name '${def.name}' cannot be written into SQL XML text.`);
  // One concat() of all pieces: a chain of `||` copies the growing entity text at every step.
  return `CAST(concat('<Entity Type="defect"><Fields>', ${[...defs.map(fieldSql), `'</Fields><RelatedEntities/></Entity>'`].join(', ')}) AS BLOB)`;
}
