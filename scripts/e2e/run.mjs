// `npm run test:e2e`: the end-to-end tests inside a real VS Code (1.139, the VS Code server of the npm
// package code-server) driven by headless Chromium, against the project's ALM server.
//   1. installs the VS Code server and Node 24 into .vscode-test/ on first use;
//   2. starts the ALM server (fresh data directory, demo data, free port) and the VS Code server;
//   3. runs the extension-host suite (test/e2e/suite) and waits for codeAutomationExit;
//   4. runs the page-side tests (test/e2e/ui) against a fresh workbench with the extension loaded;
//   5. writes the combined counts to ALM_TEST_SUMMARY and exits non-zero on any failure.
// On failure the logs and screenshots are kept under test-results/e2e-<time>/.
//   6. with --journeys: runs the journeys (test/e2e/journeys) against another fresh workbench, signed in
//      with an API key, with a second ALM server holding a large project (see journeyServers.mjs).
// Usage: node scripts/e2e/run.mjs [--grep <pattern>] [--alm 12.55|16.0|24.1|26.1] [--trees api|rest|api,rest] [--host-only]
//                                 [--journeys | --journeys-only] [--keep] [--retries N]
//   --alm: the ALM release line the server behaves as (default 12.55; 16.0 and later are Core-only
//   with XSRF enforced, 26.1 answers with the captured 26.1 shapes).
//   --trees: the REST trees the ALM server offers (default both); `--trees rest` runs against a
//   Core-only server. --host-only runs the extension-host suite without the page-side tests (CI's
//   second run, against a Core-only server). --journeys adds the journeys after the other stages;
//   --journeys-only runs only them (no extension-host suite, no page-side tests): with --grep, the way
//   to run one journey. --keep keeps the temporary run folder.
//   --screenshots-to <dir>: instead of the tests, makes the README's pictures (test/e2e/pictures) from the
//   demo data into <dir> (e.g. media/screenshots), each in the light and the dark theme, each PNG under
//   300 KB. Not part of `npm test`: run it when the UI changes and commit the pictures.
//   --locale de: instead of the tests, opens the workbench in German and runs test/e2e/locale (the tree,
//   the editor and the grid read in German).
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { startAlmServer } from './almServer.mjs';
import { launchBrowser } from './browser.mjs';
import { ensureVscodeServer } from './install.mjs';
import { stopAll } from './processes.mjs';
import { startJourneyServers, writeJourneyWorkspace } from './journeyServers.mjs';
import { runPageTests } from './uiRunner.mjs';
import { repoRoot } from './versions.mjs';
import { startVscodeServer } from './vscodeServer.mjs';
import { openWorkbench, runExtensionTests } from './workbench.mjs';
import { writeDemoWorkspace } from './workspace.mjs';

const argv = process.argv.slice(2);
const grep = argv.includes('--grep') ? argv[argv.indexOf('--grep') + 1] : process.env.ALM_E2E_GREP;
// A page test or journey that fails runs once more (after the failure's cleanup); one that passes only
// then is printed as flaky with its first failure. `--retries 0` shows every chance failure as a failure.
const retries = argv.includes('--retries') ? Number(argv[argv.indexOf('--retries') + 1]) : 1;
const keep = argv.includes('--keep');
const journeysOnly = argv.includes('--journeys-only');
const picturesDir = argv.includes('--screenshots-to') ? resolve(repoRoot, argv[argv.indexOf('--screenshots-to') + 1]) : undefined;
const locale = argv.includes('--locale') ? argv[argv.indexOf('--locale') + 1] : undefined;
if (locale !== undefined && locale !== 'de') {
  console.error(`--locale: only de has a translation and tests (got ${locale})`);
  process.exit(2);
}
const journeys = journeysOnly || argv.includes('--journeys');
const hostOnly = argv.includes('--host-only') || journeysOnly;
const almVersion = argv.includes('--alm') ? argv[argv.indexOf('--alm') + 1] : process.env.ALM_E2E_ALM;
if (almVersion !== undefined && !['12.55', '16.0', '24.1', '26.1'].includes(almVersion)) {
  console.error(`--alm must be 12.55, 16.0, 24.1 or 26.1 (got ${almVersion})`);
  process.exit(2);
}
const treesArg = argv.includes('--trees') ? argv[argv.indexOf('--trees') + 1] : process.env.ALM_E2E_TREES;
// Without --trees, the profile's trees: 16.0 and later serve Core only (the suite skips /api-only tests then).
const trees = treesArg ? treesArg.split(',').map((t) => t.trim()) : almVersion && almVersion !== '12.55' ? ['rest'] : undefined;
if (trees && (trees.length === 0 || trees.some((t) => t !== 'api' && t !== 'rest'))) {
  console.error(`--trees must be api, rest or api,rest (got ${treesArg})`);
  process.exit(2);
}
const SUITE_TIMEOUT_MS = Number(process.env.ALM_E2E_SUITE_TIMEOUT_MS ?? 10 * 60_000);
// The whole run, install included, must end well inside CI's 20 minutes even when something hangs.
const RUN_TIMEOUT_MS = Number(process.env.ALM_E2E_RUN_TIMEOUT_MS ?? 17 * 60_000);

