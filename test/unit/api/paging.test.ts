import { strict as assert } from 'node:assert';
import { AnswerTooLargeError, ServerError } from '../../../src/api/errors';
import { KeysetCollection, PagedCollection, readUpTo } from '../../../src/api/paging';
import type { CollectionEnvelope } from '../../../src/api/dialect/dialect';

/** A fake server over ids 1..n that may cap pages and may omit total-count. */
function server(n: number, opts: { cap?: number; noTotal?: boolean; stopAt?: number } = {}) {
  const calls: [number, number][] = [];
  const fetch = async (offset: number, limit: number): Promise<CollectionEnvelope> => {
    calls.push([offset, limit]);
    const end = Math.min(n, opts.stopAt ?? n, offset + Math.min(limit, opts.cap ?? limit));
    const items = [];
    for (let i = offset; i < end; i++) items.push({ id: i + 1 });
    return { items, total: opts.noTotal ? undefined : n };
  };
  return { fetch, calls };
}

const all = async <T>(it: AsyncIterable<T>): Promise<T[]> => {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
};

describe('api/paging: PagedCollection', () => {
  it('walks every page to total-count', async () => {
    const s = server(25);
    const q = new PagedCollection(s.fetch, 10, (r) => r.id as number);
    assert.equal(q.total, undefined);
    assert.deepEqual(
      await all(q),
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    assert.equal(q.total, 25);
    assert.deepEqual(s.calls, [
      [0, 10],
      [10, 10],
      [20, 10],
    ]);
  });

  it('keeps going when the server caps the page below the requested size (no silent cap)', async () => {
    const s = server(12, { cap: 5 });
    assert.equal((await all(new PagedCollection(s.fetch, 10, (r) => r.id))).length, 12);
    assert.deepEqual(
      s.calls.map((c) => c[0]),
      [0, 5, 10],
    );
  });

  it('without total-count, stops at the first short page', async () => {
    const s = server(20, { noTotal: true });
    const q = new PagedCollection(s.fetch, 10, (r) => r.id);
    assert.equal((await all(q)).length, 20);
    assert.equal(q.total, 20);
    assert.deepEqual(
      s.calls.map((c) => c[0]),
      [0, 10, 20],
    );
  });

  it('throws when the server stops short of its own total', async () => {
    const s = server(30, { stopAt: 15 });
    await assert.rejects(all(new PagedCollection(s.fetch, 10, (r) => r.id)), (e: unknown) => e instanceof ServerError && /15 of 30/.test(e.message));
  });

  it('yields pages with offsets and hasMore', async () => {
    const pages = await all(new PagedCollection(server(15).fetch, 10, (r) => r.id).pages());
    assert.deepEqual(
      pages.map((p) => [p.offset, p.items.length, p.nextOffset, p.hasMore, p.total]),
      [
        [0, 10, 10, true, 15],
        [10, 5, 15, false, 15],
      ],
    );
  });

  it('handles an empty collection in one request', async () => {
    const s = server(0);
    assert.deepEqual(await all(new PagedCollection(s.fetch, 10, (r) => r.id)), []);
    assert.equal(s.calls.length, 1);
  });
});

/** A fake server answering `id > after` with `total-count` = how many are left, like ALM does. */
function keysetServer(ids: number[], opts: { cap?: number; stopAfter?: number; shuffle?: boolean } = {}) {
  const calls: (number | undefined)[] = [];
  const fetch = async (after: number | undefined, limit: number): Promise<CollectionEnvelope> => {
    calls.push(after);
    const rest = ids.filter((id) => after === undefined || id > after);
    const served = opts.stopAfter !== undefined && after !== undefined && after >= opts.stopAfter ? [] : rest.slice(0, Math.min(limit, opts.cap ?? limit));
    const items = served.map((id) => ({ id }));
    if (opts.shuffle) items.reverse();
    return { items, total: rest.length };
  };
  return { fetch, calls };
}

describe('api/paging: KeysetCollection', () => {
  const ids = [2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233];
  const toItem = (r: Record<string, unknown>) => ({ id: r.id as number });

  it('walks in id order by asking for ids after the last one, total from the first page', async () => {
    const s = keysetServer(ids);
    const q = new KeysetCollection(s.fetch, 4, toItem);
    assert.deepEqual(
      (await all(q)).map((x) => x.id),
      ids,
    );
    assert.equal(q.total, ids.length);
    assert.deepEqual(s.calls, [undefined, 8, 55]);
  });

  it('continues when the server caps the page, and stops without an extra request on the last page', async () => {
    const s = keysetServer(ids, { cap: 3 });
    assert.equal((await all(new KeysetCollection(s.fetch, 10, toItem))).length, ids.length);
    assert.deepEqual(s.calls, [undefined, 5, 21, 89]);
  });

  it('does not repeat or skip when items are deleted or added behind the cursor', async () => {
    const live = [...ids];
    const s = keysetServer(live);
    const seen: number[] = [];
    for await (const x of new KeysetCollection(s.fetch, 3, toItem)) {
      seen.push(x.id);
      if (x.id === 5) live.splice(0, 2, 1); // delete 2 and 3, insert 1 — all before the cursor
    }
    assert.deepEqual(seen, ids);
  });

  it('throws rather than stopping short, or when the order is not by id', async () => {
    await assert.rejects(all(new KeysetCollection(keysetServer(ids, { stopAfter: 8 }).fetch, 4, toItem)), (e: unknown) => e instanceof ServerError && /after 4 of 11/.test(e.message));
    await assert.rejects(all(new KeysetCollection(keysetServer(ids, { shuffle: true }).fetch, 4, toItem)), ServerError);
  });
});

describe('api/paging: answers past the size limit (issue 38.6)', () => {
  /** A server whose answers for more than `fits` items are too large for the client. */
  const tooLargeAbove = (fits: number, fetch: (a: number | undefined, limit: number) => Promise<CollectionEnvelope>) => {
    const limits: number[] = [];
    return {
      limits,
      fetch: async (a: number | undefined, limit: number) => {
        limits.push(limit);
        if (limit > fits) throw new AnswerTooLargeError(`answer larger than 64 MB for ${limit} items`);
        return fetch(a, limit);
      },
    };
  };

  it('asks again in smaller pages and walks to the end', async () => {
    const s = server(25);
    const big = tooLargeAbove(3, (offset, limit) => s.fetch(offset ?? 0, limit));
    const q = new PagedCollection(
      (offset, limit) => big.fetch(offset, limit),
      10,
      (r) => r.id as number,
    );
    assert.deepEqual(
      await all(q),
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    assert.deepEqual(big.limits.slice(0, 4), [10, 5, 2, 2], 'halved until it fits, then kept');
  });

  it('walks a keyset in smaller pages too', async () => {
    const big = tooLargeAbove(4, async (last, limit) => {
      const from = (last ?? 0) + 1;
      const items = [];
      for (let id = from; id < from + limit && id <= 9; id++) items.push({ id });
      return { items, total: 9 - from + 1 };
    });
    const q = new KeysetCollection(
      (last, limit) => big.fetch(last, limit),
      8,
      (r) => ({ id: r.id as number }),
    );
    assert.deepEqual(
      (await all(q)).map((d) => d.id),
      [1, 2, 3, 4, 5, 6, 7, 8, 9],
    );
  });

  it('fails with the size error when even one item is too large', async () => {
    const big = tooLargeAbove(0, async () => ({ items: [], total: 0 }));
    const q = new PagedCollection(
      (offset, limit) => big.fetch(offset, limit),
      4,
      (r) => r.id,
    );
    await assert.rejects(all(q), AnswerTooLargeError);
    assert.deepEqual(big.limits, [4, 2, 1]);
  });
});

// The bounded reads (a defect's links, its history) walk as pagesOf does (issue 39): before, each
// had its own loop that stopped quietly at the first short or empty page, short of the server's total.
describe('api/paging: readUpTo, a read bounded by the caller', () => {
  it('reads up to the bound in pages of the size given, with the server’s total', async () => {
    const s = server(25);
    const read = await readUpTo(s.fetch, 12, 5);
    assert.deepEqual(
      read.items.map((r) => r.id),
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    );
    assert.equal(read.total, 25);
    assert.deepEqual(s.calls, [
      [0, 5],
      [5, 5],
      [10, 2],
    ]);
  });

  it('keeps going when the server caps a page below the size asked', async () => {
    const s = server(9, { cap: 2 });
    const read = await readUpTo(s.fetch, 100, 5);
    assert.equal(read.items.length, 9);
  });

  it('cuts a page longer than asked (a server ignoring page-size)', async () => {
    const read = await readUpTo(async (offset) => ({ items: Array.from({ length: 1000 - offset }, (_, i) => offset + i), total: 1000 }), 7, 3);
    assert.deepEqual(read.items, [0, 1, 2, 3, 4, 5, 6]);
  });

  it('throws when the server stops short of its own total instead of returning part as all', async () => {
    await assert.rejects(readUpTo(server(20, { stopAt: 8 }).fetch, 100, 5), (e: unknown) => e instanceof ServerError && /stopped returning items at 8 of 20/.test(e.message));
  });

  it('without a total, stops at the first short page and counts what it read', async () => {
    const s = server(7, { noTotal: true });
    const read = await readUpTo(s.fetch, 100, 5);
    assert.equal(read.items.length, 7);
    assert.equal(read.total, 7);
    assert.equal(s.calls.length, 2);
  });
});
