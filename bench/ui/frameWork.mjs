// What one webview frame's page does, read from a DevTools trace of the renderer: its parsing and
// script (event handlers, timers, animation-frame callbacks) and the style and layout it forces,
// attributed to the frame by the trace's own frame ids, beside everything the renderer's main thread
// did (the frame tree's style, layout and paint run as one, not per frame). Headless Chromium without
// a GPU rasterizes and composites in software on other threads; that cost shows only in the time
// between frames, so the figures together say what the page controls and what it does not.

/** Trace events of the page's own work, each carrying the id of the frame it ran for. */
const WORK = new Set(['FunctionCall', 'EventDispatch', 'TimerFire', 'FireAnimationFrame', 'FireIdleCallback', 'RunMicrotasks', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'HitTest']);

function frameOf(e) {
  const a = e.args ?? {};
  return a.data?.frame ?? a.beginData?.frame ?? a.frame;
}

/**
 * Traces the renderer while `run` runs. @param {import('playwright-core').Page} page
 * @returns {Promise<{ result: any, events: any[] }>}
 */
export async function traced(page, run) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  await cdp.send('Tracing.start', { categories: 'toplevel,blink.user_timing,devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  let result;
  try {
    result = await run();
  } finally {
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
  }
  return { result, events };
}

/** The trace's frame id of the document at `url` (the webview's page). */
function frameIdOf(events, url) {
  for (const e of events) {
    const frames = e.args?.data?.frames;
    if (Array.isArray(frames)) {
      const f = frames.find((x) => x.url === url);
      if (f) return f.frame;
    }
    if (e.name === 'FrameCommittedInBrowser' && e.args?.data?.url === url) return e.args.data.frame;
  }
  return undefined;
}

/** Busy intervals [start, end] (µs) of the frame's work on each thread, nested events merged. */
/** As WORK, and the loading of the page's document: its HTML, stylesheet and script compiled and run. */
const PAGE_WORK = new Set([...WORK, 'ParseHTML', 'ParseAuthorStyleSheet', 'EvaluateScript', 'v8.compile', 'v8.compileModule', 'CompileScript', 'MarkDOMContent', 'MarkLoad']);

function busyIntervals(events, frameId, names = WORK) {
  const intervals = [];
  const open = new Map();
  for (const e of events) {
    if (!names.has(e.name)) continue;
    const key = `${e.pid}:${e.tid}:${e.name}`;
    if (e.ph === 'X' && frameOf(e) === frameId) intervals.push([e.ts, e.ts + (e.dur ?? 0)]);
    else if (e.ph === 'B') open.set(key, e);
    else if (e.ph === 'E' && open.has(key)) {
      const b = open.get(key);
      open.delete(key);
      if (frameOf(b) === frameId || frameOf(e) === frameId) intervals.push([b.ts, e.ts]);
    }
  }
  intervals.sort((a, b) => a[0] - b[0]);
  const merged = [];
  for (const [s, t] of intervals) {
    const last = merged.at(-1);
    if (last && s <= last[1]) last[1] = Math.max(last[1], t);
    else merged.push([s, t]);
  }
  return merged;
}

/**
 * Per animation frame of the page (the time between two of its animation-frame callbacks), in ms:
 * the work the trace attributes to the page (its script, and the style and layout it forced), and
 * all the main thread did (style, layout and paint of the frame tree run as one, for the workbench
 * and its webviews alike; the workbench is idle while the page scrolls). Undefined when the page is
 * not in the trace.
 * @param {any[]} events  @param {string} url the page's document URL (Playwright's frame.url())
 */
export function workPerFrame(events, url) {
  const frameId = frameIdOf(events, url);
  if (!frameId) return undefined;
  const ticks = events
    .filter((e) => e.name === 'FireAnimationFrame' && frameOf(e) === frameId)
    .map((e) => e.ts)
    .sort((a, b) => a - b)
    // Several callbacks of one frame (the bench's, the virtualizer's) run back to back: one tick.
    .filter((ts, i, all) => i === 0 || ts - all[i - 1] > 4000);
  const busy = busyIntervals(events, frameId);
  const thread = mainThreadBusy(events);
  const page = [];
  const mainThread = [];
  for (let i = 1; i < ticks.length; i++) {
    page.push(within(busy, ticks[i - 1], ticks[i]));
    mainThread.push(within(thread, ticks[i - 1], ticks[i]));
  }
  return { page, mainThread };
}

/** Total ms of merged intervals that fall between `from` and `to` (µs). */
function within(intervals, from, to) {
  let us = 0;
  for (const [s, t] of intervals) if (t > from && s < to) us += Math.min(t, to) - Math.max(s, from);
  return us / 1000;
}

/** Busy intervals of the renderer's main thread (its top-level tasks), whatever frame they were for. */
function mainThreadBusy(events) {
  const main = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && main.has(`${e.pid}:${e.tid}`)).map((e) => [e.ts, e.ts + (e.dur ?? 0)]);
  tasks.sort((a, b) => a[0] - b[0]);
  const merged = [];
  for (const [s, t] of tasks) {
    const last = merged.at(-1);
    if (last && s <= last[1]) last[1] = Math.max(last[1], t);
    else merged.push([s, t]);
  }
  return merged;
}

/**
 * Where the time of a step went on the renderer's main thread, from `fromMs` to `toMs` (the page's
 * Date.now() of the input and of the result, mapped onto the trace's clock through `clock`): the
 * webview page's own work (parsing, script, style, layout, paint recording), and everything the
 * thread did (the workbench included: this Chromium runs every frame on one thread).
 * @param {any[]} events  @param {string} url  @param {{ epochMs: number, traceUs: number }} clock a moment on both clocks
 */
export function workDuring(events, url, fromMs, toMs, clock) {
  const frameId = frameIdOf(events, url);
  const us = (ms) => clock.traceUs + (ms - clock.epochMs) * 1000;
  const [from, to] = [us(fromMs), us(toMs)];
  return {
    page: frameId ? within(busyIntervals(events, frameId, PAGE_WORK), from, to) : NaN,
    mainThread: within(mainThreadBusy(events), from, to),
  };
}
