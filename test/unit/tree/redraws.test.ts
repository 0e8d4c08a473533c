// Each user step redraws the tree once: VS Code holds back a tree change that follows another
// within 200 ms by 200 ms, so a step that redraws twice (a busy row, then the rows) feels slower.
// These tests record the redraws the nodes ask for, and what the view would read at each. The
// loading delay runs on a clock the tests move (ManualClock): nothing here depends on how fast the
// machine is, and what the view reads is captured when its request is answered.
import * as assert from 'node:assert/strict';
import type { DefectNode } from '../../../src/tree/nodes/defectNode';
import type { GroupNode } from '../../../src/tree/nodes/groupNode';
import { LoadMoreNode } from '../../../src/tree/nodes/loadMoreNode';
import { childrenForView } from '../../../src/tree/nodes/viewRequests';
import type { MessageNode } from '../../../src/tree/nodes/messageNode';
import { ManualClock, demoTree, kids } from './fakes';

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
  const clock = new ManualClock();
  const tree = { ...(await demoTree(count, { ...options, clock })), clock };
  for (const n of [tree.server, tree.domain, tree.project, tree.defects]) await tree.ctx.state.setExpanded(n.id, true);
  await kids(tree.defects);
  tree.ctx.redraws.length = 0;
  return tree;
}

