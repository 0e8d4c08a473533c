// What the workbench showed when a page test or journey failed, written into the failure itself.
// CI keeps only the end of `npm test`'s output (not test-results/), so a failure that happens only
// on a busy CI machine must explain itself there: which notifications, quick input, dialog, menu and
// tabs were showing, what had the focus, and the last lines of the extension's own log.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const LOG_LINES = 20;

/** The workbench's visible state, one short line per element (read only; clicks nothing). */
async function workbenchState(page) {
  return page.evaluate(() => {
    const visible = (el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const text = (el, max = 160) => (el.innerText || el.textContent || '').replace(/\s+/g, ' ').trim().slice(0, max);
    const all = (selector) => [...document.querySelectorAll(selector)].filter(visible);
    const lines = [];
    for (const n of all('.notification-list-item')) lines.push(`notification: ${text(n)}`);
    for (const q of all('.quick-input-widget')) {
      const input = q.querySelector('input');
      const rows = [...q.querySelectorAll('.monaco-list-row')].slice(0, 5).map((r) => text(r, 60));
      lines.push(`quick input: title "${text(q.querySelector('.quick-input-title') ?? q, 80)}", placeholder "${input?.placeholder ?? ''}", value "${input?.value ?? ''}", rows [${rows.join(' | ')}]`);
    }
    for (const d of all('.monaco-dialog-box')) lines.push(`dialog: ${text(d)}`);
    for (const m of all('.monaco-menu-container')) lines.push(`menu: ${text(m)}`);
    for (const h of all('.monaco-hover')) lines.push(`hover: ${text(h)}`);
    const tabs = [...document.querySelectorAll('.tabs-container .tab')].map((t) => `${t.classList.contains('active') ? '*' : ''}${t.getAttribute('aria-label') ?? text(t, 60)}`);
    lines.push(`tabs: [${tabs.join(' | ')}]`);
    const focus = document.activeElement;
    lines.push(`focus: ${focus ? `${focus.tagName.toLowerCase()}.${[...focus.classList].join('.')} "${focus.getAttribute('aria-label') ?? ''}"` : 'none'}`);
    return lines;
  });
}

/** The newest ALM.log (the extension's output channel) under the VS Code server's logs. */
function newestExtensionLog(logsRoot) {
  if (!logsRoot || !existsSync(logsRoot)) return undefined;
  let newest;
  for (const file of readdirSync(logsRoot, { recursive: true })) {
    if (!String(file).endsWith('ALM.log')) continue;
    const path = join(logsRoot, String(file));
    const modified = statSync(path).mtimeMs;
    if (!newest || modified > newest.modified) newest = { path, modified };
  }
  return newest?.path;
}

function logTail(logsRoot) {
  const path = newestExtensionLog(logsRoot);
  if (!path) return ['(no extension log found)'];
  return readFileSync(path, 'utf8').trimEnd().split('\n').slice(-LOG_LINES);
}

/**
 * Appends the workbench's state and the extension log's tail to the failed test's error, so that the
 * reporter prints them with the failure. Never throws: a report must not hide the failure it explains.
 */
export async function explainFailure(test, page, logsRoot) {
  if (!test?.err || typeof test.err.message !== 'string') return;
  const state = page.isClosed() ? ['(the page was closed)'] : await workbenchState(page).catch((e) => [`(the page could not be read: ${e.message})`]);
  let tail;
  try {
    tail = logTail(logsRoot);
  } catch (e) {
    tail = [`(the extension log could not be read: ${e.message})`];
  }
  test.err.message += `\n\n  What the workbench showed:\n${state.map((l) => `    ${l}`).join('\n')}\n\n  The extension log's last lines:\n${tail.map((l) => `    ${l}`).join('\n')}\n`;
}
