// Drives the web workbench of the VS Code server in headless Chromium: one page runs the extension-host
// suite through the smoke-test driver's payload and waits for codeAutomationExit; another opens the
// workbench with only the extension under development loaded, for the page-side UI tests.
import { appendFileSync, existsSync, readFileSync, statSync } from 'node:fs';
import { workbenchUrl } from './vscodeServer.mjs';

const VIEWPORT = { width: 1400, height: 900 };
/** Noise every run prints: the public marketplace is unreachable from CI. */
const QUIET = /ENOTFOUND|marketplace\.visualstudio|gallery|net::ERR_/;

/**
 * Opens a fresh browser context and page; its console goes to `consoleLog`. With `locale` (e.g. `de`)
 * the workbench runs in that display language: the web workbench takes its language from the
 * language pack's message script (`_VSCODE_NLS_LANGUAGE`), and with no pack installed (none can be
 * downloaded here) the init script sets it as a pack would. VS Code's own texts stay English; the
 * extension host gets the language and loads the extension's translations, as for a German user.
 */
async function newPage(browser, consoleLog, locale) {
  const context = await browser.newContext({ viewport: VIEWPORT, ...(locale ? { locale } : {}) });
  if (locale) await context.addInitScript((language) => Object.assign(globalThis, { _VSCODE_NLS_LANGUAGE: language }), locale);
  const page = await context.newPage();
  page.on('console', (m) => {
    if (!QUIET.test(m.text())) appendFileSync(consoleLog, `[${m.type()}] ${m.text()}\n`);
  });
  page.on('pageerror', (e) => appendFileSync(consoleLog, `[pageerror] ${e.stack ?? e.message}\n`));
  return { context, page };
}

/**
 * Runs the extension-host suite and resolves when the workbench reports its exit code.
 * @returns {Promise<{ exitCode: number | null, secondsToExit: number, page: import('playwright-core').Page, context: import('playwright-core').BrowserContext }>}
 *   exitCode null means the suite did not finish within `timeoutMs`.
 */
export async function runExtensionTests({ browser, vscode, folder, extensionPath, testsPath, consoleLog, suiteLog, timeoutMs, print }) {
  const { context, page } = await newPage(browser, consoleLog);
  let resolveExit;
  const exited = new Promise((resolve) => {
    resolveExit = resolve;
  });
  // Must exist before the page loads: the workbench calls it when the tests end.
  await page.exposeFunction('codeAutomationExit', (code) => resolveExit(Number(code)));
  const stopTail = tail(suiteLog, print);
  const started = Date.now();
  let timer;
  try {
    await page.goto(workbenchUrl(vscode, { folder, extensionPath, testsPath }), { timeout: 60_000 });
    const timedOut = new Promise((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
    });
    const exitCode = await Promise.race([exited, timedOut]);
    return { exitCode, secondsToExit: (Date.now() - started) / 1000, page, context };
  } finally {
    clearTimeout(timer);
    stopTail();
  }
}

/** Opens the workbench on `folder` with the extension under development loaded and waits until it is drawn. */
export async function openWorkbench({ browser, vscode, folder, extensionPath, consoleLog, locale }) {
  const { context, page } = await newPage(browser, consoleLog, locale);
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
  return () => {
    clearInterval(timer);
    flush();
  };
}
