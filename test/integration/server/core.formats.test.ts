// Formats shared by both trees: error bodies (QCRestException XML, JSON, HTML on Core when neither
// is asked), domains and projects in XML and JSON on both trees, and the Core JSON page written by
// SQLite equal to the entity built in JavaScript for every demo defect.
import assert from 'node:assert/strict';
import { TestClient, startTestServer } from '../../support/server';
import type { RunningServer } from '../../support/server';
import { PAGING } from '../../../server/src/config';
import { CATALOGS } from '../../../server/src/metadata/catalog';
import { compileCollectionRequest, pageQuery } from '../../../server/src/query/index';
import { XML_DECLARATION, entityJson, entityXml } from '../../../server/src/core/wire/entity';
import { ReferenceNames, defectEntity } from '../../../server/src/core/defects/convert';
import { coreDefectJsonSql } from '../../../server/src/core/defects/json';
import { coreDefectXmlPage } from '../../../server/src/core/defects/xml';
import { ProjectStore } from '../../../server/src/store/project';
import { join } from 'node:path';
import { CORE, parseXml, xmlCollection, xmlEntityOf } from './coreHarness';

describe('server: error, domain and page formats of both trees', function () {
  let server: RunningServer;
  let client: TestClient;

  before(async () => {
    server = await startTestServer({ defects: 120 });
    client = new TestClient(server.baseUrl);
    await client.signIn('alice');
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

  it('the Core JSON page written by SQLite equals the entity built in JavaScript, for every demo defect and for fields=', async () => {
    const store = new ProjectStore('DEFAULT', 'Demo', join(server.dataDir, 'projects', 'DEFAULT', 'Demo'), () => new Date());
    try {
      store.db.prepare('UPDATE defects SET "user-04" = 2.0 WHERE "id" = 1').run();
      store.db.prepare('UPDATE defects SET "user-04" = 0.1 WHERE "id" = 2').run();
      for (const fields of [undefined, 'name,user-02,target-rel,user-04']) {
        const c = compileCollectionRequest({ 'page-size': 'max', fields }, CATALOGS.defects, PAGING);
        const page = pageQuery('defects', coreDefectJsonSql(c.fields), c);
        const fromSql = (
          store.db
            .prepare(page.sql)
            .pluck()
            .all(...page.params) as Buffer[]
        ).map((b) => JSON.parse(b.toString('utf8')) as unknown);
        const rows = store.db.prepare('SELECT * FROM defects ORDER BY "id"').all() as Record<string, string | number | null>[];
        const refs = new ReferenceNames(store);
        assert.equal(fromSql.length, 120);
        assert.deepEqual(
          fromSql,
          rows.map((row) => entityJson(defectEntity(row, c.fields, refs))),
        );
      }
    } finally {
      store.close();
    }
  });

  it('the Core XML page equals the library-built entity, for every demo defect, hostile text (after a NUL byte too) and fields=', async () => {
    const store = new ProjectStore('DEFAULT', 'Demo', join(server.dataDir, 'projects', 'DEFAULT', 'Demo'), () => new Date());
    try {
      // Every character XML reserves, in a plain field, a memo, a multi-value and an empty value.
      store.db.prepare(`UPDATE defects SET "name" = ?, "user-02" = ?, "user-04" = 2.0 WHERE "id" = 1`).run(`a&b <c> "d" 'e' ]]> &amp;`, JSON.stringify(['x<y', '', "q'&"]));
      store.db.prepare(`UPDATE defects SET "user-01" = '', "user-02" = '[]' WHERE "id" = 2`).run();
      // Reserved characters after a NUL byte, written directly: SQLite's GLOB stops at the NUL and once let them through.
      store.db.prepare(`UPDATE defects SET "user-03" = ?, "request-type" = ? WHERE "id" = 3`).run('nul \u0000 <b> & "q"', "\u0000'");
      for (const fields of [undefined, 'name,user-02,target-rel,user-04']) {
        const c = compileCollectionRequest({ 'page-size': 'max', fields }, CATALOGS.defects, PAGING);
        const fromPage = coreDefectXmlPage(store, c, 120).toString('utf8');
        const rows = store.db.prepare('SELECT * FROM defects ORDER BY "id"').all() as Record<string, string | number | null>[];
        const refs = new ReferenceNames(store);
        const entities = rows.map((row) => entityXml(defectEntity(row, c.fields, refs)).slice(XML_DECLARATION.length));
        assert.equal(entities.length, 120);
        assert.equal(fromPage, `${XML_DECLARATION}<Entities TotalResults="120">${entities.join('')}</Entities>`);
      }
      // Over HTTP the page parses back to the stored text.
      const page = await client.get(`${CORE}/defects?query={id[1]}`, { Accept: 'application/xml' });
      const entity = (parseXml(page.text).Entities as { Entity: { Fields: { Field: { '@_Name': string; Value?: unknown }[] } }[] }).Entity[0];
      const name = entity?.Fields.Field.find((f) => f['@_Name'] === 'name');
      assert.deepEqual(name?.Value, [`a&b <c> "d" 'e' ]]> &amp;`]);
      const nul = (
        parseXml((await client.get(`${CORE}/defects?query={id[3]}&fields=user-03,request-type`, { Accept: 'application/xml' })).text).Entities as {
          Entity: { Fields: { Field: { '@_Name': string; Value?: unknown }[] } }[];
        }
      ).Entity[0]?.Fields.Field;
      const values = Object.fromEntries((nul ?? []).map((f) => [f['@_Name'], f.Value]));
      assert.deepEqual([values['user-03'], values['request-type']], [['nul \u0000 <b> & "q"'], ["\u0000'"]]);
    } finally {
      store.close();
    }
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
