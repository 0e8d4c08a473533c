// Drives the web workbench of the VS Code server in headless Chromium: one page runs the extension-host
// suite through the smoke-test driver's payload and waits for codeAutomationExit; another opens the
// workbench with only the extension under development loaded, for the page-side UI tests.
import { appendFileSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { workbenchUrl } from './vscodeServer.mjs';

const VIEWPORT = { width: 1400, height: 900 };
/** Noise every run prints: the public marketplace is unreachable from CI. */
const QUIET = /ENOTFOUND|marketplace\.visualstudio|gallery|net::ERR_/;

/** Opens a fresh browser context and page; its console goes to `consoleLog`. */
async function newPage(browser, consoleLog) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  page.on('console', (m) => { if (!QUIET.test(m.text())) appendFileSync(consoleLog, `[${m.type()}] ${m.text()}\n`); });
  page.on('pageerror', (e) => appendFileSync(consoleLog, `[pageerror] ${e.stack ?? e.message}\n`));
  return { context, page };
}

/**
 * Runs the extension-host suite and resolves when the workbench reports its exit code.
 * @returns {Promise<{ exitCode: number | null, secondsToExit: number, page: import('playwright-core').Page, context: import('playwright-core').BrowserContext }>}
 *   exitCode null means the suite did not finish within `timeoutMs`.
 */
export async function runExtensionTests({ browser, vscode, folder, extensionPath, testsPath, consoleLog, suiteLog, timeoutMs, print, dialogDir }) {
  const { context, page } = await newPage(browser, consoleLog);
  let resolveExit;
  const exited = new Promise((resolve) => { resolveExit = resolve; });
  // Must exist before the page loads: the workbench calls it when the tests end.
  await page.exposeFunction('codeAutomationExit', (code) => resolveExit(Number(code)));
  const stopTail = tail(suiteLog, print);
  const stopDialogs = dialogDir ? relayDialogs(page, dialogDir) : () => {};
  const started = Date.now();
  let timer;
  try {
    await page.goto(workbenchUrl(vscode, { folder, extensionPath, testsPath }), { timeout: 60_000 });
    const timedOut = new Promise((resolve) => { timer = setTimeout(() => resolve(null), timeoutMs); });
    const exitCode = await Promise.race([exited, timedOut]);
    return { exitCode, secondsToExit: (Date.now() - started) / 1000, page, context };
  } finally {
    clearTimeout(timer);
    stopTail();
    stopDialogs();
  }
}

/**
 * Lets extension-host tests see and answer the workbench's modal dialogs (VS Code asks there to
 * confirm a language-model tool invoked outside chat), through files in `dir` (see
 * test/e2e/environment.ts): `watch` asks for the next dialog's text (written to `dialog.json`),
 * `answer.json` (`{ "answer": "accept" | "cancel" }`) clicks a button and is removed once clicked.
 */
function relayDialogs(page, dir) {
  let busy = false;
  const timer = setInterval(async () => {
    if (busy || !(existsSync(join(dir, 'watch')) || existsSync(join(dir, 'answer.json')))) return;
    busy = true;
    try {
      const box = page.locator('.monaco-dialog-box').first();
      if (!(await box.isVisible())) return;
      const buttons = box.locator('.dialog-buttons .monaco-button');
      if (existsSync(join(dir, 'watch'))) {
        const shown = {
          message: await box.locator('.dialog-message-text').innerText(),
          detail: await box.locator('.dialog-message-detail').innerText(),
          buttons: await buttons.allInnerTexts(),
        };
        writeFileSync(join(dir, 'dialog.json'), JSON.stringify(shown));
        rmSync(join(dir, 'watch'), { force: true });
      }
      if (existsSync(join(dir, 'answer.json'))) {
        const { answer } = JSON.parse(readFileSync(join(dir, 'answer.json'), 'utf8'));
        const cancel = buttons.filter({ hasText: /^\s*Cancel\s*$/ });
        await (answer === 'cancel' ? cancel : buttons.filter({ hasNotText: /^\s*Cancel\s*$/ })).first().click();
        rmSync(join(dir, 'answer.json'), { force: true });
      }
    } catch {
      // The dialog closed or the page is busy: the next tick looks again.
    } finally {
      busy = false;
    }
  }, 150);
  return () => clearInterval(timer);
}

/** Opens the workbench on `folder` with the extension under development loaded and waits until it is drawn. */
export async function openWorkbench({ browser, vscode, folder, extensionPath, consoleLog }) {
  const { context, page } = await newPage(browser, consoleLog);
  await page.goto(workbenchUrl(vscode, { folder, extensionPath }), { timeout: 60_000 });
  await page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: 60_000 });
  return { context, page };
}

/** Prints what is appended to `file` while the suite runs (the extension host has no visible stdout). */
function tail(file, print) {
  let offset = 0;
  const flush = () => {
    if (!existsSync(file)) return;
    const size = statSync(file).size;
    if (size <= offset) return;
    const text = readFileSync(file).subarray(offset, size).toString('utf8');
    offset = size;
    print(text);
  };
  const timer = setInterval(flush, 250);
  return () => { clearInterval(timer); flush(); };
}
