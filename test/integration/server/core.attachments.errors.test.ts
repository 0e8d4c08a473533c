// Bad Core attachment requests: each gets its 4xx and `qccore.*` id (asked for as JSON, so the
// checks hold whatever the error format for other Accepts), and leaves the stored rows and the
// attachments folder exactly as they were. Locks taken in the `/api` tree bind Core writes, and
// raw uploads are streamed to disk rather than held in memory.
import assert from 'node:assert/strict';
import { abortUploadHalfway, filesOf, http, multipart } from './attachmentsHarness';
import { startHarness } from './attachmentsHarness';
import type { Harness, HttpResult, Part } from './attachmentsHarness';

const MAX = 64 * 1024;
const JSON_ACCEPT = { accept: 'application/json' };

describe('Core attachments over HTTP: bad requests change nothing', function () {
  this.timeout(30_000);
  let h: Harness;
  let alice: string;
  let bob: string;
  let defect: number;
  let other: number;
  let kept: { id: number; name: string };
  let elsewhere: number;
  let snapshot: { rows: unknown[]; files: string[] };
  const core = (path: string) => `${h.baseUrl}/rest/domains/DEFAULT/projects/Demo${path}`;
  const state = () => ({ rows: h.demo().db.prepare('SELECT * FROM attachments ORDER BY id').all(), files: filesOf(h.demo()) });

  const postParts = (parts: Part[], target = defect, cookie = alice) => {
    const { body, contentType } = multipart(parts);
    return http('POST', core(`/defects/${target}/attachments`), { body, cookie, headers: { 'content-type': contentType, ...JSON_ACCEPT } });
  };
  const postRaw = (headers: Record<string, string>, body: Buffer | string, target = defect, cookie = alice) =>
    http('POST', core(`/defects/${target}/attachments`), { body, cookie, headers: { 'content-type': 'application/octet-stream', ...JSON_ACCEPT, ...headers } });
  const put = (path: string, body: string | Buffer, contentType: string, cookie = alice) =>
    http('PUT', core(`/defects/${defect}/attachments/${path}`), { body, cookie, headers: { 'content-type': contentType, ...JSON_ACCEPT } });
  const entityXml = (fields: Record<string, string>) =>
    `<Entity Type="attachment"><Fields>${Object.entries(fields)
      .map(([n, v]) => `<Field Name="${n}"><Value>${v}</Value></Field>`)
      .join('')}</Fields></Entity>`;
  const parts = (filename: string | undefined, content: string | Buffer, extra: Part[] = []): Part[] => [
    ...(filename === undefined ? [] : [{ name: 'filename', value: filename }]),
    ...extra,
    { name: 'file', value: content, filename: filename ?? 'x', contentType: 'text/plain' },
  ];
  const expectError = (res: HttpResult, status: number, id: string, title: RegExp) => {
    assert.equal(res.status, status, res.body.toString());
    const body = res.json<{ Id: string; Title: string }>();
    assert.equal(body.Id, id);
    assert.match(body.Title, title);
  };

  before(async () => {
    h = await startHarness({ maxAttachmentBytes: MAX });
    alice = await h.signIn('alice');
    bob = await h.signIn('bob');
    [defect, other] = h.demo().db.prepare(`SELECT id FROM defects WHERE attachment = 'N' ORDER BY id LIMIT 2`).pluck().all() as number[];
    const made = await postParts(parts('kept.txt', 'kept', [{ name: 'ref-subtype', value: '1' }]));
    assert.equal(made.status, 201, made.body.toString());
    const values = Object.fromEntries(made.json<{ Fields: { Name: string; values: { value: string }[] }[] }>().Fields.map((f) => [f.Name, f.values[0]?.value]));
    kept = { id: Number(values.id), name: String(values.name) };
    await postParts(parts('second.txt', 'second'));
    const onOther = await postParts(parts('kept.txt', 'other defect'), other);
    elsewhere = Number(onOther.json<{ Fields: { Name: string; values: { value: string }[] }[] }>().Fields.find((f) => f.Name === 'id')?.values[0]?.value);
  });
  beforeEach(() => {
    snapshot = state();
  });
  afterEach(function () {
    if (this.currentTest?.state === 'passed') assert.deepEqual(state(), snapshot);
  });
  after(async () => h.close());

  it('refuses multipart bodies with the file part not last, no filename, a misnamed file part or bad part values', async () => {
    const late = parts('late.txt', 'x');
    late.push({ name: 'description', value: 'after the file' });
    expectError(await postParts(late), 400, 'qccore.general-error', /file part must be the last part/);
    expectError(await postParts(parts(undefined, 'x')), 400, 'qccore.general-error', /Missing required part 'filename'/);
    const misnamed = parts('x.txt', 'x');
    misnamed[misnamed.length - 1].name = 'upload';
    expectError(await postParts(misnamed), 400, 'qccore.general-error', /part named 'file', not 'upload'/);
    expectError(await postParts(parts('x.txt', 'x', [{ name: 'override-existing-attachment', value: 'maybe' }])), 400, 'qccore.general-error', /'y' or 'n'/);
    expectError(await postParts(parts('x.txt', 'x', [{ name: 'entity.id', value: String(other) }])), 400, 'qccore.general-error', /disagree with the URL/);
    expectError(await postParts(parts('../x.txt', 'x')), 400, 'qccore.general-error', /path separator/);
    expectError(
      await postParts(
        parts('kept.txt', 'new', [
          { name: 'override-existing-attachment', value: 'y' },
          { name: 'ref-subtype', value: '0' },
        ]),
      ),
      400,
      'qccore.operation-forbidden',
      /ref-subtype of an attachment cannot change/,
    );
  });

  it('refuses an octet-stream upload without a usable Slug, and bodies that are neither form', async () => {
    expectError(await postRaw({}, 'raw'), 400, 'qccore.general-error', /Slug header/);
    expectError(await postRaw({ slug: 'a%2Fb.txt' }, 'raw'), 400, 'qccore.general-error', /path separator/);
    expectError(await postRaw({ 'content-type': 'text/plain', slug: 'x.txt' }, 'raw'), 415, 'qccore.general-error', /multipart\/form-data.*Slug/);
    expectError(await postRaw({ 'content-type': 'application/json' }, '{}'), 415, 'qccore.general-error', /octet-stream/);
  });

  it('answers 404 for uploads to a defect that does not exist, in both forms', async () => {
    expectError(await postParts(parts('x.txt', 'x'), 999999), 404, 'qccore.entity-not-found', /Defect 999999 does not exist/);
    expectError(await postRaw({ slug: 'x.txt' }, 'x', 999999), 404, 'qccore.entity-not-found', /Defect 999999/);
    expectError(await postRaw({ slug: 'x.txt' }, 'x', 'abc' as unknown as number), 404, 'qccore.entity-not-found', /Invalid defect id 'abc'/);
  });

  it('answers 413 for content over the size limit in every form, keeping nothing', async () => {
    const big = Buffer.alloc(MAX + 1, 7);
    expectError(await postParts(parts('big.bin', big)), 413, 'qccore.general-error', new RegExp(`maximum size of ${MAX} bytes`));
    expectError(await postRaw({ slug: 'big.bin' }, big), 413, 'qccore.general-error', new RegExp(`maximum size of ${MAX} bytes`));
    expectError(await put('kept.txt', big, 'application/octet-stream'), 413, 'qccore.general-error', /maximum size/);
    // Far over the limit: the answer still arrives (the rest of the body is read and dropped).
    expectError(await postRaw({ slug: 'huge.bin' }, Buffer.alloc(MAX * 40, 1)), 413, 'qccore.general-error', /maximum size/);
  });

  it('answers 404 for items that are not there: unknown name, unknown id, an id of another defect, a name with by-id', async () => {
    expectError(await http('GET', core(`/defects/${defect}/attachments/nothing.txt`), { cookie: alice, headers: JSON_ACCEPT }), 404, 'qccore.entity-not-found', /no attachment named 'nothing.txt'/);
    expectError(await http('GET', core(`/defects/${defect}/attachments/424242?by-id=true`), { cookie: alice, headers: JSON_ACCEPT }), 404, 'qccore.entity-not-found', /with id 424242/);
    expectError(await http('GET', core(`/defects/${defect}/attachments/${elsewhere}?by-id=true`), { cookie: alice, headers: JSON_ACCEPT }), 404, 'qccore.entity-not-found', /no attachment/);
    expectError(await http('DELETE', core(`/defects/${defect}/attachments/kept.txt?by-id=true`), { cookie: alice, headers: JSON_ACCEPT }), 404, 'qccore.entity-not-found', /Invalid attachment id/);
    expectError(await http('GET', core(`/defects/${defect}/attachments/kept.txt?by-id=perhaps`), { cookie: alice, headers: JSON_ACCEPT }), 400, 'qccore.general-error', /by-id is 'true' or 'false'/);
    expectError(await http('GET', core(`/defects/999999/attachments`), { cookie: alice, headers: JSON_ACCEPT }), 404, 'qccore.entity-not-found', /Defect 999999/);
    const png = await http('GET', core(`/defects/${defect}/attachments/kept.txt`), { cookie: alice, headers: { accept: 'image/png' } });
    assert.equal(png.status, 406);
  });

  it('refuses metadata PUTs that change what cannot change, name unknown fields, clash or are malformed', async () => {
    expectError(await put('kept.txt', entityXml({ 'file-size': '1' }), 'application/xml'), 400, 'qccore.operation-forbidden', /'file-size' of an attachment cannot be changed/);
    expectError(await put('kept.txt', entityXml({ 'ref-subtype': '0' }), 'application/xml'), 400, 'qccore.operation-forbidden', /cannot change \(it is 1\)/);
    expectError(await put('kept.txt', entityXml({ colour: 'red' }), 'application/xml'), 400, 'qccore.unknown-field-name', /colour/);
    expectError(await put('kept.txt', entityXml({ name: '' }), 'application/xml'), 400, 'qccore.general-error', /is empty/);
    expectError(await put('kept.txt', entityXml({ name: 'second.txt' }), 'application/xml'), 409, 'qccore.general-error', /already has an attachment named 'second.txt'/);
    expectError(await put('kept.txt', '<Entity Type="attachment"><Fields>', 'application/xml'), 400, 'qccore.general-error', /Malformed XML|no <Entity>/);
    expectError(await put('kept.txt', `<Entities>${entityXml({ name: 'a.txt' })}</Entities>`, 'application/xml'), 400, 'qccore.general-error', /exactly one/);
    expectError(await put('kept.txt', JSON.stringify({ Type: 'defect', Fields: [] }), 'application/json'), 400, 'qccore.general-error', /must be 'attachment'/);
    expectError(await put('kept.txt', '{"Fields":', 'application/json'), 400, 'qccore.general-error', /Malformed JSON/);
  });

  it('refuses every Core attachment write while another user holds a lock taken through /api', async () => {
    const lock = await http('POST', `${h.projectUrl}/locks`, {
      cookie: bob,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: [{ entity: { id: defect, type: 'defect' } }] }),
    });
    assert.equal(lock.status, 201, lock.body.toString());
    const lockId = lock.json<{ data: { id: number }[] }>().data[0]?.id;
    snapshot = state();
    const refused = /locked by user 'bob'/;
    try {
      expectError(await postParts(parts('alice.txt', 'a')), 403, 'qccore.lock-failure', refused);
      expectError(await postRaw({ slug: 'alice.txt' }, 'a'), 403, 'qccore.lock-failure', refused);
      expectError(await put('kept.txt', 'replaced', 'application/octet-stream'), 403, 'qccore.lock-failure', refused);
      expectError(await put('kept.txt', entityXml({ name: 'alice.txt' }), 'application/xml'), 403, 'qccore.lock-failure', refused);
      expectError(await http('DELETE', core(`/defects/${defect}/attachments/kept.txt`), { cookie: alice, headers: JSON_ACCEPT }), 403, 'qccore.lock-failure', refused);
      // The holder still writes: the lock binds others only.
      const own = await http('PUT', core(`/defects/${defect}/attachments/kept.txt`), {
        cookie: bob,
        body: entityXml({ description: 'by bob' }),
        headers: { 'content-type': 'application/xml', ...JSON_ACCEPT },
      });
      assert.equal(own.status, 200, own.body.toString());
      assert.equal(h.demo().db.prepare('SELECT description FROM attachments WHERE id = ?').pluck().get(kept.id), '<html><body>by bob</body></html>');
      snapshot = state();
    } finally {
      assert.equal((await http('DELETE', `${h.projectUrl}/locks/${lockId}`, { cookie: bob })).status, 200);
    }
  });

  it('refuses attachment writes in both trees while another user holds a lock taken through Core', async () => {
    const lock = await http('POST', core(`/defects/${defect}/lock`), { cookie: bob, headers: JSON_ACCEPT });
    assert.equal(lock.status, 200, lock.body.toString());
    snapshot = state();
    const refused = /locked by user 'bob'/;
    try {
      expectError(await postRaw({ slug: 'alice.txt' }, 'a'), 403, 'qccore.lock-failure', refused);
      expectError(await put('kept.txt', 'replaced', 'application/octet-stream'), 403, 'qccore.lock-failure', refused);
      expectError(await http('DELETE', core(`/defects/${defect}/attachments/kept.txt`), { cookie: alice, headers: JSON_ACCEPT }), 403, 'qccore.lock-failure', refused);
      const apiPut = await http('PUT', `${h.projectUrl}/attachments/${kept.id}`, {
        cookie: alice,
        headers: { 'content-type': 'application/json', ...JSON_ACCEPT },
        body: JSON.stringify({ name: 'alice.txt' }),
      });
      expectError(apiPut, 403, 'qccore.lock-failure', refused);
      expectError(await http('DELETE', `${h.projectUrl}/attachments/${kept.id}`, { cookie: alice, headers: JSON_ACCEPT }), 403, 'qccore.lock-failure', refused);
    } finally {
      assert.equal((await http('DELETE', core(`/defects/${defect}/lock`), { cookie: bob })).status, 200);
    }
  });

  it('answers errors as QCRestException XML when XML is asked for, and as an HTML page when nothing is', async () => {
    const url = core(`/defects/${defect}/attachments/nothing.txt`);
    const asXml = await http('GET', url, { cookie: alice, headers: { accept: 'application/xml' } });
    assert.equal(asXml.status, 404);
    assert.match(String(asXml.headers['content-type']), /^application\/xml/);
    assert.match(asXml.body.toString(), /<QCRestException><Id>qccore\.entity-not-found<\/Id><Title>Defect \d+ has no attachment named 'nothing\.txt'\.<\/Title>/);
    const refusedXml = await http('POST', core(`/defects/${defect}/attachments`), {
      cookie: alice,
      body: 'x',
      headers: { 'content-type': 'application/octet-stream', accept: 'application/xml' },
    });
    assert.equal(refusedXml.status, 400);
    assert.match(refusedXml.body.toString(), /<Id>qccore\.general-error<\/Id><Title>An application\/octet-stream upload names its file in the Slug header/);
    const asHtml = await http('GET', url, { cookie: alice, headers: { accept: 'application/octet-stream' } });
    assert.equal(asHtml.status, 404);
    assert.match(String(asHtml.headers['content-type']), /^text\/html/);
  });

  it('streams a raw upload to a temporary file while it arrives, and leaves nothing when the client aborts', async () => {
    const body = Buffer.alloc(48 * 1024, 3);
    const url = new URL(core(`/defects/${defect}/attachments`));
    const head = `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nCookie: ${alice}\r\nContent-Type: application/octet-stream\r\n` + `Slug: aborted.bin\r\nContent-Length: ${body.length}\r\n\r\n`;
    const sawTemp = await abortUploadHalfway(url, head, body, () => h.demo());
    assert.ok(sawTemp, 'the upload reached a temporary file before its body ended');
    assert.deepEqual(
      filesOf(h.demo()).filter((f) => f.startsWith('.')),
      [],
    );
    assert.equal((await http('GET', core(`/defects/${defect}/attachments/kept.txt`), { cookie: alice })).status, 200);
  });
});
