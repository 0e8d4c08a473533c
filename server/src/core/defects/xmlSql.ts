// SQL writing the `<Field>` elements of plain defect fields, for Core XML pages (xml.ts). Like the
// JSON page (json.ts), SQLite writes them in C; a run of consecutive plain fields becomes one text
// column (a string is cheaper to hand over than a Buffer, and far cheaper than one value a field).
// Values are escaped for the five characters the library escapes: a GLOB finds the rare value
// that holds one, and only that value goes through replace().
//
// Fields SQL cannot write exactly as the library does, or cheaply, are left to JavaScript: memos
// (HTML, so nearly always escaped: five replace() passes over them cost more than the rest of the
// page, a scan while encoding costs little), floats (SQLite writes 1.0e+21 where JavaScript
// writes 1e+21), multi-values (JSON lists) and references to releases, cycles and environments
// (their names, read once per page). A fraction stored in an INTEGER column, which only a direct
// write to the database can leave, shows SQLite's digits.
import type { FieldDef } from '../../metadata/types';
import { sqlType } from '../../metadata/types';
import { referenceTable } from './convert';

const SAFE_NAME = /^[a-z0-9-]+$/;

/** True for a field the page writes in JavaScript from its raw column (see above). */
export function writtenInJs(def: FieldDef): boolean {
  return def.dataType === 'Memo' || def.kind === 'float' || def.multiple === true || referenceTable(def) !== undefined;
}

/** The raw column a JavaScript-written field reads. */
export function rawColumnSql(def: FieldDef): string {
  return `defects.${def.column}`;
}

/** SQL escaping a text expression for XML content, as the library escapes it. */
function escapedSql(text: string): string {
  return `replace(replace(replace(replace(replace(${text}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&apos;')`;
}

/** SQL for the `<Field>` element of a non-empty text value. */
function filledSql(open: string, text: string): string {
  // `||` joins three pieces for less than concat() costs.
  return `CASE WHEN ${text} GLOB '*[&<>"'']*' THEN '${open}<Value>' || ${escapedSql(text)} || '</Value></Field>' ELSE '${open}<Value>' || ${text} || '</Value></Field>' END`;
}

/** SQL for one plain field's `<Field>` element: none, `<Value/>` for '', or the escaped value. */
function fieldSql(def: FieldDef): string {
  if (!SAFE_NAME.test(def.name)) throw new Error(`Field name '${def.name}' cannot be written into SQL XML text.`);
  const column = `defects.${def.column}`;
  const open = `<Field Name="${def.name}">`;
  const empty = `'<Field Name="${def.name}"/>'`;
  const blank = `'${open}<Value/></Field>'`;
  // Numbers never need escaping; anything else an INTEGER column holds is written as text.
  if (sqlType(def) === 'INTEGER') {
    const text = `CAST(${column} AS TEXT)`;
    return (
      `CASE WHEN typeof(${column}) = 'integer' THEN '${open}<Value>' || ${column} || '</Value></Field>' ` +
      `WHEN ${column} IS NULL THEN ${empty} WHEN ${text} = '' THEN ${blank} ELSE ${filledSql(open, text)} END`
    );
  }
  // In a TEXT column every value but NULL is text (or a blob): `> ''` is true for all but ''.
  return `CASE WHEN ${column} > '' THEN ${filledSql(open, column)} WHEN ${column} IS NULL THEN ${empty} ELSE ${blank} END`;
}

/**
 * SQL for one text column holding the `<Field>` elements of consecutive plain fields. Text, not a
 * BLOB: better-sqlite3 makes a string of a short text faster than a Buffer of a blob.
 */
export function fieldsRunSql(defs: readonly FieldDef[]): string {
  return `concat(${defs.map(fieldSql).join(', ')})`;
}
