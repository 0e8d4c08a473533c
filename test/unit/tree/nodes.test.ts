import * as assert from 'node:assert/strict';
import { ServerConnection } from '../../../src/auth/connection';
import { transportOptions } from '../../../src/config/transport';
import { Log } from '../../../src/util/log';
import { DefectsNode } from '../../../src/tree/nodes/defectsNode';
import type { DefectNode } from '../../../src/tree/nodes/defectNode';
import type { GroupNode } from '../../../src/tree/nodes/groupNode';
import type { ListItemNode } from '../../../src/tree/nodes/listItemNode';
import type { ListsNode } from '../../../src/tree/nodes/listsNode';
import { LoadMoreNode } from '../../../src/tree/nodes/loadMoreNode';
import type { MessageNode } from '../../../src/tree/nodes/messageNode';
import { ProjectNode } from '../../../src/tree/nodes/projectNode';
import { TreeRoot } from '../../../src/tree/nodes/root';
import type { TreeNode } from '../../../src/tree/nodes/treeNode';
import { ME } from '../../../src/defects/filter';
import type { TestContext } from './fakes';
import { DEMO_ENTRY, FakeWorld, MapVault, RecordingSink, kids, testContext } from './fakes';
/** Resolves once `condition` holds, looking again after each turn of the event loop (never a fixed time). */
async function eventLoopUntil(condition: () => boolean, failure: string): Promise<void> {
  for (let turns = 0; !condition(); turns++) {
    assert.ok(turns < 10_000, failure);
    await new Promise((r) => setImmediate(r));
  }
}

const labels = (nodes: TreeNode[]): string[] => nodes.map((n) => n.item().label);

async function setup(options: { defects?: number; password?: string; entry?: typeof DEMO_ENTRY } = {}) {
  const world = new FakeWorld(options.defects ?? 250);
  const vault = new MapVault();
  const entry = options.entry ?? DEMO_ENTRY;
  if (options.password !== undefined) await vault.set(entry, options.password);
  const connection = new ServerConnection(entry, transportOptions(entry, { proxyStrictSSL: true, noProxy: [] }, undefined), vault, world.factory, Log.create(new RecordingSink()));
  await connection.loadPassword();
  const ctx = testContext();
  ctx.sources = [connection];
  const root = new TreeRoot(ctx);
  return { world, vault, connection, ctx, root };
}

async function projectNode(ctx: TestContext, root: TreeRoot, domain = 'DEFAULT', project = 'Demo'): Promise<ProjectNode> {
  const [server] = root.servers();
  const d = (await kids(server)).find((n) => n.item().label === domain) as TreeNode;
  const p = (await kids(d)).find((n) => n.item().label === project);
  assert.ok(p instanceof ProjectNode, `no project ${project}`);
  void ctx;
  return p;
}

async function defectsOf(p: ProjectNode, which: 'all' | 'mine' = 'all'): Promise<DefectsNode> {
  const children = await kids(p);
  const node = children[which === 'all' ? 0 : 1];
  assert.ok(node instanceof DefectsNode);
  return node;
}

