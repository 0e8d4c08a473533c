// The query plans that keep pages fast at a million defects (issue 16), checked with EXPLAIN QUERY
// PLAN on a project database: a deep offset in id order walks the narrow id index, not the rows
// with their memos, and "assigned to X, not Closed, newest first" needs no sort.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAGING } from '../../../server/src/config';
import { CATALOGS } from '../../../server/src/metadata/catalog';
import { compileCollectionRequest, pageQuery } from '../../../server/src/query/index';
import { ProjectStore } from '../../../server/src/store/project';

describe('server: query plans of the pages the tree asks for', function () {
  let dir: string;
  let store: ProjectStore;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'alm-plans-'));
    store = new ProjectStore('DEFAULT', 'Plans', dir, () => new Date());
    store.insertDefects(
      Array.from({ length: 300 }, (_, i) => ({ name: `d${i}`, severity: '2-Medium', status: ['Open', 'Closed'][i % 2], 'detected-by': 'bob', owner: 'alice', description: 'x'.repeat(2000) })),
    );
    store.db.exec('ANALYZE');
  });
  after(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The plan of the inner id query of a page (the part that filters, sorts and skips). */
  const innerPlan = (params: Record<string, string>): string => {
    const c = compileCollectionRequest(params, CATALOGS.defects, PAGING);
    const { sql, params: values } = pageQuery('defects', '"id"', c);
    const rows = store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...values) as { id: number; parent: number; detail: string }[];
    const list = rows.find((r) => r.detail.startsWith('LIST SUBQUERY'));
    return rows
      .filter((r) => list && r.parent === list.id)
      .map((r) => r.detail)
      .join(' | ');
  };

  it('a deep offset in id order, either direction, walks the id index', () => {
    for (const order of ['id', '-id']) {
      const plan = innerPlan({ 'order-by': order, limit: '100', offset: '200' });
      assert.match(plan, /COVERING INDEX defects_id\b/, `${order}: ${plan}`);
      assert.doesNotMatch(plan, /TEMP B-TREE/, `${order}: ${plan}`);
    }
  });

  it('"assigned to X, not Closed, newest first" reads one index in order, without a sort', () => {
    const plan = innerPlan({ query: '{owner[alice];status[<>Closed]}', 'order-by': '-last-modified', limit: '100', offset: '100' });
    assert.match(plan, /COVERING INDEX defects_owner_modified_id/, plan);
    assert.doesNotMatch(plan, /TEMP B-TREE/, plan);
  });
});
