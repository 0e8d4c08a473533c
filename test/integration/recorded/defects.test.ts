// Recorded answers: a defect page and single defects as a live 26.1 sends them (Core envelopes,
// every value a string, empty values as [] or [{}] by field type), a create and an update, one
// defect from the 12.5x /api tree, and attachments (the list, and the bytes without
// Content-Disposition).
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { AlmClient, Defect, ProjectApi } from '../../../src/api/index';
import type { RecordedRequest, ReplayServer } from './replayServer';
import { FIXTURES } from './replayServer';
import { API, API_KEY, CORE, DOMAIN, FIXTURE, PROJECT, USER, api125, clientOf, live261 } from './sites';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** The Core envelope a write sent, as {name: values}. */
function sentFields(req: RecordedRequest): { type: unknown; fields: Record<string, string[]> } {
  const body = JSON.parse(req.body.toString('utf8')) as { Type?: unknown; Fields: { Name: string; values: { value?: string }[] }[] };
  return { type: body.Type, fields: Object.fromEntries(body.Fields.map((f) => [f.Name, f.values.map((v) => v.value ?? '')])) };
}

function pick(d: Defect, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, d[k]]));
}

describe('recorded answers: defects and attachments', () => {
  let live: ReplayServer;
  let client: AlmClient;
  let p: ProjectApi;

  before(async () => {
    live = await live261();
  });
  beforeEach(() => {
    live.reset();
    ({ client } = clientOf(live, API_KEY));
    p = client.project(DOMAIN, PROJECT);
  });
  afterEach(() => client.dispose());
  after(() => live.close());

  it('a defect page from the 26.1 collection envelope (ErrorMessage, EntityStatus, children-count; string values; [] and [{}] as empty)', async () => {
    const page = await p.defects.page({ pageSize: 25, fields: ['name', 'status', 'owner', 'dev-comments', 'closing-date'], orderBy: ['-id'] });
    const [sent] = live.sent('GET', `${CORE}/defects`);
    assert.equal(sent.headers.accept, 'application/json');
    assert.equal(sent.query.get('page-size'), '25');
    assert.equal(sent.query.get('start-index'), '1');
    assert.equal(sent.query.get('order-by'), '{id[DESC]}');
    assert.equal(sent.query.get('fields'), 'id,name,status,owner,dev-comments,closing-date');

    assert.equal(page.total, 3, 'TotalResults');
    assert.deepEqual(
      page.items.map((d) => pick(d, ['type', 'id', 'ver-stamp', 'name', 'status', 'owner', 'severity', 'dev-comments', 'closing-date', 'creation-time', 'last-modified'])),
      [
        {
          type: 'defect',
          id: 7,
          'ver-stamp': 4,
          name: 'Login page freezes after the SSO redirect',
          status: 'Open',
          owner: 'bob',
          severity: '3-High',
          'dev-comments': null, // Memo: [{}]
          'closing-date': null, // Date: []
          'creation-time': '2026-08-11',
          'last-modified': '2026-08-12 09:14:03',
        },
        {
          type: 'defect',
          id: 8,
          'ver-stamp': 1,
          name: 'Typo in the export dialog',
          status: 'New',
          owner: null, // UsersList: [{}]
          severity: '1-Low',
          'dev-comments': null,
          'closing-date': null,
          'creation-time': '2026-08-12',
          'last-modified': '2026-08-12 10:02:41',
        },
        {
          type: 'defect',
          id: 9,
          'ver-stamp': 7,
          name: 'Report totals off by one',
          status: 'Closed',
          owner: 'alice',
          severity: '2-Medium',
          'dev-comments': '<html><body>\n<p>Fixed in build 412.</p>\n</body></html>',
          'closing-date': '2026-08-20',
          'creation-time': '2026-08-02',
          'last-modified': '2026-08-20 16:40:09',
        },
      ],
    );
    assert.ok(!page.items.some((d) => 'ErrorMessage' in d || 'EntityStatus' in d || 'children-count' in d), 'envelope keys are not fields');
  });

  it('values typed by the 26.1 metadata: Number fields as numbers, references as {id, type}, empty ones null', async () => {
    const page = await p.defects.page({ pageSize: 25 });
    const keys = ['estimated-fix-time', 'user-02', 'detected-in-rel', 'target-rcyc', 'environment'];
    assert.deepEqual(
      page.items.map((d) => pick(d, keys)),
      [
        { 'estimated-fix-time': 3, 'user-02': null, 'detected-in-rel': { id: 1001, type: 'release' }, 'target-rcyc': null, environment: null },
        { 'estimated-fix-time': null, 'user-02': null, 'detected-in-rel': null, 'target-rcyc': null, environment: null },
        { 'estimated-fix-time': 12, 'user-02': 2.5, 'detected-in-rel': { id: 1001, type: 'release' }, 'target-rcyc': { id: 1012, type: 'release-cycle' }, environment: { id: 3, type: 'environment' } },
      ],
    );
  });

  it('one defect from the bare single entity (children-count only)', async () => {
    const d = await p.defects.get(7);
    assert.deepEqual(pick(d, ['type', 'id', 'ver-stamp', 'name', 'status', 'owner', 'detected-by', 'reproducible', 'description', 'target-rcyc']), {
      type: 'defect',
      id: 7,
      'ver-stamp': 4,
      name: 'Login page freezes after the SSO redirect',
      status: 'Open',
      owner: 'bob',
      'detected-by': 'alice',
      reproducible: 'Y',
      description: '<html><body>\n<p>After signing in through SSO the login page stops responding.</p>\n</body></html>',
      'target-rcyc': null,
    });
    assert.ok(!('children-count' in d));
    assert.equal(live.sent('GET', `${CORE}/defects/7`).length, 1);
  });

  it('a create sends the status it was given (26.1 applies no default) with the XSRF header, and reads the 201 answer', async () => {
    const created = await p.defects.create({ name: 'Crash when saving an empty filter', 'detected-by': 'alice', 'creation-time': '2026-11-27', severity: '2-Medium', status: 'New' });
    const [post] = live.sent('POST', `${CORE}/defects`);
    assert.equal(post.status, 201);
    assert.deepEqual(sentFields(post), {
      type: 'defect',
      fields: { name: ['Crash when saving an empty filter'], 'detected-by': ['alice'], 'creation-time': ['2026-11-27'], severity: ['2-Medium'], status: ['New'] },
    });
    assert.match(String(post.headers['content-type']), /^application\/json/);
    assert.equal(post.headers['x-xsrf-token'], post.cookies.get('XSRF-TOKEN'), 'the header echoes the cookie');
    assert.equal(post.headers['x-xsrf-token'], live.sessions[0].xsrf, 'the token the server issued');
    assert.deepEqual(pick(created, ['id', 'ver-stamp', 'name', 'status', 'owner', 'priority', 'severity']), {
      id: 12,
      'ver-stamp': 1,
      name: 'Crash when saving an empty filter',
      status: 'New',
      owner: null,
      priority: null,
      severity: '2-Medium',
    });
  });

  it('an update PUTs only the changed field in the Core envelope, with the XSRF header', async () => {
    const updated = await p.defects.update(7, { status: 'Fixed' });
    const [put] = live.sent('PUT', `${CORE}/defects/7`);
    assert.deepEqual(sentFields(put), { type: 'defect', fields: { status: ['Fixed'] } });
    assert.equal(put.headers['x-xsrf-token'], live.sessions[0].xsrf);
    assert.equal(updated.id, 7);
  });

  it("a defect's attachments from the 26.1 list (file-size as a string, parent-id and parent-type)", async () => {
    const list = await p.attachments.list({ entity: { type: 'defect', ids: [7] } });
    assert.deepEqual(list, [
      {
        id: 7001,
        name: 'frozen-login.png',
        description: '<html><body>\n<p>Screenshot of the frozen page</p>\n</body></html>',
        refType: 'File',
        refSubtype: 0,
        fileSize: readFileSync(join(FIXTURES, FIXTURE.png)).length,
        lastModified: '2026-08-12 09:10:44',
        vcUserName: null,
        vcCurVer: null,
        entity: { type: 'defect', id: 7 },
      },
    ]);
  });

  it('downloads the bytes (Content-Type image/png;charset=utf-8, no Content-Disposition), asking for octet-stream by id', async () => {
    await p.attachments.list({ entity: { type: 'defect', ids: [7] } });
    const png = readFileSync(join(FIXTURES, FIXTURE.png));
    const download = await p.attachments.download(7001);
    assert.ok((await bytesOf(download.stream)).equals(png), 'the exact bytes');
    assert.equal(download.contentType, 'image/png;charset=utf-8');
    assert.equal(download.size, png.length);
    const [get] = live.sent('GET', `${CORE}/defects/7/attachments/7001`);
    assert.equal(get.headers.accept, 'application/octet-stream');
    assert.equal(get.query.get('by-id'), 'true');

    const dir = mkdtempSync(join(tmpdir(), 'alm-recorded-'));
    try {
      const target = join(dir, 'saved.png');
      assert.equal(await p.attachments.saveTo(7001, target), png.length);
      assert.ok(readFileSync(target).equals(png), 'saved into the file unchanged');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('12.5x /api tree', () => {
    let api: ReplayServer;
    before(async () => {
      api = await api125();
    });
    after(() => api.close());

    it('one defect as the plain typed instance', async () => {
      const c = clientOf(api, USER).client;
      try {
        const d = await c.project(DOMAIN, PROJECT).defects.get(7);
        assert.deepEqual(pick(d, ['type', 'id', 'ver-stamp', 'status', 'estimated-fix-time', 'closing-date', 'detected-in-rel']), {
          type: 'defect',
          id: 7,
          'ver-stamp': 4,
          status: 'Open',
          'estimated-fix-time': 3,
          'closing-date': null,
          'detected-in-rel': { id: 1001, type: 'release' },
        });
        assert.equal(api.sent('GET', `${API}/defects/7`).length, 1);
      } finally {
        await c.dispose();
      }
    });
  });
});
