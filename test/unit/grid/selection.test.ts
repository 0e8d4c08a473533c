// The grid's selection (issue 31): index ranges of the whole result, so a Shift range over pages the
// page no longer holds means every row in it and counts right; the host reads the ids of the rows it
// never showed (ids only, several pages a request) when Update Selected needs them.
import * as assert from 'node:assert/strict';
import { clippedTo, contains, countOf, isRangeList, withRange, withoutIndex } from '../../../src/shared/rowRanges';
import type { IndexRange } from '../../../src/shared/rowRanges';
import { SelectionMovedError, selectionIds } from '../../../src/grid/controller/selectionIds';
import { isGridToHost } from '../../../src/shared/gridProtocol';
import { RowSelection } from '../../../webview/grid/selection';

describe('grid selection', () => {
  it('a click selects one row, Ctrl toggles, Shift takes the range from the anchor', () => {
    const s = new RowSelection();
    s.only(3);
    s.toggle(7);
    assert.deepEqual(s.ranges, [
      [3, 3],
      [7, 7],
    ]);
    s.extendTo(9);
    assert.deepEqual(s.ranges, [
      [3, 3],
      [7, 9],
    ]);
    // Moving the Shift end back shrinks that range, not the earlier picks.
    s.extendTo(8);
    assert.deepEqual(s.ranges, [
      [3, 3],
      [7, 8],
    ]);
    s.toggle(3);
    assert.deepEqual(s.ranges, [[7, 8]]);
    assert.equal(s.count, 2);
  });

  it('a Shift range from row 10 to row 9,000 holds every row in it, whatever pages the page holds', () => {
    const s = new RowSelection();
    s.only(10);
    s.extendTo(9_000);
    assert.equal(s.count, 8_991);
    assert.ok(s.has(4_567) && s.has(10) && s.has(9_000));
    assert.ok(!s.has(9) && !s.has(9_001));
    // Shift+Up from the far end moves the range's end, from the same anchor.
    s.extendTo(8_999);
    assert.equal(s.count, 8_990);
    // Upwards from the anchor too.
    s.extendTo(0);
    assert.deepEqual(s.ranges, [[0, 10]]);
  });

  it('Ctrl+click inside a range splits it; the count stays exact', () => {
    const s = new RowSelection();
    s.only(100);
    s.extendTo(50_099);
    s.toggle(25_000);
    assert.equal(s.count, 49_999);
    assert.ok(!s.has(25_000));
    s.toggle(25_000);
    assert.deepEqual(s.ranges, [[100, 50_099]]);
  });

  it('a result that shrank drops the rows past its end', () => {
    const s = new RowSelection();
    s.only(90);
    s.extendTo(120);
    s.clip(100);
    assert.deepEqual(s.ranges, [[90, 99]]);
    s.clear();
    assert.equal(s.count, 0);
  });
});

describe('grid row ranges', () => {
  it('merges overlapping and touching ranges, splits on removal, clips and counts', () => {
    let r: IndexRange[] = withRange([], 5, 9);
    r = withRange(r, 20, 25);
    r = withRange(r, 10, 12);
    assert.deepEqual(r, [
      [5, 12],
      [20, 25],
    ]);
    assert.deepEqual(withRange(r, 30, 0), [[0, 30]]);
    assert.deepEqual(withoutIndex(r, 5), [
      [6, 12],
      [20, 25],
    ]);
    assert.deepEqual(clippedTo(r, 22), [
      [5, 12],
      [20, 21],
    ]);
    assert.equal(countOf(r), 14);
    assert.ok(contains(r, 21) && !contains(r, 13) && !contains(r, 4));
  });

  it('takes from the page only sorted, disjoint ranges of indexes', () => {
    assert.ok(
      isRangeList([
        [0, 3],
        [5, 5],
      ]),
    );
    assert.ok(
      !isRangeList([
        [5, 9],
        [0, 3],
      ]),
    );
    assert.ok(!isRangeList([[3, 1]]));
    assert.ok(!isRangeList([[-1, 1]]));
    assert.ok(!isRangeList([[0, 1.5]]));
    assert.ok(!isRangeList('0-3'));
    assert.ok(isGridToHost({ type: 'updateSelected', generation: 2, ranges: [[10, 9_000]] }));
    assert.ok(!isGridToHost({ type: 'updateSelected', generation: 2, ids: [1, 2] }));
  });
});

