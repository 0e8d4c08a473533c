import * as assert from 'node:assert/strict';
import type { GroupNode } from '../../../src/tree/nodes/groupNode';
import { SEVERITIES, demoTree, kids } from './fakes';

/** Demo's "Defects" over `n` fake defects, grouped by `group`, not loaded yet. */
async function grouped(n: number, group: 'severity' | 'owner') {
  const { defects, fake } = await demoTree(n, { groupBy: group });
  return { defects, fake };
}

describe('group counts', () => {
  it('counts a list field with one count-only request per value and one for the total, never a scan', async () => {
    const { defects, fake } = await grouped(5000, 'severity');
    const groups = (await kids(defects)) as GroupNode[];
    assert.deepEqual(
      groups.map((g) => g.group.value),
      SEVERITIES,
      'list order',
    );
    assert.deepEqual(
      groups.map((g) => g.group.count),
      [1000, 1000, 1000, 1000, 1000],
    );
    assert.equal(fake.calls.length, SEVERITIES.length + 1);
    assert.ok(
      fake.calls.every((c) => c.pageSize === 1),
      'no 2,000-defect scan pages',
    );
  });

  it('falls back to one scan when the counts do not add up (values outside the list or none)', async () => {
    const { defects, fake } = await grouped(300, 'severity');
    fake.rows[0].severity = null;
    fake.rows[1].severity = 'Retired value';
    const groups = (await kids(defects)) as GroupNode[];
    assert.equal(
      groups.reduce((n, g) => n + g.group.count, 0),
      300,
      'every defect is in a group',
    );
    assert.deepEqual(
      groups.slice(-2).map((g) => g.group.value),
      ['Retired value', null],
    );
    assert.ok(
      fake.calls.some((c) => c.pageSize === 2000),
      'scanned',
    );
  });
});
