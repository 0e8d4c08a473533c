// The grid's bounded paging: which pages the page asks for as it scrolls, which it drops, and the
// host's fetches following the latest wish (aborting pages scrolled away).
import * as assert from 'node:assert/strict';
import { PageFetcher } from '../../../src/grid/controller/pageFetcher';
import type { GridRow } from '../../../src/shared/gridProtocol';
import { PageAsks } from '../../../webview/grid/pageAsks';
import { RowWindow } from '../../../webview/grid/rowWindow';

const page = (p: number, size = 100): GridRow[] => Array.from({ length: size }, (_, i) => ({ id: 1_000_000 - (p * size + i), cells: [String(p * size + i)] }));

describe('grid RowWindow', () => {
  it('wants the pages in view first, then one page on each side, within the result', () => {
    const w = new RowWindow(100, 30);
    assert.deepEqual(w.wanted(250, 280, 100_000), { shown: [2], all: [2, 3, 1] });
    assert.deepEqual(w.wanted(0, 30, 100_000), { shown: [0], all: [0, 1] });
    assert.deepEqual(w.wanted(99_990, 99_999, 100_000), { shown: [999], all: [999, 998] });
    assert.deepEqual(w.wanted(0, 10, 0), { shown: [], all: [] });
  });

  it('asks only for pages it neither holds nor saw fail', () => {
    const w = new RowWindow(100, 30);
    w.put(2, page(2), [2]);
    w.fail(3, 'refused');
    assert.deepEqual(w.missing([2, 3, 1]), [1]);
    assert.equal(w.failure(345), 'refused');
    w.clearFailures();
    assert.deepEqual(w.missing([2, 3, 1]), [3, 1]);
  });

  it('reads a row by its index in the whole result', () => {
    const w = new RowWindow(100, 30);
    w.put(500, page(500), [500]);
    assert.equal(w.row(50_042)?.cells[0], '50042');
    assert.equal(w.row(49_999), undefined);
  });

  it('keeps at most maxPages pages, dropping those farthest from what is wanted (scrolling end to end stays bounded)', () => {
    const w = new RowWindow(100, 5);
    for (let p = 0; p < 1000; p++)
      w.put(
        p,
        page(p, 2),
        [p, p + 1, p - 1].filter((x) => x >= 0),
      );
    assert.equal(w.heldPages.length, 5);
    assert.deepEqual(w.heldPages, [995, 996, 997, 998, 999]);
    // Jumping to the middle keeps the page it needs and drops the page farthest from it.
    w.put(500, page(500, 2), [499, 500, 501]);
    assert.deepEqual(w.heldPages, [500, 995, 996, 997, 998]);
  });

  it('puts a changed row in place wherever a held page has its defect', () => {
    const w = new RowWindow(100, 30);
    w.put(0, page(0), [0]);
    const id = page(0)[7].id;
    assert.deepEqual(w.replace({ id, cells: ['changed'] }), [7]);
    assert.equal(w.row(7)?.cells[0], 'changed');
    assert.deepEqual(w.replace({ id: 42, cells: ['x'] }), []);
  });
});

describe('grid PageFetcher', () => {
  function recorder() {
    const started: number[] = [];
    const aborted: number[] = [];
    const finish = new Map<number, () => void>();
    const fetcher = new PageFetcher(
      (p, signal) =>
        new Promise<void>((resolve) => {
          started.push(p);
          signal.addEventListener('abort', () => {
            aborted.push(p);
            resolve();
          });
          finish.set(p, resolve);
        }),
      2,
    );
    return { fetcher, started, aborted, finish };
  }

  it('runs at most `concurrency` fetches, the rest in the order wanted', async () => {
    const { fetcher, started, finish } = recorder();
    fetcher.want([5, 6, 4]);
    assert.deepEqual(started, [5, 6]);
    finish.get(5)!();
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(started, [5, 6, 4]);
  });

  it('aborts fetches of pages no longer wanted (the scrollbar dragged past them) and starts the new ones', async () => {
    const { fetcher, started, aborted } = recorder();
    fetcher.want([0, 1]);
    fetcher.want([500, 501, 499]);
    assert.deepEqual(aborted, [0, 1]);
    assert.deepEqual(started, [0, 1, 500, 501]);
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(fetcher.inFlight.sort(), [500, 501]);
  });

  it('fetches the pages in view first and alone: the pages around them wait until those are in', async () => {
    const { fetcher, started, finish } = recorder();
    fetcher.want([500, 501, 499], [500]);
    assert.deepEqual(started, [500]);
    finish.get(500)!();
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(started, [500, 501, 499]);
  });

  it('fetches shown pages again for the change check without duplicating one in flight', () => {
    const { fetcher, started } = recorder();
    fetcher.want([3]);
    fetcher.again([3, 4]);
    assert.deepEqual(started, [3, 4]);
  });

  it('reset aborts everything', () => {
    const { fetcher, aborted } = recorder();
    fetcher.want([1, 2, 3]);
    fetcher.reset();
    assert.deepEqual(aborted, [1, 2]);
    assert.deepEqual(fetcher.inFlight, []);
  });
});

describe('grid PageAsks', () => {
  it('asks for the pages around a jump once: a page arriving does not ask again for those still on their way', () => {
    const asks = new PageAsks();
    assert.equal(asks.next([500, 501, 499], [500]), true);
    asks.arrived(500);
    // Drawn again with page 500: 501 and 499 are still missing, and on their way.
    assert.equal(asks.next([501, 499], [500]), false);
    asks.arrived(501);
    assert.equal(asks.next([499], [500]), false);
  });

  it('asks again when a page is needed that was not asked for, when one asked for is no longer needed, or when other pages show', () => {
    const asks = new PageAsks();
    assert.equal(asks.next([0, 1], [0]), true);
    assert.equal(asks.next([0, 1, 2], [0, 1]), true);
    // Scrolled away from page 2 before it came: the host is to abort it.
    assert.equal(asks.next([0, 1], [0, 1]), true);
    asks.arrived(0);
    asks.arrived(1);
    assert.equal(asks.next([], [1]), true);
    assert.equal(asks.next([], [1]), false);
  });

  it('starts over for a new query', () => {
    const asks = new PageAsks();
    assert.equal(asks.next([0], [0]), true);
    asks.reset();
    assert.equal(asks.next([0], [0]), true);
  });
});