describe('grid selection ids (host)', () => {
  /** A result of 10,000 rows whose row i is defect 100,000 − i; counts the requests. */
  function server(total = 10_000) {
    const requests: [number, number][] = [];
    return {
      requests,
      total,
      fetchIds: async (offset: number, limit: number) => {
        requests.push([offset, limit]);
        return { ids: Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => 100_000 - offset - i), total };
      },
    };
  }

  /** A server of `total` rows answering `ids`. */
  const sized =
    (total: number, ids: (offset: number, limit: number) => number[]) =>
    async (offset: number, limit: number): Promise<{ ids: number[]; total: number }> => ({ ids: ids(offset, limit), total });

  it('reads the ids of every row of a range over pages the grid never held, known pages first, ten pages a request', async () => {
    const s = server();
    // The grid showed pages 0 and 89 (rows 0–99 and 8,900–8,999).
    const known = new Map([0, 89].map((p) => [p, Array.from({ length: 100 }, (_, i) => 100_000 - p * 100 - i)]));
    const ids = await selectionIds([[10, 9_000]], { pageSize: 100, total: s.total, known: (p) => known.get(p), fetchIds: s.fetchIds, signal: new AbortController().signal });
    assert.equal(ids.length, 8_991);
    assert.equal(ids[0], 100_000 - 10);
    assert.equal(ids[ids.length - 1], 100_000 - 9_000);
    assert.deepEqual(new Set(ids).size, 8_991);
    // Pages 1–88 and 90: ten requests of ten pages or fewer; a request beside a page the grid showed
    // also takes that page's neighbouring row, to check the result has not moved.
    assert.deepEqual(s.requests.slice(0, 2), [
      [99, 1001],
      [1100, 1000],
    ]);
    assert.deepEqual(s.requests.slice(-2), [
      [8100, 801],
      [8999, 101],
    ]);
    // Of a page the grid showed, a request reads at most that one neighbouring row.
    const overlap = ([offset, limit]: [number, number], from: number) => Math.max(0, Math.min(offset + limit, from + 100) - Math.max(offset, from));
    assert.ok(s.requests.every((r) => overlap(r, 0) <= 1 && overlap(r, 8_900) <= 1));
  });

  it('asks nothing when the grid holds every page of the selection, and leaves out rows past the end', async () => {
    const s = server(150);
    const ids = await selectionIds(
      [
        [1, 2],
        [140, 160],
      ],
      { pageSize: 100, total: s.total, known: (p) => (p === 0 ? [1, 2, 3] : undefined), fetchIds: s.fetchIds, signal: new AbortController().signal },
    );
    assert.deepEqual(ids.slice(0, 2), [2, 3]);
    assert.equal(ids.length, 2 + 10);
    assert.deepEqual(s.requests, [[100, 100]]);
  });

  it('refuses when the result moved on the server since the grid showed it (a defect added or removed)', async () => {
    // The grid showed pages 0 and 89 of 10,000 rows; then a defect was added at the top (every row one
    // further down), or the first one was removed (every row one up).
    const shown = new Map([0, 89].map((p) => [p, Array.from({ length: 100 }, (_, i) => 100_000 - p * 100 - i)]));
    // (The total is the grid's here: the boundary check alone finds these.)
    const added = sized(10_000, (offset, limit) => Array.from({ length: limit }, (_, i) => (offset + i === 0 ? 200_000 : 100_000 - (offset + i - 1))));
    const removed = sized(10_000, (offset, limit) => Array.from({ length: limit }, (_, i) => 100_000 - (offset + i + 1)));
    for (const fetchIds of [added, removed]) {
      await assert.rejects(
        selectionIds([[10, 9_000]], { pageSize: 100, total: 10_000, known: (p) => shown.get(p), fetchIds, signal: new AbortController().signal }),
        (e: unknown) => e instanceof SelectionMovedError && e.position === 99,
      );
    }
    // Unmoved, the same read succeeds (the check is not what fails it).
    const same = sized(10_000, (offset, limit) => Array.from({ length: limit }, (_, i) => 100_000 - offset - i));
    assert.equal((await selectionIds([[10, 9_000]], { pageSize: 100, total: 10_000, known: (p) => shown.get(p), fetchIds: same, signal: new AbortController().signal })).length, 8_991);
  });

  it('refuses when the row after a read is no longer the one the grid showed there', async () => {
    // Only page 5 is shown; the read of pages 0–4 ends next to it, and the server's row 500 differs.
    const shown = new Map([[5, Array.from({ length: 100 }, (_, i) => 1_000 - 500 - i)]]);
    const moved = sized(1_000, (offset, limit) => Array.from({ length: limit }, (_, i) => 2_000 - offset - i));
    await assert.rejects(
      selectionIds([[0, 550]], { pageSize: 100, total: 1_000, known: (p) => shown.get(p), fetchIds: moved, signal: new AbortController().signal }),
      (e: unknown) => e instanceof SelectionMovedError && e.position === 500,
    );
  });

  it('stops when cancelled', async () => {
    const s = server();
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(selectionIds([[0, 5_000]], { pageSize: 100, total: s.total, known: () => undefined, fetchIds: s.fetchIds, signal: controller.signal }));
    assert.equal(s.requests.length, 0);
  });

  it('clips ranges the page sent past the end of the result (issue 38.7: [[0, 2^31]] was read row by row)', async () => {
    const s = server(250);
    const ids = await selectionIds([[0, 5_000_000]], { pageSize: 100, total: 250, known: () => undefined, fetchIds: s.fetchIds, signal: new AbortController().signal });
    assert.equal(ids.length, 250);
    // Pages 0–2 in one request: nothing is asked past the result's end.
    assert.deepEqual(s.requests, [[0, 300]]);
  });

  it('refuses when one defect was added and another removed inside the unread stretch (issue 38.7)', async () => {
    // The grid showed pages 0 and 89 of 10,000 rows (newest id 100,000). Then a defect was added at
    // row 500 and the one at row 8,000 removed: the rows beside every read and the total are as shown.
    const shown = new Map([0, 89].map((p) => [p, Array.from({ length: 100 }, (_, i) => 100_000 - p * 100 - i)]));
    const idAt = (row: number) => (row < 500 ? 100_000 - row : row === 500 ? 100_001 : row <= 8_000 ? 100_000 - row + 1 : 100_000 - row);
    const fetchIds = sized(10_000, (offset, limit) => Array.from({ length: limit }, (_, i) => idAt(offset + i)));
    await assert.rejects(
      selectionIds([[10, 9_000]], { pageSize: 100, total: 10_000, newestId: 100_000, known: (p) => shown.get(p), fetchIds, signal: new AbortController().signal }),
      (e: unknown) => e instanceof SelectionMovedError && e.position === 500,
    );
  });

  it('refuses when the result has another size than the grid showed (a defect removed where no shown row is beside a read)', async () => {
    const s = server(9_999);
    await assert.rejects(
      selectionIds([[0, 5_000]], { pageSize: 100, total: 10_000, known: () => undefined, fetchIds: s.fetchIds, signal: new AbortController().signal }),
      (e: unknown) => e instanceof SelectionMovedError,
    );
  });
});
