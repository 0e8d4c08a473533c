// `--alm 26.1` answers with the shapes captured from a live 26.1 (reference §16, followed by the
// recorded fixtures), while the default 12.55 keeps the older forms; the entity descriptor.
import assert from 'node:assert/strict';
import { TestClient, startTestServer, storedDefect } from '../../support/server';
import type { RunningServer } from '../../support/server';
import { CORE, JSON_, XML, parseXml } from './coreHarness';

const DEMO_KEY = { clientId: 'alice-demo-client', secret: 'alice-demo-secret' };
const field = (name: string, value: string) => ({ Name: name, values: [{ value }] });

interface Rec {
  [key: string]: unknown;
}

describe('server: --alm profiles, answers', function () {
  this.timeout(60_000);
  let live: RunningServer;
  let older: RunningServer;
  let client: TestClient;
  let olderClient: TestClient;
  let xsrf: Record<string, string>;
  before(async () => {
    live = await startTestServer({ defects: 5, alm: '26.1' });
    older = await startTestServer({ defects: 5 });
    client = new TestClient(live.baseUrl);
    await client.signInWithKey(DEMO_KEY.clientId, DEMO_KEY.secret);
    xsrf = { 'X-XSRF-TOKEN': client.cookies.get('XSRF-TOKEN') ?? '' };
    olderClient = new TestClient(older.baseUrl);
    await olderClient.signIn('alice');
  });
  after(async () => {
    await live?.close();
    await older?.close();
  });

  it('26.1 field metadata is camelCase JSON under Fields.Field; 12.55 keeps the XML names', async () => {
    const fields = (await client.get(`${CORE}/customization/entities/defect/fields`, JSON_)).json<{ Fields: { Field: Rec[] } }>().Fields.Field;
    const status = fields.find((f) => f.name === 'status');
    assert.ok(status, 'status listed');
    assert.equal(typeof status.listId, 'number');
    assert.equal(status.label, 'Status');
    for (const key of ['physicalName', 'type', 'size', 'required', 'editable', 'active', 'visibleInWebUI', 'fieldRelationReferences']) assert.ok(key in status, key);
    const release = fields.find((f) => f.name === 'detected-in-rel');
    assert.deepEqual((release?.fieldRelationReferences as { references: Rec[] }).references[0]?.referencedEntityType, 'release');
    assert.ok(!('listId' in (fields.find((f) => f.name === 'name') ?? {})), 'listId only on list-bound fields');
    const olderFields = (await olderClient.get(`${CORE}/customization/entities/defect/fields`, JSON_)).json<{ Fields: { Field: Rec[] } }>().Fields.Field;
    assert.ok(olderFields.some((f) => f.Name === 'status' && 'List-Id' in f));
  });

  it('26.1 collection rows carry ErrorMessage, EntityStatus, children-count; a single entity children-count only', async () => {
    const page = (await client.get(`${CORE}/defects?page-size=2`, JSON_)).json<{ entities: Rec[] }>();
    assert.deepEqual(Object.keys(page.entities[0] ?? {}), ['Fields', 'Type', 'ErrorMessage', 'EntityStatus', 'children-count']);
    assert.equal(page.entities[0]?.EntityStatus, 'Success');
    const one = (await client.get(`${CORE}/defects/1`, JSON_)).json();
    assert.deepEqual(Object.keys(one), ['Fields', 'Type', 'children-count']);
    const xml = parseXml((await client.get(`${CORE}/defects/1`, XML)).text) as { Entity: [{ '@_EntityStatus': string; ChildrenCount: unknown }] };
    assert.equal(xml.Entity[0]['@_EntityStatus'], 'Success');
    const cleared = await client.request('PUT', `${CORE}/defects/1`, {
      json: {
        Fields: [
          { Name: 'environment', values: [] },
          { Name: 'closing-date', values: [] },
        ],
      },
      headers: { ...JSON_, ...xsrf },
    });
    assert.equal(cleared.status, 200, cleared.text);
    const values = (name: string) => cleared.json<{ Fields: { Name: string; values: unknown[] }[] }>().Fields.find((f) => f.Name === name)?.values;
    assert.deepEqual(values('closing-date'), [], 'an empty Date is []');
    assert.deepEqual(values('environment'), [{}], 'an empty single reference is [{}]');
    const plain = (await olderClient.get(`${CORE}/defects?page-size=2`, JSON_)).json<{ entities: Rec[] }>();
    assert.deepEqual(Object.keys(plain.entities[0] ?? {}), ['Fields', 'Type']);
  });

  it('26.1: a bad order-by field or page-size is 404 qccore.invalid-query-value; 12.55 answers 400', async () => {
    const orderBy = await client.get(`${CORE}/defects?order-by=${encodeURIComponent('{no-such-field}')}`, JSON_);
    assert.equal(orderBy.status, 404);
    assert.deepEqual(orderBy.json(), {
      Id: 'qccore.invalid-query-value',
      Title: 'Invalid "order-by" parameter value, not existing field: "no-such-field"',
      ExceptionProperties: null,
      StackTrace: null,
    });
    const size = await client.get(`${CORE}/defects?page-size=-1`, JSON_);
    assert.equal(size.status, 404);
    assert.equal(size.json().Id, 'qccore.invalid-query-value');
    assert.equal((await olderClient.get(`${CORE}/defects?page-size=-1`, JSON_)).status, 400);
  });

  it('26.1: a missing required field is 400 naming its label; a rule refusal 500 general-error with a readable Title; nothing stored', async () => {
    const count = async () => (await client.get(`${CORE}/defects?page-size=1`, JSON_)).json<{ TotalResults: number }>().TotalResults;
    const before = await count();
    const post = (fields: unknown[]) => client.request('POST', `${CORE}/defects`, { json: { Fields: fields, Type: 'defect' }, headers: { ...JSON_, ...xsrf } });
    const required = await post([field('name', 'x'), field('detected-by', 'alice'), field('creation-time', '2026-01-02')]);
    assert.equal(required.status, 400, required.text);
    assert.deepEqual(required.json(), { Id: 'qccore.required-field-missing', Title: "The field 'Severity' is required.", ExceptionProperties: null, StackTrace: null });
    const rule = await post([field('name', 'x'), field('detected-by', 'alice'), field('creation-time', '2026-01-02'), field('severity', '2-Medium'), field('detected-in-rel', '999999')]);
    assert.equal(rule.status, 500, rule.text);
    assert.equal(rule.json().Id, 'qccore.general-error');
    assert.match(String(rule.json().Title), /release 999999/);
    const beforeRow = storedDefect(live.dataDir, 1);
    const owner = await client.request('PUT', `${CORE}/defects/1`, { json: { Fields: [field('owner', 'nobody-here')] }, headers: { ...JSON_, ...xsrf } });
    assert.equal(owner.status, 500);
    assert.deepEqual(storedDefect(live.dataDir, 1), beforeRow);
    assert.equal(await count(), before);
  });

  it('customization/entities/defect answers the single EntityResourceDescriptor (XML and JSON)', async () => {
    const json = await olderClient.get(`${CORE}/customization/entities/defect`, JSON_);
    assert.equal(json.status, 200);
    assert.equal(json.json().collectionName, 'defects');
    const xml = await olderClient.get(`${CORE}/customization/entities/defect`, XML);
    assert.match(xml.text, /^<\?xml[^>]*>\s*<EntityResourceDescriptor collectionName="defects">/);
    assert.equal((await olderClient.get(`${CORE}/customization/entities/nothing`, JSON_)).status, 404);
  });

  it('26.1 strips relative <img src> from memos on read (the stored memo keeps it); 12.55 returns it as stored', async () => {
    const memo = '<html><body><p>see <img src="shot.png" alt="a"> and <img src="https://example.com/b.png"></p></body></html>';
    const put = await client.request('PUT', `${CORE}/defects/4`, { json: { Fields: [field('description', memo)] }, headers: { ...JSON_, ...xsrf } });
    assert.equal(put.status, 200, put.text);
    const description = (body: { Fields: { Name: string; values: { value: string }[] }[] }) => body.Fields.find((f) => f.Name === 'description')?.values[0]?.value ?? '';
    const read = description((await client.get(`${CORE}/defects/4`, JSON_)).json());
    assert.match(read, /see <img \/> and <img src="https:\/\/example.com\/b.png" \/>/);
    assert.match(String(storedDefect(live.dataDir, 4)?.description), /<img src="shot.png"/);
    const olderPut = await olderClient.request('PUT', `${CORE}/defects/4`, { json: { Fields: [field('description', memo)] }, headers: JSON_ });
    assert.equal(olderPut.status, 200);
    assert.match(description((await olderClient.get(`${CORE}/defects/4`, JSON_)).json()), /<img src="shot.png"/);
  });

  it("26.1 reads memos back sanitized and in the server's layout (reference §16.6); 12.55 returns them as stored", async () => {
    const memo =
      '<p>Steps<script>alert(1)</script></p><a href="javascript:alert(2)" onclick="x()">here</a> and <a href="https://example.com/">there</a>' +
      '<span style="color: red; background: url(https://evil/x.png)">red</span><table><tr><td>1</td></tr></table>one<br>two<img src="data:image/png;base64,AAAA" onerror="y()">';
    const put = await client.request('PUT', `${CORE}/defects/5`, { json: { Fields: [field('description', memo)] }, headers: { ...JSON_, ...xsrf } });
    assert.equal(put.status, 200, put.text);
    const description = (body: { Fields: { Name: string; values: { value: string }[] }[] }) => body.Fields.find((f) => f.Name === 'description')?.values[0]?.value ?? '';
    const read = description((await client.get(`${CORE}/defects/5`, JSON_)).json());
    assert.equal(
      read,
      '<html><body>\n<p>Steps</p>\n<a>here</a> and <a href="https://example.com/">there</a><span style="color: red">red</span>\n<table>\n<tbody>\n<tr>\n<td>1</td>\n</tr>\n</tbody>\n</table>\none<br />two<img src="data:image/png;base64,AAAA" />\n</body></html>',
    );
    // What the server sends is what it sends again: a client writing back what it read changes nothing.
    await client.request('PUT', `${CORE}/defects/5`, { json: { Fields: [field('description', read)] }, headers: { ...JSON_, ...xsrf } });
    assert.equal(description((await client.get(`${CORE}/defects/5`, JSON_)).json()), read);
    // XML answers carry the same text.
    assert.match((await client.get(`${CORE}/defects/5`, XML)).text, /&lt;tbody&gt;/);
    const olderPut = await olderClient.request('PUT', `${CORE}/defects/5`, { json: { Fields: [field('description', memo)] }, headers: JSON_ });
    assert.equal(olderPut.status, 200);
    assert.equal(description((await olderClient.get(`${CORE}/defects/5`, JSON_)).json()), memo);
  });

  it('26.1 history collapses as captured: no Audit node without history, a lone Audit and a lone Property as objects (§16.9); 12.55 keeps lists', async () => {
    const created = await client.request('POST', `${CORE}/defects`, {
      json: { Type: 'defect', Fields: [field('name', 'history shape'), field('detected-by', 'alice'), field('creation-time', '2026-08-12'), field('severity', '2-Medium')] },
      headers: { ...JSON_, ...xsrf },
    });
    assert.equal(created.status, 201, created.text);
    const id = created.json<{ Fields: { Name: string; values: { value: string }[] }[] }>().Fields.find((f) => f.Name === 'id')?.values[0]?.value ?? '';
    const audits = async () => (await client.get(`${CORE}/defects/${id}/audits`, JSON_)).json<{ Audits: Rec }>().Audits;
    assert.deepEqual(await audits(), { TotalResults: 0 });
    await client.request('PUT', `${CORE}/defects/${id}`, { json: { Type: 'defect', Fields: [field('status', 'Open')] }, headers: { ...JSON_, ...xsrf } });
    const one = await audits();
    assert.equal(Array.isArray(one.Audit), false, JSON.stringify(one));
    const lone = one.Audit as Rec & { Properties: { Property: Rec } };
    assert.equal(Array.isArray(lone.Properties.Property), false);
    assert.equal(lone.Properties.Property.Name, 'status');
    await client.request('PUT', `${CORE}/defects/${id}`, { json: { Type: 'defect', Fields: [field('status', 'Fixed'), field('severity', '3-High')] }, headers: { ...JSON_, ...xsrf } });
    const two = (await audits()).Audit as (Rec & { Properties: { Property: unknown } })[];
    assert.equal(two.length, 2);
    assert.equal(Array.isArray(two.find((a) => Array.isArray(a.Properties.Property))?.Properties.Property), true);
    const older = (await olderClient.get(`${CORE}/defects/1/audits`, JSON_)).json<{ Audits: Rec }>().Audits;
    assert.equal(Array.isArray(older.Audit), true);
  });

  it('rest/server/time answers the server clock in XML and JSON, on both profiles (issue 40 item 11)', async () => {
    for (const c of [client, olderClient]) {
      const xml = await c.get('/rest/server/time', XML);
      assert.equal(xml.status, 200, xml.text);
      const info = parseXml(xml.text).ServerTimeInfo as Rec;
      assert.match(String(info.DateTime), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      assert.ok(Math.abs(Number(info.TimeInMillis) - Date.now()) < 600_000, 'the server clock');
      const json = (await c.get('/rest/server/time', JSON_)).json<{ ServerTimeInfo: Rec }>();
      assert.match(String(json.ServerTimeInfo.TimeInMillis), /^\d+$/);
    }
  });

  it('groups as captured (§16.11): Expression the bare value (quoted where needed), ReferenceValue the display name of a reference, the alm-web array form', async () => {
    type Group = { Expression: string; ReferenceValue: string | null; Value: string; size: number };
    const status = (await client.get(`${CORE}/defects/groups/status`, JSON_)).json<{ subLevel: Group[] }>().subLevel;
    for (const g of status.filter((x) => x.Value !== '')) {
      assert.equal(g.Expression, /^[\w-]+$/.test(g.Value) ? g.Value : `"${g.Value}"`, g.Value);
      assert.equal(g.ReferenceValue, null);
      const filtered = (await client.get(`${CORE}/defects?page-size=1&query=${encodeURIComponent(`{status[${g.Expression}]}`)}`, JSON_)).json<{ TotalResults: number }>();
      assert.equal(filtered.TotalResults, g.size, `filtering by ${g.Expression}`);
    }
    const releases = (await client.get(`${CORE}/defects/groups/detected-in-rel`, JSON_)).json<{ subLevel: Group[] }>().subLevel;
    const named = releases.find((g) => g.Value !== '');
    assert.ok(named, 'some defect names a release');
    assert.equal(typeof named.ReferenceValue, 'string');
    assert.notEqual(named.ReferenceValue, named.Value, 'the display name, not the id');
    const web = (await client.get(`${CORE}/defects/groups/status`, { Accept: 'application/json;schema=alm-web' })).json<Rec[]>();
    assert.ok(Array.isArray(web));
    assert.deepEqual(Object.keys(web[0] ?? {}), ['name', 'value', 'expression', 'referenceValue', 'size', 'subGroups']);
  });

  it('release and release-cycle fields answer under customization (no longer 404); 26.1 writes an empty release description as [{}] (issue 40 item 9)', async () => {
    for (const entity of ['release', 'release-cycle']) {
      const res = await client.get(`${CORE}/customization/entities/${entity}/fields`, JSON_);
      assert.equal(res.status, 200, `${entity}: ${res.text}`);
      const names = res.json<{ Fields: { Field: Rec[] } }>().Fields.Field.map((f) => f.name);
      assert.ok(names.includes('name') && names.includes('start-date'), names.join());
    }
    const rows = (await client.get(`${CORE}/releases?page-size=max`, JSON_)).json<{ entities: { Fields: { Name: string; values: Rec[] }[] }[] }>().entities;
    const description = rows.flatMap((r) => r.Fields.filter((f) => f.Name === 'description'));
    assert.ok(description.length > 0);
    for (const f of description) assert.ok(f.values.length > 0, 'a String or Memo is never [] on 26.1');
  });

  it('26.1 links write empty String fields as [{}] (link-type, comment, the status of a defect endpoint), numbers and dates as values (issue 40 item 10, in part)', async () => {
    const link = (first: string, second: string) => ({
      Type: 'defect-link',
      Fields: [field('first-endpoint-id', first), field('second-endpoint-id', second), field('second-endpoint-type', 'defect')],
    });
    const created = await client.request('POST', `${CORE}/defect-links`, { json: link('1', '2'), headers: { ...JSON_, ...xsrf } });
    assert.equal(created.status, 201, created.text);
    const fields = created.json<{ Fields: { Name: string; values: Rec[] }[] }>().Fields;
    const values = (name: string) => fields.find((f) => f.Name === name)?.values;
    assert.deepEqual(values('link-type'), [{}]);
    assert.deepEqual(values('comment'), [{}]);
    assert.deepEqual(values('second-endpoint-status'), [{}]);
    assert.deepEqual(values('first-endpoint-id'), [{ value: '1' }]);
  });
});
