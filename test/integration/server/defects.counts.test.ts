// total-count and TotalResults at scale (issue 16): the per-value counters the triggers keep and
// the counts the store keeps between writes must always equal COUNT(*) of the same filter, after
// creates, updates (to another value and to none), deletes, bulk changes, writes by another
// connection, a migration from schema version 4 and a bulk load.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { PAGING } from '../../../server/src/config';
import { CATALOGS } from '../../../server/src/metadata/catalog';
import { compileCollectionRequest, countQuery } from '../../../server/src/query/index';
import { ProjectStore } from '../../../server/src/store/project';
import { TestClient, openProjectDb, startTestServer } from '../../support/server';
import type { RunningServer } from '../../support/server';

/** Filters the counters answer (one field, two paired fields), and ones they leave to COUNT(*) (unpaired fields, wildcards, dates). */
const FILTERS = [
  '',
  '{status[Open]}',
  '{status[Open or Reopen]}',
  "{status['Open' or 'Open']}",
  '{status[<>Closed]}',
  '{owner[NULL]}',
  '{owner[<>NULL]}',
  '{severity[5-Urgent]}',
  '{priority[<>"3-High"]}',
  '{user-01[Backend]}',
  '{detected-by[bob]}',
  '{owner[alice];status[<>Closed]}',
  '{status[Open or Reopen];owner[bob]}',
  "{owner[''];status[Open or New]}",
  "{owner[<>''];status[Fixed]}",
  '{owner[NULL];status[NULL]}',
  '{owner[<>alice];status[<>Closed]}',
  '{owner[alice];severity[<>NULL]}',
  "{severity[''];owner['']}",
  '{detected-by[bob];status[Open or New]}',
  '{severity[5-Urgent];status[<>Closed]}',
  '{owner[alice];priority[3-High]}',
  '{name[*crash*]}',
  "{owner['']}",
  "{owner[<>'']}",
  '{creation-time[>2025-06-01]}',
];

/** The pairs defectPairCounts.ts keeps. */
const PAIRS = [
  ['owner', 'status'],
  ['detected-by', 'status'],
  ['severity', 'status'],
  ['owner', 'severity'],
];

/** The pair counters must hold exactly what GROUP BY over the defects says (rows of 0 aside). */
function assertPairCounters(db: Database.Database, when: string): void {
  for (const [a, b] of PAIRS) {
    const kept = db.prepare('SELECT "value-a" AS a, "value-b" AS b, "n" FROM defect_pair_counts WHERE "field-a" = ? AND "field-b" = ? AND "n" <> 0 ORDER BY 1, 2').all(a, b);
    const actual = db.prepare(`SELECT "${a}" AS a, "${b}" AS b, COUNT(*) AS n FROM defects WHERE "${a}" IS NOT NULL AND "${b}" IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`).all();
    assert.deepEqual(kept, actual, `${when}: pair counters of ${a} x ${b}`);
  }
}

function sqlCount(db: Database.Database, query: string): number {
  const c = compileCollectionRequest({ query }, CATALOGS.defects, PAGING);
  const { sql, params } = countQuery('defects', c);
  return db
    .prepare(sql)
    .pluck()
    .get(...params) as number;
}

