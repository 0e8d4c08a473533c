// What one request may cost (issue 14, items 1, 4 and 7): the probe's small request naming a
// defect with a 19 MB description, oversized fields, bulk requests past the element limit,
// pages past the answer budget, bad input that used to be a 500, invalid UTF-8 and blank names.
// Each is a clear 4xx that stores nothing, or completes within bounded memory.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { TestClient, startSignedIn, startTestServer, storedDefect } from '../../support/server';
import type { RunningServer, TestResponse } from '../../support/server';

const MB = 1024 * 1024;

/** Writes a value straight into the database, as data stored before the limits (or by another tool) would be. */
function storeDirectly(dataDir: string, id: number, column: string, value: string): void {
  const db = new Database(join(dataDir, 'projects', 'DEFAULT', 'Demo', 'project.db'));
  try {
    db.prepare(`UPDATE defects SET "${column}" = ? WHERE "id" = ?`).run(value, id);
  } finally {
    db.close();
  }
}

function expect4xx(res: TestResponse, status: number, id: RegExp, title: RegExp): void {
  assert.equal(res.status, status, res.text.slice(0, 300));
  const body = res.json<{ Id: string; Title: string }>();
  assert.match(body.Id, id);
  assert.match(body.Title, title);
}

describe('server: bounds on what one request may cost (issue 14)', function () {
  this.timeout(120_000);
  let server: RunningServer;
  let client: TestClient;
  const path = () => client.projectPath();

  before(async () => {
    ({ server, client } = await startSignedIn({ defects: 30, limits: { maxFieldBytes: 64 * 1024, maxBulkElements: 100, maxAnswerBytes: 4 * MB } }));
  });
  after(async () => server.close());

  it("the probe's request (a small bulk PUT naming one defect with a 19 MB description again and again) → 413 before any write, memory bounded", async () => {
    storeDirectly(server.dataDir, 10, 'description', 'd'.repeat(19 * MB));
    const before = storedDefect(server.dataDir, 10);
    const element = { id: 10, type: 'defect', 'dev-comments': 'x' };
    const rssBefore = process.memoryUsage().rss;
    // 300 elements over the element limit of 100 would be refused for that alone; 90 are within it.
    const res = await client.put(`${path()}/defects`, { data: Array.from({ length: 90 }, () => element) });
    const grown = process.memoryUsage().rss - rssBefore;
    expect4xx(res, 413, /qccore\.general-error/, /more than 4\.0 MB of entity data.*fewer elements/);
    assert.ok(grown < 200 * MB, `RSS grew by ${(grown / MB).toFixed(0)} MB answering one small request`);
    const after = storedDefect(server.dataDir, 10);
    assert.equal(after?.['ver-stamp'], before?.['ver-stamp'], 'nothing was written');
    assert.equal(after?.['dev-comments'], before?.['dev-comments']);
    // A single PUT of that defect still works: it echoes one row, within the budget.
    const one = await client.put(`${path()}/defects/10`, { 'dev-comments': 'one' });
    assert.equal(one.status, 200);
    storeDirectly(server.dataDir, 10, 'description', 'small again');
  });

  it('a bulk PUT, POST or DELETE naming more elements than maxBulkElements → 413 saying how many, nothing stored', async () => {
    const many = Array.from({ length: 101 }, (_, i) => ({ id: (i % 30) + 1, 'dev-comments': 'bulk' }));
    expect4xx(await client.put(`${path()}/defects`, { data: many }), 413, /general-error/, /names 101 defects; at most 100/);
    assert.notEqual(storedDefect(server.dataDir, 1)?.['dev-comments'], 'bulk');
    const news = Array.from({ length: 101 }, () => ({ name: 'n', severity: '2-Medium', 'detected-by': 'alice' }));
    expect4xx(await client.post(`${path()}/defects`, { data: news }), 413, /general-error/, /101 new defects/);
    const ids = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect4xx(await client.delete(`${path()}/defects?ids-to-delete=${ids}`), 413, /general-error/, /101 defects to delete/);
    assert.ok(storedDefect(server.dataDir, 1), 'nothing deleted');
    // Within the limit the bulk PUT works and echoes every element.
    const ok = await client.put(`${path()}/defects`, { data: many.slice(0, 100) });
    assert.equal(ok.status, 200);
    assert.equal(ok.json<{ data: unknown[]; 'total-count': number }>().data.length, 100);
  });

  it('a field value over maxFieldBytes → 413 naming the field and the limit; at the limit it is stored', async () => {
    const res = await client.put(`${path()}/defects/3`, { description: 'é'.repeat(32 * 1024 + 1) });
    expect4xx(res, 413, /invalid-value-type-for-field/, /'description'.*65538 bytes.*at most 65536/);
    assert.notEqual(String(storedDefect(server.dataDir, 3)?.description).length, 32 * 1024 + 1);
    assert.equal((await client.put(`${path()}/defects/3`, { description: 'é'.repeat(32 * 1024) })).status, 200);
    expect4xx(await client.post(`${path()}/defects`, { name: 'x'.repeat(70_000), severity: '2-Medium', 'detected-by': 'alice' }), 413, /invalid-value-type-for-field/, /'name'/);
  });

  it('a page whose entity JSON would pass maxAnswerBytes → 413 asking for a smaller page; a smaller one is served', async () => {
    for (let id = 1; id <= 30; id++) storeDirectly(server.dataDir, id, 'request-note', 'n'.repeat(200 * 1024));
    try {
      expect4xx(await client.get(`${path()}/defects?limit=30`), 413, /general-error/, /smaller page/);
      const small = await client.get(`${path()}/defects?limit=5`);
      assert.equal(small.status, 200);
      assert.equal(small.json<{ data: unknown[] }>().data.length, 5);
      assert.equal((await client.get(`${path()}/defects?limit=30&fields=id,name`)).status, 200);
      // The Core tree's pages, JSON and XML, have the same budget.
      expect4xx(await client.get('/rest/domains/DEFAULT/projects/Demo/defects?page-size=30', { Accept: 'application/json' }), 413, /general-error/, /smaller page/);
      assert.equal((await client.get('/rest/domains/DEFAULT/projects/Demo/defects?page-size=30', { Accept: 'application/xml' })).status, 413);
      assert.equal((await client.get('/rest/domains/DEFAULT/projects/Demo/defects?page-size=5', { Accept: 'application/json' })).status, 200);
    } finally {
      for (let id = 1; id <= 30; id++) storeDirectly(server.dataDir, id, 'request-note', '');
    }
  });

  it('the Core /rest tree applies the same bounds: field size, bulk elements, answer size', async () => {
    const core = '/rest/domains/DEFAULT/projects/Demo/defects';
    const json = { Accept: 'application/json' };
    const big = await client.request('PUT', `${core}/3`, { json: { Type: 'defect', Fields: [{ Name: 'description', values: [{ value: 'x'.repeat(70_000) }] }] }, headers: json });
    expect4xx(big, 413, /invalid-value-type-for-field/, /'description'/);
    const entity = (id: number) => ({
      Type: 'defect',
      Fields: [
        { Name: 'id', values: [{ value: String(id) }] },
        { Name: 'dev-comments', values: [{ value: 'core bulk' }] },
      ],
    });
    const many = await client.request('PUT', core, { json: { entities: Array.from({ length: 101 }, (_, i) => entity((i % 30) + 1)) }, headers: json });
    expect4xx(many, 413, /general-error/, /names 101 defects; at most 100/);
    storeDirectly(server.dataDir, 12, 'description', 'd'.repeat(3 * MB));
    try {
      const echo = await client.request('PUT', core, { json: { entities: [entity(12), entity(12)] }, headers: json });
      expect4xx(echo, 413, /general-error/, /more than 4\.0 MB of entity data/);
      assert.notEqual(storedDefect(server.dataDir, 12)?.['dev-comments'], 'core bulk', 'nothing was written');
    } finally {
      storeDirectly(server.dataDir, 12, 'description', 'short');
    }
  });

  it('a PUT of a whole selection larger than maxBulkElements → 413; a narrowed one works', async () => {
    const big = await startTestServer({ defects: 30, limits: { maxBulkElements: 20 } });
    try {
      const c = new TestClient(big.baseUrl);
      await c.signIn('alice');
      expect4xx(await c.put(`${c.projectPath()}/defects`, { 'dev-comments': 'all' }), 413, /general-error/, /30 defects selected by the update/);
      const narrowed = await c.put(`${c.projectPath()}/defects?query=${encodeURIComponent('{id[<=10]}')}`, { 'dev-comments': 'some' });
      assert.equal(narrowed.status, 200);
      assert.equal(narrowed.json<{ 'total-count': number }>()['total-count'], 10);
    } finally {
      await big.close();
    }
  });
});

