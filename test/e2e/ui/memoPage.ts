// What the long-memo page tests share (issue 38): the memo's place on the page, how to put a
// caret in it and type, and counters of the page's work during a typing pause (never its time).
import * as assert from 'node:assert/strict';
import { text } from '../../support/text';
import { poll } from './editorHarness';
import type { EditorPage } from './editorHarness';

export const MEMO = '[data-field="description"] .memo';
export const memoDocument = (body: string) => `<html><body>\n${body}\n</body></html>`;
export const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** Puts the caret at the end of the memo's text `at` (a text node holding it). */
export const caretAfter = (at: string) => `(() => {
  const memo = document.querySelector(${JSON.stringify(MEMO)});
  const walker = document.createTreeWalker(memo, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    if (t.data.includes(${JSON.stringify(at)})) {
      memo.focus();
      getSelection().collapse(t, t.data.indexOf(${JSON.stringify(at)}) + ${at.length});
      return true;
    }
  }
  return false;
})()`;

/** Counts, from now on, the characters the page posts to the host and the nodes it steps through (nextSibling). */
export const COUNT_STEPS = `(() => {
  window.__posted = 0;
  window.__stepped = 0;
  if (window.__countingSteps) return;
  window.__countingSteps = true;
  const toHost = window.__almHostReceive;
  window.__almHostReceive = (json) => {
    window.__posted += json.length;
    return toHost(json);
  };
  const next = Object.getOwnPropertyDescriptor(Node.prototype, 'nextSibling');
  Object.defineProperty(Node.prototype, 'nextSibling', { ...next, get() { window.__stepped++; return next.get.call(this); } });
})()`;

/** Counts, from now on, the page's idle callbacks asked for and not run yet (`window.__idlePending`). */
export const COUNT_IDLE = `(() => {
  window.__idlePending = 0;
  const request = window.requestIdleCallback.bind(window);
  window.requestIdleCallback = (callback, options) => {
    window.__idlePending++;
    return request((deadline) => {
      try {
        callback(deadline);
      } finally {
        window.__idlePending--;
      }
    }, options);
  };
})()`;

/** Waits until the page has run every idle callback it asked for (COUNT_IDLE installed): what it does when idle is done. */
export async function idleDone(e: EditorPage): Promise<void> {
  await poll(
    () => e.page.evaluate<number>('window.__idlePending'),
    (pending) => pending === 0,
    60_000,
  );
}

export async function startEditing(e: EditorPage): Promise<void> {
  await e.controller.edit();
  assert.equal(e.controller.lockPhase, 'editing');
  await e.page.locator(`${MEMO}[contenteditable="true"]`).waitFor();
}

/** Leaves the memo (which ends the typing pause); waits for the host to hold a memo `done` says yes to. */
export async function leaveMemo(e: EditorPage, done: (value: string) => boolean): Promise<string> {
  await e.page.locator('[data-field="name"] vscode-text-field').click();
  return poll(async () => text(e.controller.value('description')), done, 30_000);
}

/** Types `typed` after the memo's text `at`, then leaves the memo; waits for the host to have it. */
export async function typeAfter(e: EditorPage, at: string, typed: string): Promise<string> {
  assert.ok(await e.page.evaluate<boolean>(caretAfter(at)), `the memo shows no "${at}"`);
  await e.page.keyboard.type(typed, { delay: 0 });
  return leaveMemo(e, (v) => v.includes(`${at}${typed}`));
}

/** The memo written out whole by the page (its HTML source view), as the host would hold it. */
export async function wholeMemo(e: EditorPage): Promise<string> {
  await e.page.locator('[data-field="description"]').getByRole('button', { name: 'HTML source' }).click();
  return memoDocument(await e.page.locator('[data-field="description"] .memo-source').inputValue());
}
