// Core defect-links (issue 30, reference §16.10): create, list by either end, read, delete, with
// the defects' has-linkage (first endpoint) and has-others-linkage (second endpoint) flags kept
// in step with the links after every change; the demo's seeded links obey the same rule. A link
// to a defect that does not exist, to itself, or a second link between the same two defects is
// refused with a clear title and changes nothing.
import assert from 'node:assert/strict';
import { TestClient, openProjectDb, startTestServer, storedDefect } from '../../support/server';
import type { RunningServer } from '../../support/server';
import { formatDate } from '../../../server/src/store/time';
import { CORE, JSON_, XML, allDefects, coreJson, coreXml, jsonCollection, jsonEntity, xmlEntityOf } from './coreHarness';
import type { ParsedEntity } from './coreHarness';

describe('server: defect links (Core defect-links)', function () {
  let server: RunningServer;
  let alice: TestClient;
  let bob: TestClient;
  const core = (rest: string) => `${CORE}${rest}`;
  const query = (q: string) => core(`/defect-links?query=${encodeURIComponent(q)}`);
  const one = (e: ParsedEntity, name: string) => e.fields[name]?.[0];

  /** Stored links, straight from SQLite. */
  const storedLinks = () => {
    const db = openProjectDb(server.dataDir);
    try {
      return db.prepare('SELECT * FROM defect_links ORDER BY "id"').all() as { id: number; 'first-endpoint-id': number; 'second-endpoint-id': number }[];
    } finally {
      db.close();
    }
  };

  /** Defects whose flags disagree with the stored links: empty when they are consistent. */
  const inconsistentFlags = () => {
    const db = openProjectDb(server.dataDir);
    try {
      return db
        .prepare(
          `SELECT "id", "has-linkage", "has-others-linkage" FROM defects
           WHERE "has-linkage" IS NOT (CASE WHEN EXISTS (SELECT 1 FROM defect_links l WHERE l."first-endpoint-id" = defects."id") THEN 'Y' ELSE 'N' END)
              OR "has-others-linkage" IS NOT (CASE WHEN EXISTS (SELECT 1 FROM defect_links l WHERE l."second-endpoint-type" = 'defect' AND l."second-endpoint-id" = defects."id") THEN 'Y' ELSE 'N' END)`,
        )
        .all();
    } finally {
      db.close();
    }
  };

  const flags = (id: number) => {
    const row = storedDefect(server.dataDir, id) as Record<string, unknown>;
    return `${String(row['has-linkage'])}${String(row['has-others-linkage'])}`;
  };

  const add = (client: TestClient, fields: Record<string, string>) => client.request('POST', core('/defect-links'), { json: coreJson(fields, 'defect-link') });

  before(async () => {
    server = await startTestServer({ defects: 30 });
    alice = new TestClient(server.baseUrl);
    bob = new TestClient(server.baseUrl);
    await alice.signIn('alice');
    await bob.signIn('bob');
  });
  after(async () => server.close());

  it('the demo seeds links in both directions, with flags consistent with them', async () => {
    const page = jsonCollection((await alice.get(core('/defect-links'), JSON_)).json());
    assert.equal(page.total, 4);
    assert.deepEqual(
      page.entities.map((e) => [one(e, 'first-endpoint-id'), one(e, 'second-endpoint-id'), one(e, 'link-type')]),
      [
        ['5', '1', 'Duplicate'],
        ['1', '4', 'Related'],
        ['6', '7', 'Related'],
        ['9', '8', 'Duplicate'],
      ],
    );
    assert.equal(flags(1), 'YY', 'defect 1 links to 4 and is linked from 5');
    assert.deepEqual(inconsistentFlags(), []);
  });

  it('creates a link: 201, Location, the server fills name, owner and date; flags of both ends follow', async () => {
    assert.equal(flags(20), 'NN');
    assert.equal(flags(21), 'NN');
    const res = await add(alice, { 'first-endpoint-id': '20', 'second-endpoint-id': '21', 'second-endpoint-type': 'defect', 'link-type': 'Related', comment: 'same page' });
    assert.equal(res.status, 201, res.text);
    const link = jsonEntity(res.json());
    assert.equal(link.type, 'defect-link');
    const id = one(link, 'id');
    assert.match(res.headers.get('location') ?? '', new RegExp(`/rest/domains/DEFAULT/projects/Demo/defect-links/${id}$`));
    assert.equal(one(link, 'second-endpoint-name'), (storedDefect(server.dataDir, 21) as { name: string }).name);
    assert.deepEqual(link.fields['second-endpoint-status'], [], 'empty for a defect, as on a live 26.1');
    assert.equal(one(link, 'owner'), 'alice');
    assert.equal(one(link, 'creation-time'), formatDate(new Date()));
    assert.match(one(link, 'last-modified') ?? '', /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/, 'a date and time, as a live 26.1 answers (§16.2)');
    assert.equal(one(link, 'comment'), 'same page');
    assert.equal(flags(20), 'YN');
    assert.equal(flags(21), 'NY');
    const xml = xmlEntityOf((await alice.get(core(`/defect-links/${id}`), XML)).text);
    assert.deepEqual(xml.fields, link.fields);
  });

  it('lists a defect’s links from either end with the two queries clients use; has-linkage counts follow', async () => {
    assert.equal((await add(bob, { 'first-endpoint-id': '22', 'second-endpoint-id': '20', 'second-endpoint-type': 'defect', 'link-type': 'Duplicate' })).status, 201);
    const made = jsonCollection((await alice.get(query('{first-endpoint-id[20]}'), JSON_)).json());
    assert.deepEqual(
      made.entities.map((e) => one(e, 'second-endpoint-id')),
      ['21'],
    );
    const received = jsonCollection((await alice.get(query('{second-endpoint-id[20];second-endpoint-type[defect]}'), JSON_)).json());
    assert.deepEqual(
      received.entities.map((e) => [one(e, 'first-endpoint-id'), one(e, 'owner')]),
      [['22', 'bob']],
    );
    assert.equal(flags(20), 'YY');
    const linking = jsonCollection((await alice.get(core(`/defects?query=${encodeURIComponent('{has-linkage[Y]}')}&page-size=1`), JSON_)).json()).total;
    const firstEnds = new Set(storedLinks().map((l) => l['first-endpoint-id'])).size;
    assert.equal(linking, firstEnds);
    assert.deepEqual(inconsistentFlags(), []);
  });

  it('links a defect to a requirement of the project: 201, the requirement named, status "No Run" (reference §16.10); once only', async () => {
    const db = openProjectDb(server.dataDir);
    const requirement = db.prepare('SELECT "id", "name" FROM requirements ORDER BY "id" LIMIT 1').get() as { id: number; name: string };
    db.close();
    assert.ok(requirement, 'the demo seeds a few requirements');
    const fields = { 'first-endpoint-id': '17', 'second-endpoint-id': String(requirement.id), 'second-endpoint-type': 'requirement' };
    const res = await add(alice, fields);
    assert.equal(res.status, 201, res.text);
    const link = jsonEntity(res.json());
    assert.equal(one(link, 'second-endpoint-type'), 'requirement');
    assert.equal(one(link, 'second-endpoint-name'), requirement.name);
    assert.equal(one(link, 'second-endpoint-status'), 'No Run');
    assert.equal(one(link, 'owner'), 'alice');
    assert.match(one(link, 'last-modified') ?? '', /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // The relation's query for a requirement's links finds it (§16.10).
    const listed = jsonCollection((await alice.get(query(`{second-endpoint-id[${requirement.id}];second-endpoint-type[requirement]}`), JSON_)).json());
    assert.deepEqual(
      listed.entities.map((l) => one(l, 'id')),
      [one(link, 'id')],
    );
    const again = await add(alice, fields);
    assert.equal(again.status, 409, again.text);
    assert.match(again.json<{ Title: string }>().Title, new RegExp(`Defect 17 and requirement ${requirement.id} are already linked`));
    assert.equal(flags(17), 'YN', 'the defect made a link; no defect receives one');
  });

  it('refuses a missing defect (404), itself (400), a second link either way (409), a bad type or field (400), changing nothing', async () => {
    const links = storedLinks();
    const defects = allDefects(server.dataDir);
    const refusals: [Record<string, string>, number, string, RegExp][] = [
      [{ 'first-endpoint-id': '20', 'second-endpoint-id': '999999', 'second-endpoint-type': 'defect' }, 404, 'qccore.entity-not-found', /Defect 999999 does not exist/],
      [{ 'first-endpoint-id': '999999', 'second-endpoint-id': '20', 'second-endpoint-type': 'defect' }, 404, 'qccore.entity-not-found', /Defect 999999 does not exist/],
      [{ 'first-endpoint-id': '23', 'second-endpoint-id': '23', 'second-endpoint-type': 'defect' }, 400, 'qccore.general-error', /cannot be linked to itself/],
      [{ 'first-endpoint-id': '20', 'second-endpoint-id': '21', 'second-endpoint-type': 'defect' }, 409, 'qccore.general-error', /Defects 20 and 21 are already linked/],
      [{ 'first-endpoint-id': '21', 'second-endpoint-id': '20', 'second-endpoint-type': 'defect' }, 409, 'qccore.general-error', /already linked/],
      [{ 'first-endpoint-id': '23', 'second-endpoint-id': '24', 'second-endpoint-type': 'defect', 'link-type': 'Blocks' }, 400, 'qccore.invalid-list-field-value', /Duplicate, Related/],
      [{ 'first-endpoint-id': '23', 'second-endpoint-id': '24', 'second-endpoint-type': 'test' }, 400, 'qccore.general-error', /must be 'defect' or 'requirement', not 'test'/],
      [{ 'first-endpoint-id': '23', 'second-endpoint-id': '999999', 'second-endpoint-type': 'requirement' }, 404, 'qccore.entity-not-found', /Requirement 999999 does not exist/],
      [{ 'first-endpoint-id': '23', 'second-endpoint-id': '24', 'second-endpoint-type': 'defect', 'first-endpoint-type': 'defect' }, 400, 'qccore.unknown-field-name', /first-endpoint-type/],
      [{ 'first-endpoint-id': '23', 'second-endpoint-type': 'defect' }, 400, 'qccore.required-field-missing', /second-endpoint-id/],
      [{ 'first-endpoint-id': '23', 'second-endpoint-id': '24', 'second-endpoint-type': 'defect', owner: 'bob' }, 403, 'qccore.operation-forbidden', /read-only/],
    ];
    for (const [fields, status, id, title] of refusals) {
      const res = await add(alice, fields);
      assert.equal(res.status, status, `${JSON.stringify(fields)}: ${res.text}`);
      const body = res.json<{ Id: string; Title: string }>();
      assert.equal(body.Id, id, JSON.stringify(fields));
      assert.match(body.Title, title);
    }
    const bulk = await alice.request('POST', core('/defect-links'), {
      json: { entities: [coreJson({ 'first-endpoint-id': '23', 'second-endpoint-id': '24', 'second-endpoint-type': 'defect' }, 'defect-link')] },
    });
    assert.equal(bulk.status, 400);
    assert.equal((await alice.request('DELETE', core('/defect-links/999999'), { headers: JSON_ })).status, 404);
    assert.deepEqual(storedLinks(), links);
    assert.deepEqual(allDefects(server.dataDir), defects);
  });

  it('accepts the XML form and a link without type or comment', async () => {
    const res = await alice.request('POST', core('/defect-links'), {
      body: coreXml({ 'first-endpoint-id': '25', 'second-endpoint-id': '26', 'second-endpoint-type': 'defect' }, 'defect-link'),
      headers: { 'Content-Type': 'application/xml', Accept: 'application/xml' },
    });
    assert.equal(res.status, 201, res.text);
    const link = xmlEntityOf(res.text);
    assert.deepEqual(link.fields['link-type'], []);
    assert.equal(flags(25), 'YN');
  });

  it('removes links from either end: the flags follow, and a second delete is a 404', async () => {
    const [fromTwenty] = jsonCollection((await alice.get(query('{first-endpoint-id[20]}'), JSON_)).json()).entities;
    const [toTwenty] = jsonCollection((await alice.get(query('{second-endpoint-id[20];second-endpoint-type[defect]}'), JSON_)).json()).entities;
    const del = await bob.request('DELETE', core(`/defect-links/${one(fromTwenty, 'id')}`), { headers: JSON_ });
    assert.equal(del.status, 200, del.text);
    assert.equal(one(jsonEntity(del.json()), 'second-endpoint-id'), '21');
    assert.equal(flags(20), 'NY');
    assert.equal(flags(21), 'NN');
    assert.equal((await alice.request('DELETE', core(`/defect-links/${one(toTwenty, 'id')}`), { headers: JSON_ })).status, 200);
    assert.equal(flags(20), 'NN');
    assert.equal(flags(22), 'NN');
    const again = await alice.request('DELETE', core(`/defect-links/${one(toTwenty, 'id')}`), { headers: JSON_ });
    assert.equal(again.status, 404);
    assert.match(again.json<{ Title: string }>().Title, /does not exist/);
    assert.equal((await alice.get(core(`/defect-links/${one(toTwenty, 'id')}`), JSON_)).status, 404);
    assert.deepEqual(inconsistentFlags(), []);
  });

  it('deleting a defect removes its links, and the defects at their other ends lose their flags', async () => {
    assert.equal((await add(alice, { 'first-endpoint-id': '27', 'second-endpoint-id': '28', 'second-endpoint-type': 'defect' })).status, 201);
    assert.equal((await add(alice, { 'first-endpoint-id': '29', 'second-endpoint-id': '27', 'second-endpoint-type': 'defect' })).status, 201);
    assert.equal((await alice.request('DELETE', core('/defects/27'), { headers: JSON_ })).status, 200);
    assert.deepEqual(
      storedLinks().filter((l) => l['first-endpoint-id'] === 27 || l['second-endpoint-id'] === 27),
      [],
    );
    assert.equal(flags(28), 'NN');
    assert.equal(flags(29), 'NN');
    assert.deepEqual(inconsistentFlags(), []);
  });

  it('a link shows the second defect’s current name', async () => {
    assert.equal((await alice.request('PUT', core('/defects/26'), { json: coreJson({ name: 'renamed target' }) })).status, 200);
    const [link] = jsonCollection((await alice.get(query('{first-endpoint-id[25]}'), JSON_)).json()).entities;
    assert.equal(one(link, 'second-endpoint-name'), 'renamed target');
  });
});