describe('tree redraws: one change per step', () => {
  it("Load more redraws the Defects node alone, once, at the click; the view's request waits for the page", async () => {
    const { ctx, defects, fake } = await expandedDemo(250);
    const open = gate(fake);
    const loading = defects.loadMore();
    assert.deepEqual(ctx.redraws, [defects], 'the redraw goes out before the page is in');
    // The loading delay never ends here (the clock stands still): only the page can answer the view.
    const asked = defects.getChildren();
    open();
    const rows = await asked;
    assert.equal(rows.length, 201, 'the view waited for the page: it reads the new rows, "Load more" last');
    assert.ok(rows.at(-1) instanceof LoadMoreNode);
    await loading;
    assert.deepEqual(ctx.redraws, [defects], 'no second redraw, no busy redraw of the "Load more" row');
    assert.equal(fake.pageCalls.length, 2);
    assert.equal((await kids(defects)).length, 201);
  });

  it('Load more shows "Loading more…" only once the page is slow, then redraws with the rows', async () => {
    const { ctx, defects, fake, clock } = await expandedDemo(250);
    (ctx as { loadingDelayMs: number }).loadingDelayMs = 5;
    const open = gate(fake);
    const loading = defects.loadMore();
    const asked = defects.getChildren();
    clock.advance(5);
    const early = await asked;
    assert.equal(early.length, 101, 'after the loading delay the view gets the rows it had');
    const more = early.at(-1);
    assert.ok(more instanceof LoadMoreNode);
    assert.equal(more.item().label, 'Loading more…');
    assert.deepEqual(ctx.redraws, [defects]);
    open();
    await loading;
    assert.deepEqual(ctx.redraws, [defects, defects], 'the page, once in, redraws the node');
    assert.equal((await defects.getChildren()).length, 201);
  });

  it('a failed Load more keeps the rows and puts the error (with a retry) where "Load more" was', async () => {
    const { ctx, defects, fake } = await expandedDemo(250);
    fake.failWith = new Error('connection reset');
    const loading = defects.loadMore();
    const rows = await defects.getChildren();
    await loading;
    fake.failWith = undefined;
    assert.equal(rows.length, 101);
    assert.ok(!(rows.at(-1) instanceof LoadMoreNode));
    assert.match(String(rows.at(-1)?.item().label), /connection reset/);
    assert.equal(rows.at(-1)?.item().command?.command, 'almDefects.refreshNode', 'with a retry');
    assert.deepEqual(ctx.redraws, [defects], 'one redraw: the view was waiting when the failure came');
  });

  it('a filter redraws the project at once; the view gets its children when the filtered rows and total are in', async () => {
    const { ctx, project, defects, fake } = await expandedDemo(250);
    const open = gate(fake);
    const applied = project.setFilter({ severity: ['5-Urgent'] });
    assert.deepEqual(ctx.redraws, [project], 'one redraw, of the project (its row shows the filter), before the page is in');
    // What the view reads, taken when its request is answered (the clock stands still: only the reload can answer it).
    const asked = project.getChildren().then((children) => ({ children, rows: defects.loaded?.length, description: defects.item().description }));
    open();
    const seen = await asked;
    assert.equal(seen.children[0], defects);
    assert.equal(seen.rows, 50, 'the view waited for the reload: the filtered rows are in when it gets the children');
    assert.match(seen.description ?? '', /^50 · /, 'and so is the filtered total');
    assert.ok((defects.loaded as DefectNode[]).every((r) => r.defect.severity === '5-Urgent'));
    await applied;
    assert.deepEqual(ctx.redraws, [project], 'no second redraw');
  });

  it('a filter leaves a collapsed "My Defects" unloaded until it is expanded', async () => {
    const { ctx, project, fake } = await expandedDemo(250);
    const [, mine] = project.defectsNodes;
    await kids(mine);
    ctx.redraws.length = 0;
    const before = fake.pageCalls.length;
    await project.setFilter({ severity: ['5-Urgent'] });
    assert.equal(fake.pageCalls.length, before + 1, 'only the expanded Defects reloaded');
    assert.equal(mine.loaded, undefined, 'My Defects forgot its rows');
    assert.deepEqual(ctx.redraws, [project]);
  });

  it('an expansion VS Code did not report is learnt from the view asking for the children: the next filter redraws once', async () => {
    const { ctx, project, defects } = await expandedDemo(250);
    // The expand event was lost (extHostTreeViews drops it while the parent's children are out):
    // the state says collapsed while the view shows "Defects" expanded.
    await ctx.state.setExpanded(defects.id, false);
    await project.setFilter({ severity: ['5-Urgent'] });
    // What the view does after the project's redraw: it asks for the project's children, then
    // for those of "Defects", which it shows expanded.
    await childrenForView(project, ctx.state);
    await childrenForView(defects, ctx.state);
    await defects.resolveChildren();
    assert.deepEqual(ctx.redraws, [project, defects], 'this once the reload was not quiet: a second redraw');
    assert.equal(ctx.state.isExpanded(defects.id), true, 'the children request recorded the expansion');
    ctx.redraws.length = 0;
    await project.setFilter({ severity: ['4-Very High'] });
    await childrenForView(project, ctx.state);
    assert.equal(defects.loaded?.length, 50, 'the rows were reloaded behind the ones shown');
    assert.deepEqual(ctx.redraws, [project], 'the next filter redraws once');
  });

  it('a filter reloads "Defects" quietly whatever the view state says of its ancestors', async () => {
    const { ctx, server, domain, project, defects } = await expandedDemo(250);
    // Their expansions were lost or dropped off: the view asks nothing of them during a filter.
    await ctx.state.setExpanded(server.id, false);
    await ctx.state.setExpanded(domain.id, false);
    await project.setFilter({ severity: ['5-Urgent'] });
    await childrenForView(project, ctx.state);
    assert.equal(defects.loaded?.length, 50, 'the filtered rows were in when the view asked');
    assert.deepEqual(ctx.redraws, [project], 'one redraw');
  });

  it('a slow filter lets the view have its children after the loading delay: "Loading…" at once, then a redraw when the rows come', async () => {
    const { ctx, project, defects, fake, clock } = await expandedDemo(250);
    (ctx as { loadingDelayMs: number }).loadingDelayMs = 60;
    const open = gate(fake);
    const filtered = project.setFilter({ severity: ['5-Urgent'] });
    await clock.whenWaiting();
    clock.advance(60);
    await filtered;
    assert.equal((await project.getChildren())[0], defects, 'the project answers while the page is still out');
    assert.deepEqual(ctx.redraws, [project]);
    // The reload began a loading delay ago: the view's request does not start another one.
    const shown = await Promise.race([defects.getChildren(), clock.whenWaiting().then((ms) => `waited another ${ms} ms`)]);
    if (typeof shown === 'string') assert.fail(`the view's request ${shown}`);
    assert.equal((shown[0] as MessageNode).kind, 'loading');
    open();
    await defects.resolveChildren();
    assert.deepEqual(ctx.redraws, [project, defects], 'the node redraws itself once its rows are in');
  });

  it('grouping redraws the project once; its children come with the groups in', async () => {
    const { ctx, project, defects } = await expandedDemo(250);
    await ctx.state.setGroupBy('severity');
    const reloaded = project.reloadDefects();
    assert.deepEqual(ctx.redraws, [project]);
    await project.getChildren();
    assert.equal(defects.loaded?.length, 5, 'the groups are in when the view asks');
    await reloaded;
    assert.deepEqual(ctx.redraws, [project], 'no second redraw');
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
