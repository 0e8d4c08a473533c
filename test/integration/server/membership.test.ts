// Per-project authorization (issue 14, item 3): the demo's QA/Audit lists only carol and dave.
// Anyone else is answered 403 qccore.operation-forbidden on every resource of the project (reads,
// writes, deletes, locks, attachments), changes nothing, and does not see the project listed.
import assert from 'node:assert/strict';
import { TestClient, startTestServer, storedDefect } from '../../support/server';
import type { RunningServer, TestResponse } from '../../support/server';
import { RESTRICTED_PROJECT } from '../../../server/src/demo/index';

describe('server: project membership (issue 14)', function () {
  this.timeout(60_000);
  let server: RunningServer;
  let alice: TestClient;
  let carol: TestClient;
  const audit = () => alice.projectPath('QA', 'Audit');

  before(async () => {
    server = await startTestServer({ defects: 10 });
    alice = new TestClient(server.baseUrl);
    await alice.signIn('alice');
    carol = new TestClient(server.baseUrl);
    const password = server.demo?.users.find((u) => u.name === 'carol')?.password as string;
    await carol.signIn('carol', password);
  });
  after(async () => server.close());

  const forbidden = (res: TestResponse) => {
    assert.equal(res.status, 403, res.text.slice(0, 200));
    const body = res.json<{ Id: string; Title: string }>();
    assert.equal(body.Id, 'qccore.operation-forbidden');
    assert.match(body.Title, /User 'alice' is not a member of project QA\/Audit/);
  };

  it('the demo restricts QA/Audit to its members', () => {
    assert.deepEqual([...RESTRICTED_PROJECT.members], ['carol', 'dave']);
  });

  it('a non-member gets 403 on reads, writes, deletes, locks, attachments and metadata; nothing changes', async () => {
    const before = storedDefect(server.dataDir, 1, 'QA', 'Audit');
    assert.ok(before, 'the restricted project has defects');
    forbidden(await alice.get(`${audit()}/defects`));
    forbidden(await alice.get(`${audit()}/defects/1`));
    forbidden(await alice.put(`${audit()}/defects/1`, { 'dev-comments': 'alice was here' }));
    forbidden(await alice.put(`${audit()}/defects`, { data: [{ id: 1, 'dev-comments': 'alice was here' }] }));
    forbidden(await alice.post(`${audit()}/defects`, { name: 'intruder', severity: '2-Medium', 'detected-by': 'alice' }));
    forbidden(await alice.delete(`${audit()}/defects/1`));
    forbidden(await alice.delete(`${audit()}/defects?ids-to-delete=1,2`));
    forbidden(await alice.post(`${audit()}/locks`, { data: [{ entity: { id: 1, type: 'defect' } }] }));
    forbidden(await alice.get(`${audit()}/attachments`));
    forbidden(await alice.get(`${audit()}/defects/$metadata/fields`));
    forbidden(await alice.get(`${audit()}/list-items`));
    assert.deepEqual(storedDefect(server.dataDir, 1, 'QA', 'Audit'), before);
    assert.ok(storedDefect(server.dataDir, 2, 'QA', 'Audit'));
  });

  it('the Core /rest tree refuses non-members alike and hides the project from its listings', async () => {
    const core = '/rest/domains/QA/projects/Audit';
    forbidden(await alice.get(`${core}/defects`, { Accept: 'application/json' }));
    forbidden(await alice.get(`${core}/defects/1`, { Accept: 'application/json' }));
    forbidden(await alice.request('DELETE', `${core}/defects/1`, { headers: { Accept: 'application/json' } }));
    const listed = (await alice.get('/rest/domains?include-projects-info=y', { Accept: 'application/json' })).json<{ Domain: { Name: string; Projects: { Project: { Name: string }[] } }[] }>();
    assert.deepEqual(
      listed.Domain.find((d) => d.Name === 'QA')?.Projects.Project.map((p) => p.Name),
      ['Regression'],
    );
    const carols = (await carol.get('/rest/domains/QA/projects', { Accept: 'application/json' })).json<{ Project: { Name: string }[] }>();
    assert.deepEqual(
      carols.Project.map((p) => p.Name),
      ['Regression', 'Audit'],
    );
    assert.equal((await carol.get(`${core}/defects/1`, { Accept: 'application/json' })).status, 200);
  });

  it('an unknown project is still a 404, not a 403', async () => {
    const res = await alice.get(`${alice.projectPath('QA', 'Nope')}/defects`);
    assert.equal(res.status, 404);
  });

  it('listings hide the project from non-members and show it to members', async () => {
    const listed = async (client: TestClient) => {
      const all = (await client.get('/api/domains')).json<{ results: { name: string; projects: { name: string }[] }[] }>();
      const qa = (await client.get('/api/domains/QA/projects')).json<{ results: { name: string }[] }>();
      return { all: all.results.find((d) => d.name === 'QA')?.projects.map((p) => p.name), qa: qa.results.map((p) => p.name) };
    };
    assert.deepEqual(await listed(alice), { all: ['Regression'], qa: ['Regression'] });
    assert.deepEqual(await listed(carol), { all: ['Regression', 'Audit'], qa: ['Regression', 'Audit'] });
  });

  it('a member reads and writes the project as usual', async () => {
    const page = await carol.get(`${audit()}/defects?limit=5`);
    assert.equal(page.status, 200);
    assert.equal(page.json<{ 'total-count': number }>()['total-count'], RESTRICTED_PROJECT.defects);
    const put = await carol.put(`${audit()}/defects/3`, { 'dev-comments': 'audited' });
    assert.equal(put.status, 200, put.text.slice(0, 200));
    assert.equal(storedDefect(server.dataDir, 3, 'QA', 'Audit')?.['dev-comments'], 'audited');
    // Membership is per project: carol is a demo user of DEFAULT/Demo too.
    assert.equal((await carol.get(`${carol.projectPath()}/defects?limit=1`)).status, 200);
  });
});
