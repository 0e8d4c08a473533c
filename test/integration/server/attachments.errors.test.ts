// Every bad attachment request gets a clear 4xx ALM error, and leaves the stored rows and the
// attachments folder exactly as they were (no record, no content file, no temporary file).
import assert from 'node:assert/strict';
import { abortUploadHalfway, filesOf, http, multipart, startHarness, uploadParts } from './attachmentsHarness';
import type { Harness, HttpResult, Part } from './attachmentsHarness';

interface AlmBody {
  Id: string;
  Title: string;
}

const MAX = 64 * 1024;

describe('attachments over HTTP: bad requests change nothing', function () {
  this.timeout(30_000);
  let h: Harness;
  let alice: string;
  let bob: string;
  let defect: number;
  let existing: { id: number; name: string };
  let snapshot: { rows: unknown[]; files: string[] };

  const state = () => ({
    rows: h.demo().db.prepare('SELECT * FROM attachments ORDER BY id').all(),
    files: filesOf(h.demo()),
  });

  before(async () => {
    h = await startHarness({ maxAttachmentBytes: MAX });
    alice = await h.signIn('alice');
    bob = await h.signIn('bob');
    defect = h.demo().db.prepare(`SELECT id FROM defects WHERE attachment = 'N' ORDER BY id LIMIT 1`).pluck().get() as number;
    const { body, contentType } = multipart(uploadParts(defect, 'kept.txt', 'kept', { 'ref-subtype': '1' }));
    const res = await http('POST', `${h.projectUrl}/attachments`, { body, cookie: alice, headers: { 'content-type': contentType } });
    existing = res.json<{ id: number; name: string }>();
  });
  beforeEach(() => {
    snapshot = state();
  });
  afterEach(function () {
    // Every test in this file must leave the data untouched.
    if (this.currentTest?.state === 'passed') assert.deepEqual(state(), snapshot);
  });
  after(async () => h.close());

  const post = (parts: Part[], cookie = alice) => {
    const { body, contentType } = multipart(parts);
    return http('POST', `${h.projectUrl}/attachments`, { body, cookie, headers: { 'content-type': contentType } });
  };
  const expectError = (res: HttpResult, status: number, id: string, title: RegExp) => {
    assert.equal(res.status, status, res.body.toString());
    const body = res.json<AlmBody>();
    assert.equal(body.Id, id);
    assert.match(body.Title, title);
  };

  it('rejects a body whose file part is not last', async () => {
    const parts = uploadParts(defect, 'late.txt', 'content');
    parts.push({ name: 'description', value: 'after the file' });
    expectError(await post(parts), 400, 'qccore.general-error', /file part must be the last part.*'description'/);
  });

  for (const missing of ['filename', 'entity.type', 'entity.id']) {
    it(`rejects an upload without the ${missing} part`, async () => {
      expectError(await post(uploadParts(defect, 'x.txt', 'x', { [missing]: undefined })), 400, 'qccore.general-error', new RegExp(`Missing required part '${missing.replace('.', '\\.')}'`));
    });
  }

  it('rejects a body without a file part', async () => {
    const parts = uploadParts(defect, 'x.txt', 'x').slice(0, -1);
    expectError(await post(parts), 400, 'qccore.general-error', /no file part/);
  });

  it('rejects unknown parts, a file part with another name, and bad part values', async () => {
    expectError(await post([{ name: 'colour', value: 'red' }, ...uploadParts(defect, 'x.txt', 'x')]), 400, 'qccore.general-error', /Unknown part 'colour'/);
    const renamed = uploadParts(defect, 'x.txt', 'x');
    renamed[renamed.length - 1].name = 'upload';
    expectError(await post(renamed), 400, 'qccore.general-error', /part named 'file', not 'upload'/);
    expectError(await post(uploadParts(defect, '../etc/passwd', 'x')), 400, 'qccore.general-error', /path separator/);
    expectError(await post(uploadParts(defect, 'x.txt', 'x', { 'entity.id': 'five' })), 400, 'qccore.general-error', /entity\.id 'five'/);
    expectError(await post(uploadParts(defect, 'x.txt', 'x', { 'override-existing-attachment': 'maybe' })), 400, 'qccore.general-error', /'y' or 'n'/);
    expectError(await post(uploadParts(defect, 'x.txt', 'x', { 'ref-subtype': '-1' })), 400, 'qccore.general-error', /ref-subtype '-1'/);
    expectError(await post(uploadParts(defect, 'x.txt', 'x', { 'entity.type': 'requirement' })), 400, 'qccore.general-error', /entity\.type 'requirement'/);
  });

  it('answers 404 for an upload to a defect that does not exist', async () => {
    expectError(await post(uploadParts(999999, 'x.txt', 'x')), 404, 'qccore.entity-not-found', /Defect 999999 does not exist/);
  });

  it('answers 413 for a file over the size limit, keeping no file and no record', async () => {
    const res = await post(uploadParts(defect, 'big.bin', Buffer.alloc(MAX + 1, 7)));
    expectError(res, 413, 'qccore.general-error', new RegExp(`larger than the maximum size of ${MAX} bytes`));
  });

  it('accepts a file of exactly the size limit (and removes it again)', async () => {
    const res = await post(uploadParts(defect, 'edge.bin', Buffer.alloc(MAX, 1)));
    assert.equal(res.status, 201);
    assert.equal(res.json<{ 'file-size': number }>()['file-size'], MAX);
    assert.equal((await http('DELETE', `${h.projectUrl}/attachments/${res.json<{ id: number }>().id}`, { cookie: alice })).status, 200);
  });

  it('rejects malformed multipart bodies with 400', async () => {
    const type = 'multipart/form-data; boundary=abc';
    const garbage = await http('POST', `${h.projectUrl}/attachments`, { cookie: alice, headers: { 'content-type': type }, body: 'this is not multipart at all' });
    expectError(garbage, 400, 'qccore.general-error', /Malformed multipart body: no parts were found/);
    const noBoundary = await http('POST', `${h.projectUrl}/attachments`, { cookie: alice, headers: { 'content-type': 'multipart/form-data' }, body: '--x\r\n' });
    expectError(noBoundary, 400, 'qccore.general-error', /Malformed multipart/);
    // Found by the fuzz test: the parser threw (a 500) on a boundary longer than it can search for.
    const long = multipart(uploadParts(defect, 'long.txt', 'content'));
    const longType = long.contentType.replace(/boundary=.*/, `boundary=${'a'.repeat(300)}`);
    const longBoundary = await http('POST', `${h.projectUrl}/attachments`, { cookie: alice, headers: { 'content-type': longType }, body: long.body });
    expectError(longBoundary, 400, 'qccore.general-error', /boundary must be 1 to 70 characters/);
    const { body, contentType } = multipart(uploadParts(defect, 'cut.txt', 'truncated content that never ends'));
    const cut = body.subarray(0, body.length - 30);
    const truncated = await http('POST', `${h.projectUrl}/attachments`, { cookie: alice, headers: { 'content-type': contentType }, body: cut });
    expectError(truncated, 400, 'qccore.general-error', /Malformed multipart|no file part/);
  });

  it('rejects uploads that are not multipart with 415', async () => {
    const json = await http('POST', `${h.projectUrl}/attachments`, {
      cookie: alice,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x.txt', entity: { id: defect, type: 'defect' } }),
    });
    expectError(json, 415, 'qccore.general-error', /multipart\/form-data/);
    const raw = await http('POST', `${h.projectUrl}/attachments`, {
      cookie: alice,
      headers: { 'content-type': 'application/octet-stream', slug: 'x.txt' },
      body: 'raw',
    });
    assert.equal(raw.status, 415);
  });

  it("rejects 'by-id' on every method", async () => {
    const url = `${h.projectUrl}/attachments/${existing.id}?by-id=true`;
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = method === 'PUT' ? await http(method, url, { cookie: alice, headers: { 'content-type': 'application/json' }, body: '{"name":"y.txt"}' }) : await http(method, url, { cookie: alice });
      expectError(res, 400, 'qccore.general-error', /'by-id' is not valid for attachments/);
    }
    expectError(await http('GET', `${h.projectUrl}/attachments?by-id=true`, { cookie: alice }), 400, 'qccore.general-error', /by-id/);
  });

  it('answers 404 for a name used as id and for an id that does not exist', async () => {
    expectError(await http('GET', `${h.projectUrl}/attachments/kept.txt`, { cookie: alice }), 404, 'qccore.entity-not-found', /numeric id only/);
    expectError(await http('DELETE', `${h.projectUrl}/attachments/424242`, { cookie: alice }), 404, 'qccore.entity-not-found', /424242 does not exist/);
  });

  it('refuses a PUT that changes ref-subtype or a read-only field, names an unknown field, or clashes', async () => {
    const put = (body: unknown) =>
      http('PUT', `${h.projectUrl}/attachments/${existing.id}`, {
        cookie: alice,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expectError(await put({ 'ref-subtype': 0 }), 400, 'qccore.operation-forbidden', /ref-subtype of an attachment cannot change \(it is 1\)/);
    expectError(await put({ 'file-size': 1 }), 400, 'qccore.operation-forbidden', /'file-size' of an attachment cannot be changed/);
    expectError(await put({ colour: 'red' }), 400, 'qccore.unknown-field-name', /colour/);
    expectError(await put({ name: '' }), 400, 'qccore.general-error', /is empty/);
    expectError(await put([1, 2]), 400, 'qccore.general-error', /JSON object/);
    const { body, contentType } = multipart(uploadParts(defect, 'other.txt', 'o'));
    const other = (await http('POST', `${h.projectUrl}/attachments`, { body, cookie: alice, headers: { 'content-type': contentType } })).json<{ id: number }>();
    snapshot = state();
    const clash = await http('PUT', `${h.projectUrl}/attachments/${other.id}`, {
      cookie: alice,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'kept.txt' }),
    });
    expectError(clash, 409, 'qccore.general-error', /already has an attachment named 'kept.txt'/);
    const malformed = await http('PUT', `${h.projectUrl}/attachments/${existing.id}`, { cookie: alice, headers: { 'content-type': 'application/json' }, body: '{"name":' });
    expectError(malformed, 400, 'qccore.general-error', /Malformed JSON/);
  });

  it('refuses a ref-subtype change through override-existing-attachment', async () => {
    const res = await post(uploadParts(defect, 'kept.txt', 'new content', { 'override-existing-attachment': 'y', 'ref-subtype': '0' }));
    expectError(res, 400, 'qccore.operation-forbidden', /delete the attachment and post it again/);
  });

  it("keeps other users' hands off attachments of a defect alice has locked", async () => {
    const lock = await http('POST', `${h.projectUrl}/locks`, {
      cookie: alice,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: [{ entity: { id: defect, type: 'defect' } }] }),
    });
    assert.equal(lock.status, 201, lock.body.toString());
    const lockId = lock.json<{ data: { id: number }[] }>().data[0]?.id;
    snapshot = state();
    try {
      expectError(await post(uploadParts(defect, 'bob.txt', 'b'), bob), 403, 'qccore.lock-failure', /locked by user 'alice'/);
      const put = await http('PUT', `${h.projectUrl}/attachments/${existing.id}`, {
        cookie: bob,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'bob.txt' }),
      });
      expectError(put, 403, 'qccore.lock-failure', /locked by user 'alice'/);
      expectError(await http('DELETE', `${h.projectUrl}/attachments/${existing.id}`, { cookie: bob }), 403, 'qccore.lock-failure', /alice/);
    } finally {
      assert.equal((await http('DELETE', `${h.projectUrl}/locks/${lockId}`, { cookie: alice })).status, 200);
    }
  });

  it('answers 406 for an Accept it cannot serve, and 404 for a name filter without its entity', async () => {
    expectError(await http('GET', `${h.projectUrl}/attachments/${existing.id}`, { cookie: alice, headers: { accept: 'text/html' } }), 406, 'qccore.general-error', /Unsupported Accept/);
    const byName = await http('GET', `${h.projectUrl}/attachments?query=${encodeURIComponent('{name[kept.txt]}')}`, { cookie: alice });
    expectError(byName, 404, 'qccore.invalid-filter-expression', /must also give entity\.type and entity\.id/);
    const bad = await http('GET', `${h.projectUrl}/attachments?query=${encodeURIComponent('{id[1}')}`, { cookie: alice });
    expectError(bad, 404, 'qccore.invalid-filter-expression', /Invalid filter expression/);
  });

  it('leaves nothing behind when the client aborts an upload half way', async () => {
    const { body, contentType } = multipart(uploadParts(defect, 'aborted.bin', Buffer.alloc(40 * 1024, 3)));
    const url = new URL(`${h.projectUrl}/attachments`);
    const head = `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nCookie: ${alice}\r\nContent-Type: ${contentType}\r\n` + `Content-Length: ${body.length}\r\n\r\n`;
    const sawTemp = await abortUploadHalfway(url, head, body, () => h.demo());
    assert.ok(sawTemp, 'the upload reached the temporary file before the abort');
    assert.deepEqual(
      filesOf(h.demo()).filter((f) => f.startsWith('.')),
      [],
    );
    // The server still answers on other connections.
    assert.equal((await http('GET', `${h.projectUrl}/attachments/${existing.id}`, { cookie: alice })).status, 200);
  });
});
