// Issue 28 item 3: one slow query must not stall everyone (SQLite calls are synchronous). The
// server bounds what a query may cost: conditions on memo fields and sorting by a memo field
// are refused with 400 naming the bound, in both trees, while the same requests within the
// bounds are served. Deep pages in an order no index gives are answered (issues 37.5 and 40.12:
// a real ALM server answers them), sorted once and kept until a write.
import assert from 'node:assert/strict';
import { openProjectDb, startSignedIn } from '../../support/server';
import type { RunningServer, TestResponse, TestClient } from '../../support/server';

const API = '/api/domains/DEFAULT/projects/Demo/defects';
const CORE = '/rest/domains/DEFAULT/projects/Demo/defects';
const JSON_ = { Accept: 'application/json' };

function expectBound(res: TestResponse, title: RegExp, limitName: string): void {
  assert.equal(res.status, 400, res.text.slice(0, 300));
  const body = res.json<{ Title: string; ExceptionProperties?: { Name: string }[] }>();
  assert.match(body.Title, title);
  assert.ok(JSON.stringify(body).includes(limitName), `the answer names ${limitName}`);
}

describe('server: bounded query cost (issue 28 item 3)', function () {
  this.timeout(180_000);
  let server: RunningServer;
  let client: TestClient;

  before(async () => {
    // Deep pages need more rows than the unindexed-offset bound (10,000).
    ({ server, client } = await startSignedIn({ defects: 10_200 }));
  });
  after(async () => server.close());

  it('more than 10 conditions on memo fields → 400 naming the bound, in both trees; 10 are served', async () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `*w${i}*`).join(' or ');
    const query = (n: number) => encodeURIComponent(`{description[${words(n)}]}`);
    expectBound(await client.get(`${API}?query=${query(500)}`, JSON_), /more than 10 conditions on memo fields/, 'maximum-memo-conditions');
    expectBound(await client.get(`${CORE}?query=${query(500)}`, JSON_), /more than 10 conditions on memo fields/, 'maximum-memo-conditions');
    // Spread over several memo fields, the count is the same.
    const spread = encodeURIComponent(`{description[${words(6)}];dev-comments[${words(6)}]}`);
    expectBound(await client.get(`${API}?query=${spread}`, JSON_), /memo fields/, 'maximum-memo-conditions');
    assert.equal((await client.get(`${API}?query=${query(10)}&limit=5`, JSON_)).status, 200);
    assert.equal((await client.get(`${CORE}?query=${query(10)}&page-size=5`, JSON_)).status, 200);
  });

  it('order-by a memo field → 400 saying so, in both trees', async () => {
    expectBound(await client.get(`${API}?order-by=-description&limit=5`, JSON_), /order-by 'description' is a memo field/, 'memo-order-by');
    expectBound(await client.get(`${CORE}?order-by=${encodeURIComponent('{dev-comments[CI]}')}&page-size=5`, JSON_), /memo field/, 'memo-order-by');
  });

  it('a page deeper than 10,000 in an order no index gives is answered in that order, in both trees (issues 37.5, 40.12)', async () => {
    const db = openProjectDb(server.dataDir);
    const order = (orderBy: string, where = '1=1') => db.prepare(`SELECT "id" FROM defects WHERE ${where} ORDER BY ${orderBy}`).pluck().all() as number[];
    try {
      const byName = order('"name" COLLATE NOCASE ASC, "id" ASC');
      const ci = encodeURIComponent('{name[CI]}');
      assert.deepEqual(await coreIds(`${CORE}?order-by=${ci}&start-index=10101&page-size=10`), byName.slice(10_100, 10_110));
      const byNameDesc = order('"name" DESC, "id" DESC');
      assert.deepEqual(await apiIds(`${API}?order-by=-name&offset=10100&limit=10`), byNameDesc.slice(10_100, 10_110));
      // The grid's Priority click and then Shift+click on Status, over a filter, paged on.
      const notClosed = encodeURIComponent('{status[<>Closed]}');
      const sorted = order('"priority" ASC, "status" DESC, "id" DESC', `"status" <> 'Closed'`);
      assert.ok(sorted.length > 5_000, `${sorted.length} defects not Closed`);
      const shiftSort = encodeURIComponent('{priority[ASC];status[DESC];id[DESC]}');
      const middle = Math.floor(sorted.length / 2);
      for (const start of [middle, middle + 100, sorted.length - 5]) {
        assert.deepEqual(await coreIds(`${CORE}?query=${notClosed}&order-by=${shiftSort}&start-index=${start + 1}&page-size=100`), sorted.slice(start, start + 100));
      }
    } finally {
      db.close();
    }
  });

  it('a deep page in an order no index gives follows a write made after it was read', async () => {
    const db = openProjectDb(server.dataDir);
    const order = () => db.prepare('SELECT "id" FROM defects ORDER BY "name" DESC, "id" DESC').pluck().all() as number[];
    try {
      const path = `${API}?order-by=-name&offset=10050&limit=20`;
      const before = await apiIds(path);
      assert.deepEqual(before, order().slice(10_050, 10_070));
      const moved = before[0];
      const put = await client.put(`${API}/${moved}`, { name: 'zzzz moved to the top' });
      assert.equal(put.status, 200, put.text.slice(0, 300));
      const after = await apiIds(path);
      assert.deepEqual(after, order().slice(10_050, 10_070));
      assert.ok(!after.includes(moved), 'the renamed defect left the page');
    } finally {
      db.close();
    }
  });

  async function coreIds(path: string): Promise<number[]> {
    const res = await client.get(path, JSON_);
    assert.equal(res.status, 200, res.text.slice(0, 300));
    const body = res.json<{ entities: { Fields: { Name: string; values: { value?: string }[] }[] }[] }>();
    return body.entities.map((e) => Number(e.Fields.find((f) => f.Name === 'id')?.values[0]?.value));
  }

  async function apiIds(path: string): Promise<number[]> {
    const res = await client.get(path, JSON_);
    assert.equal(res.status, 200, res.text.slice(0, 300));
    return res.json<{ data: { id: number }[] }>().data.map((d) => Number(d.id));
  }
});
