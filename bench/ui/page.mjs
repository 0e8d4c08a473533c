// Timing helpers inside the workbench page. A step's clock starts at the user's input as the page
// saw it (the first mousedown or keydown after arm()), not when Playwright was asked to click, and
// stops at the animation frame in which the awaited DOM state is first seen: both are the page's
// Date.now(), so they compare across the workbench and its webview frames on one machine.

/** Installed in the page (and in a webview frame): records the first input of the armed kinds after arming. */
const INPUT_PROBE = `(() => {
  if (window.__benchProbe) return;
  window.__benchProbe = true;
  const note = (e) => { if (window.__benchArmed && window.__benchTypes.includes(e.type)) { window.__benchArmed = false; window.__benchInput = Date.now(); } };
  for (const type of ['mousedown', 'keydown', 'mousemove']) window.addEventListener(type, note, true);
})()`;

/**
 * @param {import('playwright-core').Page | import('playwright-core').Frame} target
 * @param {string[]} types the input that starts the clock: a click or a key, or a mouse move for a hover
 */
export async function arm(target, types = ['mousedown', 'keydown']) {
  await target.evaluate(`${INPUT_PROBE}; window.__benchTypes = ${JSON.stringify(types)}; window.__benchArmed = true; window.__benchInput = undefined;`);
}

/** @param {import('playwright-core').Page | import('playwright-core').Frame} target  the input time of the last arm() */
export async function inputTime(target) {
  const t = await target.evaluate('window.__benchInput');
  if (typeof t !== 'number') throw new Error('no input was seen after arming');
  return t;
}

/**
 * Waits for `condition` (a function body over `document`, returning truthy) and returns the page's
 * Date.now() at the animation frame it first held in.
 * @param {import('playwright-core').Page | import('playwright-core').Frame} target
 */
export async function paintedAt(target, condition, arg, timeout = 60_000) {
  // A string is evaluated as an expression: the condition is called on the argument inlined as JSON.
  const expression = `(() => { const ok = (${condition})(${JSON.stringify(arg ?? null)}); return ok ? Date.now() : false; })()`;
  const handle = await target.waitForFunction(expression, undefined, { polling: 'raf', timeout });
  return /** @type {number} */ (await handle.jsonValue());
}

/**
 * paintedAt for a webview frame, whose CSP forbids evaluating strings: `condition` is a function
 * that returns its own Date.now() once the state holds.
 * @param {import('playwright-core').Frame} frame  @param {() => number | false} condition
 */
export async function framePaintedAt(frame, condition, timeout = 60_000) {
  const handle = await frame.waitForFunction(condition, undefined, { polling: 'raf', timeout });
  return /** @type {number} */ (await handle.jsonValue());
}

/** Texts of the ALM tree's rows at `level` (1 = servers), in order. */
export const rowTexts = `(level) => [...document.querySelectorAll('.part.sidebar [role="treeitem"][aria-level="' + level + '"]')].map((r) => r.textContent ?? '')`;

/**
 * Marks of VS Code's own frame around a webview page (pre/index.html; the page cannot reach it, its
 * `parent` is hidden): when that frame started, told the workbench it was ready, got the content,
 * and wrote it into the page's frame. Epoch ms; absent when the frame cannot be read.
 * @param {import('playwright-core').Frame} frame the page's frame
 */
async function hostFrameMarks(frame) {
  const expression = `(() => {
    const mark = (name) => performance.timeOrigin + (performance.getEntriesByName('webview/index.html/' + name).at(-1)?.startTime ?? NaN);
    return { host: performance.timeOrigin, hostReady: mark('signalingReady'), content: mark('content/started'), written: mark('content/wroteInnerContent') };
  })()`;
  return (
    (await frame
      .parentFrame()
      ?.evaluate(expression)
      .catch(() => undefined)) ?? {}
  );
}

let watches = 0;

/**
 * A frame of the page that shows what `condition` (a function expression over `document`)
 * awaits, and the frame's Date.now() at the animation frame it first held in (as paintedAt). The
 * page's frames are polled (webviews are frames in frames, created after the input); each is given
 * a requestAnimationFrame watcher, so the time does not include how long the polling took to look.
 * `extra` (a function expression) adds the frame's own marks, read when the condition holds.
 * @param {import('playwright-core').Page} page
 */
