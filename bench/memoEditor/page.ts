// What the bench runs inside the editor page (Playwright `evaluate`, kept as JavaScript source: the
// project type-checks benches without DOM types): a clock around each message from the host, the
// browser's own parse as the baseline, and one typing pause (keys into the memo, then the pause's
// serializing and sending, when the page's own timer ends the pause).
import type { Page } from 'playwright-core';

const MEMO = JSON.stringify('[data-field="description"] .memo');

/** One message from the host handled by the page: its script time and the layout it left to do. */
export interface MessageTime {
  method: string;
  script: number;
  layout: number;
}

/**
 * Times every message the page's channel handles: the clock starts when the harness has posted it
 * (its `postMessage` from Node, into an idle page) and stops in a listener added after the page's
 * own (listeners on `window` run in the order they were added), which then forces the layout the
 * message left — except for `values`, whose showing may go on in later tasks: there the first
 * frame after it is timed (the first screen), and the browser's long tasks (over 50 ms, script and
 * layout alike) are recorded until the memo is shown whole (see openDone).
 */
export async function installMessageClock(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.__benchLog = [];
    window.__benchTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__benchTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ entryTypes: ['longtask'] });
    const post = window.postMessage.bind(window);
    window.postMessage = (message, origin) => {
      post(message, origin);
      window.__benchStart = performance.now();
    };
    window.addEventListener('message', (e) => {
      const script = performance.now();
      const start = window.__benchStart;
      if (e.data?.method === 'values') {
        window.__benchValues = { start, firstScreen: undefined };
        requestAnimationFrame(() => setTimeout(() => (window.__benchValues.firstScreen = performance.now() - start)));
        window.__benchLog.push({ method: 'values', script: script - start, layout: 0 });
        return;
      }
      document.querySelector(${MEMO})?.getBoundingClientRect();
      document.body.getBoundingClientRect();
      window.__benchLog.push({ method: e.data?.method ?? 'reply', script: script - start, layout: performance.now() - script });
    });
  })()`);
}

/** How the last `values` message was shown: its first screen, the whole memo, and the longest task meanwhile. */
export interface OpenTime {
  firstScreen: number;
  complete: number;
  /** The longest task (script or layout) from the post until the memo was shown whole; 0 when none took over 50 ms. */
  longest: number;
  /** The longest slice of the page's script after the values task (its `alm-memo-slice` measures); 0 when it had none. */
  slice: number;
}

/**
 * Once the memo is shown whole (no longer `aria-busy`), waits for its layout and a painted frame,
 * then gives the times of the last `values` message; undefined while the memo is still being shown.
 */
export async function openDone(page: Page): Promise<OpenTime | undefined> {
  return page.evaluate<OpenTime | undefined>(`(async () => {
    const memo = document.querySelector(${MEMO});
    const values = window.__benchValues;
    if (!memo || !values || memo.getAttribute('aria-busy') === 'true' || values.firstScreen === undefined) return undefined;
    memo.getBoundingClientRect();
    const complete = performance.now() - values.start;
    // Long tasks are reported after they end: a frame and a task later, all of them are in.
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    await new Promise((r) => setTimeout(r, 60));
    const tasks = window.__benchTasks.filter((t) => t.start + t.duration >= values.start && t.start <= values.start + complete);
    const slices = performance.getEntriesByName('alm-memo-slice', 'measure').filter((m) => m.startTime > values.start);
    performance.clearMeasures('alm-memo-slice');
    // The first slice runs in the values task, timed as a whole.
    const slice = Math.max(0, ...slices.slice(1).map((m) => m.duration));
    return { firstScreen: values.firstScreen, complete, longest: Math.max(0, ...tasks.map((t) => t.duration)), slice };
  })()`);
}

/** Once every image of the memo is shown resolved or as not found: the time from the last `values` message, and the longest task meanwhile. */
export async function imagesDone(page: Page): Promise<{ settled: number; longest: number } | undefined> {
  return page.evaluate<{ settled: number; longest: number } | undefined>(`(async () => {
    const values = window.__benchValues;
    const images = Array.from(document.querySelectorAll(${MEMO} + ' img:not([data-alm-missing])'));
    if (!values || images.some((img) => !img.hasAttribute('src') || img.hasAttribute('data-alm-pending') || img.hasAttribute('aria-busy'))) return undefined;
    document.querySelector(${MEMO}).getBoundingClientRect();
    const settled = performance.now() - values.start;
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    await new Promise((r) => setTimeout(r, 60));
    const tasks = window.__benchTasks.filter((t) => t.start + t.duration >= values.start && t.start <= values.start + settled);
    return { settled, longest: Math.max(0, ...tasks.map((t) => t.duration)) };
  })()`);
}

/** Waits until the page has nothing left to do when idle: three idle periods in a row have their whole 50 ms. */
export async function pageIdle(page: Page): Promise<void> {
  await page.evaluate(`new Promise((resolve) => {
    let quiet = 0;
    const idle = (deadline) => {
      quiet = deadline.timeRemaining() >= 49 ? quiet + 1 : 0;
      if (quiet >= 3) resolve(undefined);
      else requestIdleCallback(idle);
    };
    requestIdleCallback(idle);
  })`);
}

export async function clearMessageLog(page: Page): Promise<void> {
  await page.evaluate('void ((window.__benchLog = []), (window.__benchTasks = []), (window.__benchValues = undefined))');
}

export async function messageLog(page: Page): Promise<MessageTime[]> {
  return page.evaluate<MessageTime[]>('window.__benchLog');
}

/** The browser's own parse of `html` in an inert document: the least any showing of it costs. */
export async function parseTime(page: Page, html: string): Promise<number> {
  await page.evaluate(`void (window.__benchHtml = ${JSON.stringify(html)})`);
  return page.evaluate<number>(`(() => {
    const t = performance.now();
    const doc = new DOMParser().parseFromString(window.__benchHtml, 'text/html');
    return doc.body.childNodes.length >= 0 ? performance.now() - t : NaN;
  })()`);
}

/**
 * Times of one typing burst: each key's handling (median), and the pause's sending (the memo
 * serialized and posted as VS Code's postMessage would take it, JSON; the page's own measure
 * `alm-memo-pause`) without `transport`: the harness's way to Node, which VS Code does not take
 * (its postMessage hands the message to another process).
 */
export interface TypingTime {
  key: number;
  pause: number;
  transport: number;
}

/** Types `keys` one by one at the end of the memo's first text, then waits for the page's typing pause to send them. */
export async function typeAndPause(page: Page, keys: string): Promise<TypingTime> {
  return page.evaluate<TypingTime>(`(async () => {
    const memo = document.querySelector(${MEMO});
    const toHost = window.__almHostReceive;
    let transport = 0;
    window.__almHostReceive = (json) => {
      const t = performance.now();
      try {
        return toHost(json);
      } finally {
        transport += performance.now() - t;
      }
    };
    try {
      const paused = new Promise((resolve) => {
        const observer = new PerformanceObserver((list) => {
          const entry = list.getEntriesByName('alm-memo-pause')[0];
          if (!entry) return;
          observer.disconnect();
          resolve(entry.duration);
        });
        observer.observe({ type: 'measure' });
      });
      memo.focus();
      const first = document.createTreeWalker(memo, NodeFilter.SHOW_TEXT).nextNode();
      if (first) getSelection().collapse(first, first.length);
      const keyTimes = [];
      for (const key of ${JSON.stringify(keys)}) {
        const t = performance.now();
        document.execCommand('insertText', false, key);
        // Mutation observers and other microtasks of the key are part of its cost.
        await Promise.resolve();
        keyTimes.push(performance.now() - t);
      }
      // The page's own typing pause (a timer after the last key) sends them.
      const pause = await paused;
      keyTimes.sort((a, b) => a - b);
      return { key: keyTimes[Math.floor(keyTimes.length / 2)], pause: pause - transport, transport };
    } finally {
      window.__almHostReceive = toHost;
    }
  })()`);
}
