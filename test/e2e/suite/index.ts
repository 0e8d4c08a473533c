// The end-to-end suite's entry, loaded by VS Code as `extensionTestsPath`: runs mocha inside the extension
// host (real `vscode` API) over the bundles of test/e2e/suite/*.test.ts, mirrors the spec output to the
// file named by ALM_E2E_LOG (the launcher prints it live) and writes the counts to ALM_E2E_RESULT.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { format } from 'node:util';
import Mocha from 'mocha';

/** Counts the launchers add to the other stages' totals. */
export interface SuiteResult {
  passed: number;
  failed: number;
  pending: number;
  failures: string[];
  /** Tests that failed once and passed on their second try, with the first failure: printed to be mended. */
  flaky: { title: string; error: string }[];
}

type ConsoleLog = (...args: unknown[]) => void;

/** Set by scripts/build.mjs: the bundles of test/e2e/suite/*.test.ts, e.g. `suite/smoke.test`. */
declare const E2E_SUITE_FILES: string[];

export async function run(): Promise<void> {
  const logFile = process.env.ALM_E2E_LOG;
  const resultFile = process.env.ALM_E2E_RESULT;
  // The spec reporter prints through Base.consoleLog; in the extension host stdout goes nowhere visible.
  const base = Mocha.reporters.Base as unknown as { consoleLog: ConsoleLog };
  const original = base.consoleLog;
  if (logFile) {
    base.consoleLog = (...args: unknown[]) => {
      fs.appendFileSync(logFile, `${format(...args)}\n`);
      original(...args);
    };
  }
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', color: false, timeout: 30_000, slow: 5_000 });
  if (process.env.ALM_E2E_GREP) mocha.grep(process.env.ALM_E2E_GREP);
  // As the page tests (scripts/e2e/uiRunner.mjs): a failed test runs once more; passing only then, it is
  // reported as flaky with its first failure rather than blocking the run.
  mocha.retries(Number(process.env.ALM_E2E_RETRIES ?? 1));
  for (const file of [...E2E_SUITE_FILES].sort()) mocha.addFile(path.join(__dirname, `${file}.js`));

  const result: SuiteResult = { passed: 0, failed: 0, pending: 0, failures: [], flaky: [] };
  const firstFailures = new Map<string, unknown>();
  try {
    await new Promise<void>((resolve) => {
      const runner = mocha.run(() => resolve());
      runner.on(Mocha.Runner.constants.EVENT_TEST_RETRY, (test: Mocha.Test, err: unknown) => {
        if (!firstFailures.has(test.fullTitle())) firstFailures.set(test.fullTitle(), err);
        base.consoleLog(`    ↻ failed, running it again: ${String(err instanceof Error ? err.message : err).split('\n')[0]}`);
      });
      runner.on(Mocha.Runner.constants.EVENT_TEST_PASS, (test) => {
        result.passed++;
        if (!firstFailures.has(test.fullTitle())) return;
        const err = firstFailures.get(test.fullTitle());
        result.flaky.push({ title: test.fullTitle(), error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
      });
      runner.on(Mocha.Runner.constants.EVENT_TEST_PENDING, () => result.pending++);
      runner.on(Mocha.Runner.constants.EVENT_TEST_FAIL, (test) => {
        result.failed++;
        result.failures.push(test.fullTitle());
      });
    });
  } finally {
    base.consoleLog = original;
    if (resultFile) fs.writeFileSync(resultFile, JSON.stringify(result));
  }
  // Rejecting makes the workbench report a non-zero exit code through codeAutomationExit.
  if (result.failed > 0) throw new Error(`${result.failed} end-to-end test(s) failed`);
}
