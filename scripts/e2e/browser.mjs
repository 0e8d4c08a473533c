// Headless Chromium for the workbench, from the npm package @sparticuz/chromium (no Debian packages).
// The package unpacks its browser into os.tmpdir(); we point that at .vscode-test/ instead, so that
// concurrent runs on one machine share one checked copy rather than racing over /tmp/chromium.
import { chromium as playwright } from 'playwright-core';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { acquireLock } from './lock.mjs';
import { cacheRoot, repoRoot } from './versions.mjs';

/** Flags of @sparticuz/chromium that suit its Lambda home but make a desktop-sized workbench flaky. */
const DROPPED_FLAGS = new Set(['--single-process', '--no-zygote']);

/** @param {(line: string) => void} log */
async function chromiumExecutable(log) {
  const pkgJson = JSON.parse(readFileSync(join(cacheRootModules(), '@sparticuz', 'chromium', 'package.json'), 'utf8'));
  const { default: sparticuz } = await import('@sparticuz/chromium');
  const dir = join(cacheRoot, `chromium-${pkgJson.version}`);
  mkdirSync(dir, { recursive: true });
  const release = await acquireLock(`${dir}.lock`, log, 5 * 60_000);
  const savedTmp = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  try {
    // The package trusts any existing binary; a marker written after a complete unpack guards against
    // a half-written one left by a run killed while unpacking.
    const marker = join(dir, '.unpacked');
    if (!existsSync(marker)) {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
    }
    const executablePath = await sparticuz.executablePath();
    if (!existsSync(executablePath)) throw new Error(`@sparticuz/chromium did not unpack a browser to ${executablePath}`);
    writeFileSync(marker, executablePath);
    return { executablePath, args: sparticuz.args.filter((a) => !DROPPED_FLAGS.has(a)) };
  } finally {
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
    release();
  }
}

function cacheRootModules() {
  return join(repoRoot, 'node_modules');
}

/**
 * Launches headless Chromium; `ALM_E2E_CHROMIUM=/usr/bin/chromium` uses a system browser instead.
 * Headless Chromium draws no scrollbars (Playwright passes --hide-scrollbars, for steady screenshots);
 * `scrollbars: true` keeps them, as a person sees them: the journeys drag a webview's scrollbar thumb.
 * @param {(line: string) => void} [log]
 * @param {{ scrollbars?: boolean }} [options]
 */
export async function launchBrowser(log = console.log, { scrollbars = false } = {}) {
  const shown = scrollbars ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {};
  const system = process.env.ALM_E2E_CHROMIUM;
  if (system) {
    return playwright.launch({
      executablePath: system,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
      ...shown,
    });
  }
  const { executablePath, args } = await chromiumExecutable(log);
  return playwright.launch({ executablePath, args, headless: true, timeout: 60_000, ...shown });
}