describe('server: bad input is a clear 4xx, never a 500 (issue 14, items 4 and 7)', function () {
  this.timeout(60_000);
  let server: RunningServer;
  let client: TestClient;
  before(async () => {
    ({ server, client } = await startSignedIn({ defects: 10 }));
  });
  after(async () => server.close());

  const raw = (method: string, url: string, body: string | Buffer, type = 'application/json') =>
    fetch(`${server.baseUrl}${url}`, { method, headers: { 'Content-Type': type, Accept: 'application/json', Cookie: client.cookieHeader() }, body });

  it('alm-authenticate with an out-of-range character reference → 400', async () => {
    const res = await client.request('POST', '/authentication-point/alm-authenticate', {
      body: '<alm-authentication><user>&#99999999;</user><password>x</password></alm-authentication>',
      headers: { 'Content-Type': 'application/xml' },
    });
    expect4xx(res, 400, /general-error/, /character reference &#99999999; names no character an XML document may hold/);
  });

  it('a filter of 499 and 500 conditions is answered; 501 is a 4xx', async () => {
    for (const n of [499, 500]) {
      const query = `{id[${Array.from({ length: n }, (_, i) => i + 1).join(' or ')}]}`;
      const res = await client.get(`${client.projectPath()}/defects?limit=1&query=${encodeURIComponent(query)}`);
      assert.equal(res.status, 200, `${n} conditions: ${res.text.slice(0, 200)}`);
      assert.equal(res.json<{ 'total-count': number }>()['total-count'], 10);
      const anded = `{${Array.from({ length: n }, (_, i) => `id[>=${i % 2}]`).join(';')}}`;
      assert.equal((await client.get(`${client.projectPath()}/defects?limit=1&query=${encodeURIComponent(anded)}`)).status, 200);
    }
    const over = `{id[${Array.from({ length: 501 }, (_, i) => i + 1).join(' or ')}]}`;
    const res = await client.get(`${client.projectPath()}/defects?query=${encodeURIComponent(over)}`);
    assert.ok(res.status >= 400 && res.status < 500, String(res.status));
  });

  it('a JSON body nested 5,000 levels deep → 400 naming the depth limit, nothing stored', async () => {
    const before = storedDefect(server.dataDir, 2);
    for (const deep of ['['.repeat(5000) + ']'.repeat(5000), '{"a":'.repeat(5000) + '1' + '}'.repeat(5000)]) {
      const res = await raw('PUT', `${client.projectPath()}/defects/2`, `{"name":${deep}}`);
      assert.equal(res.status, 400);
      assert.match(((await res.json()) as { Title: string }).Title, /nests deeper than 64 levels/);
    }
    assert.deepEqual(storedDefect(server.dataDir, 2), before);
  });

  it('a body with invalid UTF-8 → 400 naming the byte offset; nothing stored as U+FFFD', async () => {
    const body = Buffer.concat([Buffer.from('{"dev-comments":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
    const res = await raw('PUT', `${client.projectPath()}/defects/4`, body);
    assert.equal(res.status, 400);
    assert.match(((await res.json()) as { Title: string }).Title, /not valid UTF-8 \(first bad byte at offset 20\)/);
    assert.doesNotMatch(String(storedDefect(server.dataDir, 4)?.['dev-comments']), /\uFFFD/);
    // The same text properly encoded is stored as sent.
    assert.equal((await client.put(`${client.projectPath()}/defects/4`, { 'dev-comments': 'café' })).status, 200);
    assert.equal(storedDefect(server.dataDir, 4)?.['dev-comments'], 'café');
  });

  it('a name made only of NUL or whitespace is not filled in: 400 required-field-missing on POST and PUT', async () => {
    for (const name of ['\u0000\u0000', '   ', '\t\n', ' \u0000 ']) {
      const created = await client.post(`${client.projectPath()}/defects`, { name, severity: '2-Medium', 'detected-by': 'alice' });
      expect4xx(created, 400, /required-field-missing/, /'name'/);
      expect4xx(await client.put(`${client.projectPath()}/defects/5`, { name }), 400, /required-field-missing/, /'name'/);
    }
    assert.match(String(storedDefect(server.dataDir, 5)?.name), /\S/);
  });
});
