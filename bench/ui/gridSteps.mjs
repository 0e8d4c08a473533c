// The defects grid's bench:ui steps (issue 31), as a user does them: "Open as Grid" from the tree's
// context menu → the first rows painted; the scrollbar dragged to row 50,000 → those rows painted;
// a continuous scroll → the time between animation frames (p95 per run); scrolling the whole result
// end to end → the grid webview's JS heap. Each repetition opens a fresh grid, so nothing is cached.
import { gridRendered } from './page.mjs';
import { treeRow } from './steps.mjs';

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
    const { frame, at } = await gridRendered(page);
    return { ms: at - started, since, until: at, frame };
  }

  /** The scroll position set to row `row` (as dragging the scrollbar's thumb there does) → its rows painted. */
  async jump(frame, row) {
    await this.page.waitForTimeout(250);
    const since = this.raw.mark();
    const started = await frame.evaluate(
      ({ row, height }) => {
        const body = document.querySelector('.grid-body');
        const t = Date.now();
        body.scrollTop = row * height;
        return t;
      },
      { row, height: ROW_HEIGHT },
    );
    const at = await rowsPaintedAt(frame, row);
    return { ms: at - started, since, until: at };
  }

  /** Scrolls continuously (3 rows an animation frame for `frames` frames); the p95 of the times between frames. */
  async scrollFrames(frame, frames = 120) {
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
   * Scrolls from the first row to the last, `every` rows at a time, each position painted before the
   * next (every page on the way is fetched and drawn), then reads the JS heap in MB of the webview's
   * process (the page and VS Code's small frame around it) after a garbage collection, through the
   * DevTools protocol; Chromium's coarse performance.memory only where no target is found.
   */
  async heapAfterScrollingEndToEnd(frame, total, every = 1000) {
    for (let row = 0; row < total; row += every) {
      await frame.evaluate(({ row, height }) => (document.querySelector('.grid-body').scrollTop = row * height), { row, height: ROW_HEIGHT });
      await rowsPaintedAt(frame, row);
    }
    await frame.evaluate(({ row, height }) => (document.querySelector('.grid-body').scrollTop = row * height), { row: total - 1, height: ROW_HEIGHT });
    await rowsPaintedAt(frame, total - 1);
    // The page's frame shares a process (a DevTools target) with VS Code's webview frame around it.
    for (const target of [frame, frame.parentFrame()].filter(Boolean)) {
      try {
        const cdp = await this.page.context().newCDPSession(target);
        await cdp.send('HeapProfiler.collectGarbage');
        const { usedSize } = await cdp.send('Runtime.getHeapUsage');
        await cdp.detach();
        return usedSize / 1024 / 1024;
      } catch {
        // Not a target of its own: the next one.
      }
    }
    return (await frame.evaluate(() => performance.memory?.usedJSHeapSize ?? NaN)) / 1024 / 1024;
  }
}
