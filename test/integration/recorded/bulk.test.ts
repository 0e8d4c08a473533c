// Recorded answers: a bulk update as a live 26.1 takes it (reference §16.4, §4.2; fixtures in
// fixtures/SOURCES.md). The documented `application/json;type=collection` form goes out first; a
// server that refuses it gets the `application/xml;type=collection` form, and the client keeps to
// the form that worked for that server; the captured refusals of the plain types (500 to plain
// JSON, 400 to plain XML) are never taken for per-defect outcomes.
import { strict as assert } from 'node:assert';
import { XMLParser } from 'fast-xml-parser';
import type { AlmClient, ProjectApi } from '../../../src/api/index';
import type { RecordedRequest, ReplayServer } from './replayServer';
import { API_KEY, CORE, DOMAIN, LIVE_ERRORS, PROJECT, bulkPut, clientOf, json, live261 } from './sites';

const changes = [
  { id: 7, changes: { priority: '5-Urgent' } },
  { id: 8, changes: { priority: '5-Urgent' } },
];

function contentTypes(live: ReplayServer): string[] {
  return live.sent('PUT', `${CORE}/defects`).map((r) => r.headers['content-type'] ?? '');
}

/** The ids and priorities of an XML `<Entities>` body. */
function xmlSent(req: RecordedRequest): string[][] {
  const doc = new XMLParser({ ignoreAttributes: false, isArray: (n) => n === 'Entity' || n === 'Field' }).parse(req.body.toString('utf8')) as {
    Entities: { Entity: { '@_Type': string; Fields: { Field: { '@_Name': string; Value: string }[] } }[] };
  };
  return doc.Entities.Entity.map((e) => [e['@_Type'], ...e.Fields.Field.map((f) => `${f['@_Name']}=${f.Value}`)]);
}

describe('recorded answers: bulk update', () => {
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

  it('goes out in the documented JSON collection form: one PUT, application/json;type=collection, each defect with its id', async () => {
    const result = await p.defects.updateMany(changes);
    assert.deepEqual(
      result.updated.map((d) => [d.id, d.priority]),
      [
        [7, '5-Urgent'],
        [8, '5-Urgent'],
      ],
    );
    assert.deepEqual(contentTypes(live), ['application/json;type=collection']);
    const body = JSON.parse(live.sent('PUT', `${CORE}/defects`)[0].body.toString('utf8')) as { entities: { Fields: { Name: string; values: { value: string }[] }[]; Type: string }[] };
    assert.deepEqual(
      body.entities.map((e) => [e.Type, ...e.Fields.map((f) => `${f.Name}=${f.values[0]?.value}`)]),
      [
        ['defect', 'id=7', 'priority=5-Urgent'],
        ['defect', 'id=8', 'priority=5-Urgent'],
      ],
    );
  });

  it('where the JSON collection type is refused, sends the XML collection form, and keeps to it for that server', async () => {
    live.override({
      method: 'PUT',
      path: `${CORE}/defects`,
      answer: (req) => (/json/.test(req.headers['content-type'] ?? '') ? json(LIVE_ERRORS.bulkPlainJson, 500) : bulkPut(req)),
    });
    const first = await p.defects.updateMany(changes);
    assert.deepEqual(
      first.updated.map((d) => d.id),
      [7, 8],
    );
    assert.deepEqual(contentTypes(live), ['application/json;type=collection', 'application/xml;type=collection']);
    assert.deepEqual(xmlSent(live.sent('PUT', `${CORE}/defects`)[1]), [
      ['defect', 'id=7', 'priority=5-Urgent'],
      ['defect', 'id=8', 'priority=5-Urgent'],
    ]);
    // Another project of the same server: the form that worked goes first.
    await client
      .project(DOMAIN, 'Other')
      .defects.updateMany(changes)
      .catch(() => undefined);
    await p.defects.updateMany(changes);
    assert.deepEqual(contentTypes(live).slice(2), ['application/xml;type=collection']);
  });

  it('the captured refusals of the plain types (500 to JSON, 400 to XML) reject the update as a whole, never as per-defect outcomes', async () => {
    live.override({
      method: 'PUT',
      path: `${CORE}/defects`,
      answer: (req) => (/json/.test(req.headers['content-type'] ?? '') ? json(LIVE_ERRORS.bulkPlainJson, 500) : json(LIVE_ERRORS.bulkPlainXml, 400)),
    });
    await assert.rejects(p.defects.updateMany(changes), (e: Error & { status?: number }) => e.status === 400);
    assert.deepEqual(contentTypes(live), ['application/json;type=collection', 'application/xml;type=collection']);
  });
});
