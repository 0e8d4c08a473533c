// Runs the page-side tests (dist/test/e2e/ui/*.test.js, built from test/e2e/ui/*.test.ts) or the
// journeys (test/e2e/journeys) with mocha in this launcher process; they reach the workbench page
// through the context set on a global symbol.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';
import { explainFailure } from './failureReport.mjs';
import { repoRoot } from './versions.mjs';

const UI_CONTEXT_KEY = Symbol.for('alm-defects.e2e.ui');

/** The built test files of `test/e2e/<dir>`, listed from the sources so a stale bundle of a deleted test never runs. */
function testFiles(dir) {
  const sources = join(repoRoot, 'test', 'e2e', dir);
  if (!existsSync(sources)) return [];
  return readdirSync(sources)
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
    .map((f) => join(repoRoot, 'dist', 'test', 'e2e', dir, f.replace(/\.ts$/, '.js')));
}

/**
 * @param {'ui' | 'journeys' | 'pictures' | 'locale'} dir which tests: test/e2e/<dir>
 * @param {object} context the UiContext of test/e2e/ui/context.ts (the journeys' adds `servers`)
 * @param {{ grep?: string, failureDir?: string, logsRoot?: string, retries?: number }} options failureDir receives a screenshot
 *   of the page per failed test; each failure's message gets what the workbench showed and the tail of the extension log
 *   found under logsRoot. retries: how often a failed test runs again (after the cleanup a failure gets); a test that
 *   passes only on a later try is reported in `flaky` with its first failure, so it is seen and mended, not hidden.
 * @returns {Promise<{ passed: number, failed: number, pending: number, failures: string[], flaky: { title: string, error: string }[] }>}
 */
export async function runPageTests(dir, context, options = {}) {
  globalThis[UI_CONTEXT_KEY] = context;
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', color: false, timeout: 60_000, slow: 10_000 });
  if (options.grep) mocha.grep(options.grep);
  mocha.retries(options.retries ?? 0);
  // A try that failed and will run again: mocha leaves its state unset, yet it gets a failure's cleanup.
  const failedTries = new WeakSet();
  const failedTry = (test) => test?.state === 'failed' || failedTries.has(test);
  if (options.failureDir) {
    const dir = options.failureDir;
    mocha.suite.afterEach(async function () {
      const test = this.currentTest;
      if (!failedTry(test) || context.page.isClosed()) return;
      const name = test
        .fullTitle()
        .replace(/[^\w.-]+/g, '-')
        .slice(0, 120);
      await context.page.screenshot({ path: join(dir, `failed-${name}.png`) }).catch(() => {});
      await explainFailure(test, context.page, options.logsRoot);
    });
  }
  if (dir === 'journeys') {
    // A journey that fails half-way can leave a menu, a quick input or a dialog open, which would fail
    // every journey after it: close them as a person would, with Escape.
    mocha.suite.afterEach(async function () {
      const open = context.page.locator('.monaco-menu-container:visible, .quick-input-widget:visible, .monaco-dialog-box:visible');
      for (let i = 0; i < 4 && !context.page.isClosed() && (await open.count().catch(() => 0)) > 0; i++) await context.page.keyboard.press('Escape');
    });
    // It can also leave its editors open (a grid holding the focus swallowed the next journey's
    // Go to Defect): after a failure, close every tab with its close button, discarding unsaved edits.
    mocha.suite.afterEach(async function () {
      const page = context.page;
      if (!failedTry(this.currentTest) || page.isClosed()) return;
      for (let i = 0; i < 20; i++) {
        const tab = page.locator('.tabs-container .tab').first();
        if ((await tab.count().catch(() => 0)) === 0) break;
        await tab
          .locator('.tab-actions .action-label')
          .first()
          .click({ force: true, timeout: 5_000 })
          .catch(() => {});
        const discard = page.locator('.monaco-dialog-box').getByRole('button', { name: "Don't Save" });
        if (
          await discard.waitFor({ timeout: 2_000 }).then(
            () => true,
            () => false,
          )
        )
          await discard.click().catch(() => {});
      }
    });
  }
  for (const file of testFiles(dir)) {
    if (!existsSync(file)) throw new Error(`${file} is not built: run "npm run build" first`);
    mocha.addFile(file);
  }
  const result = { passed: 0, failed: 0, pending: 0, failures: [], flaky: [] };
  /** The first failure of each test that is running again, by title. */
  const firstFailures = new Map();
  try {
    await new Promise((resolve) => {
      const runner = mocha.run(() => resolve(undefined));
      runner.on(Mocha.Runner.constants.EVENT_TEST_RETRY, (test, err) => {
        failedTries.add(test);
        // The reporter sets err only on a final failure; explainFailure (an afterEach hook) appends to it.
        test.err = err;
        if (!firstFailures.has(test.fullTitle())) firstFailures.set(test.fullTitle(), test);
        console.log(`    ↻ failed, running it again: ${String(err?.message ?? err).split('\n')[0]}`);
      });
      runner.on(Mocha.Runner.constants.EVENT_TEST_PASS, (test) => {
        result.passed++;
        const first = firstFailures.get(test.fullTitle());
        if (first) result.flaky.push({ title: test.fullTitle(), error: String(first.err?.message ?? first.err).replace(/\u001b\[\d+m/g, '') });
      });
      runner.on(Mocha.Runner.constants.EVENT_TEST_PENDING, () => result.pending++);
      runner.on(Mocha.Runner.constants.EVENT_TEST_FAIL, (test) => {
        result.failed++;
        result.failures.push(test.fullTitle());
      });
    });
  } finally {
    delete globalThis[UI_CONTEXT_KEY];
    mocha.dispose();
  }
  return result;
}
