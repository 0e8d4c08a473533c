// Each user step redraws the tree once: VS Code holds back a tree change that follows another
// within 200 ms by 200 ms, so a step that redraws twice (a busy row, then the rows) feels slower.
// These tests record the redraws the nodes ask for, and what the view would read at each.
import * as assert from 'node:assert/strict';
import type { DefectNode } from '../../../src/tree/nodes/defectNode';
import type { GroupNode } from '../../../src/tree/nodes/groupNode';
import { LoadMoreNode } from '../../../src/tree/nodes/loadMoreNode';
import type { MessageNode } from '../../../src/tree/nodes/messageNode';
import type { TreeNode } from '../../../src/tree/nodes/treeNode';
import { demoTree, kids } from './fakes';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A gate on the fake server's pages; returns its opener. */
function gate(fake: { gate: Promise<void> | undefined }): () => void {
  let open!: () => void;
  fake.gate = new Promise((r) => (open = r));
  return () => {
    fake.gate = undefined;
    open();
  };
}

/** The Demo tree with "Defects" expanded in the view (as the view state remembers it) and loaded. */
async function expandedDemo(count: number, options: { groupBy?: 'severity' | 'owner' } = {}) {
  const tree = await demoTree(count, options);
  for (const n of [tree.server, tree.domain, tree.project, tree.defects]) await tree.ctx.state.setExpanded(n.id, true);
  await kids(tree.defects);
  tree.ctx.redraws.length = 0;
  return tree;
}

describe('tree redraws: one change per step', () => {
  it('Load more redraws the Defects node alone, once, when the page comes in', async () => {
    const { ctx, defects, fake } = await expandedDemo(250);
    await defects.loadMore();
    assert.deepEqual(ctx.redraws, [defects], 'no busy redraw of the "Load more" row before the rows');
    assert.equal(fake.calls.length, 2);
    assert.equal((await kids(defects)).length, 201);
  });

  it('Load more shows "Loading more…" only once the page is slow, then the rows', async () => {
    const { ctx, defects, fake } = await expandedDemo(250);
    (ctx as { loadingDelayMs: number }).loadingDelayMs = 5;
    const more = (await kids(defects)).at(-1);
    assert.ok(more instanceof LoadMoreNode);
    const open = gate(fake);
    const loading = defects.loadMore();
    await sleep(40);
    assert.deepEqual(ctx.redraws, [more]);
    assert.equal(more.item().label, 'Loading more…');
    open();
    await loading;
    assert.deepEqual(ctx.redraws, [more, defects]);
  });

  it('a filter reloads the shown Defects behind its rows and redraws the project once, rows and total in', async () => {
    const { ctx, project, defects, fake } = await expandedDemo(250);
    const seen: { node: TreeNode | undefined; pages: number; rows: number | undefined; description: string | undefined }[] = [];
    ctx.changed = (node) => void seen.push({ node, pages: fake.calls.length, rows: defects.loaded?.length, description: defects.item().description });
    await project.setFilter({ severity: ['5-Urgent'] });
    assert.equal(seen.length, 1, 'one redraw');
    assert.equal(seen[0].node, project, 'of the project, whose row shows the filter');
    assert.equal(seen[0].pages, 2, 'after the filtered page was read');
    assert.equal(seen[0].rows, 50, 'the filtered rows are in when the view asks');
    assert.match(seen[0].description ?? '', /^50 · /, 'and the filtered total');
    assert.ok((defects.loaded as DefectNode[]).every((r) => r.defect.severity === '5-Urgent'));
  });

  it('a filter leaves a collapsed "My Defects" unloaded until it is expanded', async () => {
    const { ctx, project, fake } = await expandedDemo(250);
    const [, mine] = project.defectsNodes;
    await kids(mine);
    ctx.redraws.length = 0;
    const before = fake.calls.length;
    await project.setFilter({ severity: ['5-Urgent'] });
    assert.equal(fake.calls.length, before + 1, 'only the expanded Defects reloaded');
    assert.equal(mine.loaded, undefined, 'My Defects forgot its rows');
    assert.deepEqual(ctx.redraws, [project]);
  });

  it('a slow filter redraws after the loading delay; the view then gets "Loading…" at once and a redraw when the rows come', async () => {
    const { ctx, project, defects, fake } = await expandedDemo(250);
    (ctx as { loadingDelayMs: number }).loadingDelayMs = 60;
    const open = gate(fake);
    await project.setFilter({ severity: ['5-Urgent'] });
    assert.deepEqual(ctx.redraws, [project], 'redrawn while the page is still out');
    // The reload began a loading delay ago: the view's request does not wait another one.
    const shown = await Promise.race([defects.getChildren(), sleep(45).then(() => 'waited' as const)]);
    assert.notEqual(shown, 'waited');
    assert.equal((shown as MessageNode[])[0].kind, 'loading');
    open();
    await defects.resolveChildren();
    assert.deepEqual(ctx.redraws, [project, defects], 'the node redraws itself once its rows are in');
  });

  it('grouping reloads the shown defect nodes and redraws them once, with the groups in', async () => {
    const { ctx, project, defects } = await expandedDemo(250);
    let groupsAtRedraw: number | undefined;
    ctx.changed = (node) => {
      ctx.redraws.push(node);
      groupsAtRedraw ??= defects.loaded?.length;
    };
    await ctx.state.setGroupBy('severity');
    await project.reloadDefects();
    assert.deepEqual(ctx.redraws, project.defectsNodes, 'Defects and My Defects, in one change');
    assert.equal(groupsAtRedraw, 5);
  });

  it('a group whose first page confirms its count does not redraw its row; one whose count changed does', async () => {
    const { ctx, defects, fake } = await expandedDemo(250, { groupBy: 'severity' });
    const groups = (await kids(defects)) as GroupNode[];
    await kids(groups[0]);
    assert.deepEqual(ctx.redraws, [], 'the count from the grouping scan is the total');
    fake.rows.push({ ...fake.rows[0], id: 251 });
    const same = groups.find((g) => g.group.value === fake.rows[0].severity);
    assert.ok(same && same !== groups[0]);
    await kids(same);
    assert.deepEqual(ctx.redraws, [same], 'the row now shows the new total');
    assert.equal(same.item().description, String(same.group.count + 1));
  });
});