const log = (line) => console.log(`[e2e] ${line}`);
const resultsDir = join(repoRoot, 'test-results');
const runDir = mkdtempSync(join(tmpdir(), 'alm-e2e-'));
const files = {
  almLog: join(runDir, 'alm-server.log'),
  vscodeLog: join(runDir, 'vscode-server.log'),
  suiteLog: join(runDir, 'suite.log'),
  suiteResult: join(runDir, 'suite-result.json'),
  consoleLog: join(runDir, 'workbench-console.log'),
};
/** Pages to screenshot if the run fails. */
const pages = new Map();
const timings = {};
/** Counts of the stages that finished, kept even when a later stage crashes. */
const stageCounts = [];
/** @type {import('playwright-core').Browser | undefined} */
let browser;
/** The journeys' browser, which draws scrollbars (see launchBrowser), when the run's own does not. */
/** @type {import('playwright-core').Browser | undefined} */
let journeyBrowser;

async function main() {
  const t0 = Date.now();
  const runtime = await ensureVscodeServer(log);
  if (runtime.installSeconds > 0) timings.install = runtime.installSeconds;

  // 1,000 defects in Demo: the tree's tests page to the last one (issue 5); 256 MB attachments: the 200 MB transfer test (issue 7).
  // A second, small server that signs in through SSO (passwords refused, API keys only): the suite's corporate-network tests.
  const [alm, sso] = await Promise.all([
    startAlmServer({ dataDir: join(runDir, 'alm-data'), logFile: files.almLog, defects: 1000, maxAttachmentBytes: 256 * 1024 * 1024, trees, alm: almVersion }),
    startAlmServer({ dataDir: join(runDir, 'alm-sso-data'), logFile: join(runDir, 'alm-sso-server.log'), defects: 3, alm: almVersion, sso: true }),
  ]);
  log(`ALM server at ${alm.baseUrl}${almVersion ? ` (ALM ${almVersion})` : ''}${trees ? ` (trees: ${trees.join(',')})` : ''}`);
  // Seeding the journeys' large project overlaps the rest of the start and the suite.
  const journeyServers = journeys ? startJourneyServers({ runDir, alm: almVersion, trees, log }) : undefined;
  // Awaited only in runJourneys; a failure there is reported there, not as an unhandled rejection now.
  journeyServers?.catch(() => undefined);
  const almServer = {
    baseUrl: alm.baseUrl,
    users: alm.users,
    apiKeys: alm.apiKeys,
    domain: 'DEFAULT',
    project: 'Demo',
    pid: alm.pid,
    ssoBaseUrl: sso.baseUrl,
    ...(trees ? { trees } : {}),
    ...(almVersion ? { alm: almVersion } : {}),
  };
  const folder = writeDemoWorkspace(join(runDir, 'workspace'), almServer);

  const env = {
    ...process.env,
    ALM_E2E_SERVER: JSON.stringify(almServer),
    ALM_E2E_LOG: files.suiteLog,
    ALM_E2E_RESULT: files.suiteResult,
    ALM_E2E_RETRIES: String(retries),
    ...(grep ? { ALM_E2E_GREP: grep } : {}),
  };
  const vscode = await startVscodeServer({ runtime, dir: join(runDir, 'vscode'), logFile: files.vscodeLog, env });
  log(`VS Code server at ${vscode.url}`);
  // --journeys-only: the one browser is the journeys', which draws scrollbars (they drag the grid's thumb).
  browser = await launchBrowser(log, { scrollbars: journeysOnly });
  timings.startup = (Date.now() - t0) / 1000;
  if (picturesDir || locale) {
    await runOwnStage({ vscode, folder, almServer, runtime });
    return;
  }
  if (!journeysOnly) await runSuites({ vscode, folder, almServer, runtime });
  if (journeyServers !== undefined) await runJourneys({ vscode, servers: await journeyServers, runtime });
}

