// What the bench runs inside the editor page (Playwright `evaluate`, kept as JavaScript source: the
// project type-checks benches without DOM types): a clock around each message from the host, the
// browser's own parse as the baseline, and one typing pause (keys into the memo, then the pause's
// serializing and sending, as a blur flushes it).
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
 * own (listeners on `window` run in the order they were added), which then forces the layout the message left.
 */
export async function installMessageClock(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.__benchLog = [];
    const post = window.postMessage.bind(window);
    window.postMessage = (message, origin) => {
      post(message, origin);
      window.__benchStart = performance.now();
    };
    window.addEventListener('message', (e) => {
      const script = performance.now();
      document.querySelector(${MEMO})?.getBoundingClientRect();
      document.body.getBoundingClientRect();
      window.__benchLog.push({ method: e.data?.method ?? 'reply', script: script - window.__benchStart, layout: performance.now() - script });
    });
  })()`);
}

export async function clearMessageLog(page: Page): Promise<void> {
  await page.evaluate('void (window.__benchLog = [])');
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
 * Times of one typing burst: each key's handling (median), and the pause's flush (the memo
 * serialized and posted as VS Code's postMessage would take it, JSON) without `transport`: the
 * harness's way to Node, which VS Code does not take (its postMessage hands the message to another process).
 */
export interface TypingTime {
  key: number;
  pause: number;
  transport: number;
}

/** Types `keys` one by one at the end of the memo's first text, then ends the typing pause at once (a blur flushes it). */
export async function typeAndPause(page: Page, keys: string): Promise<TypingTime> {
  return page.evaluate<TypingTime>(`(async () => {
    const memo = document.querySelector(${MEMO});
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
    const t = performance.now();
    try {
      memo.blur();
    } finally {
      window.__almHostReceive = toHost;
    }
    const pause = performance.now() - t - transport;
    keyTimes.sort((a, b) => a - b);
    return { key: keyTimes[Math.floor(keyTimes.length / 2)], pause, transport };
  })()`);
}
