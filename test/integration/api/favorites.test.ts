// The client's project.favorites against this server (issue 42) on both trees (12.5x detected as
// /api, asked in its Core tree; Core only as 16.0+): the roots and a folder's content read, the
// demo's public favorite run through the filter translation with its note, a private favorite
// saved, found by name, renamed and deleted, and a refusal reaching the
// caller with the server's reason.
import { strict as assert } from 'node:assert';
import { AlmApiError, favoriteFilterXml, readFavoriteFilter, readFavoriteView } from '../../../src/api/index';
import type { AlmClient, ProjectApi } from '../../../src/api/index';
import { clientFor, collect, startApiTestServer } from './harness';
import type { TestServer } from './harness';

for (const trees of [['api', 'rest'], ['rest']] as const) {
  describe(`api integration: favorites (${trees.join(' + ')})`, () => {
    let server: TestServer;
    let alice: AlmClient;
    let bob: AlmClient;
    let p: ProjectApi;

    before(async () => {
      server = await startApiTestServer({ trees: [...trees] });
      alice = clientFor(server.baseUrl).client;
      bob = clientFor(server.baseUrl, 'bob').client;
      p = alice.project('DEFAULT', 'Demo');
    });
    after(async () => {
      await alice.dispose();
      await bob.dispose();
      await server.close();
    });

    it('reads the roots and the Public folder; a favorite runs as its filter, with the cross filter reported', async () => {
      const roots = await p.favorites.roots();
      assert.deepEqual(
        roots.map((r) => [r.name, r.public]),
        [
          ['Public', true],
          ['Private', false],
        ],
      );
      const content = await p.favorites.content(roots[0].id);
      assert.deepEqual(
        content.folders.map((f) => f.name),
        ['Triage'],
      );
      assert.deepEqual(
        content.favorites.map((f) => [f.name, f.owner]),
        [
          ['Open urgent', 'bob'],
          ['Awaiting retest', 'bob'],
          ['Smoke failures', 'bob'],
        ],
      );
      const fields = await p.fields('defects');
      const labels = (name: string) => fields.get(name)?.label;
      // The /api tree has no cross filters (§7.2); this server's Core tree lists no relations of defects (no REST alias is known).
      const smoke = await readFavoriteView(p, content.favorites[2]);
      const why = (trees as readonly string[]).includes('api')
        ? "the server's /api tree, which this project's defects are read from, has no cross filters"
        : 'the server lists no relations of defects';
      assert.deepEqual(smoke.notApplied, [`filter on Test Set not applied: ${why}`]);
      assert.deepEqual(Object.keys(smoke.filter), ['status'], 'the rest of the favorite runs');
      const urgent = readFavoriteFilter(content.favorites[0].filterXml, labels);
      assert.deepEqual(urgent.notApplied, []);
      const rows = await collect(p.defects.query({ filter: urgent.filter, orderBy: urgent.orderBy, fields: urgent.columns.map((c) => c.field) }));
      assert.ok(rows.length > 0, 'the demo has open urgent defects');
      for (const d of rows) {
        assert.ok(!['Closed', 'Rejected'].includes(String(d.status)), `defect ${d.id} is ${String(d.status)}`);
        assert.ok(['5-Urgent', '4-Very High'].includes(String(d.severity)), `defect ${d.id} is ${String(d.severity)}`);
      }
    });

    it('saves a private favorite, finds it by name, renames and deletes it; bob does not see it', async () => {
      const filterXml = favoriteFilterXml({ filter: { status: 'Open' }, orderBy: [{ field: 'id', direction: 'desc' }], columns: [{ field: 'id', width: 60 }] });
      const made = await p.favorites.create({ name: `Mine ${trees.length}`, parentId: 2, filterXml });
      assert.deepEqual([made.public, made.owner, made.filterXml], [false, 'alice', filterXml]);
      assert.equal((await p.favorites.named(`Mine ${trees.length}`)).length, 1);
      assert.equal((await bob.project('DEFAULT', 'Demo').favorites.named(`Mine ${trees.length}`)).length, 0);
      const renamed = await p.favorites.update(made.id, { name: `Mine, renamed ${trees.length}` });
      assert.equal(renamed.name, `Mine, renamed ${trees.length}`);
      await p.favorites.remove(made.id);
      assert.equal((await p.favorites.named(`Mine*${trees.length}`)).length, 0);
    });

    it("a refusal (a favorite that is not there) reaches the caller with the server's reason", async () => {
      const bobs = bob.project('DEFAULT', 'Demo');
      const awaiting = (await bobs.favorites.named('Awaiting retest'))[0];
      await assert.rejects(p.favorites.update(awaiting.id + 1000, { name: 'x' }), (e: unknown) => e instanceof AlmApiError && e.status === 404 && /does not exist/.test(e.serverTitle ?? ''));
    });
  });
}