describe('server: total-count from the counters and the kept counts', function () {
  let server: RunningServer;
  let client: TestClient;
  let db: Database.Database;
  const path = (rest = '') => `${client.projectPath()}/defects${rest}`;
  const apiTotal = async (query: string) => {
    const res = await client.get(path(`?${new URLSearchParams({ query, limit: '1', fields: 'id' }).toString()}`));
    assert.equal(res.status, 200, res.text);
    return res.json<{ 'total-count': number }>()['total-count'];
  };
  const coreTotal = async (query: string) => {
    const res = await client.get(`/rest/domains/DEFAULT/projects/Demo/defects?${new URLSearchParams({ query, 'page-size': '1' }).toString()}`, { Accept: 'application/json' });
    assert.equal(res.status, 200, res.text);
    return res.json<{ TotalResults: number }>().TotalResults;
  };
  /** Every filter's total, in both trees, against COUNT(*) on a separate connection. */
  const assertTotals = async (when: string) => {
    assertPairCounters(db, when);
    for (const query of FILTERS) {
      const expected = sqlCount(db, query);
      assert.equal(await apiTotal(query), expected, `${when}: /api total of '${query}'`);
      assert.equal(await coreTotal(query), expected, `${when}: Core total of '${query}'`);
    }
  };

  before(async () => {
    server = await startTestServer({ defects: 120 });
    client = new TestClient(server.baseUrl);
    await client.signIn('alice');
    db = openProjectDb(server.dataDir);
  });
  after(async () => {
    db.close();
    await server.close();
  });

  it('every filter shape counts what COUNT(*) counts, and the counted ones are answered from the counters', async () => {
    await assertTotals('seeded');
    const counters = db.prepare('SELECT COUNT(*) FROM defect_counts').pluck().get() as number;
    assert.ok(counters > 10, `the counters hold a row per value (${counters})`);
  });

  it('stays exact after creates, updates to another value and to none, bulk updates and deletes', async () => {
    // Counts are asked first so that kept counts exist that the writes must not leave stale.
    await assertTotals('before the writes');
    const created = await client.post(path(), { data: [{ type: 'defect', name: 'Counted', severity: '5-Urgent', 'detected-by': 'bob', status: 'Open', owner: 'alice' }] });
    assert.equal(created.status, 201, created.text);
    const id = created.json<{ id: number }>().id;
    await assertTotals('after a create');
    assert.equal((await client.put(path(`/${id}`), { status: 'Closed', owner: null, severity: '1-Low' })).status, 200);
    await assertTotals('after an update');
    assert.equal((await client.put(path(`/${id}`), { owner: 'bob', status: 'Reopen' })).status, 200);
    await assertTotals('after an update back to a value');
    const ids = db.prepare('SELECT "id" FROM defects WHERE "status" = ? LIMIT 3').pluck().all('Open') as number[];
    const bulk = await client.put(path(), { data: ids.map((i) => ({ id: i, status: 'Fixed' })) });
    assert.equal(bulk.status, 200, bulk.text);
    await assertTotals('after a bulk update');
    assert.equal((await client.delete(path(`/${id}`))).status, 200);
    await assertTotals('after a delete');
  });

  it('a write by another connection (another server process on the same data dir) shows at once', async () => {
    const before = await apiTotal('{owner[alice];status[<>Closed]}');
    const beforeOpen = await apiTotal('{status[Open]}');
    const writer = new Database(join(server.dataDir, 'projects', 'DEFAULT', 'Demo', 'project.db'));
    try {
      writer.pragma('busy_timeout = 5000');
      const id = writer.prepare('SELECT "id" FROM defects WHERE "owner" = ? AND "status" = ? LIMIT 1').pluck().get('alice', 'Open') as number;
      writer.prepare('UPDATE defects SET "status" = ? WHERE "id" = ?').run('Closed', id);
    } finally {
      writer.close();
    }
    assert.equal(await apiTotal('{owner[alice];status[<>Closed]}'), before - 1, 'the pair counters followed the update');
    assert.equal(await apiTotal('{status[Open]}'), beforeOpen - 1, 'the counters followed the update');
    await assertTotals('after another connection wrote');
  });

  it('a page where nothing matches, or past the last match, is empty with the exact total, in both trees', async () => {
    for (const query of ["{owner[alice];severity['']}", '{status[Open]}']) {
      const total = sqlCount(db, query);
      for (const offset of [0, total, total + 5]) {
        const api = await client.get(path(`?${new URLSearchParams({ query, limit: '1', offset: String(offset), fields: 'id' }).toString()}`));
        const body = api.json<{ data: unknown[]; 'total-count': number }>();
        assert.deepEqual([body.data.length, body['total-count']], [offset < total ? 1 : 0, total], `/api ${query} offset ${offset}`);
        const core = await client.get(`/rest/domains/DEFAULT/projects/Demo/defects?${new URLSearchParams({ query, 'page-size': '1', 'start-index': String(offset + 1) }).toString()}`, {
          Accept: 'application/json',
        });
        const coreBody = core.json<{ entities: unknown[]; TotalResults: number }>();
        assert.deepEqual([coreBody.entities.length, coreBody.TotalResults], [offset < total ? 1 : 0, total], `Core ${query} start-index ${offset + 1}`);
      }
    }
  });

  it('a total of two paired fields is read from the pair counters, in both trees, not counted row by row', async () => {
    const query = '{owner[alice];status[<>Closed]}';
    const exact = sqlCount(db, query);
    const writer = new Database(join(server.dataDir, 'projects', 'DEFAULT', 'Demo', 'project.db'));
    const shift = (by: number) =>
      writer.prepare(`UPDATE defect_pair_counts SET "n" = "n" + ? WHERE "field-a" = 'owner' AND "value-a" = 'alice' AND "field-b" = 'status' AND "value-b" = 'Open'`).run(by);
    try {
      writer.pragma('busy_timeout = 5000');
      // Only a total taken from the counter table can see a change made to that table alone.
      shift(1000);
      assert.equal(await apiTotal(query), exact + 1000);
      assert.equal(await coreTotal(query), exact + 1000);
    } finally {
      shift(-1000);
      writer.close();
    }
    assert.equal(await apiTotal(query), exact);
  });
});

