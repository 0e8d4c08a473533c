// Issue 28 item 1: the Core tree's writes and answers, and attachment descriptions and lists in
// both trees, go through the same limits as the /api tree's defects: a description over the field
// size, an attachment list, a Core bulk PUT or POST, or a Core `DELETE …?ids-to-delete=` whose
// answer would pass the answer budget is refused with 413 before any work, never answered (or
// failed) after a commit. Each case checks the refusal and that the stored data did not change.
import assert from 'node:assert/strict';
import { openProjectDb, startSignedIn, storeDirectly } from '../../support/server';
import type { RunningServer, TestResponse, TestClient } from '../../support/server';
import { allDefects, coreJson } from './coreHarness';
import { multipart, uploadParts } from './attachmentsHarness';

const MB = 1024 * 1024;
const CORE = '/rest/domains/DEFAULT/projects/Demo';
const API = '/api/domains/DEFAULT/projects/Demo';
const JSON_ = { Accept: 'application/json' };

function expect413(res: TestResponse, title: RegExp): void {
  assert.equal(res.status, 413, res.text.slice(0, 300));
  assert.match(res.json<{ Title: string }>().Title, title);
}

function attachmentRows(dataDir: string): unknown[] {
  const db = openProjectDb(dataDir);
  try {
    return db.prepare('SELECT * FROM attachments ORDER BY "id"').all();
  } finally {
    db.close();
  }
}

describe('server: Core answers and attachment descriptions within the limits (issue 28 item 1)', function () {
  this.timeout(120_000);
  let server: RunningServer;
  let client: TestClient;

  before(async () => {
    ({ server, client } = await startSignedIn({ defects: 40, limits: { maxFieldBytes: 64 * 1024, maxBulkElements: 100, maxAnswerBytes: 2 * MB } }));
  });
  after(async () => server.close());

  it('a Core bulk PUT filling memos past the answer budget → 413 before the first element; nothing stored', async () => {
    const before = allDefects(server.dataDir);
    // 60 defects × 60 KB = 3.6 MB of answer for a 2 MB budget; each value is within the field size.
    const memo = 'm'.repeat(60 * 1024);
    const entities = Array.from({ length: 60 }, (_, i) => coreJson({ id: String((i % 40) + 1), description: memo }));
    for (const accept of ['application/json', 'application/xml']) {
      const res = await client.request('PUT', `${CORE}/defects`, { json: { entities }, headers: { Accept: accept } });
      assert.equal(res.status, 413, res.text.slice(0, 300));
      assert.match(res.text, /more than 2\.0 MB of entity data/);
    }
    assert.deepEqual(allDefects(server.dataDir), before, 'no element was applied');
  });

  it('a Core bulk POST whose answer would pass the budget → 413, nothing created', async () => {
    const before = allDefects(server.dataDir);
    const entity = coreJson({ name: 'big', severity: '2-Medium', 'detected-by': 'alice', 'creation-time': '2024-01-01', description: 'n'.repeat(60 * 1024) });
    const res = await client.request('POST', `${CORE}/defects`, { json: { entities: Array.from({ length: 40 }, () => entity) }, headers: JSON_ });
    expect413(res, /more than 2\.0 MB of entity data/);
    assert.deepEqual(allDefects(server.dataDir), before);
  });

  it('a Core DELETE ?ids-to-delete= of large defects → 413 before any delete', async () => {
    storeDirectly(server.dataDir, 'UPDATE defects SET "description" = ? WHERE "id" IN (20, 21, 22)', 'd'.repeat(900 * 1024));
    const before = allDefects(server.dataDir);
    const res = await client.request('DELETE', `${CORE}/defects?ids-to-delete=20,21,22`, { headers: JSON_ });
    expect413(res, /more than 2\.0 MB of entity data/);
    assert.deepEqual(allDefects(server.dataDir), before, 'no defect was deleted');
    // Within the budget the same request works.
    const one = await client.request('DELETE', `${CORE}/defects?ids-to-delete=20`, { headers: JSON_ });
    assert.equal(one.status, 200, one.text.slice(0, 200));
  });

  it('an attachment description over the field size → 413 in both trees (stored escaped form counted); nothing stored', async () => {
    // 20,000 `<` are 20 KB sent but 80 KB stored as `&lt;`: over the 64 KB field size.
    const description = '<'.repeat(20_000);
    const before = attachmentRows(server.dataDir);
    const { body, contentType } = multipart(uploadParts(5, 'notes.txt', 'hello', { description }));
    const apiPost = await client.request('POST', `${API}/attachments`, { body: body.toString('latin1'), headers: { 'Content-Type': contentType } });
    expect413(apiPost, /description.*at most 65536 bytes/);
    assert.deepEqual(attachmentRows(server.dataDir), before, 'no attachment was stored');
    // A small one is accepted, then a PUT of a description too large is refused, in both trees.
    const ok = await client.request('POST', `${API}/attachments`, { body: multipart(uploadParts(5, 'notes.txt', 'hello')).body.toString('latin1'), headers: { 'Content-Type': contentType } });
    assert.equal(ok.status, 201, ok.text);
    const id = ok.json<{ id: number }>().id;
    const stored = attachmentRows(server.dataDir);
    expect413(await client.put(`${API}/attachments/${id}`, { description }), /at most 65536 bytes/);
    const corePut = await client.request('PUT', `${CORE}/defects/5/attachments/notes.txt`, { json: coreJson({ description }, 'attachment'), headers: JSON_ });
    expect413(corePut, /at most 65536 bytes/);
    assert.deepEqual(attachmentRows(server.dataDir), stored, 'the descriptions did not change');
  });

  it('attachment lists past the answer budget → 413 asking for a smaller page, in both trees', async () => {
    for (const name of ['a.txt', 'b.txt', 'c.txt']) {
      const { body, contentType } = multipart(uploadParts(7, name, 'x'));
      assert.equal((await client.request('POST', `${API}/attachments`, { body: body.toString('latin1'), headers: { 'Content-Type': contentType } })).status, 201);
    }
    // Descriptions stored before the limit (or by another tool): 3 × 900 KB for a 2 MB budget.
    storeDirectly(server.dataDir, `UPDATE attachments SET "description" = ? WHERE "parent-id" = 7`, 'D'.repeat(900 * 1024));
    expect413(await client.get(`${API}/attachments?query={parent-id[7]}`, JSON_), /smaller page/);
    expect413(await client.get(`${CORE}/defects/7/attachments`, JSON_), /smaller page/);
    assert.equal((await client.get(`${CORE}/defects/7/attachments`, { Accept: 'application/xml' })).status, 413);
    // A page within the budget is served.
    const small = await client.get(`${CORE}/defects/7/attachments?page-size=2`, JSON_);
    assert.equal(small.status, 200, small.text.slice(0, 200));
  });
});
