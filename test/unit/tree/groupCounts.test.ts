import * as assert from 'node:assert/strict';
import { ServerConnection } from '../../../src/auth/connection';
import { transportOptions } from '../../../src/config/transport';
import { Log } from '../../../src/util/log';
import { DefectsNode } from '../../../src/tree/nodes/defectsNode';
import type { GroupNode } from '../../../src/tree/nodes/groupNode';
import { ProjectNode } from '../../../src/tree/nodes/projectNode';
import { TreeRoot } from '../../../src/tree/nodes/root';
import type { TreeNode } from '../../../src/tree/nodes/treeNode';
import { LoadingNode } from '../../../src/tree/nodes/treeNode';
import { DEMO_ENTRY, FakeWorld, MapVault, RecordingSink, SEVERITIES, testContext } from './fakes';

async function kids(node: TreeNode): Promise<TreeNode[]> {
  return node instanceof LoadingNode ? node.resolveChildren() : node.getChildren();
}

/** Demo's "Defects" over `n` fake defects, grouped by `group`, not loaded yet. */
async function grouped(n: number, group: 'severity' | 'owner') {
  const world = new FakeWorld(n);
  const vault = new MapVault();
  await vault.set(DEMO_ENTRY, 'secret');
  const connection = new ServerConnection(DEMO_ENTRY, transportOptions(DEMO_ENTRY, { proxyStrictSSL: true, noProxy: [] }, undefined), vault, world.factory, Log.create(new RecordingSink()));
  await connection.loadPassword();
  const ctx = testContext();
  ctx.sources = [connection];
  await ctx.state.setGroupBy(group);
  const root = new TreeRoot(ctx);
  const [domain] = await kids(root.servers()[0]);
  const project = (await kids(domain)).find((n): n is ProjectNode => n instanceof ProjectNode && n.project === 'Demo');
  assert.ok(project);
  const [defects] = await kids(project);
  assert.ok(defects instanceof DefectsNode);
  return { defects, fake: world.project('DEFAULT', 'Demo') };
}

describe('group counts', () => {
  it('counts a list field with one count-only request per value and one for the total, never a scan', async () => {
    const { defects, fake } = await grouped(5000, 'severity');
    const groups = (await kids(defects)) as GroupNode[];
    assert.deepEqual(groups.map((g) => g.group.value), SEVERITIES, 'list order');
    assert.deepEqual(groups.map((g) => g.group.count), [1000, 1000, 1000, 1000, 1000]);
    assert.equal(fake.calls.length, SEVERITIES.length + 1);
    assert.ok(fake.calls.every((c) => c.pageSize === 1), 'no 2,000-defect scan pages');
  });

  it('falls back to one scan when the counts do not add up (values outside the list or none)', async () => {
    const { defects, fake } = await grouped(300, 'severity');
    fake.rows[0].severity = null;
    fake.rows[1].severity = 'Retired value';
    const groups = (await kids(defects)) as GroupNode[];
    assert.equal(groups.reduce((n, g) => n + g.group.count, 0), 300, 'every defect is in a group');
    assert.deepEqual(groups.slice(-2).map((g) => g.group.value), ['Retired value', null]);
    assert.ok(fake.calls.some((c) => c.pageSize === 2000), 'scanned');
  });
});