/** The extension-host suite, then (unless --host-only) the page-side tests. */
async function runSuites({ vscode, folder, almServer, runtime }) {
  log('extension-host suite (test/e2e/suite):');
  const suite = await runExtensionTests({
    browser,
    vscode,
    folder,
    extensionPath: repoRoot,
    testsPath: join(repoRoot, 'dist', 'test', 'e2e', 'index'),
    consoleLog: files.consoleLog,
    suiteLog: files.suiteLog,
    timeoutMs: SUITE_TIMEOUT_MS,
    print: (t) => process.stdout.write(t),
  });
  pages.set('suite', suite.page);
  timings.codeAutomationExit = suite.secondsToExit;
  const suiteCounts = readSuiteResult(suite.exitCode);
  stageCounts.push(suiteCounts);
  if (suiteCounts.failed === 0) await suite.context.close();
  if (hostOnly) return;

  log('page-side tests (test/e2e/ui):');
  const workbench = await openWorkbench({ browser, vscode, folder, extensionPath: repoRoot, consoleLog: files.consoleLog });
  pages.set('ui', workbench.page);
  stageCounts.push(await runPageStage('ui', { page: workbench.page, almServer, folder, runtime }));
}

/** --screenshots-to or --locale: one fresh workbench running test/e2e/pictures or test/e2e/locale alone. */
async function runOwnStage({ vscode, folder, almServer, runtime }) {
  const dir = picturesDir ? 'pictures' : 'locale';
  log(`${dir} (test/e2e/${dir})${picturesDir ? ` into ${relative(repoRoot, picturesDir)}` : ` in ${locale}`}:`);
  const workbench = await openWorkbench({ browser, vscode, folder, extensionPath: repoRoot, consoleLog: files.consoleLog, locale });
  pages.set(dir, workbench.page);
  const extra = picturesDir ? { screenshotsDir: picturesDir } : {};
  stageCounts.push(await runPageStage(dir, { page: workbench.page, almServer, folder, runtime, extra }));
}

/**
 * Runs test/e2e/<dir> against `page` (see uiRunner.mjs); the context is test/e2e/ui/context.ts's UiContext plus `extra`.
 * @param {'ui' | 'journeys' | 'pictures' | 'locale'} dir
 */
function runPageStage(dir, { page, almServer, folder, runtime, extra = {} }) {
  const context = {
    page,
    almServer,
    workspaceFolder: folder,
    screenshotsDir: join(resultsDir, dir),
    repoRoot,
    vscodeServer: { node: runtime.node, serverMain: runtime.serverMain },
    ...extra,
  };
  return runPageTests(dir, context, { grep, failureDir: runDir, logsRoot: join(runDir, 'vscode'), retries });
}

/** The journeys: a fresh workbench on a workspace of its own, configured for the journeys' ALM server. */
async function runJourneys({ vscode, servers, runtime }) {
  log('journeys (test/e2e/journeys):');
  const started = Date.now();
  const folder = writeJourneyWorkspace(join(runDir, 'journeys-workspace'), servers);
  // After the page-side tests (whose browser hides scrollbars, as their screenshots expect), a browser of their own.
  if (!journeysOnly) journeyBrowser = await launchBrowser(log, { scrollbars: true });
  const workbench = await openWorkbench({ browser: journeyBrowser ?? browser, vscode, folder, extensionPath: repoRoot, consoleLog: files.consoleLog });
  pages.set('journeys', workbench.page);
  // The helpers of test/e2e/ui read almServer; for the journeys it is the journeys' server.
  stageCounts.push(await runPageStage('journeys', { page: workbench.page, almServer: servers, folder, runtime, extra: { journeyServer: servers } }));
  timings.journeys = (Date.now() - started) / 1000;
}

