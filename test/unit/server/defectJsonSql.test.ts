// Collection pages have SQLite write each defect's JSON (defectJsonSql); every other route builds the
// object in JS (defectJson). Both must give the same instance: same members, same order, same values.
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { CATALOGS } from '../../../server/src/metadata/catalog';
import type { FieldDef } from '../../../server/src/metadata/types';
import { defectJson, defectJsonSql } from '../../../server/src/routes/defects/representation';
import type { DefectRow, StoredValue } from '../../../server/src/store/projectTypes';

const DEFECT_FIELDS = CATALOGS.defects.fields;
const columnOf = (def: FieldDef) => def.column.slice(1, -1);

/** A stored value for each kind of field, with text that needs escaping and some nulls. */
function sampleValue(def: FieldDef, variant: number): StoredValue {
  if (variant % 5 === 4) return null;
  if (def.multiple) return variant % 3 === 2 ? 'not json [' : JSON.stringify(['A "quoted" value', `v${variant}`]);
  switch (def.dataType) {
    case 'Integer':
      return variant * 7;
    case 'Float':
      return variant + 0.25;
    case 'Date':
      return `2026-11-${String(10 + variant).padStart(2, '0')}`;
    case 'Reference':
      return def.resource && def.resource !== 'user' ? variant + 1 : `user-${variant}`;
    case 'Memo':
      return `<p>line "one"\n\tline \\two\\ ü ✓ \u2028 \u0001</p>`;
    default:
      return `${def.name} ${variant} "q" \\ </script> 😀`;
  }
}

function sampleRow(variant: number): DefectRow {
  const row: DefectRow = {};
  for (const def of DEFECT_FIELDS) row[columnOf(def)] = def.name === 'id' ? 100 + variant : sampleValue(def, variant);
  return row;
}

describe('server defects: page JSON written by SQLite', () => {
  let db: Database.Database;
  const rows = Array.from({ length: 10 }, (_, variant) => sampleRow(variant));

  before(() => {
    db = new Database(':memory:');
    db.exec(`CREATE TABLE defects (${DEFECT_FIELDS.map((def) => def.column).join(', ')})`);
    const insert = db.prepare(`INSERT INTO defects VALUES (${DEFECT_FIELDS.map(() => '?').join(', ')})`);
    for (const row of rows) insert.run(...DEFECT_FIELDS.map((def) => row[columnOf(def)] ?? null));
  });
  after(() => db.close());

  const instances = (fields: readonly string[] | null): Record<string, unknown>[] =>
    (
      db
        .prepare(`SELECT ${defectJsonSql(fields)} FROM defects ORDER BY "id"`)
        .pluck()
        .all() as Buffer[]
    ).map((bytes) => JSON.parse(bytes.toString('utf8')) as Record<string, unknown>);

  it('gives every field with the value, type and order defectJson gives, for all kinds of values', () => {
    const fromSql = instances(null);
    assert.equal(fromSql.length, rows.length);
    rows.forEach((row, i) => {
      const expected = defectJson(row);
      assert.deepEqual(fromSql[i], expected);
      assert.deepEqual(Object.keys(fromSql[i] ?? {}), Object.keys(expected));
    });
  });

  it('honours a fields selection: its order, no repeats, id and type always', () => {
    const fields = ['severity', 'name', 'target-rel', 'severity', 'user-01', 'id'];
    const [first] = instances(fields);
    assert.deepEqual(first, defectJson(rows[0] ?? {}, fields));
    assert.deepEqual(Object.keys(first ?? {}), ['type', 'id', 'severity', 'name', 'target-rel', 'user-01']);
  });

  it('shows a malformed stored multi value as a one-element list and a release reference as {id, type}', () => {
    const multi = DEFECT_FIELDS.find((def) => def.multiple);
    assert.ok(multi, 'the catalog has a multi-valued field');
    const [, , third] = instances([multi.name, 'target-rel']);
    assert.deepEqual(third?.[multi.name], ['not json [']);
    assert.deepEqual(third?.['target-rel'], { id: 3, type: 'release' });
  });
});
