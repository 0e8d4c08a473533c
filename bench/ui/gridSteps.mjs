// The defects grid's bench:ui steps (issue 31), as a user does them: "Open as Grid" from the tree's
// context menu → the first rows painted; the scrollbar dragged to row 50,000 → those rows painted;
// a continuous scroll → the time between animation frames (p95 per run); scrolling the whole result
// end to end → the grid webview's JS heap. Each repetition opens a fresh grid, so nothing is cached.
import { traced, workDuring, workPerFrame } from './frameWork.mjs';
import { gridRendered } from './page.mjs';
import { treeRow } from './steps.mjs';

/** Page marks (epoch ms) as ms since the input. */
const relative = (marks, started) => Object.fromEntries(Object.entries(marks).map(([k, v]) => [k, v - started]));

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Pixels per row (webview/grid/layout.ts ROW_HEIGHT). */
const ROW_HEIGHT = 24;

/** Waits in the grid frame until rows `row`… are painted with their text; the frame's Date.now() then. */
async function rowsPaintedAt(frame, row, timeout = 60_000) {
  const handle = await frame.waitForFunction(
    (want) => {
      const mark = document.body.dataset.painted;
      if (!mark) return false;
      const [, first, last] = mark.split(':').map(Number);
      return first <= want && want <= last && !!document.querySelector(`.grid-body [aria-rowindex="${want + 2}"]:not(.loading):not([hidden])`) && Date.now();
    },
    row,
    { polling: 'raf', timeout },
  );
  return /** @type {number} */ (await handle.jsonValue());
}

export class GridSteps {
  /** @param {import('playwright-core').Page} page  @param {{ mark(): number }} raw  @param {import('./steps.mjs').Steps} steps */
  constructor(page, raw, steps) {
    this.page = page;
    this.raw = raw;
    this.steps = steps;
  }

  /** Right-click "Defects" → Open as Grid → the grid's first rows painted. */
  async open() {
    const { page } = this;
    await treeRow(page, /^Defects/, 4).click({ button: 'right' });
    const item = page.locator('.context-view .action-label', { hasText: 'Open as Grid' }).first();
    await item.waitFor({ timeout: 15_000 });
    const { since, started } = await this.steps.input(page, () => item.click());
    const { frame, at, marks } = await gridRendered(page);
    return { ms: at - started, since, until: at, frame, marks: relative(marks, started) };
  }

  /**
   * open() under a DevTools trace (slower: not a timed figure): the grid page's own main-thread
   * work from the input to the first rows painted, and all the main thread did meanwhile.
   */
  async openTraced() {
    const { result: opened, events } = await traced(this.page, () => this.open());
    const started = opened.until - opened.ms;
    // The page's `script` mark is on both clocks: the trace's, and the page's Date.now() (its marks).
    const mark = events.find((e) => e.name === 'alm-grid:script');
    const clock = mark ? { traceUs: mark.ts, epochMs: started + opened.marks.script } : undefined;
    const work = clock ? workDuring(events, opened.frame.url(), started, opened.until, clock) : { page: NaN, mainThread: NaN };
    return { ms: opened.ms, ...work };
  }

  /** The scroll position set to row `row` (as dragging the scrollbar's thumb there does) → its rows painted. */
  async jump(frame, row) {
    await this.page.waitForTimeout(250);
    const since = this.raw.mark();
    const started = await frame.evaluate(
      ({ row, height }) => {
        const body = document.querySelector('.grid-body');
        // The page marks the first scroll, want and rows after this (webview/grid/marks.ts).
        performance.clearMarks();
        const t = Date.now();
        body.scrollTop = row * height;
        return t;
      },
      { row, height: ROW_HEIGHT },
    );
    const at = await rowsPaintedAt(frame, row);
    const marks = await frame.evaluate(() => {
      const mark = (name) => performance.timeOrigin + (performance.getEntriesByName(`alm-grid:${name}`)[0]?.startTime ?? NaN);
      return { scroll: mark('scroll'), want: mark('want'), rows: mark('rows') };
    });
    return { ms: at - started, since, until: at, marks: relative(marks, started) };
  }

