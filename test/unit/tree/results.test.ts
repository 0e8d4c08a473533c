// The result a tree node shows (src/tree/nodes/defectQueries.ts over src/defects/results.ts): the
// query the grid and CSV export open for it, the same filter and order the node sends.
import * as assert from 'node:assert/strict';
import { NO_VALUE } from '../../../src/defects/fieldText';
import { favoriteQuery, groupQuery, savedFilterQuery } from '../../../src/defects/results';
import { DefectNode } from '../../../src/tree/nodes/defectNode';
import { resultOf, resultScopeOf } from '../../../src/tree/nodes/defectQueries';
import { GroupNode } from '../../../src/tree/nodes/groupNode';
import { demoTree, kids } from './fakes';

describe('the result of a tree node', () => {
  it("a project and its Defects open the project's filter in the tree's sort; My Defects adds owner = me", async () => {
    const { project } = await demoTree(5);
    const [, mine] = await kids(project);
    const all = await resultOf(project);
    assert.deepEqual(all, { query: { server: 'Demo', domain: 'DEFAULT', project: 'Demo', filter: {}, orderBy: [{ field: 'id', direction: 'desc' }], title: 'Defects · Demo' } });
    const my = await resultOf(mine);
    assert.deepEqual(my?.query.filter, { owner: { op: '=', value: 'alice' } });
    assert.equal(my?.query.title, 'My Defects · Demo');
  });

  it('a group adds its own condition without touching its list, and a defect row is no result', async () => {
    const { defects } = await demoTree(20, { groupBy: 'severity' });
    const groups = (await kids(defects)).filter((n): n is GroupNode => n instanceof GroupNode);
    const group = groups[0];
    const result = await resultOf(group);
    assert.deepEqual(result?.query.filter, { severity: { op: '=', value: group.group.value } });
    assert.equal(result?.query.title, `severity: ${group.group.value} · Defects · Demo`);
    assert.deepEqual((await resultOf(defects))?.query.filter, {}, "the list's own result keeps no group condition");
    const row = (await kids(group)).find((n) => n instanceof DefectNode);
    assert.ok(row);
    assert.equal(await resultOf(row), undefined);
  });

  it('a saved filter replaces the project filter, "me" read as the user; "no value" groups ask for an empty value', async () => {
    const { project } = await demoTree(1);
    const scope = resultScopeOf(project);
    const saved = savedFilterQuery(scope, { name: 'Mine open', filter: { owner: ['@me'], status: ['Open'] } });
    assert.equal(saved.title, 'Mine open · Demo');
    assert.deepEqual(saved.filter.status, { op: '=', value: 'Open' });
    const empty = groupQuery(saved, 'severity', null);
    assert.deepEqual(empty.filter.severity, { op: '=', value: '' });
    assert.equal(empty.title, `severity: ${NO_VALUE} · Mine open · Demo`);
    assert.equal(saved.filter.severity, undefined, 'the base query is left as it was');
  });

  it("a favorite runs in its own order, else the tree's, and its title names what was not applied", async () => {
    const { project } = await demoTree(1);
    const scope = resultScopeOf(project);
    const own = favoriteQuery(scope, 'Urgent', { filter: { severity: { op: '=', value: '5-Urgent' } }, orderBy: [{ field: 'name', direction: 'asc' }], notApplied: [] });
    // Made total as every paged view's order is (id after its own keys).
    assert.deepEqual(own.orderBy, [
      { field: 'name', direction: 'asc' },
      { field: 'id', direction: 'asc' },
    ]);
    const fallback = favoriteQuery(scope, 'Urgent', { filter: {}, orderBy: [], notApplied: ['filter on Test Set not applied'] });
    assert.deepEqual(fallback.orderBy, [{ field: 'id', direction: 'desc' }]);
    assert.equal(fallback.title, 'Urgent · Demo (filter on Test Set not applied)');
  });
});
