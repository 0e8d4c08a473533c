// Formats shared by both trees: error bodies (QCRestException XML, JSON, HTML on Core when neither
// is asked), domains and projects in XML and JSON on both trees, and Core pages in JSON and XML that
// hold, for every demo defect and hostile values, what the stored row holds.
import assert from 'node:assert/strict';
import { startSignedIn } from '../../support/server';
import type { RunningServer, TestClient } from '../../support/server';
import { CATALOGS } from '../../../server/src/metadata/catalog';
import { ProjectStore } from '../../../server/src/store/project';
import { join } from 'node:path';
import { CORE, jsonCollection, parseXml, xmlCollection, xmlEntityOf } from './coreHarness';

describe('server: error, domain and page formats of both trees', function () {
  let server: RunningServer;
  let client: TestClient;

  before(async () => {
    ({ server, client } = await startSignedIn({ defects: 120 }));
  });
  after(async () => server.close());

  it('Core errors: XML for an XML Accept, JSON for JSON (or alt), XML for */*, HTML for none or octet-stream', async () => {
    const path = `${CORE}/defects/99999`;
    const xml = await client.get(path, { Accept: 'application/xml' });
    assert.equal(xml.status, 404);
    assert.match(xml.headers.get('content-type') ?? '', /application\/xml/);
    assert.deepEqual(parseXml(xml.text).QCRestException, {
      Id: 'qccore.entity-not-found',
      Title: 'Defect 99999 does not exist.',
      ExceptionProperties: { ExceptionProperty: [{ '@_Name': 'id', '@_Value': '99999' }] },
      StackTrace: '',
    });
    const json = await client.get(path, { Accept: 'application/json' });
    assert.deepEqual(Object.keys(json.json()), ['Id', 'Title', 'ExceptionProperties', 'StackTrace']);
    const alt = await client.get(`${path}?alt=application/json`, { Accept: 'application/xml' });
    assert.equal(alt.json<{ Id: string }>().Id, 'qccore.entity-not-found');
    assert.match((await client.get(path, { Accept: '*/*' })).text, /<QCRestException>/);
    for (const accept of ['', 'application/octet-stream', 'text/html']) {
      const html = await client.get(path, { Accept: accept });
      assert.equal(html.status, 404);
      assert.match(html.headers.get('content-type') ?? '', /text\/html/, accept);
      assert.match(html.text, /<title>404 Defect 99999 does not exist\.<\/title>/);
    }
  });

  it('escapes user input in XML and HTML error bodies', async () => {
    const field = '<b>&"x"';
    const res = await client.get(`${CORE}/defects?fields=${encodeURIComponent(field)}`, { Accept: 'application/xml' });
    assert.equal(res.status, 400);
    assert.ok(!res.text.includes(field), 'not echoed raw');
    assert.match((parseXml(res.text).QCRestException as { Title: string }).Title, /<b>&"x"/);
    const html = await client.get(`${CORE}/defects?fields=${encodeURIComponent(field)}`, { Accept: 'text/html' });
    assert.ok(!html.text.includes('<b>&"x"'));
  });

  it('/api errors: QCRestException XML when XML is asked, JSON otherwise (its seed behaviour)', async () => {
    const path = '/api/domains/DEFAULT/projects/Demo/defects/99999';
    const xml = await client.get(path, { Accept: 'application/xml' });
    assert.equal((parseXml(xml.text).QCRestException as { Id: string }).Id, 'qccore.entity-not-found');
    for (const accept of ['application/json', '*/*', '', 'application/octet-stream']) {
      const res = await client.get(path, { Accept: accept });
      assert.equal(res.json<{ Id: string }>().Id, 'qccore.entity-not-found', accept);
    }
    const unauth = await fetch(`${server.baseUrl}/api/domains`, { headers: { Accept: 'application/xml' } });
    assert.equal(unauth.status, 401);
    assert.match(await unauth.text(), /<QCRestException><Id>qccore\.general-error<\/Id>/);
  });

  it('rest/domains lists domains, with their projects on include-projects-info=y, in XML and JSON', async () => {
    const plain = parseXml((await client.get('/rest/domains', { Accept: 'application/xml' })).text).Domains as { Domain: { '@_Name': string; Projects?: unknown }[] };
    assert.deepEqual(
      plain.Domain.map((d) => d['@_Name']),
      ['DEFAULT', 'QA'],
    );
    assert.ok(plain.Domain.every((d) => d.Projects === undefined));
    const withProjects = parseXml((await client.get('/rest/domains?include-projects-info=y', { Accept: '' })).text).Domains as {
      Domain: { '@_Name': string; Projects: { Project: { '@_Name': string }[] } }[];
    };
    assert.deepEqual(
      withProjects.Domain[0]?.Projects.Project.map((p) => p['@_Name']),
      ['Demo', 'Playground'],
    );
    const json = await client.get('/rest/domains?include-projects-info=y&alt=application/json', { Accept: '' });
    assert.deepEqual(json.json(), {
      Domain: [
        { Name: 'DEFAULT', Projects: { Project: [{ Name: 'Demo' }, { Name: 'Playground' }] } },
        { Name: 'QA', Projects: { Project: [{ Name: 'Regression' }] } },
      ],
    });
    assert.deepEqual((await client.get('/rest/domains/qa/projects', { Accept: 'application/json' })).json(), { Project: [{ Name: 'Regression' }] });
    const xml = parseXml((await client.get('/rest/domains/DEFAULT/projects', { Accept: 'application/xml' })).text);
    assert.deepEqual(xml, { '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8', '@_standalone': 'yes' }, Projects: { Project: [{ '@_Name': 'Demo' }, { '@_Name': 'Playground' }] } });
    const missing = await client.get('/rest/domains/NOPE/projects', { Accept: 'application/xml' });
    assert.equal(missing.status, 404);
  });

  it('/api/domains answers XML for */* and JSON {"results"} for application/json', async () => {
    const xml = await client.get('/api/domains', { Accept: '*/*' });
    assert.match(xml.headers.get('content-type') ?? '', /application\/xml/);
    const domains = parseXml(xml.text).Domains as { Domain: { '@_Name': string; Projects: { Project: { '@_Name': string }[] } }[] };
    assert.deepEqual(
      domains.Domain.map((d) => [d['@_Name'], d.Projects.Project.map((p) => p['@_Name'])]),
      [
        ['DEFAULT', ['Demo', 'Playground']],
        ['QA', ['Regression']],
      ],
    );
    const json = await client.get('/api/domains', { Accept: 'application/json' });
    assert.deepEqual(
      json.json<{ results: { name: string }[] }>().results.map((d) => d.name),
      ['DEFAULT', 'QA'],
    );
    const projects = await client.get('/api/domains/DEFAULT/projects', { Accept: '' });
    assert.deepEqual(
      (parseXml(projects.text).Projects as { Project: { '@_Name': string }[] }).Project.map((p) => p['@_Name']),
      ['Demo', 'Playground'],
    );
    assert.deepEqual((await client.get('/api/domains/DEFAULT/projects')).json(), { results: [{ name: 'Demo' }, { name: 'Playground' }] });
  });

  /** What a Core entity should hold for a stored row: string values, multi values listed, empty fields none. */
  const expectedFields = (row: Record<string, string | number | null>, names: readonly string[]): Record<string, string[]> =>
    Object.fromEntries(
      names.map((name) => {
        const def = CATALOGS.defects.field(name);
        const value = row[name];
        if (value === null || value === undefined) return [name, []];
        if (def?.multiple) return [name, (JSON.parse(String(value)) as (string | number)[]).map(String)];
        return [name, [String(value)]];
      }),
    );

  it('Core pages in JSON and XML hold every demo defect as stored, all fields or a fields= selection, and as the defect read alone', async () => {
    const store = new ProjectStore('DEFAULT', 'Demo', join(server.dataDir, 'projects', 'DEFAULT', 'Demo'), () => new Date());
    let rows: Record<string, string | number | null>[];
    try {
      store.db.prepare('UPDATE defects SET "user-04" = 2.0 WHERE "id" = 1').run();
      store.db.prepare('UPDATE defects SET "user-04" = 0.1 WHERE "id" = 2').run();
      rows = store.db.prepare('SELECT * FROM defects ORDER BY "id"').all() as Record<string, string | number | null>[];
    } finally {
      store.close();
    }
    const all = CATALOGS.defects.fields.map((def) => def.name);
    for (const [fields, names] of [
      [undefined, all],
      ['name,user-02,user-04', ['id', 'name', 'user-02', 'user-04']],
    ] as const) {
      const query = `${CORE}/defects?page-size=max${fields ? `&fields=${fields}` : ''}`;
      const json = jsonCollection((await client.get(query, { Accept: 'application/json' })).json());
      const xml = xmlCollection((await client.get(query, { Accept: 'application/xml' })).text);
      assert.equal(json.total, 120);
      assert.equal(xml.total, 120);
      rows.forEach((row, i) => {
        const expected = expectedFields(row, names);
        assert.deepEqual(json.entities[i]?.fields, expected, `JSON, defect ${String(row.id)}`);
        assert.deepEqual(xml.entities[i]?.fields, expected, `XML, defect ${String(row.id)}`);
        assert.deepEqual(json.entities[i]?.refs, xml.entities[i]?.refs, `references of defect ${String(row.id)}`);
      });
      assert.equal(json.entities[0]?.fields['user-04']?.[0], '2', 'an integral float as JavaScript writes it');
    }
    // A page's entity is the entity read alone, in both formats.
    for (const id of [1, 2, 3, 60]) {
      for (const accept of ['application/json', 'application/xml']) {
        const alone = await client.get(`${CORE}/defects/${id}`, { Accept: accept });
        const page = await client.get(`${CORE}/defects?query={id[${id}]}`, { Accept: accept });
        const fromPage = accept === 'application/json' ? jsonCollection(page.json()).entities[0] : xmlCollection(page.text).entities[0];
        const single = accept === 'application/json' ? jsonCollection({ entities: [alone.json()], TotalResults: 1 }).entities[0] : xmlEntityOf(alone.text);
        assert.deepEqual(fromPage, single, `defect ${id} in ${accept}`);
      }
    }
  });

  it('a Core XML page parses back to hostile stored text: every reserved character, a NUL byte (as U+FFFD), in lists and empty values', async () => {
    const store = new ProjectStore('DEFAULT', 'Demo', join(server.dataDir, 'projects', 'DEFAULT', 'Demo'), () => new Date());
    try {
      store.db.prepare(`UPDATE defects SET "name" = ?, "user-02" = ? WHERE "id" = 1`).run(`a&b <c> "d" 'e' ]]> &amp;`, JSON.stringify(['x<y', '', "q'&"]));
      store.db.prepare(`UPDATE defects SET "user-01" = '', "user-02" = '[]' WHERE "id" = 2`).run();
      store.db.prepare(`UPDATE defects SET "user-03" = ?, "request-type" = ? WHERE "id" = 3`).run('nul \u0000 <b> & "q"', "\u0000'");
    } finally {
      store.close();
    }
    const page = xmlCollection((await client.get(`${CORE}/defects?query={id[1 or 2 or 3]}&fields=name,user-01,user-02,user-03,request-type`, { Accept: 'application/xml' })).text);
    const [one, two, three] = page.entities.map((e) => e.fields);
    assert.deepEqual(one?.name, [`a&b <c> "d" 'e' ]]> &amp;`]);
    assert.deepEqual(one?.['user-02'], ['x<y', '', "q'&"]);
    assert.deepEqual([two?.['user-01'], two?.['user-02']], [[''], []]);
    // A NUL no XML document may hold is sent as U+FFFD, so the page stays well-formed (issue 28 item 8).
    assert.deepEqual([three?.['user-03'], three?.['request-type']], [['nul \uFFFD <b> & "q"'], ["\uFFFD'"]]);
  });

  it('Core XML writes quotes in text as they are (as JAXB does) and escapes them in the ReferenceValue attribute, page and entity alike', async () => {
    const store = new ProjectStore('DEFAULT', 'Demo', join(server.dataDir, 'projects', 'DEFAULT', 'Demo'), () => new Date());
    const memo = `<p class="note" title='x'>it's "done" & <b>shipped</b></p>`;
    // A release name is the one user text a page writes into an attribute (ReferenceValue).
    const release = `R "7" o'clock <&>`;
    let releaseId: number | bigint;
    try {
      releaseId = store.db.prepare('INSERT INTO releases ("name") VALUES (?)').run(release).lastInsertRowid;
      store.db.prepare('UPDATE defects SET "description" = ?, "name" = ?, "target-rel" = ? WHERE "id" = 4').run(memo, `Say "hi", it's fine`, releaseId);
    } finally {
      store.close();
    }
    const escapedMemo = `&lt;p class="note" title='x'&gt;it's "done" &amp; &lt;b&gt;shipped&lt;/b&gt;&lt;/p&gt;`;
    const escapedRelease = `R &quot;7&quot; o&apos;clock &lt;&amp;&gt;`;
    for (const path of [`${CORE}/defects?query={id[4]}&fields=name,description,target-rel`, `${CORE}/defects/4`]) {
      const res = await client.get(path, { Accept: 'application/xml' });
      assert.equal(res.status, 200, res.text);
      assert.ok(res.text.includes(`<Value>${escapedMemo}</Value>`), `${path}: the memo's quotes as they are, & < > escaped`);
      assert.ok(res.text.includes(`<Value>Say "hi", it's fine</Value>`), `${path}: a plain field's quotes as they are`);
      assert.ok(res.text.includes(`ReferenceValue="${escapedRelease}"`), `${path}: the attribute escapes its quotes`);
      assert.ok(!res.text.includes('&quot;done') && !res.text.includes('it&apos;s'), `${path}: no quote escaped in text`);
      // Parsed back, every value equals what is stored.
      const entity = path.includes('?') ? xmlCollection(res.text).entities[0] : xmlEntityOf(res.text);
      assert.deepEqual([entity?.fields.description, entity?.fields.name, entity?.fields['target-rel']], [[memo], [`Say "hi", it's fine`], [String(releaseId)]]);
      assert.equal(entity?.refs['target-rel'], release);
    }
  });
});
