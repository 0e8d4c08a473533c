// Attachments over real HTTP: upload, the three GET forms, queries, PUT, DELETE and the
// override-existing-attachment rules, each checked against the stored rows and files.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { AttachmentStore } from '../../../server/src/apiTree/attachments';
import type { AttachmentRow } from '../../../server/src/apiTree/attachments';
import { attachmentCount, filesOf, http, multipart, startHarness, uploadParts } from './attachmentsHarness';
import type { Harness, HttpResult } from './attachmentsHarness';

interface Record_ {
  type: string;
  id: number;
  name: string;
  description: string | null;
  'ref-type': string;
  'ref-subtype': number;
  'file-size': number;
  'last-modified': string;
  'vc-user-name': string | null;
  'vc-cur-ver': string | null;
  entity: { id: number; type: string };
}

describe('attachments over HTTP: create, read, update, delete', function () {
  this.timeout(30_000);
  let h: Harness;
  let alice: string;
  let free: number[];
  /** The n-th defect without demo attachments. */
  const d = (n: number) => free[n];

  before(async () => {
    h = await startHarness();
    alice = await h.signIn('alice');
    // Defects the demo gave no attachment, so each test starts from a known empty list.
    free = h.demo().db.prepare(`SELECT id FROM defects WHERE attachment = 'N' ORDER BY id`).pluck().all() as number[];
  });
  after(async () => h.close());

  const upload = (entityId: number, name: string, content: Buffer | string, extra: Record<string, string | undefined> = {}, cookie = alice) => {
    const { body, contentType } = multipart(uploadParts(entityId, name, content, extra));
    return http('POST', `${h.projectUrl}/attachments`, { body, cookie, headers: { 'content-type': contentType } });
  };

  it('creates an attachment: 201, absolute Location, the record, the bytes on disk', async () => {
    const before = attachmentCount(h.demo());
    const content = Buffer.from('line 1\nline 2 ä ✓\n', 'utf8');
    const res = await upload(d(0), 'notes.txt', content, { description: 'First notes & <stuff>', 'ref-subtype': '0' });
    assert.equal(res.status, 201, res.body.toString());
    const rec = res.json<Record_>();
    assert.equal(res.headers.location, `${h.projectUrl}/attachments/${rec.id}`);
    assert.deepEqual(Object.keys(rec), ['type', 'id', 'name', 'description', 'ref-type', 'ref-subtype', 'file-size', 'last-modified', 'vc-user-name', 'vc-cur-ver', 'entity']);
    assert.equal(rec.type, 'attachment');
    assert.equal(rec.name, 'notes.txt');
    assert.equal(rec.description, '<html><body>First notes &amp; &lt;stuff&gt;</body></html>');
    assert.equal(rec['ref-type'], 'File');
    assert.equal(rec['ref-subtype'], 0);
    assert.equal(rec['file-size'], content.length);
    assert.match(rec['last-modified'], /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    assert.equal(rec['vc-user-name'], null);
    assert.deepEqual(rec.entity, { id: d(0), type: 'defect' });
    const store = h.demo();
    assert.equal(attachmentCount(store), before + 1);
    assert.deepEqual(readFileSync(join(store.attachmentsDir, String(rec.id))), content);
    assert.equal(store.getDefect(d(0))?.attachment, 'Y');
  });

  it('returns the descriptor, the bytes with their content type, or multipart/mixed, by Accept', async () => {
    const content = Buffer.from([0, 1, 2, 255, 254, 13, 10, 45, 45]);
    const created = (await upload(d(1), 'data.bin', content, { description: 'binary' })).json<Record_>();
    const url = `${h.projectUrl}/attachments/${created.id}`;

    const json = await http('GET', url, { cookie: alice, headers: { accept: 'application/json' } });
    assert.equal(json.status, 200);
    assert.deepEqual(json.json(), created);
    assert.equal(json.headers['cache-control'], 'no-cache, max-age=0');

    const bytes = await http('GET', url, { cookie: alice, headers: { accept: 'application/octet-stream' } });
    assert.equal(bytes.status, 200);
    assert.deepEqual(bytes.body, content);
    assert.equal(bytes.headers['content-length'], String(content.length));
    assert.match(String(bytes.headers['content-disposition']), /filename="data.bin"/);

    const mixed = await http('GET', url, { cookie: alice, headers: { accept: 'multipart/mixed' } });
    assert.equal(mixed.status, 200);
    const parts = parseMixed(mixed);
    assert.deepEqual(
      parts.map((p) => p.name),
      ['entity.type', 'entity.id', 'description', 'content'],
    );
    assert.equal(parts[0]?.body.toString(), 'defect');
    assert.equal(parts[1]?.body.toString(), String(d(1)));
    assert.equal(parts[2]?.body.toString(), '<html><body>binary</body></html>');
    const file = parts[3];
    assert.match(String(file?.headers['content-disposition']), /filename="data.bin"/);
    assert.equal(file?.headers['content-type'], 'text/plain');
    assert.equal(file?.headers['content-transfer-encoding'], 'binary');
    assert.deepEqual(file?.body, content);
  });

  it('answers an item asked for with no Accept or */* as multipart/mixed, and the collection as JSON', async () => {
    const content = Buffer.from('for a client that parses multipart');
    const created = (await upload(d(10), 'mixed.txt', content)).json<Record_>();
    const url = `${h.projectUrl}/attachments/${created.id}`;
    for (const headers of [{}, { accept: '*/*' }, { accept: 'text/html;q=0.1, */*' }] as Record<string, string>[]) {
      const res = await http('GET', url, { cookie: alice, headers });
      assert.equal(res.status, 200, JSON.stringify(headers));
      const parts = parseMixed(res);
      assert.deepEqual(
        parts.map((p) => p.name),
        ['entity.type', 'entity.id', 'description', 'content'],
      );
      assert.deepEqual(parts[3]?.body, content);
    }
    // Explicit types keep their answers.
    assert.deepEqual((await http('GET', url, { cookie: alice, headers: { accept: 'application/json' } })).json(), created);
    assert.deepEqual((await http('GET', url, { cookie: alice, headers: { accept: 'application/json, */*' } })).json(), created);
    assert.deepEqual((await http('GET', url, { cookie: alice, headers: { accept: 'application/octet-stream' } })).body, content);
    const list = await http('GET', `${h.projectUrl}/attachments?query=${encodeURIComponent(`{id[${created.id}]}`)}`, { cookie: alice });
    assert.match(String(list.headers['content-type']), /^application\/json/);
    assert.equal(list.json<{ 'total-count': number }>()['total-count'], 1);
  });

  it('keeps the declared content type and guesses one from the name otherwise', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const parts = uploadParts(d(2), 'shot.png', png);
    (parts[parts.length - 1] as { contentType?: string }).contentType = 'application/octet-stream';
    const { body, contentType } = multipart(parts);
    const rec = (await http('POST', `${h.projectUrl}/attachments`, { body, cookie: alice, headers: { 'content-type': contentType } })).json<Record_>();
    const bytes = await http('GET', `${h.projectUrl}/attachments/${rec.id}`, { cookie: alice, headers: { accept: 'application/octet-stream' } });
    assert.equal(bytes.headers['content-type'], 'image/png');
    assert.equal(bytes.headers['x-content-type-options'], 'nosniff');
  });

  it('filters the collection by id, entity and name, and returns total-count', async () => {
    const a = (await upload(d(3), 'a.log', 'A')).json<Record_>();
    const b = (await upload(d(3), 'b.log', 'BB')).json<Record_>();
    const c = (await upload(d(4), 'a.log', 'CCC')).json<Record_>();
    const get = async (query: string, extra = '') => {
      const res = await http('GET', `${h.projectUrl}/attachments?query=${encodeURIComponent(query)}${extra}`, { cookie: alice });
      assert.equal(res.status, 200, res.body.toString());
      return res.json<{ data: Record_[]; 'total-count': number }>();
    };
    assert.deepEqual(
      (await get(`{id[${a.id} or ${c.id}]}`)).data.map((r) => r.id),
      [a.id, c.id],
    );
    assert.deepEqual(
      (await get(`{entity.type[defect];entity.id[${d(3)}]}`)).data.map((r) => r.id),
      [a.id, b.id],
    );
    assert.deepEqual(
      (await get(`{entity.type[defect];entity.id[${d(3)} or ${d(4)}];name[a.log]}`)).data.map((r) => r.id),
      [a.id, c.id],
    );
    assert.deepEqual(
      (await get(`parent-type = 'defect' ; parent-id = ${d(4)}`)).data.map((r) => r.id),
      [c.id],
    );
    const paged = await get(`{entity.type[defect];entity.id[${d(3)} or ${d(4)}]}`, '&order-by=-file-size&limit=2&fields=name,file-size');
    assert.equal(paged['total-count'], 3);
    assert.deepEqual(paged.data, [
      { type: 'attachment', id: c.id, name: 'a.log', 'file-size': 3 },
      { type: 'attachment', id: b.id, name: 'b.log', 'file-size': 2 },
    ]);
    const entityOnly = await get(`{id[${a.id}]}`, '&fields=entity.id');
    assert.deepEqual(entityOnly.data, [{ type: 'attachment', id: a.id, entity: { id: d(3), type: 'defect' } }]);
  });

  it('serves one queried attachment as bytes, and several as multipart/mixed', async () => {
    const one = await http('GET', `${h.projectUrl}/attachments?query=${encodeURIComponent(`{entity.type[defect];entity.id[${d(4)}];name[a.log]}`)}`, {
      cookie: alice,
      headers: { accept: 'application/octet-stream' },
    });
    assert.equal(one.status, 200);
    assert.equal(one.body.toString(), 'CCC');
    const many = await http('GET', `${h.projectUrl}/attachments?query=${encodeURIComponent(`{entity.type[defect];entity.id[${d(3)}]}`)}`, {
      cookie: alice,
      headers: { accept: 'multipart/mixed' },
    });
    const parts = parseMixed(many);
    assert.deepEqual(
      parts.filter((p) => p.name === 'content').map((p) => p.body.toString()),
      ['A', 'BB'],
    );
    const tooMany = await http('GET', `${h.projectUrl}/attachments?query=${encodeURIComponent(`{entity.type[defect];entity.id[${d(3)}]}`)}`, {
      cookie: alice,
      headers: { accept: 'application/octet-stream' },
    });
    assert.equal(tooMany.status, 400);
    assert.match(tooMany.json<{ Title: string }>().Title, /selects 2 attachments/);
  });

  it('renames and re-describes with PUT, leaving the content alone', async () => {
    const rec = (await upload(d(5), 'old.txt', 'keep me')).json<Record_>();
    const res = await http('PUT', `${h.projectUrl}/attachments/${rec.id}`, {
      cookie: alice,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'new name.txt', description: 'now described' }),
    });
    assert.equal(res.status, 200, res.body.toString());
    const updated = res.json<Record_>();
    assert.equal(updated.name, 'new name.txt');
    assert.equal(updated.description, '<html><body>now described</body></html>');
    assert.equal(updated['file-size'], 7);
    const row = h.demo().db.prepare('SELECT name, description FROM attachments WHERE id = ?').get(rec.id);
    assert.deepEqual(row, { name: 'new name.txt', description: '<html><body>now described</body></html>' });
    assert.equal(readFileSync(join(h.demo().attachmentsDir, String(rec.id)), 'utf8'), 'keep me');
    // A descriptor read back and PUT unchanged (plus a new description) is accepted.
    const echo = await http('PUT', `${h.projectUrl}/attachments/${rec.id}`, {
      cookie: alice,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...updated, description: null }),
    });
    assert.equal(echo.status, 200, echo.body.toString());
    assert.equal(echo.json<Record_>().description, null);
  });

  it('deletes: 200 with the deleted record, then the record and the file are gone', async () => {
    const rec = (await upload(d(6), 'gone.txt', 'bye')).json<Record_>();
    const store = h.demo();
    assert.equal(store.getDefect(d(6))?.attachment, 'Y');
    const res = await http('DELETE', `${h.projectUrl}/attachments/${rec.id}`, { cookie: alice });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json(), rec);
    assert.equal(store.db.prepare('SELECT COUNT(*) FROM attachments WHERE id = ?').pluck().get(rec.id), 0);
    assert.ok(!filesOf(store).includes(String(rec.id)));
    assert.equal(store.getDefect(d(6))?.attachment, 'N');
    const again = await http('GET', `${h.projectUrl}/attachments/${rec.id}`, { cookie: alice });
    assert.equal(again.status, 404);
    assert.equal(again.json<{ Id: string }>().Id, 'qccore.entity-not-found');
  });

  it("override-existing-attachment=y replaces the content under the same id; n stores 'name (1)'", async () => {
    const first = (await upload(d(7), 'report.txt', 'version 1')).json<Record_>();
    const replaced = await upload(d(7), 'report.txt', 'version two', { 'override-existing-attachment': 'y' });
    assert.equal(replaced.status, 201);
    assert.equal(replaced.json<Record_>().id, first.id);
    assert.equal(replaced.json<Record_>()['file-size'], 11);
    // The new content has a fresh file; the old one is gone once the change committed.
    const store = new AttachmentStore(h.demo(), () => new Date());
    assert.equal(readFileSync(store.contentPath(store.get(first.id) as AttachmentRow), 'utf8'), 'version two');
    assert.deepEqual(
      filesOf(h.demo()).filter((f) => f === String(first.id) || f.startsWith(`${first.id}-`)),
      [basename(store.contentPath(store.get(first.id) as AttachmentRow))],
    );

    const kept = await upload(d(7), 'report.txt', 'another', { 'override-existing-attachment': 'n' });
    assert.equal(kept.status, 201);
    assert.equal(kept.json<Record_>().name, 'report (1).txt');
    const third = await upload(d(7), 'report.txt', 'third');
    assert.equal(third.json<Record_>().name, 'report (2).txt');
    const names = h.demo().db.prepare(`SELECT name FROM attachments WHERE "parent-id" = ? ORDER BY id`).pluck().all(d(7));
    assert.deepEqual(names, ['report.txt', 'report (1).txt', 'report (2).txt']);
  });

  it('answers 401 without a session and stores nothing', async () => {
    const before = attachmentCount(h.demo());
    const { body, contentType } = multipart(uploadParts(d(8), 'x.txt', 'x'));
    const post = await http('POST', `${h.projectUrl}/attachments`, { body, headers: { 'content-type': contentType } });
    assert.equal(post.status, 401);
    assert.equal((await http('GET', `${h.projectUrl}/attachments`)).status, 401);
    assert.equal(attachmentCount(h.demo()), before);
  });
});

interface MixedPart {
  name: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** Splits a multipart/mixed response on its boundary, keeping part bodies as bytes. */
function parseMixed(res: HttpResult): MixedPart[] {
  const type = String(res.headers['content-type']);
  const boundary = /boundary=([^;]+)/.exec(type)?.[1];
  assert.ok(type.startsWith('multipart/mixed') && boundary, type);
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MixedPart[] = [];
  let pos = res.body.indexOf(delimiter);
  for (;;) {
    const start = pos + delimiter.length;
    if (res.body.subarray(start, start + 2).toString() === '--') break;
    const next = res.body.indexOf(delimiter, start);
    assert.ok(next > 0, 'unterminated multipart body');
    const raw = res.body.subarray(start + 2, next - 2);
    const split = raw.indexOf('\r\n\r\n');
    const headers: Record<string, string> = {};
    for (const line of raw.subarray(0, split).toString('utf8').split('\r\n')) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const name = /name="([^"]*)"/.exec(headers['content-disposition'] ?? '')?.[1] ?? '';
    parts.push({ name, headers, body: raw.subarray(split + 4) });
    pos = next;
  }
  return parts;
}
