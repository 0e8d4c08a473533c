// The query plans that keep pages fast at a million defects (issue 16), checked with EXPLAIN QUERY
// PLAN on a project database: a deep offset in id order walks the narrow id index, not the rows
// with their memos, "assigned to X, not Closed, newest first" needs no sort, and the counts that
// grouping by owner asks (one per user, with or without a status filter) read only counter rows.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAGING } from '../../../server/src/config';
import { CATALOGS } from '../../../server/src/metadata/catalog';
import { compileCollectionRequest, pageQuery } from '../../../server/src/query/index';
import { countFromCounters } from '../../../server/src/store/defectCounts';
import type { Statement } from '../../../server/src/store/sqlite';
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

  it('the counts of grouping by owner, alone, under a status filter and for no owner, read only counter rows by their key', () => {
    for (const query of ['{owner[alice]}', "{owner['']}", '{status[Open or New];owner[alice]}', "{status[Open or New];owner['']}", '{owner[bob];status[<>Closed]}']) {
      const c = compileCollectionRequest({ query, limit: '1' }, CATALOGS.defects, PAGING);
      const plans: string[] = [];
      // Each statement's plan is taken with the parameters it runs with.
      const explaining = (sql: string) =>
        ({
          pluck: () => ({
            get: (...params: unknown[]) => {
              const rows = store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
              plans.push(...rows.map((r) => r.detail));
              return store.db
                .prepare(sql)
                .pluck()
                .get(...params);
            },
          }),
        }) as unknown as Statement;
      const counted = countFromCounters(explaining, c.countShape ?? { kind: 'all' });
      assert.notEqual(counted, undefined, `${query} is counted`);
      const tables = plans.filter((d) => /^(SEARCH|SCAN) /.test(d) && !/json_each/.test(d));
      assert.ok(tables.length > 0, query);
      for (const d of tables)
        assert.match(d, /^SEARCH (defect_counts USING INDEX sqlite_autoindex_defect_counts_1 \(field=|defect_pair_counts USING PRIMARY KEY \(field-a=\? AND field-b=)/, `${query}: ${d}`);
    }
  });

  it('"no owner" in id order is one index range without a sort while no owner is the empty text, and both tests once one is', () => {
    const plan = (query: string) => {
      const c = compileCollectionRequest({ query, limit: '1' }, store.defectCatalog(), PAGING);
      const { sql, params } = pageQuery('defects', '"id"', c);
      const details = (store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail).join(' | ');
      return {
        where: c.where,
        details,
        ids: store.db
          .prepare(sql)
          .pluck()
          .all(...params) as number[],
      };
    };
    const nullOwner = store.insertDefect({ name: 'unassigned', severity: '2-Medium', status: 'New', 'detected-by': 'bob', owner: null });
    try {
      const before = plan("{owner['']}");
      assert.equal(before.where, '"owner" IS NULL');
      assert.doesNotMatch(before.details, /TEMP B-TREE|MULTI-INDEX OR/, before.details);
      assert.deepEqual(before.ids, [nullOwner]);
      const emptyOwner = store.insertDefect({ name: 'empty owner', severity: '2-Medium', status: 'New', 'detected-by': 'bob', owner: '' });
      const after = plan("{owner['']}");
      assert.equal(after.where, `("owner" IS NULL OR "owner" = '')`, 'the empty text is searched for too');
      assert.deepEqual(after.ids, [nullOwner], 'the first in id order');
      store.deleteDefect(nullOwner);
      assert.deepEqual(plan("{owner['']}").ids, [emptyOwner]);
      store.deleteDefect(emptyOwner);
    } finally {
      store.deleteDefect(nullOwner);
    }
  });
});
