// What the bench runs inside the editor page (through Playwright, which the page's CSP does not
// stop): a clock around each message from the host, the browser's own parse as the baseline, and
// one typing pause (keys into the memo, then the pause's serializing and sending, as a blur flushes it).
import type { Page } from 'playwright-core';

export const MEMO = '[data-field="description"] .memo';

/** One message from the host handled by the page: its script time and the layout it left to do. */
export interface MessageTime {
  method: string;
  script: number;
  layout: number;
}

interface BenchWindow {
  __benchLog: MessageTime[];
  __benchStart: number;
}

/**
 * Times every message the page's channel handles: a capturing listener on `window` runs before the
 * page's own, one added after it runs after it; the second forces the layout the message left.
 */
export async function installMessageClock(page: Page): Promise<void> {
  await page.evaluate((memoSelector) => {
    const w = window as unknown as BenchWindow;
    w.__benchLog = [];
    window.addEventListener('message', () => (w.__benchStart = performance.now()), true);
    window.addEventListener('message', (e: MessageEvent<{ method?: string }>) => {
      const script = performance.now();
      (document.querySelector(memoSelector) as HTMLElement | null)?.getBoundingClientRect();
      document.body.getBoundingClientRect();
      w.__benchLog.push({ method: e.data?.method ?? 'reply', script: script - w.__benchStart, layout: performance.now() - script });
    });
  }, MEMO);
}

export async function clearMessageLog(page: Page): Promise<void> {
  await page.evaluate(() => void ((window as unknown as BenchWindow).__benchLog = []));
}

export async function messageLog(page: Page): Promise<MessageTime[]> {
  return page.evaluate(() => (window as unknown as BenchWindow).__benchLog);
}

/** The browser's own parse of `html` in an inert document: the least any showing of it costs. */
export async function parseTime(page: Page, html: string): Promise<number> {
  return page.evaluate((source) => {
    const t = performance.now();
    const doc = new DOMParser().parseFromString(source, 'text/html');
    return doc.body.childNodes.length >= 0 ? performance.now() - t : NaN;
  }, html);
}

/** Times of one typing burst: each key's handling (median), and the pause's flush (serialize + send). */
export interface TypingTime {
  key: number;
  pause: number;
}

/** Types `keys` one by one at the end of the memo's first text, then ends the typing pause at once (a blur flushes it). */
export async function typeAndPause(page: Page, keys: string): Promise<TypingTime> {
  return page.evaluate(
    async ({ memoSelector, typed }) => {
      const memo = document.querySelector(memoSelector) as HTMLElement;
      memo.focus();
      const first = document.createTreeWalker(memo, NodeFilter.SHOW_TEXT).nextNode() as Text | null;
      if (first) getSelection()?.collapse(first, first.length);
      const keyTimes: number[] = [];
      for (const key of typed) {
        const t = performance.now();
        document.execCommand('insertText', false, key);
        // Mutation observers and other microtasks of the key are part of its cost.
        await Promise.resolve();
        keyTimes.push(performance.now() - t);
      }
      const t = performance.now();
      memo.blur();
      const pause = performance.now() - t;
      keyTimes.sort((a, b) => a - b);
      return { key: keyTimes[Math.floor(keyTimes.length / 2)] ?? NaN, pause };
    },
    { memoSelector: MEMO, typed: keys },
  );
}
