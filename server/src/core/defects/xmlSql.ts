// SQL writing the `<Field>` elements of plain defect fields, for Core XML pages (xml.ts). Like the
// JSON page (json.ts), SQLite writes them in C; a run of consecutive plain fields becomes one text
// column (a string is cheaper to hand over than a Buffer, and far cheaper than one value a field).
// Values are escaped as the library escapes element text (`& < >`, wire/xmlEscape.ts). Most values
// hold none of them: the triggers of defectXmlEscapes.ts keep a bit per field of each defect that
// may (the bits also count quotes, which text no longer escapes: a superset costs a replace() that
// changes nothing, where narrowing them would take a schema migration), the page
// joins that table and sends only those values through replace(), and writes the others as they
// are. (A GLOB testing each value cost a third of the api tree's whole page, and missed what
// follows a NUL byte.)
//
// Fields SQL cannot write exactly as the library does, or cheaply, are left to JavaScript: memos
// (HTML, so nearly always escaped: replace() passes over them cost more than the rest of the
// page, a scan while encoding costs little), floats (SQLite writes 1.0e+21 where JavaScript
// writes 1e+21), multi-values (JSON lists) and references to releases, cycles and environments
// (their names, read once per page). A fraction stored in an INTEGER column, which only a direct
// write to the database can leave, shows SQLite's digits.
import type { FieldDef } from '../../metadata/types';
import { sqlType } from '../../metadata/types';
import { XML_ESCAPES_BITS, XML_ESCAPES_TABLE, XML_ESCAPE_FIELDS } from '../../store/defectXmlEscapes';
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

/** SQL escaping a text expression for XML element text, as the library escapes it (`&` first). */
function escapedSql(text: string): string {
  return `replace(replace(replace(${text}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;')`;
}

/** The join giving each row of a page its escape bits (NULL for a defect without a row: every value is escaped). */
export const XML_ESCAPES_JOIN = `LEFT JOIN ${XML_ESCAPES_TABLE} ON ${XML_ESCAPES_TABLE}."defect" = defects."id"`;

/**
 * SQL for a non-empty text value: as it is in a row without escapes (`plainRow`), else escaped as
 * the table's bit `bit` says. A field the table does not cover is always escaped.
 */
function valueSql(text: string, bit: number | undefined, plainRow: boolean): string {
  if (bit === undefined) return escapedSql(text);
  if (plainRow) return text;
  // `& bit = 0` is NULL, so not true, for a defect without a row.
  return `CASE WHEN ${XML_ESCAPES_BITS} & ${bit} = 0 THEN ${text} ELSE ${escapedSql(text)} END`;
}

/** SQL for one plain field's `<Field>` element: none, `<Value/>` for '', or the escaped value. */
function fieldSql(def: FieldDef, plainRow: boolean): string {
  if (!SAFE_NAME.test(def.name)) throw new Error(`Field name '${def.name}' cannot be written into SQL XML text.`);
  const column = `defects.${def.column}`;
  const open = `<Field Name="${def.name}">`;
  const empty = `'<Field Name="${def.name}"/>'`;
  const blank = `'${open}<Value/></Field>'`;
  const covered = XML_ESCAPE_FIELDS.indexOf(def.name);
  const bit = covered < 0 ? undefined : 2 ** covered;
  // `||` joins three pieces for less than concat() costs.
  const filled = (text: string) => `'${open}<Value>' || ${valueSql(text, bit, plainRow)} || '</Value></Field>'`;
  // Numbers never need escaping; anything else an INTEGER column holds is written as text.
  if (sqlType(def) === 'INTEGER') {
    const text = `CAST(${column} AS TEXT)`;
    return (
      `CASE WHEN typeof(${column}) = 'integer' THEN '${open}<Value>' || ${column} || '</Value></Field>' ` +
      `WHEN ${column} IS NULL THEN ${empty} WHEN ${text} = '' THEN ${blank} ELSE ${filled(text)} END`
    );
  }
  // In a TEXT column every value but NULL is text (or a blob): `> ''` is true for all but ''.
  return `CASE WHEN ${column} > '' THEN ${filled(column)} WHEN ${column} IS NULL THEN ${empty} ELSE ${blank} END`;
}

/**
 * SQL for one text column holding the `<Field>` elements of consecutive plain fields, for a query
 * joining XML_ESCAPES_JOIN. Text, not a BLOB: better-sqlite3 makes a string of a short text faster
 * than a Buffer of a blob.
 */
export function fieldsRunSql(defs: readonly FieldDef[]): string {
  const checked = `concat(${defs.map((def) => fieldSql(def, false)).join(', ')})`;
  // One test a row and run for the many defects without escapes, a test a field for the others.
  return `CASE WHEN ${XML_ESCAPES_BITS} = 0 THEN concat(${defs.map((def) => fieldSql(def, true)).join(', ')}) ELSE ${checked} END`;
}
