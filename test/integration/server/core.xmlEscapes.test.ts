// The escape bits Core XML pages trust (server/src/store/defectXmlEscapes.ts): a field's value is
// written unescaped only when its bit is clear, so the bits must be exactly "this value holds one
// of & < > \" '" after every kind of write: both trees, another connection, INSERT OR REPLACE, a
// changed id, a delete, a migration from schema version 5 and a bulk load. After each, the page
// must still equal what the library writes. (Pages now escape only & < > in text; the bits still
// count quotes, a superset that costs only a replace() changing nothing: xmlSql.ts.)
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { PAGING } from '../../../server/src/config';
import { ReferenceNames, defectEntity } from '../../../server/src/core/defects/convert';
import { coreDefectXmlPage } from '../../../server/src/core/defects/xml';
import { XML_DECLARATION, entityXml } from '../../../server/src/core/wire/entity';
import { CATALOGS } from '../../../server/src/metadata/catalog';
import { compileCollectionRequest } from '../../../server/src/query/index';
import { XML_ESCAPE_FIELDS } from '../../../server/src/store/defectXmlEscapes';
import { ProjectStore } from '../../../server/src/store/project';
import { TestClient, startTestServer } from '../../support/server';
import type { RunningServer } from '../../support/server';
import { CORE, JSON_ } from './coreHarness';

type Row = Record<string, unknown>;

