// Releases and release cycles in both trees (issue 27): list, one, query by name and dates,
// seeded by the demo with names and dates; writes refused and nothing changes.
import assert from 'node:assert/strict';
import { openProjectDb, startSignedIn } from '../../support/server';
import type { RunningServer, TestClient } from '../../support/server';
import { CORE, JSON_, XML, xmlEntityOf } from './coreHarness';

interface ApiRelease {
  type: string;
  id: number;
  name: string;
  'start-date': string | null;
  'end-date': string | null;
  'parent-id'?: number;
}

describe('server: releases and release cycles', function () {
  this.timeout(60_000);
  let server: RunningServer;
  let client: TestClient;
  before(async () => {
    ({ server, client } = await startSignedIn({ defects: 5 }));
  });
  after(async () => server.close());

  const api = () => client.projectPath();

  it('/api lists the demo releases with names and dates, and one by id', async () => {
    const page = (await client.get(`${api()}/releases`)).json<{ data: ApiRelease[]; 'total-count': number }>();
    assert.equal(page['total-count'], 3);
    assert.deepEqual(
      page.data.map((r) => [r.type, r.id, r.name, r['start-date'], r['end-date']]),
      [
        ['release', 1001, 'Release 1', '2025-01-06', '2025-06-30'],
        ['release', page.data[1]?.id, 'Release 2.0', '2025-07-01', '2025-12-31'],
        ['release', page.data[2]?.id, 'Release 2.1', '2026-01-05', '2026-06-30'],
      ],
    );
    const one = (await client.get(`${api()}/releases/1001`)).json<ApiRelease>();
    assert.equal(one.name, 'Release 1');
    assert.equal((await client.get(`${api()}/releases/999`)).status, 404);
  });

  it('/api queries releases by name and dates, and cycles by release', async () => {
    const byName = (await client.get(`${api()}/releases?query=${encodeURIComponent("{name['Release 2*']}")}`)).json<{ data: ApiRelease[] }>();
    assert.deepEqual(
      byName.data.map((r) => r.name),
      ['Release 2.0', 'Release 2.1'],
    );
    const byDate = (await client.get(`${api()}/releases?query=${encodeURIComponent('{start-date[>= 2026-01-01]}')}`)).json<{ data: ApiRelease[] }>();
    assert.deepEqual(
      byDate.data.map((r) => r.name),
      ['Release 2.1'],
    );
    const release = byName.data[0]?.id ?? 0;
    const cycles = (await client.get(`${api()}/release-cycles?query=${encodeURIComponent(`{parent-id[${release}]}`)}&order-by=${encodeURIComponent('{start-date[ASC]}')}`)).json<{
      data: ApiRelease[];
    }>();
    assert.ok(cycles.data.length >= 3);
    assert.ok(cycles.data.every((c) => c.type === 'release-cycle' && c['parent-id'] === release && c['start-date'] && c['end-date']));
    assert.equal(cycles.data[0]?.['start-date'], '2025-07-01');
  });

  it('Core lists releases and cycles as entities (XML and JSON) with query, and one by id', async () => {
    const json = await client.get(`${CORE}/releases?query=${encodeURIComponent('{name[Release 1]}')}`, JSON_);
    assert.equal(json.status, 200, json.text);
    const page = json.json<{ entities: { Fields: { Name: string; values: { value: string }[] }[]; Type: string }[]; TotalResults: number }>();
    assert.equal(page.TotalResults, 1);
    assert.equal(page.entities[0]?.Type, 'release');
    assert.deepEqual(page.entities[0]?.Fields.find((f) => f.Name === 'end-date')?.values, [{ value: '2025-06-30' }]);
    const xml = await client.get(`${CORE}/release-cycles/2001`, XML);
    const cycle = xmlEntityOf(xml.text);
    assert.equal(cycle?.type, 'release-cycle');
    assert.deepEqual(cycle?.fields.name, ['Cycle 1']);
    assert.deepEqual(cycle?.fields['parent-id'], ['1001']);
  });

  it('writes are refused with 405 in both trees and nothing changes', async () => {
    const db = openProjectDb(server.dataDir);
    const before = db.prepare('SELECT * FROM releases ORDER BY "id"').all();
    db.close();
    for (const [method, path] of [
      ['POST', `${api()}/releases`],
      ['PUT', `${api()}/releases/1001`],
      ['DELETE', `${CORE}/releases/1001`],
      ['POST', `${CORE}/release-cycles`],
    ] as const) {
      const res = await client.request(method, path, { json: { data: [{ name: 'x' }] } });
      assert.equal(res.status, 405, `${method} ${path}`);
    }
    const after = openProjectDb(server.dataDir);
    assert.deepEqual(after.prepare('SELECT * FROM releases ORDER BY "id"').all(), before);
    after.close();
  });
});
