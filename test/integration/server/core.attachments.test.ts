// Core attachments over real HTTP (`/rest/…/defects/{id}/attachments`): both upload forms,
// the list and item in XML and JSON, bytes by Accept or alt, PUT of content and of metadata,
// DELETE, each checked against the stored rows and files, and the same attachments seen
// byte for byte through the `/api` tree.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { attachmentCount, filesOf, http, multipart, startHarness } from './attachmentsHarness';
import type { Harness, HttpResult, Part } from './attachmentsHarness';
import { text } from '../../support/text';

interface CoreJson {
  Type: string;
  Fields: { Name: string; values: { value?: string }[] }[];
}

const FIELD_ORDER = ['id', 'name', 'description', 'ref-type', 'ref-subtype', 'file-size', 'last-modified', 'vc-user-name', 'vc-cur-ver', 'parent-id', 'parent-type'];

/** Field name → first value of a Core JSON entity. */
const valuesOf = (e: CoreJson) => Object.fromEntries(e.Fields.map((f) => [f.Name, f.values[0]?.value]));

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', isArray: (n) => ['Entity', 'Field', 'Value'].includes(n), parseTagValue: false });

/** Field name → value of the `<Entity>` elements of an XML answer. */
function xmlEntities(res: HttpResult): Record<string, string | undefined>[] {
  const doc = xml.parse(res.body.toString('utf8')) as { Entity?: unknown[]; Entities?: { Entity?: unknown[]; '@_TotalResults': string } };
  const list = (doc.Entities ? (doc.Entities.Entity ?? []) : (doc.Entity ?? [])) as { '@_Type': string; Fields: { Field: { '@_Name': string; Value?: unknown[] }[] } }[];
  return list.map((e) => {
    assert.equal(e['@_Type'], 'attachment');
    return Object.fromEntries(e.Fields.Field.map((f) => [f['@_Name'], f.Value?.[0] === undefined ? undefined : text(f.Value[0])]));
  });
}

