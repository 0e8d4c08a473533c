// The ALM tree built the way the extension builds it (TreeRoot over a ServerConnection with the real
// AlmClient), against the project's ALM server with 1,000 demo defects: a refused password without a
// sign-in loop, the levels and their ids, paging to the last defect, a filter with owner "me", a
// grouping with exact counts, and the lists as the server has them. These checks were end-to-end tests
// that read the tree through activate()'s return value (issue 29); the workbench itself is covered by
// test/e2e/ui/tree.test.ts. The counts are asked of the server through bob's own client.
import * as assert from 'node:assert/strict';
import type { AlmClient, Filter, ProjectApi } from '../../../src/api/index';
import { ME } from '../../../src/defects/filter';
import { DefectsNode } from '../../../src/tree/nodes/defectsNode';
import type { DefectNode } from '../../../src/tree/nodes/defectNode';
import { FavoriteNode } from '../../../src/tree/nodes/favoriteNode';
import { GroupNode } from '../../../src/tree/nodes/groupNode';
import { LoadMoreNode } from '../../../src/tree/nodes/loadMoreNode';
import { ProjectNode } from '../../../src/tree/nodes/projectNode';
import { favoriteQuery } from '../../../src/defects/results';
import { resultOf } from '../../../src/tree/nodes/defectQueries';
import { orderByOf, sortKeysOf } from '../../../src/grid/controller/sortKeys';
import { recountGroups, reloadDefectLists, updateDefectRows } from '../../../src/tree/view/updateDefectRows';
import type { TreeNode } from '../../../src/tree/nodes/treeNode';
import { startTestServer } from '../../support/server';
import type { RunningServer } from '../../support/server';
import { clientFor } from '../api/harness';
import { kids } from '../../unit/tree/fakes';
import { node, treeOf } from './realTree';
import type { Tree } from './realTree';

const labels = (nodes: TreeNode[]): string[] => nodes.map((n) => n.item().label);

/** Loads every page of a paged node through its "Load more" row; returns the defect rows. */
async function loadAll(parent: DefectsNode | GroupNode): Promise<TreeNode[]> {
  for (let guard = 0; guard < 100; guard++) {
    const rows = await kids(parent);
    if (!(rows[rows.length - 1] instanceof LoadMoreNode)) return rows;
    await parent.loadMore();
  }
  throw new Error('Load more never ended');
}

