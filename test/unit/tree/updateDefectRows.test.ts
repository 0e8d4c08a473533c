import * as assert from 'node:assert/strict';
import { DefectNode } from '../../../src/tree/nodes/defectNode';
import type { TreeNode } from '../../../src/tree/nodes/treeNode';
import { reloadDefectLists, updateDefectRows } from '../../../src/tree/view/updateDefectRows';
import { demoTree, kids } from './fakes';

describe('a saved defect in the tree', () => {
  async function setup() {
    const { world, root, defects } = await demoTree(250);
    const rows = (await kids(defects)).filter((n): n is DefectNode => n instanceof DefectNode);
    const changed: TreeNode[] = [];
    return { root, rows, changed, world, target: { root, changed: (n: TreeNode) => changed.push(n) } };
  }

  it('shows the server copy in the loaded row and redraws only that row, with no request', async () => {
    const { rows, changed, world, target } = await setup();
    const row = rows[3];
    const requestsBefore = world.project('DEFAULT', 'Demo').pageCalls.length;
    const saved = { ...row.defect, name: 'Renamed in the editor', severity: '5-Urgent' };
    const n = updateDefectRows(target, { server: 'Demo', domain: 'DEFAULT', project: 'Demo', id: row.defect.id }, saved);
    assert.equal(n, 1);
    assert.deepEqual(changed, [row]);
    assert.equal(row.item().label, `${row.defect.id}: Closed · bob — Renamed in the editor`);
    assert.match(String(row.item().description), /5-Urgent/);
    assert.equal(world.project('DEFAULT', 'Demo').pageCalls.length, requestsBefore, 'nothing fetched');
  });

  it('leaves the tree alone for a defect of another project or one not loaded', async () => {
    const { rows, changed, target } = await setup();
    const other = { ...rows[0].defect, name: 'elsewhere' };
    assert.equal(updateDefectRows(target, { server: 'Demo', domain: 'DEFAULT', project: 'Other', id: other.id }, other), 0);
    assert.equal(updateDefectRows(target, { server: 'Nope', domain: 'DEFAULT', project: 'Demo', id: other.id }, other), 0);
    assert.equal(updateDefectRows(target, { server: 'Demo', domain: 'DEFAULT', project: 'Demo', id: 99_999 }, { ...other, id: 99_999 }), 0);
    assert.deepEqual(changed, []);
    assert.notEqual(rows[0].item().label, `${other.id}: elsewhere`);
  });
});

describe('a deleted defect in the tree', () => {
  it('reads again the loaded list holding its row, and leaves lists without it and other projects alone', async () => {
    const { root, defects, world } = await demoTree(30);
    const rows = (await kids(defects)).filter((n): n is DefectNode => n instanceof DefectNode);
    const gone = rows[2].defect.id;
    assert.equal(reloadDefectLists({ root }, { server: 'Demo', domain: 'DEFAULT', project: 'Other', id: gone }), 0);
    assert.equal(reloadDefectLists({ root }, { server: 'Demo', domain: 'DEFAULT', project: 'Demo', id: 99_999 }), 0);
    assert.notEqual(defects.loaded, undefined, 'nothing read again for a defect it does not hold');
    const before = world.project('DEFAULT', 'Demo').pageCalls.length;
    assert.equal(reloadDefectLists({ root }, { server: 'Demo', domain: 'DEFAULT', project: 'Demo', id: gone }), 1);
    assert.equal(defects.loaded, undefined, 'the list forgot its rows and reads them again when shown');
    await kids(defects);
    assert.ok(world.project('DEFAULT', 'Demo').pageCalls.length > before, 'its rows are read from the server again');
  });
});
