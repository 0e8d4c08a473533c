import * as assert from 'node:assert/strict';
import { TreeRefresh } from '../../../src/refresh/treeRefresh';
import { DefectNode } from '../../../src/tree/nodes/defectNode';
import { demoTree, kids } from '../tree/fakes';

async function setup() {
  const { world, ctx, root, server, domain, project, defects } = await demoTree(250);
  const rows = (await kids(defects)).filter((n): n is DefectNode => n instanceof DefectNode);
  const expanded = new Set([server.id, domain.id, project.id, defects.id]);
  let visible = true;
  const refresh = new TreeRefresh({
    roots: () => root.servers(),
    visible: () => visible,
    isExpanded: (id) => expanded.has(id),
    selection: () => [],
    changed: (node) => ctx.changed(node),
  });
  const demo = world.project('DEFAULT', 'Demo');
  return { ctx, rows, refresh, demo, expanded, defects, hide: () => (visible = false) };
}

describe('refresh: the tree re-reads loaded rows in place', () => {
  it('asks for the loaded ids only, in batches of 100, with the tree fields', async () => {
    const { rows, refresh, demo } = await setup();
    assert.equal(rows.length, 100);
    demo.pageCalls.length = 0;
    await refresh.run();
    assert.equal(demo.pageCalls.length, 1);
    const filter = demo.pageCalls[0].filter as { id: { op: string; values: number[] } };
    assert.deepEqual(
      filter.id.values.sort((a, b) => a - b),
      rows.map((r) => r.ref.id).sort((a, b) => a - b),
    );
    assert.ok(!demo.pageCalls[0].fields?.includes('description'));
  });

  it('updates a changed row object, redraws and marks only it, and clears the mark when opened', async () => {
    const { rows, refresh, demo, ctx } = await setup();
    const row = rows[3];
    const stored = demo.rows.find((d) => d.id === row.ref.id);
    assert.ok(stored);
    stored.status = 'Closed-by-bob';
    ctx.redraws.length = 0;
    await refresh.run();
    assert.equal(row.defect.status, 'Closed-by-bob');
    assert.deepEqual(ctx.redraws, [row]);
    assert.match(String(row.item().description), /^● changed · /);
    assert.equal(row.item().contextValue, 'alm:defect+changed');
    refresh.opened(row.ref);
    assert.equal(row.changedRemotely, false);
    assert.doesNotMatch(String(row.item().description), /changed/);
  });

  it('marks nothing when the server writes the same value another way (no owner as empty text, not null)', async () => {
    const { rows, refresh, demo, ctx } = await setup();
    const row = rows.find((r) => r.defect.owner === null);
    assert.ok(row, 'a row with no owner');
    const stored = demo.rows.find((d) => d.id === row.ref.id);
    assert.ok(stored);
    stored.owner = '';
    ctx.redraws.length = 0;
    await refresh.run();
    assert.equal(row.changedRemotely, false);
    assert.deepEqual(ctx.redraws, []);
  });

  it('sends nothing while the view is hidden or the node is collapsed', async () => {
    const { refresh, demo, expanded, defects, hide } = await setup();
    demo.pageCalls.length = 0;
    expanded.delete(defects.id);
    await refresh.run();
    assert.equal(demo.pageCalls.length, 0);
    expanded.add(defects.id);
    hide();
    await refresh.run();
    assert.equal(demo.pageCalls.length, 0);
  });
});
