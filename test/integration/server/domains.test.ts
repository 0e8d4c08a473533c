// Domains and projects listing, unknown domain/project errors and per-project data separation.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { TestClient, startTestServer, storedDefect } from '../../support/server';
import type { RunningServer } from '../../support/server';

describe('server: domains and projects', function () {
  let server: RunningServer;
  let client: TestClient;
  before(async () => {
    server = await startTestServer({ defects: 10 });
    client = new TestClient(server.baseUrl);
    await client.signIn('bob');
  });
  after(async () => server.close());

  it('GET /api/domains lists every domain with its projects under "results"', async () => {
    const res = await client.get('/api/domains');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-cache, max-age=0');
    assert.equal(res.headers.get('pragma'), 'no-cache');
    assert.deepEqual(res.json(), {
      results: [
        { name: 'DEFAULT', projects: [{ name: 'Demo' }, { name: 'Playground' }] },
        { name: 'QA', projects: [{ name: 'Regression' }] },
      ],
    });
  });

  it('GET /api/domains/{d}/projects lists the projects; names match case-insensitively', async () => {
    assert.deepEqual((await client.get('/api/domains/QA/projects')).json(), { results: [{ name: 'Regression' }] });
    assert.deepEqual((await client.get('/api/domains/default/projects')).json(), { results: [{ name: 'Demo' }, { name: 'Playground' }] });
  });

  it('unknown domain or project → 404 qccore.entity-not-found naming it', async () => {
    const d = await client.get('/api/domains/NOPE/projects');
    assert.equal(d.status, 404);
    assert.match(d.json<{ Title: string }>().Title, /NOPE/);
    const p = await client.get('/api/domains/DEFAULT/projects/Nope/defects');
    assert.equal(p.status, 404);
    assert.equal(p.json<{ Id: string }>().Id, 'qccore.entity-not-found');
    assert.match(p.json<{ Title: string }>().Title, /Project 'Nope'/);
    const pd = await client.get('/api/domains/NOPE/projects/Demo/defects');
    assert.match(pd.json<{ Title: string }>().Title, /Domain 'NOPE'/);
  });

  it('each project has its own database file and its own defects', async () => {
    for (const [d, p] of [
      ['DEFAULT', 'Demo'],
      ['DEFAULT', 'Playground'],
      ['QA', 'Regression'],
    ]) {
      assert.ok(existsSync(join(server.dataDir, 'projects', d, p, 'project.db')));
    }
    const counts = await Promise.all(
      [
        ['DEFAULT', 'Demo'],
        ['DEFAULT', 'Playground'],
        ['QA', 'Regression'],
      ].map(async ([d, p]) => (await client.get(`${client.projectPath(d, p)}/defects?limit=1`)).json<{ 'total-count': number }>()['total-count']),
    );
    assert.deepEqual(counts, [10, 30, 50]);
    const update = await client.put(`${client.projectPath('QA', 'Regression')}/defects/1`, { name: 'Only in Regression' });
    assert.equal(update.status, 200);
    assert.equal(storedDefect(server.dataDir, 1, 'QA', 'Regression')?.name, 'Only in Regression');
    assert.notEqual(storedDefect(server.dataDir, 1, 'DEFAULT', 'Demo')?.name, 'Only in Regression');
    assert.notEqual(storedDefect(server.dataDir, 1, 'DEFAULT', 'Playground')?.name, 'Only in Regression');
  });

  it('an unknown route answers 404 with an ALM error body, never a 500', async () => {
    const res = await client.get('/api/nothing-here');
    assert.equal(res.status, 404);
    assert.equal(res.json<{ StackTrace: unknown }>().StackTrace, null);
  });
});
