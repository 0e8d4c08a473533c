import * as assert from 'node:assert/strict';
import type { GroupNode } from '../../../src/tree/nodes/groupNode';
import type { Defect } from '../../../src/api/index';
import { countGroups } from '../../../src/defects/groupCounts';
import { fakeProject } from '../../support/fakeProject/project';
import { SEVERITIES, demoTree, kids } from './fakes';

/** Demo's "Defects" over `n` fake defects, grouped by `group`, not loaded yet. */
async function grouped(n: number, group: 'severity' | 'owner') {
  const { defects, fake } = await demoTree(n, { groupBy: group });
  return { defects, fake };
}

describe('group counts', () => {
  it('counts a list field with one count-only request per value, one for no value and one for the total, never a scan', async () => {
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
    assert.equal(fake.pageCalls.length, SEVERITIES.length + 2, 'one per value, one for no value, one for the total');
    assert.ok(
      fake.pageCalls.every((c) => c.pageSize === 1),
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
      fake.pageCalls.some((c) => c.pageSize === 2000),
      'scanned',
    );
  });

  it('counts a user field (owner) with one count-only request per project user, one for no owner and one for the total, never a scan', async () => {
    const { defects, fake } = await grouped(700, 'owner');
    const groups = (await kids(defects)) as GroupNode[];
    const expected = (owner: string | null) => fake.rows.filter((d) => d.owner === owner).length;
    assert.deepEqual(
      groups.map((g) => [g.group.value, g.group.count]),
      ['alice', 'bob', 'carol', null].map((o) => [o, expected(o)]),
      'users by name, then the defects without an owner',
    );
    assert.equal(fake.pageCalls.length, 3 + 2, 'three users, no owner, the total');
    assert.ok(
      fake.pageCalls.every((c) => c.pageSize === 1),
      'no 2,000-defect scan pages',
    );
    assert.deepEqual(
      fake.pageCalls
        .map((c) => c.filter?.owner)
        .filter(Boolean)
        .slice(-1),
      [{ op: '=', value: '' }],
      'no owner is asked as the empty value',
    );
  });

  it('scans when a defect is assigned to someone no longer among the project users', async () => {
    const { defects, fake } = await grouped(300, 'owner');
    fake.rows[2].owner = 'zoe';
    const groups = (await kids(defects)) as GroupNode[];
    assert.deepEqual(groups.find((g) => g.group.value === 'zoe')?.group.count, 1, 'the former user has a group');
    assert.equal(
      groups.reduce((n, g) => n + g.group.count, 0),
      300,
    );
    assert.ok(
      fake.pageCalls.some((c) => c.pageSize === 2000),
      'scanned',
    );
  });
});

describe('tree groups: the scan walks pages with the one page walker', () => {
  it('fails, instead of showing fewer defects than the server counted, when the server stops short of its total', async () => {
    // Issue 39: the scan had its own loop without the "server stopped early" check, so 2 of 5 defects read as all.
    const two: Defect[] = [1, 2].map((id) => ({ type: 'defect', id, severity: 'High' }));
    const fake = fakeProject({ defects: two });
    fake.fields = () => Promise.reject(new Error('no metadata'));
    // The server says five and gives two, then none.
    fake.alterPage = (page) => ({ ...page, total: 5, hasMore: page.offset === 0 });
    const api = fake.api();
    await assert.rejects(countGroups(api, 'severity', {}, new AbortController().signal), /stopped returning items at 2 of 5/);
  });
});
