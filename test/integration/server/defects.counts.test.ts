// total-count and TotalResults: COUNT(*) of the filter, which the store keeps until the next write
// (ProjectStore.count). Every total must equal COUNT(*) on another connection, after creates,
// updates (to another value and to none), deletes, bulk changes, writes by another connection and
// a bulk load: a kept count must never outlive the data it counted.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { PAGING } from '../../../server/src/config';
import { CATALOGS } from '../../../server/src/metadata/catalog';
import { compileCollectionRequest, countQuery } from '../../../server/src/query/index';
import { ProjectStore } from '../../../server/src/store/project';
import { openProjectDb, startSignedIn } from '../../support/server';
import type { RunningServer, TestClient } from '../../support/server';

/** Filters of one field, of two fields the tree combines, wildcards and dates. */
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

function sqlCount(db: Database.Database, query: string): number {
  const c = compileCollectionRequest({ query }, CATALOGS.defects, PAGING);
  const { sql, params } = countQuery('defects', c);
  return db
    .prepare(sql)
    .pluck()
    .get(...params) as number;
}

describe('server: total-count and the kept counts', function () {
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
    for (const query of FILTERS) {
      const expected = sqlCount(db, query);
      assert.equal(await apiTotal(query), expected, `${when}: /api total of '${query}'`);
      assert.equal(await coreTotal(query), expected, `${when}: Core total of '${query}'`);
    }
  };

  before(async () => {
    ({ server, client } = await startSignedIn({ defects: 120 }));
    db = openProjectDb(server.dataDir);
  });
  after(async () => {
    db.close();
    await server.close();
  });

  it('every filter shape counts what COUNT(*) counts, asked once and again', async () => {
    await assertTotals('seeded');
    await assertTotals('asked again (kept counts)');
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
    assert.equal(await apiTotal('{owner[alice];status[<>Closed]}'), before - 1, 'the kept count was not reused');
    assert.equal(await apiTotal('{status[Open]}'), beforeOpen - 1, 'the kept count was not reused');
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
});

describe('server: defect totals across a bulk load', function () {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'alm-counts-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const defect = (i: number) => ({ name: `d${i}`, severity: ['1-Low', '5-Urgent'][i % 2], status: ['Open', 'Closed', 'New'][i % 3], 'detected-by': 'bob', owner: i % 4 === 0 ? null : 'alice' });
  const totals = (store: ProjectStore) => FILTERS.map((query) => store.countDefectMatches(compileCollectionRequest({ query }, CATALOGS.defects, PAGING)));
  const expected = (store: ProjectStore) => FILTERS.map((query) => sqlCount(store.db, query));

  it('a bulk load (indexes dropped) counts right meanwhile and after, and gets its indexes back', async () => {
    const store = new ProjectStore('DEFAULT', 'Bulk', dir, () => new Date());
    try {
      store.insertDefects(Array.from({ length: 20 }, (_, i) => defect(i)));
      await store.withoutDefectIndexes(async () => {
        store.insertDefects(Array.from({ length: 30 }, (_, i) => defect(i + 20)));
        assert.deepEqual(totals(store), expected(store), 'during the load');
      });
      assert.deepEqual(totals(store), expected(store), 'after the load');
      const indexes = store.db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'defects'").pluck().get() as number;
      assert.ok(indexes >= 14, `the indexes are back (${indexes})`);
      store.deleteDefect(1);
      assert.deepEqual(totals(store), expected(store), 'after a delete following the load');
    } finally {
      store.close();
    }
  });
});
