// `npm run test:desktop`: the same extension-host suite (test/e2e/suite) in desktop VS Code, downloaded
// by @vscode/test-electron into .vscode-test/. For contributors whose machines reach
// update.code.visualstudio.com; CI and offline machines use `npm run test:e2e`, which needs only npm.
// The page-side tests (test/e2e/ui) need the web workbench and run only in `test:e2e`.
// On Linux without a display, run it under xvfb-run.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { downloadAndUnzipVSCode, runTests } from '@vscode/test-electron';
import { startAlmServer } from './almServer.mjs';
import { stopAll } from './processes.mjs';
import { cacheRoot, repoRoot } from './versions.mjs';
import { writeDemoWorkspace } from './workspace.mjs';

const VERSION = process.env.ALM_DESKTOP_VSCODE_VERSION ?? 'stable';
const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;
const RUN_TIMEOUT_MS = 15 * 60_000;
const log = (line) => console.log(`[desktop] ${line}`);

/** Rejects after `ms` so that neither a stalled download nor a hung VS Code keeps CI waiting. */
function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function download() {
  try {
    // `timeout` is test-electron's idle timeout per request; the outer one bounds the whole download.
    return await withTimeout(downloadAndUnzipVSCode({ version: VERSION, cachePath: cacheRoot, timeout: 30_000 }), DOWNLOAD_TIMEOUT_MS, 'the VS Code download');
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(
      `could not download desktop VS Code (${VERSION}) with @vscode/test-electron: ${reason}\n` +
        '  This machine cannot reach update.code.visualstudio.com. Run "npm run test:e2e" instead: it needs only the npm registry.',
    );
  }
}

const runDir = mkdtempSync(join(tmpdir(), 'alm-desktop-'));
let exitCode = 1;
try {
  const vscodeExecutablePath = await download();
  // 1,000 defects in Demo: the tree's tests page to the last one (issue 5).
  const [alm, sso] = await Promise.all([
    startAlmServer({ dataDir: join(runDir, 'alm-data'), logFile: join(runDir, 'alm-server.log'), defects: 1000, maxAttachmentBytes: 256 * 1024 * 1024 }),
    // Signs in through SSO (API keys only): the suite's corporate-network tests.
    startAlmServer({ dataDir: join(runDir, 'alm-sso-data'), logFile: join(runDir, 'alm-sso-server.log'), defects: 3, sso: true }),
  ]);
  log(`ALM server at ${alm.baseUrl}`);
  const almServer = { baseUrl: alm.baseUrl, users: alm.users, apiKeys: alm.apiKeys, domain: 'DEFAULT', project: 'Demo', ssoBaseUrl: sso.baseUrl };
  const folder = writeDemoWorkspace(join(runDir, 'workspace'), almServer);
  const resultFile = join(runDir, 'suite-result.json');
  const code = await withTimeout(
    runTests({
      vscodeExecutablePath,
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: join(repoRoot, 'dist', 'test', 'e2e', 'index'),
      launchArgs: [folder, '--disable-extensions', '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes', '--user-data-dir', join(runDir, 'user-data')],
      extensionTestsEnv: { ALM_E2E_SERVER: JSON.stringify(almServer), ALM_E2E_RESULT: resultFile, ALM_E2E_GREP: process.env.ALM_E2E_GREP ?? '' },
    }).catch(() => 1),
    RUN_TIMEOUT_MS,
    'the desktop test run',
  );
  const counts = existsSync(resultFile) ? JSON.parse(readFileSync(resultFile, 'utf8')) : null;
  if (counts && process.env.ALM_TEST_SUMMARY) {
    writeFileSync(process.env.ALM_TEST_SUMMARY, JSON.stringify({ passed: counts.passed, failed: counts.failed, pending: counts.pending }));
  }
  exitCode = code === 0 && counts?.failed === 0 ? 0 : 1;
  log(counts ? `${counts.passed} passed, ${counts.failed} failed` : `the suite reported no result (exit code ${code})`);
} catch (err) {
  log(err instanceof Error ? err.message : String(err));
} finally {
  await stopAll();
  rmSync(runDir, { recursive: true, force: true });
}
process.exit(exitCode);