describe('tree integration: the ALM tree against the ALM server (1,000 defects)', function () {
  this.timeout(120_000);
  let server: RunningServer;
  let bob: AlmClient;
  let demo: ProjectApi;
  let alice: Tree;

  const total = async (filter?: Filter): Promise<number> => (await demo.defects.page({ pageSize: 1, ...(filter ? { filter } : {}) })).total;

  before(async () => {
    server = await startTestServer({ defects: 1000 });
    ({ client: bob } = clientFor(server.baseUrl, 'bob'));
    demo = bob.project('DEFAULT', 'Demo');
    alice = await treeOf(server, 'alice-demo');
  });

  after(async () => {
    await alice?.connection.dispose();
    await bob?.dispose();
    await server?.close();
  });

  it('refuses a wrong password with a clear message row and never sends it again', async () => {
    const refused = await treeOf(server, 'wrong-password');
    try {
      for (let i = 0; i < 3; i++) {
        const rows = await kids(refused.root.servers()[0]);
        assert.deepEqual(labels(rows), ['Sign-in failed — click to sign in again']);
        assert.match(rows[0].item().tooltip ?? '', /password is wrong/);
        // A refresh of the server row (what the Refresh command does) must not try the password again.
        refused.root.servers()[0].refresh();
      }
      assert.equal(refused.connection.status, 'failed');
      assert.equal(refused.connection.signInAttempts, 1, 'no sign-in loop');
    } finally {
      await refused.connection.dispose();
    }
  });

  it('shows server → domain → project → Defects, My Defects, Favorites and Lists with stable ids', async () => {
    const serverRow = alice.root.servers()[0];
    assert.deepEqual(labels(await kids(serverRow)), ['DEFAULT'], 'pinned to DEFAULT');
    assert.equal(serverRow.item().contextValue, 'alm:server+signedIn');
    const project = await node(alice, 'DEFAULT', 'Demo');
    assert.equal(project.id, 'alm:Demo/DEFAULT/Demo');
    assert.equal(project.item().contextValue, 'alm:project');
    const children = await kids(project);
    assert.deepEqual(labels(children), ['Defects', 'My Defects', 'Favorites', 'Lists']);
    assert.deepEqual(
      children.map((c) => c.id),
      ['alm:Demo/DEFAULT/Demo/defects', 'alm:Demo/DEFAULT/Demo/mine', 'alm:Demo/DEFAULT/Demo/favorites', 'alm:Demo/DEFAULT/Demo/lists'],
    );
  });

  it('pages to the last of 1,000 defects with "Load more" and the remaining count', async () => {
    const all = await total();
    assert.ok(all >= 1000, `${all} defects`);
    const defects = await node(alice, 'DEFAULT', 'Demo', 'Defects');
    assert.ok(defects instanceof DefectsNode);
    const first = await kids(defects);
    assert.equal(first.length, 101);
    assert.match(first[0].item().label, /^\d+: /);
    const more = first[100].item();
    assert.equal(more.label, 'Load 100 more');
    assert.equal(more.description, `${(all - 100).toLocaleString('en-US')} remaining`);
    const row = first[0].item();
    assert.match(row.label, /^\d+: \S+ · \S.* — /, 'id: status · owner — summary');
    assert.match(String(row.description), /^\S/, 'the severity');
    assert.ok(row.tooltip?.includes(`**Defect ${row.label.split(':')[0]}**`));
    const rows = await loadAll(defects);
    assert.equal(rows.length, all, 'every defect, no Load more row left');
    assert.match(rows[all - 1].item().label, /^1: /);
    assert.equal(new Set(rows.map((n) => n.id)).size, all, 'unique ids');
    assert.equal(String(defects.item().description).split(' · ')[0], all.toLocaleString('en-US'));
  });

  it('filters by status and owner "me": the project shows the filter, the rows match the server', async () => {
    const project = await node(alice, 'DEFAULT', 'Demo');
    assert.ok(project instanceof ProjectNode);
    await project.setFilter({ status: ['Open'], owner: [ME] });
    try {
      assert.equal(project.item().description, 'filter: status: Open · owner: me');
      assert.equal(project.item().contextValue, 'alm:project+filtered');
      const expected = await total({ status: 'Open', owner: 'alice' });
      assert.ok(expected > 0 && expected < (await total()), `expected a real subset, got ${expected}`);
      const rows = await loadAll((await kids(project))[0] as DefectsNode);
      assert.equal(rows.length, expected);
      for (const r of rows) assert.match(r.item().label, /^\d+: Open · alice — /);
    } finally {
      await project.setFilter(undefined);
    }
    assert.equal(project.item().description, undefined);
  });

  it('groups by severity with exact counts, each group holding only its severity', async () => {
    await alice.ctx.state.setGroupBy('severity');
    try {
      const project = (await node(alice, 'DEFAULT', 'Demo')) as ProjectNode;
      await project.reloadDefects();
      const defects = (await kids(project))[0] as DefectsNode;
      const groups = (await kids(defects)) as GroupNode[];
      assert.ok(groups.length >= 3 && groups.every((g) => g instanceof GroupNode));
      const counts = groups.map((g) => Number(String(g.item().description).replace(/,/g, '')));
      assert.equal(
        counts.reduce((a, b) => a + b, 0),
        await total(),
        'every defect is in one group',
      );
      const urgent = labels(groups).indexOf('5-Urgent');
      assert.ok(urgent >= 0, `groups: ${labels(groups).join(', ')}`);
      assert.equal(counts[urgent], await total({ severity: '5-Urgent' }));
      const rows = await loadAll(groups[urgent]);
      assert.equal(rows.length, counts[urgent]);
      for (const r of rows) assert.equal((r as DefectNode).defect.severity, '5-Urgent');
      assert.equal(defects.item().contextValue, 'alm:defects+grouped');
    } finally {
      await alice.ctx.state.setGroupBy('none');
    }
  });

  it('shows a defect saved in the editor with its new status in an opened ALM favorite, and reads the favorite again when one of its defects is deleted', async () => {
    const favorite = await node(alice, 'DEFAULT', 'Demo', 'Favorites', 'Public', 'Open urgent');
    assert.ok(favorite instanceof FavoriteNode);
    const row = (await kids(favorite)).find((n): n is DefectNode => 'defect' in n);
    assert.ok(row, 'the favorite lists defects');
    const ref = { server: 'Demo', domain: 'DEFAULT', project: 'Demo', id: row.defect.id };
    const status = row.defect.status === 'Fixed' ? 'Closed' : 'Fixed';
    const changed: TreeNode[] = [];
    const updated = updateDefectRows({ root: alice.root, changed: (n) => changed.push(n) }, ref, { ...row.defect, status });
    assert.ok(updated >= 1, 'the favorite row was found');
    assert.ok(changed.includes(row), 'the favorite row redraws');
    assert.match(row.item().label, new RegExp(`^${row.defect.id}: ${status} · `));
    assert.ok(reloadDefectLists({ root: alice.root }, ref) >= 1, 'the favorite holding the deleted defect reads again');
    assert.equal(favorite.loaded, undefined, 'its rows are forgotten until shown again');
  });

  it('groups an opened ALM favorite when the tree is grouped, and counts its groups again after Update Selected, as it does Defects', async () => {
    const project = (await node(alice, 'DEFAULT', 'Demo')) as ProjectNode;
    const favorite = await node(alice, 'DEFAULT', 'Demo', 'Favorites', 'Public', 'Open urgent');
    assert.ok(favorite instanceof FavoriteNode);
    assert.ok(
      (await kids(favorite)).some((n) => 'defect' in n),
      'the favorite lists its defects',
    );
    await alice.ctx.state.setGroupBy('severity');
    try {
      // What "Group By" does (arrangeCommands.ts): each loaded project reloads its lists.
      await project.reloadDefects();
      assert.ok(
        (await kids(favorite)).every((n) => n instanceof GroupNode),
        'the opened favorite is grouped too',
      );
      assert.ok(recountGroups({ root: alice.root }, project.ref, true) >= 1);
      assert.equal(favorite.loaded, undefined, "the favorite's groups are counted again when shown");
    } finally {
      await alice.ctx.state.setGroupBy('none');
      await project.reloadDefects();
    }
    assert.ok(
      (await kids(favorite)).some((n) => 'defect' in n),
      'ungrouped again',
    );
  });

  it('lists an ALM favorite in the order the grid opened on it shows (ties broken by id, as the grid breaks them)', async () => {
    const favorite = await node(alice, 'DEFAULT', 'Demo', 'Favorites', 'Public', 'Open urgent');
    assert.ok(favorite instanceof FavoriteNode);
    const treeIds = (await kids(favorite)).flatMap((n) => ('defect' in n ? [(n as DefectNode).defect.id] : []));
    const view = await favorite.translated();
    // Severity first (many ties), then its own `id Ascending`: the grid dropped that key for its tie-breaker and listed newest first.
    assert.deepEqual(
      view.orderBy.map((o) => o.field),
      ['severity', 'id'],
    );
    const query = favoriteQuery({ ref: favorite.projectNode.ref, username: 'alice', filter: undefined, orderBy: [] }, favorite.favorite.name, view);
    const grid = await demo.defects.page({ filter: query.filter, orderBy: orderByOf(sortKeysOf(query.orderBy)), pageSize: treeIds.length });
    assert.deepEqual(
      treeIds,
      grid.items.map((d) => d.id),
    );
  });

  it("lists a grouped ALM favorite's group in the favorite's order, the one the grid opened on that group shows", async () => {
    const project = (await node(alice, 'DEFAULT', 'Demo')) as ProjectNode;
    const favorite = await node(alice, 'DEFAULT', 'Demo', 'Favorites', 'Public', 'Open urgent');
    assert.ok(favorite instanceof FavoriteNode);
    await alice.ctx.state.setGroupBy('severity');
    try {
      await project.reloadDefects();
      const urgent = (await kids(favorite)).find((n): n is GroupNode => n instanceof GroupNode && n.group.value === '5-Urgent');
      assert.ok(urgent, 'a 5-Urgent group');
      const treeIds = (await kids(urgent)).flatMap((n) => ('defect' in n ? [(n as DefectNode).defect.id] : []));
      const query = (await resultOf(urgent))?.query;
      assert.ok(query, 'the group opens as a result');
      const grid = await demo.defects.page({ filter: query.filter, orderBy: orderByOf(sortKeysOf(query.orderBy)), pageSize: treeIds.length });
      // The favorite sorts severity ↓, id ↑: the group listed newest first, by the tree's own sort.
      assert.deepEqual(
        treeIds,
        grid.items.map((d) => d.id),
      );
      assert.ok(treeIds[0] < treeIds[1], 'oldest first, as the favorite orders');
      // Read again (what Update Selected's recount does), the favorite keeps every group: the group's
      // condition had been added to the favorite's own filter, leaving it only the group opened.
      const groupsBefore = labels(await kids(favorite));
      assert.ok(groupsBefore.length > 1, `groups: ${groupsBefore.join(', ')}`);
      await project.reloadDefects();
      assert.deepEqual(labels(await kids(favorite)), groupsBefore);
    } finally {
      await alice.ctx.state.setGroupBy('none');
      await project.reloadDefects();
    }
  });

  it('shows the project lists and their values as the server has them, nested', async () => {
    const lists = await demo.listItems();
    const top = lists.lists.map((l) => l.name);
    assert.deepEqual(labels(await kids(await node(alice, 'DEFAULT', 'Demo', 'Lists'))), top);
    const severity = lists.lists.find((l) => l.name === 'Severity');
    assert.ok(severity);
    assert.deepEqual(labels(await kids(await node(alice, 'DEFAULT', 'Demo', 'Lists', 'Severity'))), lists.valuesOf(severity.id));
    const accounts = await node(alice, 'DEFAULT', 'Demo', 'Lists', 'Subject', 'Accounts');
    assert.ok((await kids(accounts)).length > 0, 'Subject › Accounts has nested values');
  });
});
