// Update Selected against the emulator, on both REST trees: each defect under its lock, the one
// another user holds skipped with their name and left as it was, the others written with one bulk
// PUT and every lock released; on Core, the bulk answer's per-defect refusals (409
// bulk-operation-failed) come back per defect with the server's reason.
import { strict as assert } from 'node:assert';
import type { AlmClient, Defect, ProjectApi, RestTree } from '../../../src/api/index';
import { runBulkUpdate } from '../../../src/bulk/index';
import { clientFor, createDefect, startApiTestServer } from '../api/harness';
import type { TestServer } from '../api/harness';

for (const tree of ['api', 'rest'] as RestTree[]) {
  describe(`bulk update against the emulator (${tree} tree)`, () => {
    let server: TestServer;
    let alice: AlmClient;
    let aliceLogs: string[];
    let bob: AlmClient;
    let p: ProjectApi;
    let defects: Defect[];

    before(async () => {
      server = await startApiTestServer({ defects: 20 });
      ({ client: alice, logs: aliceLogs } = clientFor(server.baseUrl, 'alice', { dialect: tree }));
      bob = clientFor(server.baseUrl, 'bob', { dialect: tree }).client;
      p = alice.project('DEFAULT', 'Playground');
      defects = [];
      for (let i = 0; i < 6; i++) defects.push(await createDefect(p, `bulk ${tree} ${i}`, { priority: '1-Low' }));
    });
    after(async () => {
      await alice.dispose();
      await bob.dispose();
      await server.close();
    });

    it('skips the defect bob holds (naming him) and never writes it; writes the others with one bulk PUT and releases every lock', async () => {
      const held = defects[2];
      const bobs = await bob.project('DEFAULT', 'Playground').locks.acquire({ type: 'defect', id: held.id });
      try {
        aliceLogs.length = 0;
        const outcomes = await runBulkUpdate(
          p,
          defects.map((d) => d.id),
          { priority: '4-Very High' },
          { editingHere: () => false },
        );
        assert.deepEqual(
          outcomes.map((o) => [o.id, o.kind]),
          defects.map((d) => [d.id, d === held ? 'locked' : 'updated']),
        );
        const skipped = outcomes.find((o) => o.id === held.id);
        assert.equal(skipped?.kind === 'locked' && skipped.by, 'bob');
        for (const o of outcomes) if (o.kind === 'updated') assert.equal(o.defect.priority, '4-Very High', 'the server copy comes back');
        const puts = aliceLogs.filter((l) => /\bPUT\b/.test(l) && /→/.test(l));
        assert.equal(puts.length, 1, puts.join('\n'));
        assert.match(puts[0], /\/defects(\?| |$)/);
      } finally {
        await bobs.release();
      }
      for (const d of defects) {
        const now = await p.defects.get(d.id, { fields: ['priority'] });
        assert.equal(now.priority, d === held ? '1-Low' : '4-Very High', `defect ${d.id}`);
      }
      // Every lock alice took is gone: bob can lock each defect now.
      for (const d of defects) await (await bob.project('DEFAULT', 'Playground').locks.acquire({ type: 'defect', id: d.id })).release();
    });

    it('one PUT per defect gives the same outcome', async () => {
      const ids = defects.slice(0, 3).map((d) => d.id);
      const outcomes = await runBulkUpdate(p, ids, { priority: '2-Medium' }, { editingHere: () => false, bulk: false });
      assert.ok(outcomes.every((o) => o.kind === 'updated'));
      for (const id of ids) assert.equal((await p.defects.get(id, { fields: ['priority'] })).priority, '2-Medium');
    });

    if (tree === 'rest') {
      it("reads Core's per-defect bulk answer: the refused defect with the server's reason, the others written", async () => {
        const result = await p.defects.updateMany([
          { id: defects[0].id, changes: { priority: '3-High' } },
          { id: 987654, changes: { priority: '3-High' } },
          { id: defects[1].id, changes: { priority: '3-High' } },
        ]);
        assert.deepEqual(
          result.updated.map((d) => [d.id, d.priority]),
          [
            [defects[0].id, '3-High'],
            [defects[1].id, '3-High'],
          ],
        );
        assert.equal(result.failed.length, 1);
        assert.equal(result.failed[0].id, 987654);
        assert.match(result.failed[0].reason, /987654|not found|does not exist/i);
      });
    }
  });
}

describe('bulk update against the emulator as ALM 26.1 (--alm 26.1, reference §16.4)', () => {
  let server: TestServer;
  let alice: AlmClient;
  let logs: string[];
  let p: ProjectApi;

  before(async () => {
    server = await startApiTestServer({ defects: 20, alm: '26.1' });
    ({ client: alice, logs } = clientFor(server.baseUrl, 'alice'));
    p = alice.project('DEFAULT', 'Playground');
  });
  after(async () => {
    await alice.dispose();
    await server.close();
  });

  it('writes the selection with one bulk PUT in the documented JSON collection form, not one PUT per defect', async () => {
    const defects: Defect[] = [];
    for (let i = 0; i < 4; i++) defects.push(await createDefect(p, `bulk 26.1 ${i}`, { priority: '1-Low' }));
    logs.length = 0;
    const outcomes = await runBulkUpdate(
      p,
      defects.map((d) => d.id),
      { priority: '5-Urgent' },
      { editingHere: () => false },
    );
    assert.deepEqual(
      outcomes.map((o) => o.kind),
      ['updated', 'updated', 'updated', 'updated'],
    );
    const puts = logs.filter((l) => /\bPUT\b/.test(l) && /→/.test(l));
    assert.equal(puts.length, 1, puts.join('\n'));
    assert.match(puts[0], /\/defects(\?| |$)/);
    for (const d of defects) assert.equal((await p.defects.get(d.id, { fields: ['priority'] })).priority, '5-Urgent');
  });
});
