// Issue 28 item 3: one slow query must not stall everyone (SQLite calls are synchronous). The
// server bounds what a query may cost: conditions on memo fields, sorting by a memo field, and
// deep pages in an order no index gives are refused with 400 naming the bound, in both trees,
// while the same requests within the bounds are served.
import assert from 'node:assert/strict';
import { startSignedIn } from '../../support/server';
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

  it('a page deeper than 10,000 in an order no index gives → 400; the same depth by id, and a shallow page in that order, are served', async () => {
    const ci = encodeURIComponent('{name[CI]}');
    expectBound(await client.get(`${CORE}?order-by=${ci}&start-index=10101&page-size=10`, JSON_), /too deep.*first 10000 results/, 'maximum-unindexed-offset');
    expectBound(await client.get(`${API}?order-by=name&offset=10100&limit=10`, JSON_), /too deep/, 'maximum-unindexed-offset');
    const byId = await client.get(`${CORE}?start-index=10101&page-size=10`, JSON_);
    assert.equal(byId.status, 200, byId.text.slice(0, 300));
    assert.equal((await client.get(`${API}?order-by=-last-modified&offset=10100&limit=10`, JSON_)).status, 200);
    assert.equal((await client.get(`${CORE}?order-by=${ci}&start-index=101&page-size=10`, JSON_)).status, 200);
  });
});
