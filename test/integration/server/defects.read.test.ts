// Reading defects over HTTP: envelopes, paging (limit/offset and page-size/start-index, 100 by
// default, 2000 at most), total-count, fields, order-by, query, single instances, gzip.
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { openProjectDb, startSignedIn } from '../../support/server';
import type { RunningServer, TestClient } from '../../support/server';

type Defect = Record<string, unknown> & { id: number; type: string };
interface Page {
  data: Defect[];
  'total-count': number;
}

describe('server: reading defects', function () {
  let server: RunningServer;
  let client: TestClient;
  const path = (q = '') => `${client.projectPath()}/defects${q}`;
  before(async () => {
    ({ server, client } = await startSignedIn({ defects: 230 }));
  });
  after(async () => server.close());

  it('the collection answers {data, total-count}: 100 by default, ordered by id, with no-cache headers', async () => {
    const res = await client.get(path());
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-cache, max-age=0');
    assert.equal(res.headers.get('pragma'), 'no-cache');
    const page = res.json<Page>();
    assert.equal(page['total-count'], 230);
    assert.equal(page.data.length, 100);
    assert.deepEqual(
      page.data.map((d) => d.id),
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
    assert.equal(page.data[0]?.type, 'defect');
  });

  it('instances have typed values: numbers, null for empty, arrays for multi-value, {id,type} for releases', async () => {
    const page = (await client.get(path('?limit=max'))).json<Page>();
    const d = page.data[0];
    assert.equal(typeof d.id, 'number');
    assert.equal(typeof d['ver-stamp'], 'number');
    assert.match(String(d['creation-time']), /^\d{4}-\d{2}-\d{2}$/);
    assert.match(String(d['last-modified']), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    assert.ok(
      page.data.some((x) => x.owner === null || x['closing-date'] === null),
      'nulls present',
    );
    const multi = page.data.find((x) => Array.isArray(x['user-02']) && (x['user-02'] as unknown[]).length > 0);
    assert.ok(multi, 'a defect with a multi-valued user-02');
    const rel = page.data.find((x) => x['detected-in-rel'] !== null);
    assert.ok(rel);
    assert.deepEqual(Object.keys(rel['detected-in-rel'] as object).sort(), ['id', 'type']);
    assert.equal((rel['detected-in-rel'] as { type: string }).type, 'release');
    assert.deepEqual(Object.keys(d).slice(0, 2), ['type', 'id']);
  });

  it('limit/offset and page-size/start-index address the same pages', async () => {
    const a = (await client.get(path('?limit=7&offset=14'))).json<Page>();
    const b = (await client.get(path('?page-size=7&start-index=15'))).json<Page>();
    assert.deepEqual(
      a.data.map((d) => d.id),
      [15, 16, 17, 18, 19, 20, 21],
    );
    assert.deepEqual(
      b.data.map((d) => d.id),
      a.data.map((d) => d.id),
    );
    assert.equal(a['total-count'], 230);
    const max = (await client.get(path('?limit=max'))).json<Page>();
    assert.equal(max.data.length, 230);
    const beyond = (await client.get(path('?limit=10&offset=500'))).json<Page>();
    assert.deepEqual(beyond.data, []);
    assert.equal(beyond['total-count'], 230);
  });

  it('bad paging → 400 with a clear title', async () => {
    for (const q of ['?limit=2001', '?limit=-1', '?limit=ten', '?offset=x', '?start-index=0']) {
      const res = await client.get(path(q));
      assert.equal(res.status, 400, q);
      assert.match(res.json<{ Title: string }>().Title, /limit|offset|start-index|page/i, q);
    }
  });

  it('fields limits the members to the named ones plus type and id', async () => {
    const page = (await client.get(path('?fields=name,status&limit=3'))).json<Page>();
    for (const d of page.data) assert.deepEqual(Object.keys(d).sort(), ['id', 'name', 'status', 'type']);
    const one = (await client.get(path('/5?fields=severity'))).json<Defect>();
    assert.deepEqual(Object.keys(one).sort(), ['id', 'severity', 'type']);
    const bad = await client.get(path('?fields=name,bogus'));
    assert.equal(bad.status, 400);
    assert.equal(bad.json<{ Id: string }>().Id, 'qccore.unknown-field-name');
  });

  it('order-by sorts by several fields with +/- and a query filters; total-count counts the matches', async () => {
    const db = openProjectDb(server.dataDir);
    try {
      const expected = db.prepare('SELECT "id" FROM defects WHERE "status" IN (\'Open\', \'New\') ORDER BY "severity" DESC, "id" DESC LIMIT 20').pluck().all();
      const count = db.prepare("SELECT COUNT(*) FROM defects WHERE \"status\" IN ('Open', 'New')").pluck().get();
      const res = await client.get(path(`?query=${encodeURIComponent('{status[Open or New]}')}&order-by=-severity,-id&limit=20`));
      const page = res.json<Page>();
      assert.deepEqual(
        page.data.map((d) => d.id),
        expected,
      );
      assert.equal(page['total-count'], count);
      const api = await client.get(path(`?query=${encodeURIComponent("\"status = 'Open' || status = 'New'\"")}&order-by=-severity,-id&limit=20`));
      assert.deepEqual(
        api.json<Page>().data.map((d) => d.id),
        expected,
      );
    } finally {
      db.close();
    }
  });

  it('a bad filter → 404 qccore.invalid-filter-expression', async () => {
    const res = await client.get(path(`?query=${encodeURIComponent('{status[Open')}`));
    assert.equal(res.status, 404);
    assert.equal(res.json<{ Id: string }>().Id, 'qccore.invalid-filter-expression');
  });

  it('GET by id returns the instance itself; a missing or malformed id → 404 qccore.entity-not-found', async () => {
    const one = await client.get(path('/42'));
    assert.equal(one.status, 200);
    const d = one.json<Defect>();
    assert.equal(d.id, 42);
    assert.equal('data' in d, false);
    for (const id of ['99999', 'abc', '-1']) {
      const res = await client.get(path(`/${id}`));
      assert.equal(res.status, 404, id);
      assert.equal(res.json<{ Id: string }>().Id, 'qccore.entity-not-found');
    }
  });

  it('gzips a large response when the client accepts gzip', async () => {
    const res = await request(`${server.baseUrl}${path('?limit=50')}`, {
      headers: { Cookie: client.cookieHeader(), Accept: 'application/json', 'Accept-Encoding': 'gzip, deflate' },
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-encoding'], 'gzip');
    const body = JSON.parse(gunzipSync(Buffer.from(await res.body.arrayBuffer())).toString('utf8')) as Page;
    assert.equal(body.data.length, 50);
  });
});
