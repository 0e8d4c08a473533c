// Core `/rest` defect reads over HTTP: XML by default and JSON on request, paging with page-size
// (capped at 2000, `max`) and 1-based start-index, fields=, the bracket query with its operators,
// order-by, default order by id, and what real clients send (trailing slash, raw `{}[]`, a Cookie
// ending in `;`). Expected ids come from SQLite directly, never from the server under test.
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { startSignedIn } from '../../support/server';
import type { RunningServer, TestClient } from '../../support/server';
import { CORE, JSON_, XML, jsonCollection, jsonEntity, parseXml, storedIds, xmlCollection, xmlEntityOf } from './coreHarness';

describe('server: Core defect reads', function () {
  let server: RunningServer;
  let client: TestClient;
  const defects = (query = '') => `${CORE}/defects${query}`;
  const ids = (c: { entities: { fields: Record<string, string[]> }[] }) => c.entities.map((e) => Number(e.fields.id?.[0]));
  const getXml = async (query: string) => {
    const res = await client.get(defects(query), XML);
    assert.equal(res.status, 200, res.text);
    return xmlCollection(res.text);
  };
  const getJson = async (query: string) => {
    const res = await client.get(defects(query), JSON_);
    assert.equal(res.status, 200, res.text);
    return jsonCollection(res.json());
  };

  before(async () => {
    ({ server, client } = await startSignedIn({ defects: 60 }));
  });
  after(async () => server.close());

  it('answers XML by default and JSON for Accept or alt=application/json, with the same entities', async () => {
    const noAccept = await client.get(defects('?page-size=3'), { Accept: '' });
    assert.match(noAccept.headers.get('content-type') ?? '', /application\/xml/);
    const xml = xmlCollection(noAccept.text);
    const json = await getJson('?page-size=3');
    const alt = await client.get(defects('?page-size=3&alt=application/json'), XML);
    assert.match(alt.headers.get('content-type') ?? '', /application\/json/);
    assert.deepEqual(jsonCollection(alt.json()), json);
    assert.deepEqual(xml, json);
    assert.equal(xml.total, 60);
    assert.deepEqual(ids(xml), [1, 2, 3]);
    assert.equal(xml.entities[0]?.type, 'defect');
  });

  it('shows values as strings, multi-values as repeated values, releases with their name as ReferenceValue', async () => {
    const [withPlatforms] = storedIds(server.dataDir, '"user-02" IS NOT NULL AND json_array_length("user-02") > 1 AND "detected-in-rel" IS NOT NULL');
    assert.ok(withPlatforms, 'the demo has a defect with two platforms and a release');
    const res = await client.get(defects(`/${withPlatforms}`), XML);
    const entity = xmlEntityOf(res.text);
    const stored = (await client.get(`${client.projectPath()}/defects/${withPlatforms}`)).json<Record<string, unknown>>();
    assert.deepEqual(entity.fields['user-02'], stored['user-02']);
    assert.equal(entity.fields['detected-in-rel']?.[0], String((stored['detected-in-rel'] as { id: number }).id));
    assert.match(entity.refs['detected-in-rel'] ?? '', /^Release /);
    assert.equal(entity.fields['ver-stamp']?.[0], String(stored['ver-stamp']));
    assert.equal(entity.fields.description?.[0], stored.description);
    const empty = Object.entries(stored).find(([k, v]) => v === null && k !== 'type')?.[0] as string;
    assert.deepEqual(entity.fields[empty], [], `${empty} is empty`);
    const json = jsonEntity((await client.get(defects(`/${withPlatforms}`), JSON_)).json());
    assert.deepEqual(json, entity);
  });

  it('pages with page-size and 1-based start-index; max and an over-large page-size give 2000', async () => {
    assert.deepEqual(ids(await getXml('?page-size=10&start-index=31')), [31, 32, 33, 34, 35, 36, 37, 38, 39, 40]);
    assert.deepEqual(ids(await getJson('?page-size=5&start-index=1')), [1, 2, 3, 4, 5]);
    assert.equal((await getJson('')).entities.length, 60, 'default page size 100 covers all 60');
    assert.equal((await getJson('?page-size=max')).entities.length, 60);
    const capped = await getJson('?page-size=5000');
    assert.equal(capped.entities.length, 60);
    assert.equal(capped.total, 60);
  });

  it('refuses a start-index of 0 or a malformed page-size with 400', async () => {
    for (const query of ['?start-index=0', '?page-size=ten', '?page-size=-1']) {
      const res = await client.get(defects(query), XML);
      assert.equal(res.status, 400, query);
      assert.equal((parseXml(res.text).QCRestException as { Id: string }).Id, 'qccore.general-error');
    }
  });

  it('returns only the fields= fields (and the id) on collections, every field on one defect', async () => {
    const page = await getJson('?page-size=2&fields=name,status');
    assert.deepEqual(Object.keys(page.entities[0]?.fields ?? {}), ['id', 'name', 'status']);
    const one = await client.get(defects('/1?fields=name'), JSON_);
    assert.ok(Object.keys(jsonEntity(one.json()).fields).length > 40);
  });

  const cases: [string, string, ...unknown[]][] = [
    ['{status[Open]}', '"status" = ?', 'Open'],
    ['{status[Open or Fixed]}', '"status" IN (?, ?)', 'Open', 'Fixed'],
    ['{status[NOT (Open or Fixed)]}', 'NOT ("status" IN (?, ?))', 'Open', 'Fixed'],
    ['{id[>=5 and <=9]}', '"id" BETWEEN 5 AND 9'],
    ['{id[>10];status[<>Closed]}', '"id" > 10 AND "status" <> ?', 'Closed'],
    ['{id[<3 or >58]}', '"id" < 3 OR "id" > 58'],
    ["{owner['alice']}", '"owner" = ?', 'alice'],
    ['{name["*the*"]}', '"name" LIKE ?', '%the%'],
    ['{severity[\'5-Urgent\' or "4-Very High"]}', '"severity" IN (?, ?)', '5-Urgent', '4-Very High'],
    ['{user-02[Linux]}', 'EXISTS (SELECT 1 FROM json_each("user-02") WHERE value = ?)', 'Linux'],
  ];
  for (const [query, where, ...params] of cases) {
    it(`filters with query=${query}`, async () => {
      const expected = storedIds(server.dataDir, where, ...params);
      const got = await getXml(`?page-size=max&query=${encodeURIComponent(query)}`);
      assert.deepEqual(ids(got), expected);
      assert.equal(got.total, expected.length);
    });
  }

  it('orders by order-by={f[ASC];g[DESC]}, by id when none is given', async () => {
    const page = await getJson(`?page-size=max&fields=status,id&order-by=${encodeURIComponent('{status[ASC];id[DESC]}')}`);
    const pairs = page.entities.map((e) => [e.fields.status?.[0] ?? '', Number(e.fields.id?.[0])] as const);
    const sorted = [...pairs].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : b[1] - a[1]));
    assert.deepEqual(pairs, sorted);
    assert.deepEqual(ids(await getJson('?page-size=max&query={id[<6]}')), [1, 2, 3, 4, 5]);
  });

  it('answers 404 qccore.invalid-filter-expression and 400 qccore.unknown-field-name in the asked format', async () => {
    const bad = await client.get(defects(`?query=${encodeURIComponent('{status[Open}')}`), XML);
    assert.equal(bad.status, 404);
    assert.equal((parseXml(bad.text).QCRestException as { Id: string }).Id, 'qccore.invalid-filter-expression');
    const unknown = await client.get(defects(`?order-by=${encodeURIComponent('{nope[ASC]}')}`), JSON_);
    assert.equal(unknown.status, 400);
    assert.equal(unknown.json<{ Id: string }>().Id, 'qccore.unknown-field-name');
  });

  it('tolerates defects/?page-size=5, raw {}[] in the query string and a Cookie ending in ";"', async () => {
    const slash = await client.get(`${CORE}/defects/?page-size=5`, XML);
    assert.equal(slash.status, 200);
    assert.equal(xmlCollection(slash.text).entities.length, 5);
    const url = new URL(server.baseUrl);
    const raw = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          method: 'GET',
          path: `${url.pathname}${CORE}/defects?page-size=max&query={id[<4]}&order-by={id[DESC]}`,
          headers: { Accept: 'application/xml', Cookie: `${client.cookieHeader()};` },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    assert.equal(raw.status, 200, raw.body);
    assert.deepEqual(ids(xmlCollection(raw.body)), [3, 2, 1]);
  });

  it('answers 404 qccore.entity-not-found for a missing or malformed id', async () => {
    for (const id of ['99999', 'abc']) {
      const res = await client.get(defects(`/${id}`), XML);
      assert.equal(res.status, 404);
      assert.equal((parseXml(res.text).QCRestException as { Id: string }).Id, 'qccore.entity-not-found');
    }
  });
});
