// Core `/rest` defect writes over HTTP: POST (XML, JSON, without Type) → 201 + Location + the full
// entity; PUT of the sent fields only → 200; multi-values and clearing; bulk PUT in its three
// forms with the 409/500 bulk answer; DELETE and ids-to-delete. Every refused input is checked
// against the stored rows: nothing changed.
import assert from 'node:assert/strict';
import { TestClient, startSignedIn, startTestServer, storedDefect } from '../../support/server';
import type { RunningServer } from '../../support/server';
import { CORE, JSON_, XML, allDefects, coreJson, coreXml, jsonCollection, jsonEntity, parseXml, storedIds, xmlCollection, xmlEntityOf } from './coreHarness';

interface BulkBody {
  Id: string;
  ExceptionProperties: { Name: string; BulkValue: { BulkEntries: { Succeeded: boolean; EntityId: number | null; Exception?: { Id: string; Title: string } }[] } }[];
}

describe('server: Core defect writes', function () {
  let server: RunningServer;
  let client: TestClient;
  const defects = (rest = '') => `${CORE}/defects${rest}`;
  const xmlBody = { 'Content-Type': 'application/xml', Accept: 'application/xml' };
  const minimal = { name: 'Core <created> & escaped', severity: '2-Medium', 'detected-by': 'alice' };

  before(async () => {
    ({ server, client } = await startSignedIn({ defects: 10 }));
  });
  after(async () => server.close());

  it('creates from XML: 201, Location of the new defect, the full entity with defaults', async () => {
    const res = await client.request('POST', defects(), { body: coreXml({ ...minimal, 'user-02': ['Linux', 'iOS'] }), headers: xmlBody });
    assert.equal(res.status, 201, res.text);
    const entity = xmlEntityOf(res.text);
    const id = Number(entity.fields.id?.[0]);
    assert.equal(res.headers.get('location'), `${server.baseUrl}${CORE}/defects/${id}`);
    assert.equal(entity.fields.name?.[0], minimal.name);
    assert.deepEqual(entity.fields.status, ['New']);
    assert.deepEqual(entity.fields['ver-stamp'], ['1']);
    assert.deepEqual(entity.fields['user-02'], ['Linux', 'iOS']);
    const stored = storedDefect(server.dataDir, id);
    assert.equal(stored?.name, minimal.name);
    assert.equal(stored?.['user-02'], '["Linux","iOS"]');
  });

  it('creates from JSON, and from XML without a Type (as Jenkins sends it)', async () => {
    const json = await client.request('POST', defects(), { json: coreJson({ ...minimal, 'user-04': '2.5', 'estimated-fix-time': '3' }) });
    assert.equal(json.status, 201, json.text);
    const created = jsonEntity(json.json());
    assert.deepEqual(created.fields['user-04'], ['2.5']);
    assert.equal(storedDefect(server.dataDir, Number(created.fields.id?.[0]))?.['estimated-fix-time'], 3);
    const untyped = await client.request('POST', defects(), { body: coreXml(minimal, null), headers: xmlBody });
    assert.equal(untyped.status, 201, untyped.text);
  });

  const refused: [string, Record<string, string | string[]>, number, string][] = [
    ['an unknown field', { ...minimal, 'no-such-field': 'x' }, 400, 'qccore.unknown-field-name'],
    ['a value not in its list', { ...minimal, severity: 'Dismissed' }, 400, 'qccore.invalid-list-field-value'],
    ['a missing required field', { name: 'no severity', 'detected-by': 'alice' }, 400, 'qccore.required-field-missing'],
    ['a read-only field', { ...minimal, 'ver-stamp': '7' }, 403, 'qccore.operation-forbidden'],
    ['a non-number in a number field', { ...minimal, 'estimated-fix-time': 'soon' }, 400, 'qccore.invalid-value-type-for-field'],
    ['two values in a single-valued field', { ...minimal, priority: ['1-Low', '2-Medium'] }, 400, 'qccore.invalid-value-type-for-field'],
    ['a user who is not in the project', { ...minimal, owner: 'mallory' }, 400, 'qccore.invalid-list-field-value'],
    ['a bad date', { ...minimal, 'closing-date': '2025-02-30' }, 400, 'qccore.invalid-value-type-for-field'],
  ];
  for (const [what, fields, status, id] of refused) {
    it(`refuses ${what} with ${status} ${id} in XML and JSON, storing nothing`, async () => {
      const before = allDefects(server.dataDir);
      const xml = await client.request('POST', defects(), { body: coreXml(fields), headers: xmlBody });
      assert.equal(xml.status, status, xml.text);
      assert.equal((parseXml(xml.text).QCRestException as { Id: string }).Id, id);
      const json = await client.request('POST', defects(), { json: coreJson(fields) });
      assert.equal(json.status, status);
      assert.equal(json.json<{ Id: string }>().Id, id);
      // A PUT sends only what changes, so clearing a required field is its "missing" case.
      const put = await client.request('PUT', defects('/1'), { json: coreJson(id === 'qccore.required-field-missing' ? { severity: '' } : fields) });
      assert.equal(put.status, status);
      assert.deepEqual(allDefects(server.dataDir), before);
    });
  }

  it('refuses malformed bodies (bad XML, a DOCTYPE, a wrong Type, no body) with 400 and changes nothing', async () => {
    const before = allDefects(server.dataDir);
    const bodies: [string, string][] = [
      ['<Entity><Fields><Field Name="name"><Value>x</Value></Fields></Entity>', 'application/xml'],
      ['<!DOCTYPE x [<!ENTITY a "b">]><Entity><Fields/></Entity>', 'application/xml'],
      [coreXml(minimal, 'test'), 'application/xml'],
      ['{"Fields":"name"}', 'application/json'],
      ['', 'application/xml'],
    ];
    for (const [body, type] of bodies) {
      const res = await client.request('POST', defects(), { body, headers: { 'Content-Type': type, Accept: 'application/json' } });
      assert.equal(res.status, 400, `${body}: ${res.text}`);
      assert.match(res.json<{ Id: string }>().Id, /^qccore\./);
    }
    assert.deepEqual(allDefects(server.dataDir), before);
  });

  it('PUT changes only the sent fields and answers 200 with the full entity', async () => {
    const before = storedDefect(server.dataDir, 2) as Record<string, unknown>;
    const res = await client.request('PUT', defects('/2'), { body: coreXml({ status: 'Fixed', 'user-02': ['Windows', 'macOS'] }), headers: xmlBody });
    assert.equal(res.status, 200, res.text);
    const entity = xmlEntityOf(res.text);
    assert.deepEqual(entity.fields.status, ['Fixed']);
    assert.deepEqual(entity.fields['user-02'], ['Windows', 'macOS']);
    assert.ok(Object.keys(entity.fields).length > 40);
    const after = storedDefect(server.dataDir, 2) as Record<string, unknown>;
    assert.equal(after['ver-stamp'], Number(before['ver-stamp']) + 1);
    for (const key of Object.keys(before)) {
      if (!['status', 'user-02', 'ver-stamp', 'last-modified'].includes(key)) assert.deepEqual(after[key], before[key], key);
    }
  });

  it('clears a field sent with no value, in both empty forms ("values":[] and [{}]) and as an empty <Field>', async () => {
    await client.request('PUT', defects('/3'), { json: coreJson({ priority: '3-High', 'dev-comments': '<html><body>x</body></html>' }) });
    const res = await client.request('PUT', defects('/3'), {
      json: {
        Type: 'defect',
        Fields: [
          { Name: 'priority', values: [] },
          { Name: 'dev-comments', values: [{}] },
        ],
      },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(storedDefect(server.dataDir, 3)?.priority, null);
    assert.equal(storedDefect(server.dataDir, 3)?.['dev-comments'], null);
    await client.request('PUT', defects('/3'), { json: coreJson({ priority: '3-High' }) });
    const xml = await client.request('PUT', defects('/3'), { body: '<Entity Type="defect"><Fields><Field Name="priority"/></Fields></Entity>', headers: xmlBody });
    assert.equal(xml.status, 200, xml.text);
    assert.equal(storedDefect(server.dataDir, 3)?.priority, null);
  });

  it('bulk PUT in XML, JSON and application/json;type=collection updates every entity: 200 with the collection', async () => {
    const xml = await client.request('PUT', defects(), {
      body: `<Entities>${coreXml({ id: '4', priority: '1-Low' })}${coreXml({ id: '5', priority: '1-Low' })}</Entities>`,
      headers: xmlBody,
    });
    assert.equal(xml.status, 200, xml.text);
    assert.deepEqual(
      xmlCollection(xml.text).entities.map((e) => e.fields.priority?.[0]),
      ['1-Low', '1-Low'],
    );
    const json = await client.request('PUT', defects(), { json: { entities: [coreJson({ id: '4', priority: '2-Medium' })] } });
    assert.equal(json.status, 200, json.text);
    const typed = await client.request('PUT', defects(), {
      body: JSON.stringify({ entities: [coreJson({ id: '5', priority: '5-Urgent' })] }),
      headers: { 'Content-Type': 'application/json;type=collection', Accept: 'application/json' },
    });
    assert.equal(typed.status, 200, typed.text);
    assert.equal(jsonCollection(typed.json()).total, 1);
    assert.equal(storedDefect(server.dataDir, 4)?.priority, '2-Medium');
    assert.equal(storedDefect(server.dataDir, 5)?.priority, '5-Urgent');
  });

  it('bulk PUT with a bad element: 409 bulk-operation-failed, the good one applied, the bad one unchanged', async () => {
    const before6 = storedDefect(server.dataDir, 6);
    const res = await client.request('PUT', defects(), {
      json: { entities: [coreJson({ id: '7', status: 'Open' }), coreJson({ id: '6', status: 'Dismissed' }), coreJson({ status: 'Open' })] },
    });
    assert.equal(res.status, 409, res.text);
    const body = res.json<BulkBody>();
    assert.equal(body.Id, 'qccore.bulk-operation-failed');
    const entries = body.ExceptionProperties[0]?.BulkValue.BulkEntries ?? [];
    assert.deepEqual(
      entries.map((e) => [e.Succeeded, e.EntityId]),
      [
        [true, 7],
        [false, 6],
        [false, null],
      ],
    );
    assert.equal(entries[1]?.Exception?.Id, 'qccore.invalid-list-field-value');
    assert.equal(storedDefect(server.dataDir, 7)?.status, 'Open');
    assert.deepEqual(storedDefect(server.dataDir, 6), before6);
    const xml = await client.request('PUT', defects(), { body: `<Entities>${coreXml({ id: '7', status: 'Nope' })}</Entities>`, headers: xmlBody });
    assert.equal(xml.status, 500, 'all failed');
    const exception = parseXml(xml.text).QCRestException as {
      Id: string;
      ExceptionProperties: { ExceptionProperty: { BulkValue: { BulkEntries: { BulkEntry: Record<string, unknown>[] } } }[] };
    };
    assert.equal(exception.Id, 'qccore.bulk-operation-failed');
    // The vendor's schema: Succeeded, EntityType and EntityId are attributes of BulkEntry (issue 40).
    const entry = exception.ExceptionProperties.ExceptionProperty[0]?.BulkValue.BulkEntries.BulkEntry[0] ?? {};
    assert.deepEqual([entry['@_Succeeded'], entry['@_EntityType'], entry['@_EntityId']], ['false', 'defect', '7']);
    assert.equal(entry.Succeeded, undefined);
    assert.equal(storedDefect(server.dataDir, 7)?.status, 'Open');
  });

  it('refuses a single entity PUT on the collection and a bulk body on one defect, changing nothing', async () => {
    const before = allDefects(server.dataDir);
    assert.equal((await client.request('PUT', defects(), { json: coreJson({ id: '1', status: 'Open' }) })).status, 400);
    assert.equal((await client.request('PUT', defects('/1'), { json: { entities: [coreJson({ status: 'Open' })] } })).status, 400);
    assert.equal((await client.request('PUT', defects('/99999'), { json: coreJson({ status: 'Open' }) })).status, 404);
    assert.deepEqual(allDefects(server.dataDir), before);
  });

  it('DELETE answers 200 with the deleted entity; a second DELETE is 404', async () => {
    const res = await client.request('DELETE', defects('/8'), { headers: XML });
    assert.equal(res.status, 200);
    assert.deepEqual(xmlEntityOf(res.text).fields.id, ['8']);
    assert.equal(storedDefect(server.dataDir, 8), undefined);
    assert.equal((await client.request('DELETE', defects('/8'), { headers: JSON_ })).status, 404);
  });

  it('DELETE ?ids-to-delete= deletes each; a missing id gives 409 with the others deleted', async () => {
    const ok = await client.request('DELETE', defects('?ids-to-delete=9'), { headers: JSON_ });
    assert.equal(ok.status, 200, ok.text);
    assert.deepEqual(
      jsonCollection(ok.json()).entities.map((e) => e.fields.id?.[0]),
      ['9'],
    );
    const partial = await client.request('DELETE', defects('?ids-to-delete=10,99999'), { headers: JSON_ });
    assert.equal(partial.status, 409, partial.text);
    const entries = partial.json<BulkBody>().ExceptionProperties[0]?.BulkValue.BulkEntries ?? [];
    assert.deepEqual(
      entries.map((e) => [e.Succeeded, e.EntityId, e.Exception?.Id]),
      [
        [true, 10, undefined],
        [false, 99999, 'qccore.entity-not-found'],
      ],
    );
    assert.deepEqual(storedIds(server.dataDir, '"id" IN (9, 10)'), []);
    const before = allDefects(server.dataDir);
    assert.equal((await client.request('DELETE', defects(), { headers: JSON_ })).status, 400, 'no ids: the collection is not deleted');
    assert.deepEqual(allDefects(server.dataDir), before);
  });
});

describe('server: Core bulk writes on --alm 26.1 (reference §16.4)', function () {
  let server: RunningServer;
  let client: TestClient;
  const defects = `${CORE}/defects`;
  const typed = (type: string) => ({ 'Content-Type': type, Accept: 'application/json', 'X-XSRF-TOKEN': client.cookies.get('XSRF-TOKEN') ?? '' });

  before(async () => {
    server = await startTestServer({ defects: 10, alm: '26.1' });
    client = new TestClient(server.baseUrl);
    await client.signInWithKey('alice-demo-client', 'alice-demo-secret');
  });
  after(async () => server?.close());

  it('refuses {"entities":[…]} as plain application/json with 500 and <Entities> as plain application/xml with 400, committing nothing', async () => {
    const before = allDefects(server.dataDir);
    const json = await client.request('PUT', defects, { body: JSON.stringify({ entities: [coreJson({ id: '4', priority: '1-Low' })] }), headers: typed('application/json') });
    assert.equal(json.status, 500, json.text);
    assert.equal(json.json<{ Id: string }>().Id, 'qccore.general-error');
    const xml = await client.request('PUT', defects, { body: `<Entities>${coreXml({ id: '4', priority: '1-Low' })}</Entities>`, headers: typed('application/xml') });
    assert.equal(xml.status, 400, xml.text);
    const created = await client.request('POST', defects, {
      body: JSON.stringify({ entities: [coreJson({ name: 'x', severity: '2-Medium', 'detected-by': 'alice', 'creation-time': '2026-08-12' })] }),
      headers: typed('application/json'),
    });
    assert.equal(created.status, 500, created.text);
    assert.deepEqual(allDefects(server.dataDir), before);
  });

  it('takes the documented application/json;type=collection and application/xml;type=collection forms', async () => {
    const json = await client.request('PUT', defects, { body: JSON.stringify({ entities: [coreJson({ id: '4', priority: '1-Low' })] }), headers: typed('application/json;type=collection') });
    assert.equal(json.status, 200, json.text);
    const xml = await client.request('PUT', defects, { body: `<Entities>${coreXml({ id: '5', priority: '5-Urgent' })}</Entities>`, headers: typed('application/xml; type=collection') });
    assert.equal(xml.status, 200, xml.text);
    assert.equal(storedDefect(server.dataDir, 4)?.priority, '1-Low');
    assert.equal(storedDefect(server.dataDir, 5)?.priority, '5-Urgent');
  });
});
