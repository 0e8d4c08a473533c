// "Read these ids" (issue 39): one batch rule in the client (src/api/byIds.ts) for the tree's
// refresh, hovers, the links' names, Update Selected and the chat tools. Before, the links and the
// tree's refresh sent 100 ids per query, hovers 50, Update Selected up to 200 in one.
import { strict as assert } from 'node:assert';
import { ID_BATCH, defectsByIds, idBatches } from '../../../src/api/byIds';
import type { Defect, PageRequest } from '../../../src/api/index';
import { DefectLookup } from '../../../src/references/lookup';

/** A defects API over the ids `existing`, recording the ids each query asked for. */
function fakeDefects(existing: ReadonlySet<number>) {
  const asked: number[][] = [];
  return {
    asked,
    api: {
      page: async (r: PageRequest = {}) => {
        const cond = r.filter?.id as { op: string; values: number[] };
        assert.equal(cond.op, 'in');
        asked.push(cond.values);
        const items = cond.values.filter((id) => existing.has(id)).map((id): Defect => ({ type: 'defect', id }));
        return { items, total: items.length, offset: 0, nextOffset: items.length, hasMore: false };
      },
    },
  };
}

describe('api/byIds: one batch rule for reading a set of defects', () => {
  it('asks at most ID_BATCH ids per query, each id once, and returns the ones that exist', async () => {
    const ids = Array.from({ length: 2 * ID_BATCH + 30 }, (_, i) => i + 1);
    const { api, asked } = fakeDefects(new Set(ids.filter((id) => id % 7 !== 0)));
    const found = await defectsByIds(api, [...ids, 5, 6, 5], { fields: ['name'] });
    assert.deepEqual(
      asked.map((a) => a.length),
      [ID_BATCH, ID_BATCH, 30],
    );
    assert.deepEqual(asked.flat(), ids, 'every id once, in the order given');
    assert.equal(found.length, ids.filter((id) => id % 7 !== 0).length);
  });

  it('sends nothing for no ids', async () => {
    const { api, asked } = fakeDefects(new Set());
    assert.deepEqual(await defectsByIds(api, []), []);
    assert.equal(asked.length, 0);
    assert.deepEqual(idBatches([]), []);
  });

  it('a hover batch goes out once it holds the client’s ID_BATCH ids, not before', async () => {
    const calls: number[][] = [];
    const lookup = new DefectLookup({
      fetch: async (_key, ids) => {
        calls.push([...ids]);
        return [];
      },
      classify: () => ({ kind: 'missing' }),
      // Long enough that only a full batch can go out during the test.
      windowMs: 60_000,
    });
    try {
      const asks = Array.from({ length: ID_BATCH + 1 }, (_, i) => lookup.get('P', i + 1));
      await Promise.all(asks.slice(0, ID_BATCH));
      assert.deepEqual(
        calls.map((c) => c.length),
        [ID_BATCH],
      );
    } finally {
      lookup.dispose();
    }
  });
});