  /**
   * A click on the header `label` (with Shift: adds it as a further key) → the new order's first rows
   * painted (the page's generation moves on with each new query).
   */
  async sortBy(frame, label, shift = false) {
    const generation = await frame.evaluate(() => Number((document.body.dataset.painted ?? '0').split(':')[0]));
    const cell = frame.locator('[role="columnheader"]').filter({ has: frame.locator('.grid-header-label', { hasText: new RegExp(`^${label}$`) }) });
    await this.page.waitForTimeout(250);
    const since = this.raw.mark();
    const started = Date.now();
    await cell.click({ modifiers: shift ? ['Shift'] : [] });
    const handle = await frame.waitForFunction(
      (before) => {
        const [g, first] = (document.body.dataset.painted ?? '0:-1').split(':').map(Number);
        return g > before && first === 0 && !!document.querySelector('.grid-body [aria-rowindex="2"]:not(.loading):not([hidden])') && Date.now();
      },
      generation,
      { polling: 'raf', timeout: 120_000 },
    );
    const at = /** @type {number} */ (await handle.jsonValue());
    return { ms: at - started, since, until: at };
  }

  /** Ctrl+End from the first row (clicked) → the last of `total` rows painted with its text. */
  async end(frame, total) {
    await frame.locator('.grid-body [role="row"][aria-rowindex="2"] [role="gridcell"]').first().click();
    await this.page.waitForTimeout(250);
    const since = this.raw.mark();
    // Node's clock and the frame's Date.now() are one machine's clock.
    const started = Date.now();
    await this.page.keyboard.press('Control+End');
    const at = await rowsPaintedAt(frame, total - 1, 120_000);
    return { ms: at - started, since, until: at };
  }

  /**
   * Scrolls continuously (3 rows an animation frame for `frames` frames) under a DevTools trace: the
   * p95 of the times between frames (what the user sees, software rasterizing included), and the
   * p95 of the grid page's own work a frame and of the main thread's (frameWork.mjs).
   */
  async scrollFrames(frame, frames = 120) {
    const { result: gap, events } = await traced(this.page, () => this.scrollGaps(frame, frames));
    const work = workPerFrame(events, frame.url());
    const p95 = (values) => (values?.length > 1 ? percentile(values.slice(1), 95) : NaN);
    return { gap, work: p95(work?.page), mainThread: p95(work?.mainThread) };
  }

  /** The p95 of the times between animation frames while scrolling. */
  scrollGaps(frame, frames) {
    return frame.evaluate(
      ({ frames, step }) =>
        new Promise((resolve) => {
          const body = document.querySelector('.grid-body');
          const gaps = [];
          let last = performance.now();
          const tick = (now) => {
            gaps.push(now - last);
            last = now;
            body.scrollTop += step;
            if (gaps.length < frames) requestAnimationFrame(tick);
            else {
              // The first gap is the wait for the first frame, not a frame of the scroll.
              const sorted = gaps.slice(1).sort((a, b) => a - b);
              resolve(sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)]);
            }
          };
          requestAnimationFrame(tick);
        }),
      { frames, step: 3 * ROW_HEIGHT },
    );
  }

  /**
   * The JS heap (MB) of the workbench's renderer after a garbage collection, through the DevTools
   * protocol. This Chromium runs every frame of the page in one process and one V8 heap (no site
   * isolation), the grid's webview included, so the grid's part is the growth between a reading
   * before it opened and one while it is open.
   */
  async heapMB() {
    const cdp = await this.page.context().newCDPSession(this.page);
    try {
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      return usedSize / 1024 / 1024;
    } finally {
      await cdp.detach();
    }
  }

  /**
   * Scrolls from the first row to the last, `every` rows at a time, each position painted before the
   * next (every page on the way is fetched and drawn); then the heap (heapMB) and the grid page's
   * element count.
   */
  async heapAfterScrollingEndToEnd(frame, total, every = 1000) {
    for (let row = 0; row < total; row += every) {
      await frame.evaluate(({ row, height }) => (document.querySelector('.grid-body').scrollTop = row * height), { row, height: ROW_HEIGHT });
      await rowsPaintedAt(frame, row);
    }
    await frame.evaluate(({ row, height }) => (document.querySelector('.grid-body').scrollTop = row * height), { row: total - 1, height: ROW_HEIGHT });
    await rowsPaintedAt(frame, total - 1);
    return { heap: await this.heapMB(), elements: await frame.evaluate(() => document.getElementsByTagName('*').length) };
  }
}
