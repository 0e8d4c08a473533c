// Counts per value in one request (Core `groups/{field}`, reference §16.11): the client against
// the server, both ways round — every group's size equals what a query for its value finds (the
// no-value group included), under a filter too; the /api tree has none, and the client says so
// (undefined) rather than failing, for the caller to count another way.
import { strict as assert } from 'node:assert';
import type { AlmClient, ProjectApi } from '../../../src/api/index';
import { fieldText, projectNames } from '../../../src/defects/fieldText';
import { clientFor, createDefect, startApiTestServer } from './harness';
import type { TestServer } from './harness';

describe('api integration: defect groups', () => {
  let core: TestServer;
  let api: TestServer;
  let alice: AlmClient;
  let apiAlice: AlmClient;
  let p: ProjectApi;

  before(async () => {
    [core, api] = await Promise.all([startApiTestServer({ trees: ['rest'] }), startApiTestServer({ trees: ['api'] })]);
    alice = clientFor(core.baseUrl).client;
    apiAlice = clientFor(api.baseUrl).client;
    p = alice.project('DEFAULT', 'Playground');
    await createDefect(p, 'grouped one', { status: 'New', owner: 'bob' });
    await createDefect(p, 'grouped two', { status: 'New' });
    await createDefect(p, 'grouped three', { status: 'Open', owner: 'bob', environment: { type: 'environment', id: 3001 } });
  });
  after(async () => {
    await Promise.all([alice.dispose(), apiAlice.dispose()]);
    await Promise.all([core.close(), api.close()]);
  });

  it('counts every value of a field in one request, each equal to a query for that value, defects without one in the null group', async () => {
    const groups = await p.defects.groups!('owner');
    assert.ok(groups, 'a Core server has groups');
    const total = (await p.defects.page({ pageSize: 1, fields: ['id'] })).total;
    assert.equal(
      groups.reduce((n, g) => n + g.count, 0),
      total,
    );
    for (const g of groups) {
      const found = (await p.defects.page({ pageSize: 1, fields: ['id'], filter: { owner: { op: '=', value: g.value ?? '' } } })).total;
      assert.equal(g.count, found, `owner ${String(g.value)}`);
    }
    assert.ok(groups.some((g) => g.value === null && g.count >= 1));
  });

  it('counts under a filter', async () => {
    const groups = await p.defects.groups!('status', { filter: { owner: 'bob', name: { op: 'like', pattern: 'grouped*' } } });
    assert.deepEqual(
      groups?.sort((a, b) => String(a.value).localeCompare(String(b.value))),
      [
        { value: 'New', count: 1 },
        { value: 'Open', count: 1 },
      ],
    );
  });

  it("refuses a field the collection lacks with the server's reason", async () => {
    await assert.rejects(p.defects.groups!('no-such-field'), /no-such-field/);
  });

  it('answers undefined on the /api tree, which has no groups', async () => {
    assert.equal(await apiAlice.project('DEFAULT', 'Playground').defects.groups!('status'), undefined);
  });

  it('names what an environment reference points to, from the groups (a Core read carries the id alone)', async () => {
    const [defect] = (await p.defects.page({ fields: ['environment'], filter: { name: 'grouped three' } })).items;
    const meta = (await p.fields('defects')).get('environment');
    // Issue 39: the views read "#3001" here, though the server says the name beside the id.
    assert.equal(fieldText('environment', defect.environment, await projectNames(p), meta), 'Staging');
  });

  it('keeps the id, and says why, where the server has no groups to name it by', async () => {
    const q = apiAlice.project('DEFAULT', 'Playground');
    const names = await projectNames(q);
    assert.match(names.references?.unavailable ?? '', /environment: the server does not group defects/);
    assert.equal(fieldText('environment', { type: 'environment', id: 3001 }, names, (await q.fields('defects')).get('environment')), '#3001');
  });
});