/** The suite's counts; a run that ended badly without reporting a failed test counts as one failure. */
function readSuiteResult(exitCode) {
  const counts = existsSync(files.suiteResult) ? JSON.parse(readFileSync(files.suiteResult, 'utf8')) : { passed: 0, failed: 0, pending: 0, failures: [] };
  if (exitCode === null) {
    log(`the extension-host suite did not finish within ${SUITE_TIMEOUT_MS / 1000} s`);
    counts.failed += 1;
    counts.failures.push('(suite timed out)');
  } else if (exitCode !== 0 && counts.failed === 0) {
    log(`the extension-host suite exited with ${exitCode} without a failed test (did it load? see the logs)`);
    counts.failed += 1;
    counts.failures.push(`(suite exit code ${exitCode})`);
  }
  return counts;
}

async function screenshots() {
  for (const [name, page] of pages) {
    if (page.isClosed()) continue;
    await page.screenshot({ path: join(runDir, `screenshot-${name}.png`) }).catch(() => {});
  }
}

/** Copies the logs, screenshots and extension host logs of a failed run to test-results/e2e-<time>/. */
function keepArtifacts() {
  const target = join(resultsDir, `e2e-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(runDir)) {
    if (/\.(log|json|png)$/.test(entry)) cpSync(join(runDir, entry), join(target, entry));
  }
  // remoteexthost.log and friends, wherever the VS Code server put them.
  const vscodeDir = join(runDir, 'vscode');
  if (existsSync(vscodeDir)) {
    for (const file of readdirSync(vscodeDir, { recursive: true })) {
      if (String(file).endsWith('.log')) cpSync(join(vscodeDir, String(file)), join(target, 'vscode-logs', String(file)));
    }
  }
  return target;
}

const watchdog = setTimeout(() => {
  log(`the run did not finish within ${RUN_TIMEOUT_MS / 1000} s: stopping`);
  // void: the process exits in finally() whatever finish() ran into.
  void finish('timed out').finally(() => process.exit(1));
}, RUN_TIMEOUT_MS);

let finished = false;
/** @param {string | null} crash why the run could not complete, counted as one more failure */
async function finish(crash) {
  if (finished) return;
  finished = true;
  clearTimeout(watchdog);
  const total = { passed: 0, failed: 0, pending: 0, failures: [], flaky: [] };
  for (const c of stageCounts) {
    total.passed += c.passed;
    total.failed += c.failed;
    total.pending += c.pending;
    total.failures.push(...c.failures);
    total.flaky.push(...(c.flaky ?? []));
  }
  if (crash) {
    total.failed += 1;
    total.failures.push(`(the run could not complete: ${crash})`);
  }
  if (process.env.ALM_TEST_SUMMARY) {
    writeFileSync(process.env.ALM_TEST_SUMMARY, JSON.stringify({ passed: total.passed, failed: total.failed, pending: total.pending, flaky: total.flaky }));
  }
  const ok = total.failed === 0;
  for (const { title, error } of total.flaky) log(`FLAKY (passed on its second try): ${title}\n${error}`);
  if (!ok || keep) await screenshots();
  await journeyBrowser?.close().catch(() => {});
  await browser?.close().catch(() => {});
  await stopAll();
  if (!ok) {
    for (const title of total.failures) log(`FAILED: ${title}`);
    log(`logs, screenshots and extension host logs kept in ${relative(repoRoot, keepArtifacts())}`);
    process.exitCode = 1;
  }
  const figures = Object.entries(timings)
    .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
    .join(', ');
  log(`${total.passed} passed, ${total.failed} failed${total.pending ? `, ${total.pending} pending` : ''} (${figures})`);
  if (keep) log(`run folder kept: ${runDir}`);
  else rmSync(runDir, { recursive: true, force: true });
}

const started = Date.now();
try {
  await main();
  timings.total = (Date.now() - started) / 1000;
  await finish(null);
} catch (err) {
  log(`the run could not complete: ${err instanceof Error ? err.stack : String(err)}`);
  await finish(err instanceof Error ? err.message : String(err));
}
