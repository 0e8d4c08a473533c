// Issue 38, the emulator's items: what an answer counts is what it sends (XML escaping
// included), a bulk /api PUT is bounded before its first element, wildcard searches are bounded
// like memo searches, and locks are capped per user. Each case checks the status and that the
// stored data did not change where it must not.
import assert from 'node:assert/strict';
import { TestClient, openProjectDb, startSignedIn, storeDirectly, storedDefect } from '../../support/server';
import type { RunningServer, TestResponse } from '../../support/server';
import { allDefects, coreJson } from './coreHarness';

const KB = 1024;
const MB = 1024 * KB;
const CORE = '/rest/domains/DEFAULT/projects/Demo';
const API = '/api/domains/DEFAULT/projects/Demo';

function expectRefused(res: TestResponse, status: number, title: RegExp): void {
  assert.equal(res.status, status, res.text.slice(0, 300));
  assert.match(res.json<{ Title: string }>().Title, title);
}

describe('server: hostile input, round 3 (issue 38)', function () {
  this.timeout(120_000);
  let server: RunningServer;
  let client: TestClient;

  before(async () => {
    ({ server, client } = await startSignedIn({ defects: 40, limits: { maxFieldBytes: 512 * KB, maxBulkElements: 100, maxAnswerBytes: 2 * MB, maxLocksPerUser: 5, maxHistoryPerEntity: 5 } }));
  });
  after(async () => server.close());

  it('item 9: a page counts the bytes it sends: memos of `<` and `&` within the budget stored, past it once escaped as XML → 413; JSON and a smaller page are served', async () => {
    // 5 × 300 KB = 1.5 MB stored, within the 2 MB budget; in XML `<` is `&lt;` and `&` is `&amp;`: about 6.7 MB.
    storeDirectly(server.dataDir, 'UPDATE defects SET "description" = ? WHERE "id" BETWEEN 21 AND 25', '<&'.repeat(150 * KB));
    const page = (size: number, accept: string) => client.get(`${CORE}/defects?query=${encodeURIComponent('{id[21 or 22 or 23 or 24 or 25]}')}&page-size=${size}`, { Accept: accept });
    const xml = await page(5, 'application/xml');
    assert.equal(xml.status, 413, `${xml.status}: ${(xml.text.length / MB).toFixed(1)} MB answered`);
    assert.match(xml.text, /more than 2\.0 MB of entity data/);
    assert.equal((await page(5, 'application/json')).status, 200, 'JSON does not escape `<` or `&`: 1.5 MB');
    const one = await page(1, 'application/xml');
    assert.equal(one.status, 200, one.text.slice(0, 300));
    assert.ok(one.text.length <= 2 * MB, `${one.text.length} bytes sent`);
    storeDirectly(server.dataDir, 'UPDATE defects SET "description" = ? WHERE "id" BETWEEN 21 AND 25', 'small again');
  });

  it('item 9: a Core write echo counts the bytes it sends: a bulk PUT or DELETE whose XML echo would pass the budget → 413, nothing changed; JSON is served', async () => {
    // 5 × 300 KB = 1.5 MB stored, within the 2 MB budget; echoed as XML (`&lt;`, `&amp;`) about 6.7 MB.
    storeDirectly(server.dataDir, 'UPDATE defects SET "description" = ? WHERE "id" BETWEEN 26 AND 30', '<&'.repeat(150 * KB));
    const before = allDefects(server.dataDir);
    const entities = [26, 27, 28, 29, 30].map((id) => coreJson({ id: String(id), name: `renamed ${id}` }));
    const put = (accept: string) => client.request('PUT', `${CORE}/defects`, { json: { entities }, headers: { Accept: accept } });
    const xml = await put('application/xml');
    assert.equal(xml.status, 413, `${xml.status}: ${(xml.text.length / MB).toFixed(1)} MB answered`);
    assert.match(xml.text, /more than 2\.0 MB of entity data/);
    const deleted = await client.request('DELETE', `${CORE}/defects?ids-to-delete=26,27,28,29,30`, { headers: { Accept: 'application/xml' } });
    assert.equal(deleted.status, 413, `${deleted.status}: ${(deleted.text.length / MB).toFixed(1)} MB answered`);
    assert.deepEqual(allDefects(server.dataDir), before, 'nothing was renamed or deleted');
    // JSON does not escape `<` or `&`: the same PUT echoes 1.5 MB and is served.
    const json = await put('application/json');
    assert.equal(json.status, 200, json.text.slice(0, 300));
    assert.equal(storedDefect(server.dataDir, 26)?.name, 'renamed 26');
    storeDirectly(server.dataDir, 'UPDATE defects SET "description" = ? WHERE "id" BETWEEN 26 AND 30', 'small again');
  });

  it('item 11: an /api bulk PUT whose elements would grow the answer past the budget → 413 before the first element is applied', async () => {
    const before = allDefects(server.dataDir);
    // 60 elements × 60 KB = 3.6 MB of answer for a 2 MB budget. The last element names no
    // defect: applying the elements first would have answered its 404, not the 413.
    const memo = 'm'.repeat(60 * KB);
    const data = Array.from({ length: 60 }, (_, i) => ({ id: i === 59 ? 999_999 : (i % 40) + 1, type: 'defect', description: memo }));
    expectRefused(await client.put(`${API}/defects`, { data }), 413, /more than 2\.0 MB of entity data.*fewer elements/);
    assert.deepEqual(allDefects(server.dataDir), before, 'no element was applied');
    // Within the budget the same form works.
    const ok = await client.put(`${API}/defects`, { data: data.slice(0, 20) });
    assert.equal(ok.status, 200, ok.text.slice(0, 300));
    assert.equal(storedDefect(server.dataDir, 1)?.description, memo);
  });

  it('item 12: more than 20 wildcard conditions → 400 naming the bound, in both trees, on any field; 20 are served', async () => {
    const query = (n: number, field = 'name') => encodeURIComponent(`{${field}[${Array.from({ length: n }, () => '*e*e*e*NQ*').join(' or ')}]}`);
    for (const path of [`${API}/defects?limit=5&query=`, `${CORE}/defects?page-size=5&query=`]) {
      const res = await client.get(`${path}${query(500)}`);
      expectRefused(res, 400, /more than 20 conditions with wildcards/);
      assert.match(res.text, /maximum-wildcard-conditions/);
      expectRefused(await client.get(`${path}${query(21, 'owner')}`), 400, /wildcards/);
      assert.equal((await client.get(`${path}${query(20)}`)).status, 200);
    }
    // Conditions without wildcards keep the general bound of 500.
    const exact = encodeURIComponent(`{name[${Array.from({ length: 400 }, (_, i) => `"n${i}"`).join(' or ')}]}`);
    assert.equal((await client.get(`${API}/defects?limit=5&query=${exact}`)).status, 200);
  });

  it('item 15: locks are capped per user: a second sign-in of the same user shares the allowance; another user has their own', async () => {
    const lock = (who: TestClient, id: number) => who.request('POST', `${CORE}/defects/${id}/lock`, { headers: { Accept: 'application/json' } });
    const second = new TestClient(server.baseUrl);
    await second.signIn('alice');
    for (const id of [30, 31, 32]) assert.equal((await lock(client, id)).status, 200, `lock ${id}`);
    for (const id of [33, 34]) assert.equal((await lock(second, id)).status, 200, `lock ${id}`);
    expectRefused(await lock(second, 35), 409, /already hold 5 locks in this project, the most one user may hold/);
    expectRefused(await second.post(`${API}/locks`, { data: [{ entity: { id: 36, type: 'defect' } }] }), 409, /one user/);
    const bob = new TestClient(server.baseUrl);
    await bob.signIn('bob');
    assert.equal((await lock(bob, 35)).status, 200);
    // A release by either session frees room for both.
    assert.equal((await client.request('DELETE', `${CORE}/defects/30/lock`)).status, 200);
    assert.equal((await lock(second, 36)).status, 200);
  });

  it('item 16: numeric character references in a Core XML body are decoded and stored as characters; invalid ones → 400 naming them, nothing stored', async () => {
    // The value is written into the XML as it is: the references are the client's markup.
    const body = (value: string) => `<Entity Type="defect"><Fields><Field Name="name"><Value>${value}</Value></Field></Fields></Entity>`;
    const put = (value: string) => client.request('PUT', `${CORE}/defects/7`, { body: body(value), headers: { 'Content-Type': 'application/xml', Accept: 'application/json' } });
    const ok = await put('caf&#233; &#x1F600; &amp;#233;');
    assert.equal(ok.status, 200, ok.text.slice(0, 300));
    assert.equal(storedDefect(server.dataDir, 7)?.name, 'caf\u00e9 \u{1F600} &#233;');
    const before = allDefects(server.dataDir);
    for (const bad of ['&#0;', '&#xD800;', '&#1;', '&#x110000;']) {
      const res = await put(`a${bad}b`);
      expectRefused(res, 400, new RegExp(`character reference ${bad} .*names no character`));
      assert.equal(res.json<{ Id: string }>().Id, 'qccore.general-error');
    }
    assert.deepEqual(allDefects(server.dataDir), before, 'nothing stored');
  });

  it('item 13: history keeps the newest maxHistoryPerEntity entries of each defect; older ones go with their fields', async () => {
    const statuses = ['Open', 'Fixed', 'Reopen', 'Rejected'];
    for (let i = 0; i < 8; i++) assert.equal((await client.put(`${API}/defects/9`, { status: statuses[i % 4] })).status, 200);
    const db = openProjectDb(server.dataDir);
    try {
      const entries = db.prepare(`SELECT "id" FROM audits WHERE "parent-type" = 'defect' AND "parent-id" = 9 ORDER BY "id"`).pluck().all() as number[];
      assert.equal(entries.length, 5, 'the newest five are kept');
      const newest = db.prepare('SELECT "new-value" FROM audit_properties WHERE "audit-id" = ? AND "name" = \'status\'').pluck().get(entries[4]);
      assert.equal(newest, 'Rejected', 'the last change is among them');
      const orphans = db.prepare('SELECT COUNT(*) FROM audit_properties WHERE "audit-id" NOT IN (SELECT "id" FROM audits)').pluck().get();
      assert.equal(orphans, 0, 'the fields of dropped entries are gone');
    } finally {
      db.close();
    }
    // Another defect's history is its own.
    assert.equal((await client.put(`${API}/defects/10`, { status: 'Fixed' })).status, 200);
    const res = await client.get(`${CORE}/defects/9/audits`, { Accept: 'application/json' });
    assert.equal(res.status, 200, res.text.slice(0, 300));
    assert.match(res.text, /"TotalResults":5/);
  });
});
