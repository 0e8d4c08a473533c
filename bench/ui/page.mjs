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
 * The first frame of the page where `probe` (an expression returning Date.now() once the frame shows
 * what is awaited, else false) holds, found by polling the page's frames (webviews are frames in
 * frames, created after the input). Returns the frame and the frame's Date.now() at that moment.
 * @param {import('playwright-core').Page} page
 */
async function webviewShowing(page, probe, what, timeout) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      const at = await frame.evaluate(probe).catch(() => false);
      if (at) return { frame, at };
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${what} did not render within ${timeout / 1000} s`);
}

/** The frame of the defect editor showing `id` and the time it first showed its memos. @param {import('playwright-core').Page} page */
export async function editorRendered(page, id, timeout = 60_000) {
  const probe = `(() => {
    const head = document.querySelector('.defect-id');
    if (!head || !(head.textContent ?? '').startsWith('Defect ${id} ')) return false;
    if (!document.querySelector('[data-field="description"] .memo') || document.body.dataset.phase === 'loading') return false;
    const at = Date.now();
    const mark = (name) => performance.timeOrigin + (performance.getEntriesByName('alm-editor:' + name)[0]?.startTime ?? NaN);
    return { at, page: performance.timeOrigin, script: mark('script'), ready: mark('ready'), state: mark('state'), painted: mark('painted') };
  })()`;
  const { frame, at } = await webviewShowing(page, probe, `the editor of defect ${id}`, timeout);
  // The page's own marks (webview/editor), for the breakdown of the open time.
  return { frame, at: at.at, marks: { page: at.page, script: at.script, ready: at.ready, state: at.state, painted: at.painted } };
}

/** The baseline's empty webview number `n` (bench/ui/emptyWebview) shown. @param {import('playwright-core').Page} page */
export async function emptyWebviewRendered(page, n, timeout = 60_000) {
  const probe = `(() => (document.querySelector('.bench-empty')?.textContent === 'Empty webview ${n}' ? { at: Date.now(), page: performance.timeOrigin, painted: performance.timeOrigin + (performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN) } : false))()`;
  const { frame, at } = await webviewShowing(page, probe, `empty webview ${n}`, timeout);
  return { frame, at: at.at, marks: { page: at.page, painted: at.painted } };
}