describe('tree nodes', () => {
  it('shows servers, domains, projects and the four project children with stable ids', async () => {
    const { ctx, root } = await setup({ password: 'secret' });
    const [server] = root.servers();
    assert.equal(server.item().label, 'Demo');
    assert.equal(server.id, 'alm:Demo');
    const domains = await kids(server);
    assert.deepEqual(labels(domains), ['DEFAULT', 'QA']);
    const projects = await kids(domains[0]);
    assert.deepEqual(labels(projects), ['Demo', 'Playground']);
    assert.equal(projects[0].id, 'alm:Demo/DEFAULT/Demo');
    const children = await kids(projects[0]);
    assert.deepEqual(labels(children), ['Defects', 'My Defects', 'Favorites', 'Lists']);
    assert.deepEqual(
      children.map((c) => c.id),
      ['alm:Demo/DEFAULT/Demo/defects', 'alm:Demo/DEFAULT/Demo/mine', 'alm:Demo/DEFAULT/Demo/favorites', 'alm:Demo/DEFAULT/Demo/lists'],
    );
    // The same server node comes back on the next redraw, so loaded children are kept.
    assert.equal(root.servers()[0], server);
    void ctx;
  });

  it('shows a sign-in row instead of loading when no password is stored, and sends nothing', async () => {
    const { world, root } = await setup();
    const [server] = root.servers();
    const children = await kids(server);
    assert.equal(children.length, 1);
    const row = children[0] as MessageNode;
    assert.equal(row.kind, 'sign-in');
    assert.equal(row.item().label, 'Sign in to Demo…');
    assert.deepEqual(row.item().command?.arguments, [{ server: 'Demo' }]);
    assert.equal(world.clients.length, 0, 'no client was even built');
  });

  it('honours a pinned domain and project', async () => {
    const { root } = await setup({ password: 'secret', entry: { ...DEMO_ENTRY, domain: 'default', project: 'Playground' } });
    const [server] = root.servers();
    const domains = await kids(server);
    assert.deepEqual(labels(domains), ['DEFAULT']);
    assert.deepEqual(labels(await kids(domains[0])), ['Playground']);
  });

  it('pages defects with the tree fields only, then "Load more" with the remaining count, to the last defect', async () => {
    const { world, ctx, root } = await setup({ password: 'secret', defects: 250 });
    const p = await projectNode(ctx, root);
    const defects = await defectsOf(p);
    let rows = await kids(defects);
    assert.equal(rows.length, 101);
    assert.equal(rows[0].item().label, '250: Fixed · bob — Defect number 250 login', 'newest first by default');
    const more = rows[100];
    assert.ok(more instanceof LoadMoreNode);
    assert.equal(more.item().description, '150 remaining');
    assert.equal(more.item().label, 'Load 100 more');
    const call = world.project('DEFAULT', 'Demo').pageCalls[0];
    assert.deepEqual(call.fields, ['name', 'status', 'severity', 'priority', 'owner', 'detected-by', 'target-rel', 'creation-time', 'last-modified', 'has-linkage', 'has-others-linkage']);
    assert.deepEqual(call.orderBy, [{ field: 'id', direction: 'desc' }]);
    await defects.loadMore();
    rows = await kids(defects);
    assert.equal(rows.length, 201);
    assert.equal((rows[200] as LoadMoreNode).item().description, '50 remaining');
    assert.equal((rows[200] as LoadMoreNode).item().label, 'Load 50 more');
    await defects.loadMore();
    rows = await kids(defects);
    assert.equal(rows.length, 250, 'no Load more row after the last page');
    assert.equal(rows[249].item().label, '1: Open · bob — Defect number 1');
    assert.equal(new Set(rows.map((r) => r.id)).size, 250, 'ids are unique');
    assert.deepEqual(
      world.project('DEFAULT', 'Demo').pageCalls.map((c) => c.offset),
      [0, 100, 200],
    );
    assert.equal(defects.item().description, '250 · ID ↓');
  });

  it('renders a defect row: description, severity icon, Markdown tooltip that escapes server text, open command', async () => {
    const { world, ctx, root } = await setup({ password: 'secret', defects: 5 });
    world.project('DEFAULT', 'Demo').rows[4].name = 'Crash in [link](http://evil) <img src=x>';
    const rows = await kids(await defectsOf(await projectNode(ctx, root)));
    const row = rows[0] as DefectNode;
    const item = row.item();
    assert.equal(item.label, '5: Open · carol — Crash in [link](http://evil) <img src=x>');
    assert.equal(item.description, '1-Low');
    assert.deepEqual(item.icon, { id: 'circle-outline', color: 'almDefects.severity.low' });
    assert.equal(item.contextValue, 'alm:defect');
    assert.match(item.tooltip ?? '', /\*\*Defect 5\*\*: Crash in \\\[link\\\]\\\(http:\/\/evil\\\) &lt;img src=x&gt;/);
    assert.match(item.tooltip ?? '', /\| Assigned To \| carol \|/);
    assert.deepEqual(item.command?.arguments, [{ server: 'Demo', domain: 'DEFAULT', project: 'Demo', id: 5 }]);
  });

  it('applies the project filter (status, owner "me", name text) to both defect nodes and shows it on the project', async () => {
    const { world, ctx, root } = await setup({ password: 'secret', defects: 250 });
    const p = await projectNode(ctx, root);
    await p.setFilter({ status: ['Open', 'New'], owner: [ME], name: 'login' });
    assert.equal(p.item().description, 'filter: status: Open, New · owner: me · name: “login”');
    assert.equal(p.item().contextValue, 'alm:project+filtered');
    const rows = await kids(await defectsOf(p));
    const expected = world
      .project('DEFAULT', 'Demo')
      .rows.filter((d) => ['Open', 'New'].includes(String(d.status)) && d.owner === 'alice' && String(d.name).includes('login'))
      .map((d) => d.id)
      .sort((a, b) => b - a);
    assert.ok(expected.length > 0);
    assert.deepEqual(
      rows.map((r) => (r as DefectNode).ref.id),
      expected,
    );
    // The filter survives a "reload": a new view state over the same memento.
    assert.deepEqual(ctx.state.filter('alm:Demo/DEFAULT/Demo'), { status: ['Open', 'New'], owner: [ME], name: 'login' });
  });

  it('"My Defects" adds owner = the signed-in user', async () => {
    const { ctx, root } = await setup({ password: 'secret', defects: 60 });
    const mine = await kids(await defectsOf(await projectNode(ctx, root), 'mine'));
    assert.ok(mine.length > 0);
    for (const r of mine) assert.equal((r as DefectNode).defect.owner, 'alice');
  });

  it('groups by status with exact counts in list order, a no-value group, and groups that page alone', async () => {
    const { ctx, root } = await setup({ password: 'secret', defects: 250 });
    await ctx.state.setGroupBy('owner');
    const p = await projectNode(ctx, root);
    const defects = await defectsOf(p);
    const groups = (await kids(defects)) as GroupNode[];
    // Owners as every view names them (issue 39: the groups showed bare login names); no owner as no value reads.
    assert.deepEqual(labels(groups), ['Alice Adams (alice)', 'bob', 'carol', '—']);
    assert.equal(groups[0].group.value, 'alice', 'the group still filters by the login name');
    const counts = groups.map((g) => Number(g.item().description));
    assert.equal(
      counts.reduce((a, b) => a + b, 0),
      250,
      'every defect is in a group',
    );
    assert.equal(counts[3], 35, '250/7 defects have no owner');
    const unassigned = await kids(groups[3]);
    assert.equal(unassigned.length, 35);
    for (const r of unassigned) assert.equal((r as DefectNode).defect.owner, null);
    assert.equal(defects.item().contextValue, 'alm:defects+grouped');

    await ctx.state.setGroupBy('status');
    await p.reloadDefects();
    const byStatus = (await kids(defects)) as GroupNode[];
    assert.deepEqual(labels(byStatus), ['New', 'Open', 'Fixed', 'Closed'], 'list order, not alphabetical');
    const open = await kids(byStatus[1]);
    assert.equal(open.length, 63);
    for (const r of open) assert.equal((r as DefectNode).defect.status, 'Open');
    assert.ok(byStatus.every((g) => g.id.startsWith('alm:Demo/DEFAULT/Demo/defects/status=')));
  });

  it('shows lists and their values hierarchically; refresh re-reads them', async () => {
    const { world, ctx, root } = await setup({ password: 'secret' });
    const lists = (await kids(await projectNode(ctx, root)))[3] as ListsNode;
    const top = (await kids(lists)) as ListItemNode[];
    assert.deepEqual(labels(top), ['Bug Status', 'Severity', 'Subject']);
    assert.equal(top[0].item().description, '4 values');
    assert.deepEqual(labels(await kids(top[0])), ['New', 'Open', 'Fixed', 'Closed']);
    const apps = (await kids(top[2]))[0];
    const mobile = (await kids(apps))[0];
    assert.deepEqual(labels(await kids(mobile)), ['iOS']);
    assert.equal(mobile.item().collapsible, 'collapsed');
    assert.equal((await kids(mobile))[0].item().collapsible, 'none');
    lists.refresh();
    await kids(lists);
    assert.deepEqual(
      world.project('DEFAULT', 'Demo').listReads.map((r) => r.refresh),
      [false, true],
    );
  });

  it('turns errors and empty results into message rows, never exceptions', async () => {
    const { world, ctx, root } = await setup({ password: 'secret' });
    const regression = await projectNode(ctx, root, 'QA', 'Regression');
    const empty = await kids(await defectsOf(regression));
    assert.equal((empty[0] as MessageNode).kind, 'empty');
    assert.equal(empty[0].item().label, 'No defects');

    const p = await projectNode(ctx, root);
    world.project('DEFAULT', 'Demo').failWith = new Error('boom');
    const failed = await kids(await defectsOf(p));
    assert.equal((failed[0] as MessageNode).kind, 'error');
    assert.equal(failed[0].item().label, 'Unexpected error: boom');
    assert.equal(failed[0].item().command?.command, 'almDefects.refreshNode');

    world.project('DEFAULT', 'Demo').failWith = undefined;
    await p.setFilter({ query: '{status[Open' });
    const bad = await kids(await defectsOf(p));
    assert.match(bad[0].item().label, /^Filter: /);
  });

  it('shows "Loading…" when a load is slow and redraws the node when it arrives', async () => {
    const { world, ctx, root } = await setup({ password: 'secret' });
    const p = await projectNode(ctx, root);
    const demo = world.project('DEFAULT', 'Demo');
    let open!: () => void;
    demo.gate = new Promise((r) => (open = r));
    const defects = await defectsOf(p);
    (ctx as { loadingDelayMs: number }).loadingDelayMs = 5;
    const first = await defects.getChildren();
    assert.equal((first[0] as MessageNode).kind, 'loading');
    ctx.redraws.length = 0;
    open();
    const rows = await defects.resolveChildren();
    assert.equal(rows.length, 101);
    assert.ok(ctx.redraws.includes(defects), 'the node was redrawn once loaded');
  });

  it('a refresh aborts the load in flight instead of stacking a second one', async () => {
    const { world, ctx, root } = await setup({ password: 'secret' });
    const p = await projectNode(ctx, root);
    const demo = world.project('DEFAULT', 'Demo');
    let open!: () => void;
    demo.gate = new Promise((r) => (open = r));
    (ctx as { loadingDelayMs: number }).loadingDelayMs = 1;
    const defects = await defectsOf(p);
    await defects.getChildren();
    const firstSignal = demo.pageCalls[0].signal;
    defects.refresh();
    const again = defects.resolveChildren();
    // Waits for the second request itself (not a fixed time in which it may or may not start).
    await eventLoopUntil(() => demo.pageCalls.length >= 2, 'the reload never asked the server again');
    assert.equal(firstSignal?.aborted, true, 'the first request was aborted');
    assert.equal(demo.pageCalls.length, 2);
    assert.equal(demo.pageCalls[1].signal?.aborted, false);
    open();
    assert.equal((await again).length, 101);
  });

  it('keeps expanded state in the view state', async () => {
    const { ctx, root } = await setup({ password: 'secret' });
    const p = await projectNode(ctx, root);
    assert.equal(p.item().collapsible, 'collapsed');
    await ctx.state.setExpanded(p.id, true);
    assert.equal(p.item().collapsible, 'expanded');
    const [server] = root.servers();
    assert.equal(server.item().collapsible, 'collapsed');
  });
});

describe('tree nodes: refresh', () => {
  it('a refreshed domain asks the server for its projects again', async () => {
    const { world, ctx, root } = await setup({ password: 'secret' });
    const [server] = root.servers();
    const [domain] = await kids(server);
    assert.deepEqual(labels(await kids(domain)), ['Demo', 'Playground']);
    world.domains[0].projects.pop();
    domain.refresh();
    assert.deepEqual(labels(await kids(domain)), ['Demo']);
    void ctx;
  });
});
