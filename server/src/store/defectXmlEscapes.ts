// Which plain fields of each defect need XML escaping, kept by the database itself: a row of
// defect_xml_escapes per defect, whose "fields" has a bit set for each covered field (the plain
// fields a Core XML page writes in SQL, xmlSql.ts) holding one of the five characters XML
// reserves. Pages now escape only `& < >` in text (core/wire/xmlEscape.ts); the bits, frozen with
// schema 6, still count quotes too: a superset only sends a quote-only value through a replace()
// that changes nothing, which costs less than a migration recreating the triggers. Most defects hold none, and the page writes their fields as they are, where testing
// each of 36 values with a GLOB cost a third of the api tree's whole page (bench/server); the rare
// value with a bit set goes through replace(). Triggers keep the table true on every insert,
// change and delete, whichever connection or route writes, as they keep the counts (defectCounts.ts).
//
// A defect without a row has every value escaped, so the table can fall behind without being
// wrong: a bulk load empties it and fills it again at the end (project.ts, withoutDefectIndexes),
// and a defect replaced by INSERT OR REPLACE (whose delete fires no trigger) gets a new row.

/**
 * The fields covered, bit i for field i: the plain fields of schema version 6. Frozen with the
 * triggers that test them: covering another field takes a migration that recreates the triggers
 * and fills the table again; until then a field missing here is tested value by value (xmlSql.ts).
 */
export const XML_ESCAPE_FIELDS: readonly string[] = [
  'id',
  'ver-stamp',
  'name',
  'creation-time',
  'closing-date',
  'last-modified',
  'detected-by',
  'owner',
  'severity',
  'status',
  'priority',
  'project',
  'closing-version',
  'detection-version',
  'planned-closing-ver',
  'reproducible',
  'to-mail',
  'subject',
  'actual-fix-time',
  'estimated-fix-time',
  'cycle-id',
  'run-reference',
  'step-reference',
  'test-reference',
  'request-id',
  'cycle-reference',
  'extended-reference',
  'has-change',
  'request-server',
  'request-type',
  'attachment',
  'has-linkage',
  'has-others-linkage',
  'user-01',
  'user-03',
  'user-05',
];

/** The table, and the column of the defect's bits (the id column is not "id", so a join leaves "id" unambiguous). */
export const XML_ESCAPES_TABLE = 'defect_xml_escapes';
export const XML_ESCAPES_BITS = `${XML_ESCAPES_TABLE}."fields"`;

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
const RESERVED = ['&', '<', '>', '"', "''"];

/** True when `text` holds a reserved character. instr(), not GLOB: GLOB stops at a NUL byte, so 'a\0<' would pass. */
const holdsReserved = (text: string) => RESERVED.map((ch) => `instr(${text}, '${ch}')`).join(' OR ');

/**
 * SQL for the bits of a row's values (`row` prefixes the columns: `NEW.` in a trigger). One test
 * of all values joined answers for most defects; only the others are tested field by field.
 */
function bitsSql(row: string): string {
  // concat() writes numbers as text, skips NULLs and keeps NUL bytes (it copies by length).
  const all = `concat(${XML_ESCAPE_FIELDS.map((f) => `${row}${q(f)}`).join(', ')})`;
  const each = XML_ESCAPE_FIELDS.map((f, i) => `iif(${holdsReserved(`${row}${q(f)}`)}, ${2 ** i}, 0)`).join(' + ');
  return `CASE WHEN ${holdsReserved(all)} THEN ${each} ELSE 0 END`;
}

/** The table and its triggers (schema version 6), filled from the defects stored. */
export function defectXmlEscapesSchema(): string[] {
  return [`CREATE TABLE ${XML_ESCAPES_TABLE} ("defect" INTEGER PRIMARY KEY, "fields" INTEGER NOT NULL)`, ...fillXmlEscapes(), ...xmlEscapesTriggers()];
}

/** Fills the table from scratch (the migration, and the end of a bulk load). */
export function fillXmlEscapes(): string[] {
  return [`DELETE FROM ${XML_ESCAPES_TABLE}`, `INSERT INTO ${XML_ESCAPES_TABLE} ("defect", "fields") SELECT "id", ${bitsSql('')} FROM defects`];
}

/** The triggers judging a defect again whenever it is written; created again after a bulk load. */
function xmlEscapesTriggers(): string[] {
  // Delete, then insert: an insert can then never conflict, whatever conflict clause the write had.
  const judge = `INSERT INTO ${XML_ESCAPES_TABLE} ("defect", "fields") VALUES (NEW."id", ${bitsSql('NEW.')});`;
  return [
    // The delete first: INSERT OR REPLACE removes the old row without firing the delete trigger.
    `CREATE TRIGGER defect_xml_escapes_insert AFTER INSERT ON defects BEGIN
      DELETE FROM ${XML_ESCAPES_TABLE} WHERE "defect" = NEW."id";
      ${judge}
    END`,
    `CREATE TRIGGER defect_xml_escapes_update AFTER UPDATE OF ${XML_ESCAPE_FIELDS.map(q).join(', ')} ON defects BEGIN
      DELETE FROM ${XML_ESCAPES_TABLE} WHERE "defect" IN (OLD."id", NEW."id");
      ${judge}
    END`,
    `CREATE TRIGGER defect_xml_escapes_delete AFTER DELETE ON defects BEGIN
      DELETE FROM ${XML_ESCAPES_TABLE} WHERE "defect" = OLD."id";
    END`,
  ];
}
