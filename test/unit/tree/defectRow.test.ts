import * as assert from 'node:assert/strict';
import type { Defect } from '../../../src/api';
import { findDefectRow } from '../../../src/tree/nodes/defectRow';
import { DefectNode } from '../../../src/tree/nodes/defectNode';
import { GroupNode } from '../../../src/tree/nodes/groupNode';
import { demoTree, kids } from './fakes';

/** A signed-in tree over 250 fake defects, with Demo's "Defects" node loaded once. */
async function setup() {
  const { ctx, project, defects, fake } = await demoTree(250);
  await kids(defects);
  return { ctx, project, defects, fake };
}

/** What "New Defect…" leaves on the server: one more defect, after the tree loaded its pages. */
function created(id: number, fields: Partial<Defect> = {}): Defect {
  return { type: 'defect', id, name: 'Created from the editor', status: 'New', severity: '3-High', priority: 'P2', owner: 'bob', 'detected-by': 'alice', ...fields };
}

describe('finding a defect row to reveal', () => {
  it('finds a new defect in the refreshed first page (newest first), as a row of "Defects"', async () => {
    const { defects, fake } = await setup();
    fake.rows.push(created(251));
    assert.equal(await findDefectRow(defects, 251), undefined, 'the loaded page predates it, and nothing else is fetched');
    defects.refresh();
    const row = await findDefectRow(defects, 251);
    assert.ok(row, 'found after the refresh');
    assert.equal(row.ref.id, 251);
    assert.equal(row.parent, defects, 'its parent (getParent for reveal) is the Defects node');
    assert.equal(row.item().label, '251: New · bob — Created from the editor');
    assert.equal((await kids(defects))[0], row, 'the row is the very node the view lists first');
  });

  it('does not page through the list for a defect beyond the loaded page', async () => {
    const { ctx, project, defects, fake } = await setup();
    await ctx.state.setSort({ field: 'id', direction: 'asc' });
    await project.reloadDefects();
    fake.rows.push(created(251));
    const before = fake.pageCalls.length;
    assert.equal(await findDefectRow(defects, 251), undefined);
    assert.deepEqual(
      fake.pageCalls.slice(before).map((c) => c.offset),
      [0],
      'one first page, no further pages',
    );
    assert.ok(defects.loadedRow(1), 'the first page (ids 1…100) is loaded');
  });

  it('gives undefined when the filter hides the new defect', async () => {
    const { project, defects, fake } = await setup();
    await project.setFilter({ status: ['Open'] });
    fake.rows.push(created(251, { status: 'New' }));
    assert.equal(await findDefectRow(defects, 251), undefined);
    assert.ok((await kids(defects)).length > 0, 'the filtered list itself loaded');
  });

  it("grouped: loads only the new defect's group and finds its row there", async () => {
    const { ctx, project, defects, fake } = await setup();
    await ctx.state.setGroupBy('severity');
    fake.rows.push(created(251, { severity: '5-Urgent' }));
    await project.reloadDefects();
    const row = await findDefectRow(defects, 251);
    assert.ok(row);
    const group = row.parent;
    assert.ok(group instanceof GroupNode);
    assert.equal(group.group.value, '5-Urgent');
    assert.equal(group.parent, defects);
    const groups = (await kids(defects)) as GroupNode[];
    assert.deepEqual(
      groups.filter((g) => g.loaded !== undefined).map((g) => g.group.value),
      ['5-Urgent'],
      'other groups stay unloaded',
    );
    // Group counts are one-row requests too; the lookup is the one by id.
    const lookup = fake.pageCalls.find((c) => c.pageSize === 1 && c.filter !== undefined && 'id' in c.filter);
    assert.ok(lookup, 'one lookup of the defect');
    assert.deepEqual(lookup.fields, ['severity']);
    assert.deepEqual(lookup.filter, { id: { op: '=', value: 251 } });
  });

  it('grouped by owner: a defect without an owner is found in the no-value group (—)', async () => {
    const { ctx, project, defects, fake } = await setup();
    await ctx.state.setGroupBy('owner');
    fake.rows.push(created(251, { owner: null }));
    await project.reloadDefects();
    const row = await findDefectRow(defects, 251);
    assert.ok(row);
    assert.ok(row.parent instanceof GroupNode);
    assert.equal(row.parent.group.value, null);
    assert.equal(row.parent.item().label, '—');
  });

  it('grouped and filtered out: undefined, with no group loaded', async () => {
    const { ctx, project, defects, fake } = await setup();
    await ctx.state.setGroupBy('status');
    await project.setFilter({ severity: ['1-Low'] });
    fake.rows.push(created(251, { severity: '3-High' }));
    assert.equal(await findDefectRow(defects, 251), undefined);
    const groups = (await kids(defects)) as GroupNode[];
    assert.ok(groups.length > 0);
    assert.ok(groups.every((g) => g.loaded === undefined));
  });
});

describe('a defect row item', () => {
  it('shows the defect it holds now, and its changed mark while set', async () => {
    const { defects } = await setup();
    const row = (await kids(defects)).find((n) => n instanceof DefectNode);
    assert.ok(row instanceof DefectNode);
    row.defect = { ...row.defect, name: 'Renamed on the server' };
    assert.equal(row.item().label, `${row.ref.id}: Fixed · bob — Renamed on the server`);
    row.changedRemotely = true;
    assert.match(row.item().description ?? '', /changed/);
    assert.equal(row.item().contextValue, 'alm:defect+changed');
    row.changedRemotely = false;
    assert.equal(row.item().contextValue, 'alm:defect');
  });
});