async function webviewShowing(page, condition, extra, what, timeout) {
  const deadline = Date.now() + timeout;
  const token = ++watches;
  // Installed once per frame and watch; a frame that never shows it stops looking at the deadline.
  const watch = `(() => {
    if (window.__benchWatch !== ${token}) {
      window.__benchWatch = ${token};
      window.__benchShown = undefined;
      let scheduled = false;
      window.__benchCheck = (fromFrame) => {
        if (fromFrame) scheduled = false;
        if (window.__benchWatch !== ${token} || window.__benchShown || Date.now() > ${deadline}) return;
        if ((${condition})()) window.__benchShown = { at: Date.now(), polled: false, ...(${extra})() };
        else if (!scheduled) {
          scheduled = true;
          requestAnimationFrame(() => window.__benchCheck(true));
        }
      };
    }
    // Also checked at each poll: a hidden frame may get no animation frames.
    window.__benchCheck(false);
    return window.__benchShown ?? false;
  })()`;
  while (Date.now() < deadline) {
    // All frames at once: one slow frame does not hold up looking at the others.
    const frames = page.frames();
    const results = await Promise.all(frames.map((frame) => frame.evaluate(watch).catch(() => false)));
    const found = results.findIndex(Boolean);
    if (found >= 0) {
      const polled = Date.now();
      return { frame: frames[found], shown: { ...(await hostFrameMarks(frames[found])), ...results[found], polled } };
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${what} did not render within ${timeout / 1000} s`);
}

/**
 * VS Code keeps a webview's frame hidden until the page's `load` event (pre/index.html), whatever the
 * page drew before: a page counts as shown once it has loaded.
 */
const LOADED = `document.readyState === 'complete'`;

/** The frame of the defect editor showing `id` and the time it first showed its memos. @param {import('playwright-core').Page} page */
export async function editorRendered(page, id, timeout = 60_000) {
  const condition = `() => {
    const head = document.querySelector('.defect-id');
    if (!head || !(head.textContent ?? '').startsWith('Defect ${id} ')) return false;
    return !!document.querySelector('[data-field="description"] .memo') && document.body.dataset.phase !== 'loading' && ${LOADED};
  }`;
  // The page's own marks (webview/editor), for the breakdown of the open time.
  const marks = `() => {
    const mark = (name) => performance.timeOrigin + (performance.getEntriesByName('alm-editor:' + name)[0]?.startTime ?? NaN);
    return { page: performance.timeOrigin, script: mark('script'), ready: mark('ready'), state: mark('state') };
  }`;
  const { frame, shown } = await webviewShowing(page, condition, marks, `the editor of defect ${id}`, timeout);
  const { at, ...rest } = shown;
  return { frame, at, marks: rest };
}

/** The baseline's empty webview number `n` (bench/ui/emptyWebview) shown. @param {import('playwright-core').Page} page */
export async function emptyWebviewRendered(page, n, timeout = 60_000) {
  const condition = `() => document.querySelector('.bench-empty')?.textContent === 'Empty webview ${n}' && ${LOADED}`;
  const { frame, shown } = await webviewShowing(page, condition, `() => ({ page: performance.timeOrigin })`, `empty webview ${n}`, timeout);
  const { at, ...rest } = shown;
  return { frame, at, marks: rest };
}

/** The grid page's start-up marks (webview/grid/marks.ts), epoch ms. */
const GRID_OPEN_MARKS = `() => {
  const mark = (name) => performance.timeOrigin + (performance.getEntriesByName('alm-grid:' + name)[0]?.startTime ?? NaN);
  return { page: performance.timeOrigin, script: mark('script'), ready: mark('ready'), init: mark('init'), painted: mark('painted') };
}`;

/**
 * The frame of a defects grid that has painted its first rows (row 1 with data), and when. The grid
 * marks `data-painted` on <body> once every row in view has its text (webview/grid/app.ts).
 * @param {import('playwright-core').Page} page
 */
export async function gridRendered(page, timeout = 60_000) {
  const condition = `() => {
    const mark = document.body?.dataset.painted;
    if (!mark || !document.querySelector('.grid-body [role="row"][aria-rowindex="2"]:not(.loading):not([hidden])')) return false;
    const [, first] = mark.split(':').map(Number);
    return first === 0 && ${LOADED};
  }`;
  const { frame, shown } = await webviewShowing(page, condition, GRID_OPEN_MARKS, 'the defects grid', timeout);
  const { at, ...rest } = shown;
  return { frame, at, marks: rest };
}