describe('server: defect counters across a migration and a bulk load', function () {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'alm-counts-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const defect = (i: number) => ({ name: `d${i}`, severity: ['1-Low', '5-Urgent'][i % 2], status: ['Open', 'Closed', 'New'][i % 3], 'detected-by': 'bob', owner: i % 4 === 0 ? null : 'alice' });
  const totals = (store: ProjectStore) => FILTERS.map((query) => store.countDefectMatches(compileCollectionRequest({ query }, CATALOGS.defects, PAGING)));
  const expected = (store: ProjectStore) => FILTERS.map((query) => sqlCount(store.db, query));

  it('a project database of schema version 4 gets its counters filled when it is opened', () => {
    let store = new ProjectStore('DEFAULT', 'Old', dir, () => new Date());
    store.insertDefects(Array.from({ length: 50 }, (_, i) => defect(i)));
    // Back to what version 4 had: no counters, no escape bits, no triggers, the old owner index.
    store.db.exec(`DROP TABLE defect_counts; DROP TABLE defect_pair_counts; DROP TABLE defect_xml_escapes; DROP INDEX "defects_owner_modified_id"; DROP INDEX "defects_id";
      CREATE INDEX "defects_owner_modified" ON defects("owner", "last-modified", "status");`);
    for (const name of store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").pluck().all() as string[]) store.db.exec(`DROP TRIGGER "${name}"`);
    store.db.pragma('user_version = 4');
    store.close();
    store = new ProjectStore('DEFAULT', 'Old', dir, () => new Date());
    try {
      assert.deepEqual(totals(store), expected(store));
      store.insertDefect(defect(7));
      assert.deepEqual(totals(store), expected(store), 'the migrated triggers count new defects');
    } finally {
      store.close();
    }
  });

  it('a project database of schema version 6 gets its pair counters filled when it is opened', () => {
    let store = new ProjectStore('DEFAULT', 'V6', dir, () => new Date());
    store.insertDefects(Array.from({ length: 60 }, (_, i) => defect(i)));
    store.db.exec('DROP TABLE defect_pair_counts');
    for (const name of store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'defect_pair_counts%'").pluck().all() as string[]) store.db.exec(`DROP TRIGGER "${name}"`);
    store.db.pragma('user_version = 6');
    store.close();
    store = new ProjectStore('DEFAULT', 'V6', dir, () => new Date());
    try {
      assertPairCounters(store.db, 'migrated');
      assert.deepEqual(totals(store), expected(store));
      store.insertDefect(defect(3));
      store.updateDefect(2, { owner: null, status: 'Fixed' });
      store.deleteDefect(5);
      assertPairCounters(store.db, 'after writes');
      assert.deepEqual(totals(store), expected(store), 'the migrated triggers follow writes');
    } finally {
      store.close();
    }
  });

  it('a bulk load (indexes and triggers dropped) counts with COUNT(*) meanwhile and fills the counters after', async () => {
    const store = new ProjectStore('DEFAULT', 'Bulk', dir, () => new Date());
    try {
      store.insertDefects(Array.from({ length: 20 }, (_, i) => defect(i)));
      await store.withoutDefectIndexes(async () => {
        store.insertDefects(Array.from({ length: 30 }, (_, i) => defect(i + 20)));
        assert.deepEqual(totals(store), expected(store), 'during the load');
      });
      assert.deepEqual(totals(store), expected(store), 'after the load');
      assertPairCounters(store.db, 'after the load');
      const triggers = store.db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'defects'").pluck().get() as number;
      assert.ok(triggers >= 3, `the triggers are back (${triggers})`);
      store.deleteDefect(1);
      assert.deepEqual(totals(store), expected(store), 'after a delete following the load');
    } finally {
      store.close();
    }
  });
});
