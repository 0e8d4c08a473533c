// Installs, on first use, the VS Code server (npm package code-server) and the Node 24 it needs into
// .vscode-test/, using only the npm registry: no Debian packages, no install scripts of code-server
// itself (its postinstall wants libkrb5-dev for kerberos, which only serves proxy Kerberos auth).
// Several engineers and CI jobs may start at once, so the install runs under a lock directory.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, openSync, closeSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { acquireLock } from './lock.mjs';
import { CODE_SERVER_VERSION, NODE_VERSION, cacheDir, nodePackage, runtime } from './versions.mjs';

/**
 * Native modules of the VS Code server that must be compiled against Node 24's headers. Left out:
 * kerberos (needs libkrb5-dev; only proxy Kerberos auth uses it) and @vscode/sqlite3 (only the AI agent
 * host uses it; compiling SQLite was more than half of the install time on 2 cores).
 */
const NATIVE_MODULES = ['@vscode/spdlog', 'node-pty', '@vscode/native-watchdog', '@vscode/deviceid', '@vscode/fs-copyfile', '@parcel/watcher'];
const STEP_TIMEOUT_MS = 10 * 60_000;

/** True when a complete install for the pinned versions is already cached. */
export function isInstalled() {
  if (!existsSync(runtime.marker) || !existsSync(runtime.node) || !existsSync(runtime.serverMain)) return false;
  const marker = JSON.parse(readFileSync(runtime.marker, 'utf8'));
  return marker.codeServer === CODE_SERVER_VERSION && marker.node === NODE_VERSION;
}

/**
 * Makes sure the VS Code server and Node 24 are installed; returns their paths.
 * @param {(line: string) => void} log
 * @returns {Promise<typeof runtime & { installSeconds: number }>}
 */
export async function ensureVscodeServer(log) {
  if (isInstalled()) return { ...runtime, installSeconds: 0 };
  const started = Date.now();
  const release = await acquireLock(`${cacheDir}.lock`, log);
  try {
    // Another process may have finished the install while we waited for the lock.
    if (!isInstalled()) await install(log);
  } finally {
    release();
  }
  return { ...runtime, installSeconds: (Date.now() - started) / 1000 };
}

/** @param {(line: string) => void} log */
async function install(log) {
  rmSync(cacheDir, { recursive: true, force: true });
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(join(cacheDir, 'package.json'), JSON.stringify({ private: true, description: 'VS Code server cache for the e2e tests' }));
  const logFile = join(cacheDir, 'install.log');
  log(`installing VS Code server ${CODE_SERVER_VERSION} and Node ${NODE_VERSION} into ${cacheDir} (first run only, about 2-4 minutes; log: ${logFile})`);
  const npmFlags = ['--no-audit', '--no-fund', '--ignore-scripts', '--omit=dev', '--loglevel=warn'];
  const steps = [
    { what: 'npm packages code-server and Node 24', cwd: cacheDir, args: ['install', ...npmFlags, `${nodePackage}@${NODE_VERSION}`, `code-server@${CODE_SERVER_VERSION}`] },
    { what: 'VS Code server dependencies', cwd: runtime.vscodeHome, args: ['install', ...npmFlags] },
    { what: 'native modules for Node 24', cwd: runtime.vscodeHome, args: ['rebuild', '--loglevel=warn', ...NATIVE_MODULES] },
    { what: 'built-in extensions dependencies', cwd: join(runtime.vscodeHome, 'extensions'), args: ['install', ...npmFlags] },
  ];
  for (const step of steps) {
    const t0 = Date.now();
    await runNpm(step.args, step.cwd, logFile);
    log(`  ${step.what}: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  writeFileSync(runtime.marker, JSON.stringify({ codeServer: CODE_SERVER_VERSION, node: NODE_VERSION, installedAt: new Date().toISOString() }));
}

/**
 * Runs npm with Node 24 first on PATH and its headers as node-gyp's nodedir, so native modules match
 * the runtime that loads them (this machine's npm config points node-gyp at Node 20's headers).
 */
function runNpm(args, cwd, logFile) {
  const fd = openSync(logFile, 'a');
  // JOBS: node-gyp runs make on every core.
  const env = { ...process.env, npm_config_nodedir: runtime.nodeHome, npm_config_update_notifier: 'false', JOBS: 'max' };
  if (existsSync(runtime.node)) env.PATH = `${join(runtime.nodeHome, 'bin')}${delimiter}${process.env.PATH}`;
  writeFileSync(fd, `\n$ (cd ${cwd} && npm ${args.join(' ')})\n`);
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, { cwd, env, stdio: ['ignore', fd, fd], shell: process.platform === 'win32' });
    const timer = setTimeout(() => child.kill('SIGKILL'), STEP_TIMEOUT_MS);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      closeSync(fd);
      if (code === 0) resolve(undefined);
      else reject(new Error(`npm ${args[0]} in ${cwd} failed (${signal ?? `exit ${code}`}); see ${logFile}`));
    });
  });
}