/** The bits as the trigger should have set them, computed here from the stored row. */
function bitsOf(row: Row): number {
  return XML_ESCAPE_FIELDS.reduce((bits, field, i) => {
    const value = row[field];
    const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
    return /[&<>"']/.test(text) ? bits + 2 ** i : bits;
  }, 0);
}

function assertBits(db: Database.Database, when: string): void {
  const rows = db.prepare('SELECT * FROM defects ORDER BY "id"').all() as Row[];
  const stored = new Map(db.prepare('SELECT "defect", "fields" FROM defect_xml_escapes').raw(true).all() as [number, number][]);
  assert.deepEqual(stored, new Map(rows.map((row) => [row.id as number, bitsOf(row)])), `${when}: escape bits`);
}

/** The page of every defect (up to 2,000) against the library's entities of the same rows. */
function assertPage(store: ProjectStore, when: string): void {
  const c = compileCollectionRequest({ 'page-size': 'max' }, CATALOGS.defects, PAGING);
  const rows = store.db.prepare('SELECT * FROM defects ORDER BY "id" LIMIT 2000').all() as Row[];
  const refs = new ReferenceNames(store);
  const entities = rows.map((row) => entityXml(defectEntity(row as Record<string, string | number | null>, null, refs)).slice(XML_DECLARATION.length));
  assert.equal(coreDefectXmlPage(store, c, rows.length).toString('utf8'), `${XML_DECLARATION}<Entities TotalResults="${rows.length}">${entities.join('')}</Entities>`, `${when}: page`);
}

describe('server: the escape bits of Core XML pages stay exact under writes', function () {
  let server: RunningServer;
  let client: TestClient;
  let store: ProjectStore;
  let writer: Database.Database;
  const check = (when: string) => {
    assertBits(store.db, when);
    assertPage(store, when);
  };

  before(async () => {
    server = await startTestServer({ defects: 60 });
    client = new TestClient(server.baseUrl);
    await client.signIn('alice');
    store = new ProjectStore('DEFAULT', 'Demo', join(server.dataDir, 'projects', 'DEFAULT', 'Demo'), () => new Date());
    // Another connection, as another process on the same data dir would write.
    writer = new Database(join(server.dataDir, 'projects', 'DEFAULT', 'Demo', 'project.db'));
    writer.pragma('busy_timeout = 5000');
  });
  after(async () => {
    writer.close();
    store.close();
    await server.close();
  });

  it('the seeded defects have their bits, most of them none', () => {
    check('seeded');
    const plain = store.db.prepare('SELECT COUNT(*) FROM defect_xml_escapes WHERE "fields" = 0').pluck().get() as number;
    assert.ok(plain > 30, `most demo defects need no escapes (${plain} of 60)`);
  });

  it('creates and changes through both trees set and clear the bits', async () => {
    const api = `${client.projectPath()}/defects`;
    const created = await client.post(api, { data: [{ type: 'defect', name: 'Tom & Jerry <b>', severity: '2-Medium', 'detected-by': 'bob', 'user-03': `it's "quoted"` }] });
    assert.equal(created.status, 201, created.text);
    const id = created.json<{ id: number }>().id;
    check('after an api create');
    assert.equal((await client.put(`${api}/${id}`, { name: 'Plain again', 'user-03': null })).status, 200);
    check('after an api update back to plain text');
    const core = await client.request('PUT', `${CORE}/defects/${id}`, { json: { Fields: [{ Name: 'user-03', values: [{ value: 'a > b' }] }], Type: 'defect' }, headers: JSON_ });
    assert.equal(core.status, 200, core.text);
    check('after a Core update');
  });

  it('writes of another connection, INSERT OR REPLACE, a changed id and a delete keep them true', () => {
    writer.prepare('UPDATE defects SET "status" = ?, "cycle-reference" = ? WHERE "id" = 5').run('a<b', 'nul \u0000 & more');
    // Text in an INTEGER column, which only a direct write can leave.
    writer.prepare('UPDATE defects SET "actual-fix-time" = ? WHERE "id" = 6').run('"3"');
    check('after updates by another connection');
    // REPLACE deletes the old row without the delete trigger: the insert trigger must judge it afresh.
    writer.prepare('INSERT OR REPLACE INTO defects ("id", "name", "status") VALUES (5, ?, ?)').run('Replaced', 'New');
    check('after INSERT OR REPLACE');
    writer.prepare('UPDATE defects SET "id" = 9000, "name" = ? WHERE "id" = 6').run('moved <here>');
    check('after a changed id');
    writer.prepare('DELETE FROM defects WHERE "id" = 9000').run();
    check('after a delete');
  });
});

describe('server: escape bits across a migration and a bulk load', function () {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'alm-xml-escapes-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const defect = (i: number) => ({ name: i % 3 === 0 ? `O'Brien #${i}` : `Plain ${i}`, severity: '1-Low', status: i % 5 === 0 ? 'A&B' : 'Open', 'detected-by': 'bob', description: '<p>memo</p>' });

  it('a project database of schema version 5 gets its bits when it is opened', () => {
    let store = new ProjectStore('DEFAULT', 'Old', dir, () => new Date());
    store.insertDefects(Array.from({ length: 40 }, (_, i) => defect(i)));
    // Back to what version 5 had: no escape bits, no pair counts (version 7), none of their triggers.
    store.db.exec('DROP TABLE defect_xml_escapes; DROP TABLE defect_pair_counts');
    const added = "SELECT name FROM sqlite_master WHERE type = 'trigger' AND (name LIKE 'defect_xml_escapes%' OR name LIKE 'defect_pair_counts%')";
    for (const name of store.db.prepare(added).pluck().all() as string[]) store.db.exec(`DROP TRIGGER "${name}"`);
    store.db.pragma('user_version = 5');
    store.close();
    store = new ProjectStore('DEFAULT', 'Old', dir, () => new Date());
    try {
      assertBits(store.db, 'migrated');
      assertPage(store, 'migrated');
      store.insertDefect(defect(3));
      assertBits(store.db, 'the migrated triggers judge a new defect');
    } finally {
      store.close();
    }
  });

  it('a bulk load (triggers dropped) escapes every value meanwhile and fills the bits after', async () => {
    const store = new ProjectStore('DEFAULT', 'Bulk', dir, () => new Date());
    try {
      store.insertDefects(Array.from({ length: 20 }, (_, i) => defect(i)));
      await store.withoutDefectIndexes(async () => {
        store.insertDefects(Array.from({ length: 30 }, (_, i) => defect(i + 20)));
        // A change the absent triggers do not see: no stale bit may let it through unescaped.
        store.updateDefect(1, { name: 'now <b>old</b>' });
        assert.equal(store.db.prepare('SELECT COUNT(*) FROM defect_xml_escapes').pluck().get(), 0, 'the bits are gone during the load');
        assertPage(store, 'during the load');
      });
      assertBits(store.db, 'after the load');
      assertPage(store, 'after the load');
      store.updateDefect(2, { name: 'x > y' });
      assertBits(store.db, 'the triggers are back');
    } finally {
      store.close();
    }
  });
});