describe('Core attachments over HTTP: create, read, update, delete', function () {
  this.timeout(30_000);
  let h: Harness;
  let alice: string;
  let free: number[];
  const d = (n: number) => free[n];
  const core = (path: string) => `${h.baseUrl}/rest/domains/DEFAULT/projects/Demo${path}`;

  before(async () => {
    h = await startHarness();
    alice = await h.signIn('alice');
    free = h.demo().db.prepare(`SELECT id FROM defects WHERE attachment = 'N' ORDER BY id`).pluck().all() as number[];
  });
  after(async () => h.close());

  const postParts = (defect: number, parts: Part[], accept?: string) => {
    const { body, contentType } = multipart(parts);
    return http('POST', core(`/defects/${defect}/attachments`), { body, cookie: alice, headers: { 'content-type': contentType, ...(accept ? { accept } : {}) } });
  };
  const text = (name: string, value: string): Part => ({ name, value });
  const file = (content: Buffer | string, name = 'file', filename = 'x'): Part => ({ name, value: content, filename, contentType: 'text/plain' });
  /** The stored content of an attachment, from the file its record names. */
  const storedBytes = (id: number | string | undefined) => {
    const row = h.demo().db.prepare('SELECT * FROM attachments WHERE id = ?').get(Number(id)) as Record<string, unknown> | undefined;
    assert.ok(row, `attachment ${String(id)} is stored`);
    return readFileSync(join(h.demo().attachmentsDir, typeof row['content-file'] === 'string' ? row['content-file'] : String(id)));
  };
  const postRaw = (defect: number, slug: string, content: Buffer, accept = 'application/json') =>
    http('POST', core(`/defects/${defect}/attachments`), { body: content, cookie: alice, headers: { 'content-type': 'application/octet-stream', slug, accept } });

  it('creates from multipart/form-data: 201, Location by file name, the XML entity, the bytes on disk', async () => {
    const before = attachmentCount(h.demo());
    const content = Buffer.from('first line\nsecond ä ✓\n', 'utf8');
    const res = await postParts(d(0), [text('filename', 'notes.txt'), text('description', 'Notes & <more>'), text('ref-subtype', '0'), file(content)]);
    assert.equal(res.status, 201, res.body.toString());
    assert.match(String(res.headers['content-type']), /^application\/xml/);
    const [entity] = xmlEntities(res);
    assert.ok(entity);
    assert.deepEqual(Object.keys(entity), FIELD_ORDER);
    assert.equal(entity.name, 'notes.txt');
    assert.equal(entity.description, '<html><body>Notes &amp; &lt;more&gt;</body></html>');
    assert.equal(entity['file-size'], String(content.length));
    assert.equal(entity['parent-id'], String(d(0)));
    assert.equal(entity['parent-type'], 'defect');
    assert.equal(res.headers.location, core(`/defects/${d(0)}/attachments/notes.txt`));
    const store = h.demo();
    assert.equal(attachmentCount(store), before + 1);
    assert.deepEqual(storedBytes(entity.id), content);
    assert.equal(store.getDefect(d(0))?.attachment, 'Y');
  });

  it("takes the 12.01 file part name 'data', answers JSON when asked, and follows override-existing-attachment", async () => {
    const first = await postParts(d(1), [text('filename', 'report.txt'), file('v1', 'data')], 'application/json');
    assert.equal(first.status, 201, first.body.toString());
    const one = valuesOf(first.json<CoreJson>());
    assert.equal(first.json<CoreJson>().Type, 'attachment');

    const renamed = valuesOf((await postParts(d(1), [text('filename', 'report.txt'), text('override-existing-attachment', 'n'), file('v2')], 'application/json')).json<CoreJson>());
    assert.equal(renamed.name, 'report (1).txt');
    assert.notEqual(renamed.id, one.id);

    const replaced = await postParts(d(1), [text('filename', 'report.txt'), text('override-existing-attachment', 'y'), file('version three')], 'application/json');
    assert.equal(replaced.status, 201);
    const three = valuesOf(replaced.json<CoreJson>());
    assert.equal(three.id, one.id);
    assert.equal(three['file-size'], '13');
    assert.equal(storedBytes(one.id).toString('utf8'), 'version three');
  });

  it('creates from application/octet-stream named by Slug, percent-encoded names decoded', async () => {
    const content = Buffer.from([0, 255, 1, 254, 13, 10]);
    const res = await postRaw(d(2), 'raw.bin', content);
    assert.equal(res.status, 201, res.body.toString());
    const rec = valuesOf(res.json<CoreJson>());
    assert.equal(rec.name, 'raw.bin');
    assert.equal(rec['ref-subtype'], '0');
    assert.equal(rec.description, undefined);
    assert.deepEqual(storedBytes(rec.id), content);

    const named = await postRaw(d(2), encodeURIComponent('Bericht für Jänner.txt'), Buffer.from('x'));
    assert.equal(valuesOf(named.json<CoreJson>()).name, 'Bericht für Jänner.txt');
    assert.equal(named.headers.location, core(`/defects/${d(2)}/attachments/${encodeURIComponent('Bericht für Jänner.txt')}`));
  });

  it("lists a defect's attachments in XML (default) and JSON, ordered by id, with TotalResults", async () => {
    await postRaw(d(3), 'b.log', Buffer.from('B'));
    await postRaw(d(3), 'a.log', Buffer.from('AA'));
    const asXml = await http('GET', core(`/defects/${d(3)}/attachments`), { cookie: alice });
    assert.equal(asXml.status, 200);
    assert.match(asXml.body.toString(), /<Entities TotalResults="2">/);
    assert.deepEqual(
      xmlEntities(asXml).map((e) => e.name),
      ['b.log', 'a.log'],
    );

    for (const [query, headers] of [
      ['', { accept: 'application/json' }],
      ['?alt=application/json', {}],
    ] as const) {
      const res = await http('GET', core(`/defects/${d(3)}/attachments${query}`), { cookie: alice, headers });
      const body = res.json<{ entities: CoreJson[]; TotalResults: number }>();
      assert.equal(body.TotalResults, 2);
      assert.deepEqual(
        body.entities.map((e) => valuesOf(e).name),
        ['b.log', 'a.log'],
      );
      assert.deepEqual(
        body.entities.map((e) => valuesOf(e)['file-size']),
        ['1', '2'],
      );
    }
    const empty = await http('GET', core(`/defects/${d(4)}/attachments`), { cookie: alice, headers: { accept: 'application/json' } });
    assert.deepEqual(empty.json(), { entities: [], TotalResults: 0 });
  });

  it('pages, filters, orders and narrows the list with the Core collection parameters', async () => {
    for (const name of ['c.txt', 'a.txt', 'b.log']) await postRaw(d(10), name, Buffer.from(name));
    const list = async (query: string) => {
      const res = await http('GET', core(`/defects/${d(10)}/attachments?${query}`), { cookie: alice, headers: { accept: 'application/json' } });
      assert.equal(res.status, 200, res.body.toString());
      const body = res.json<{ entities: CoreJson[]; TotalResults: number }>();
      return { names: body.entities.map((e) => valuesOf(e).name), total: body.TotalResults, fields: body.entities[0]?.Fields.map((f) => f.Name) };
    };
    assert.deepEqual(await list('page-size=1&start-index=2'), { names: ['a.txt'], total: 3, fields: FIELD_ORDER });
    assert.deepEqual((await list('order-by={name[ASC]}')).names, ['a.txt', 'b.log', 'c.txt']);
    assert.deepEqual((await list(`query=${encodeURIComponent('{name[*.txt]}')}&order-by={name[DESC]}`)).names, ['c.txt', 'a.txt']);
    assert.deepEqual((await list('fields=name,entity.id&page-size=1')).fields, ['id', 'name', 'parent-id']);
    // A trailing slash before the query names the same collection, as real clients write it.
    const slash = await http('GET', core(`/defects/${d(10)}/attachments/?page-size=1&alt=application/json`), { cookie: alice });
    assert.equal(slash.json<{ TotalResults: number }>().TotalResults, 3);
    const posted = await http('POST', core(`/defects/${d(10)}/attachments/`), {
      cookie: alice,
      body: 'd',
      headers: { 'content-type': 'application/octet-stream', slug: 'd.txt', accept: 'application/json' },
    });
    assert.equal(posted.status, 201, posted.body.toString());
    assert.equal((await list('')).total, 4);
    const bad = await http('GET', core(`/defects/${d(10)}/attachments?query=${encodeURIComponent('{name[unterminated')}`), { cookie: alice, headers: { accept: 'application/json' } });
    assert.equal(bad.status, 404);
    assert.equal(bad.json<{ Id: string }>().Id, 'qccore.invalid-filter-expression');
    const unknown = await http('GET', core(`/defects/${d(10)}/attachments?order-by={colour[ASC]}`), { cookie: alice, headers: { accept: 'application/json' } });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.json<{ Id: string }>().Id, 'qccore.unknown-field-name');
  });

  it("reads an item by file name or by id: descriptor by Accept/alt, bytes with the file's content type", async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const rec = valuesOf((await postRaw(d(5), 'shot.png', png)).json<CoreJson>());
    const byName = core(`/defects/${d(5)}/attachments/shot.png`);
    const byId = core(`/defects/${d(5)}/attachments/${rec.id}?by-id=true`);

    const asXml = await http('GET', byName, { cookie: alice });
    assert.match(String(asXml.headers['content-type']), /^application\/xml/);
    assert.equal(xmlEntities(asXml)[0]?.id, rec.id);
    assert.equal(xmlEntities(await http('GET', byName, { cookie: alice, headers: { accept: '*/*' } }))[0]?.id, rec.id);
    assert.deepEqual(valuesOf((await http('GET', byId, { cookie: alice, headers: { accept: 'application/json' } })).json<CoreJson>()), rec);

    for (const [url, headers] of [
      [byName, { accept: 'application/octet-stream' }],
      [`${byName}?alt=application/octet-stream`, {}],
      [`${byId}&alt=application/octet-stream`, { accept: 'application/json' }],
    ] as const) {
      const bytes = await http('GET', url, { cookie: alice, headers });
      assert.equal(bytes.status, 200, url);
      assert.deepEqual(bytes.body, png);
      assert.equal(bytes.headers['content-type'], 'image/png');
      assert.equal(bytes.headers['content-length'], String(png.length));
    }
  });

  it('PUT application/octet-stream replaces the content under the same id; PUT XML or JSON changes name and description', async () => {
    const rec = valuesOf((await postRaw(d(6), 'log.txt', Buffer.from('old'))).json<CoreJson>());
    const put = await http('PUT', core(`/defects/${d(6)}/attachments/log.txt`), {
      cookie: alice,
      body: Buffer.from('new content!'),
      headers: { 'content-type': 'application/octet-stream', accept: 'application/json' },
    });
    assert.equal(put.status, 200, put.body.toString());
    const after = valuesOf(put.json<CoreJson>());
    assert.equal(after.id, rec.id);
    assert.equal(after['file-size'], '12');
    assert.equal(storedBytes(rec.id).toString('utf8'), 'new content!');
    const stored = h.demo().db.prepare('SELECT "content-type" FROM attachments WHERE id = ?').pluck().get(Number(rec.id));
    assert.equal(stored, 'text/plain');

    const body =
      '<Entity Type="attachment"><Fields><Field Name="name"><Value>renamed.txt</Value></Field>' +
      '<Field Name="description"><Value>a &lt;b&gt; c</Value></Field><Field Name="ref-type"><Value>File</Value></Field></Fields></Entity>';
    const meta = await http('PUT', core(`/defects/${d(6)}/attachments/${rec.id}?by-id=true`), { cookie: alice, body, headers: { 'content-type': 'application/xml' } });
    assert.equal(meta.status, 200, meta.body.toString());
    assert.equal(xmlEntities(meta)[0]?.name, 'renamed.txt');
    const row = h.demo().db.prepare('SELECT name, description FROM attachments WHERE id = ?').get(Number(rec.id));
    assert.deepEqual(row, { name: 'renamed.txt', description: '<html><body>a &lt;b&gt; c</body></html>' });

    const json = await http('PUT', core(`/defects/${d(6)}/attachments/renamed.txt`), {
      cookie: alice,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ Type: 'attachment', Fields: [{ Name: 'description', values: [{ value: '' }] }] }),
    });
    assert.equal(json.status, 200, json.body.toString());
    assert.equal(valuesOf(json.json<CoreJson>()).description, undefined);
    assert.equal(h.demo().db.prepare('SELECT description FROM attachments WHERE id = ?').pluck().get(Number(rec.id)), null);
  });

  it('DELETE removes the record and the content and answers the deleted entity', async () => {
    const rec = valuesOf((await postRaw(d(7), 'gone.txt', Buffer.from('bye'))).json<CoreJson>());
    const store = h.demo();
    assert.equal(store.getDefect(d(7))?.attachment, 'Y');
    const res = await http('DELETE', core(`/defects/${d(7)}/attachments/gone.txt`), { cookie: alice, headers: { accept: 'application/json' } });
    assert.equal(res.status, 200);
    assert.equal(valuesOf(res.json<CoreJson>()).id, rec.id);
    assert.equal(store.db.prepare('SELECT COUNT(*) FROM attachments WHERE id = ?').pluck().get(Number(rec.id)), 0);
    assert.ok(!filesOf(store).includes(String(rec.id)));
    assert.equal(store.getDefect(d(7))?.attachment, 'N');
    const again = await http('GET', core(`/defects/${d(7)}/attachments/gone.txt`), { cookie: alice, headers: { accept: 'application/json' } });
    assert.equal(again.status, 404);
    assert.equal(again.json<{ Id: string }>().Id, 'qccore.entity-not-found');
  });

  describe('across the two trees', () => {
    it('an attachment uploaded through Core is listed and downloaded byte for byte through /api', async () => {
      const content = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256));
      const rec = valuesOf((await postRaw(d(8), 'big.bin', content)).json<CoreJson>());
      const list = await http('GET', `${h.projectUrl}/attachments?query=${encodeURIComponent(`{entity.type[defect];entity.id[${d(8)}]}`)}`, {
        cookie: alice,
        headers: { accept: 'application/json' },
      });
      const data = list.json<{ data: { id: number; name: string; 'file-size': number }[] }>().data;
      assert.deepEqual(
        data.map((a) => [a.id, a.name, a['file-size']]),
        [[Number(rec.id), 'big.bin', content.length]],
      );
      const bytes = await http('GET', `${h.projectUrl}/attachments/${rec.id}`, { cookie: alice, headers: { accept: 'application/octet-stream' } });
      assert.deepEqual(bytes.body, content);
    });

    it('an attachment uploaded through /api is listed and downloaded byte for byte through Core', async () => {
      const content = Buffer.from('from the api tree ✓', 'utf8');
      const parts: Part[] = [text('filename', 'api.txt'), text('entity.type', 'defect'), text('entity.id', String(d(9))), file(content)];
      const { body, contentType } = multipart(parts);
      const created = await http('POST', `${h.projectUrl}/attachments`, { body, cookie: alice, headers: { 'content-type': contentType } });
      assert.equal(created.status, 201);
      const id = created.json<{ id: number }>().id;
      const list = await http('GET', core(`/defects/${d(9)}/attachments?alt=application/json`), { cookie: alice });
      assert.deepEqual(
        list.json<{ entities: CoreJson[] }>().entities.map((e) => [valuesOf(e).id, valuesOf(e).name]),
        [[String(id), 'api.txt']],
      );
      const bytes = await http('GET', core(`/defects/${d(9)}/attachments/api.txt`), { cookie: alice, headers: { accept: 'application/octet-stream' } });
      assert.deepEqual(bytes.body, content);
      assert.equal(bytes.headers['content-type'], 'text/plain');
    });
  });
});
