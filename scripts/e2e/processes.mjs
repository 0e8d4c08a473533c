// Child processes of the launchers: each runs in its own process group so that stopping it also stops
// what it spawned (the VS Code server forks extension hosts and watchers). Everything started here is
// stopped on normal exit, on Ctrl-C / SIGTERM and on an uncaught error, so CI never keeps strays.
import { spawn } from 'node:child_process';
import { openSync, closeSync, writeSync } from 'node:fs';

/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set();
let handlersInstalled = false;

/**
 * Starts a program with stdout and stderr appended to `logFile`; `onLine` sees each output line.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, logFile: string, onLine?: (line: string) => void, ipc?: boolean }} options
 */
export function startProcess(command, args, options) {
  installHandlers();
  const fd = openSync(options.logFile, 'a');
  const stdio = ['ignore', 'pipe', 'pipe'];
  if (options.ipc) stdio.push('ipc');
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio, detached: process.platform !== 'win32' });
  children.add(child);
  let pending = '';
  const onData = (chunk) => {
    writeSync(fd, chunk);
    if (!options.onLine) return;
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) options.onLine(line);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  child.once('exit', () => {
    children.delete(child);
    // Streams may still flush after exit; close the log once both have ended.
    let open = 2;
    const done = () => {
      if (--open === 0) closeSync(fd);
    };
    if (child.stdout?.readableEnded) done();
    else child.stdout?.once('close', done);
    if (child.stderr?.readableEnded) done();
    else child.stderr?.once('close', done);
  });
  return child;
}

/**
 * Stops one child and its process group: SIGTERM, then SIGKILL after `graceMs`.
 * @param {import('node:child_process').ChildProcess} child
 */
export function stopProcess(child, graceMs = 3000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => signal(child, 'SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
    signal(child, 'SIGTERM');
  });
}

/** Stops every child still running. */
export async function stopAll() {
  await Promise.all([...children].map((c) => stopProcess(c)));
}

function signal(child, sig) {
  try {
    if (process.platform !== 'win32' && child.pid) process.kill(-child.pid, sig);
    else child.kill(sig);
  } catch {
    // Already gone.
  }
}

function killAllNow() {
  for (const child of children) signal(child, 'SIGKILL');
}

function installHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  // 'exit' handlers must be synchronous: a last resort when the launcher ends without stopAll().
  process.once('exit', killAllNow);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(sig, () => {
      writeSync(2, `\n${sig}: stopping everything started\n`);
      // void: the process exits in finally() whether or not stopping succeeded.
      void stopAll().finally(() => process.exit(130));
    });
  }
}

/**
 * Resolves with the first match of `pattern` in the lines a child prints, or rejects on timeout or exit.
 * Call before the child can print the line (right after startProcess).
 */
export function waitForLine(child, pattern, timeoutMs, what) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`${what}: no "${pattern}" within ${timeoutMs / 1000} s`)), timeoutMs);
    const onExit = (code, sig) => finish(new Error(`${what} exited early (${sig ?? `exit ${code}`})`));
    let buffer = '';
    const onData = (chunk) => {
      buffer += chunk.toString('utf8');
      const m = pattern.exec(buffer);
      if (m) finish(null, m);
      else if (buffer.length > 65536) buffer = buffer.slice(-4096);
    };
    function finish(err, match) {
      clearTimeout(timer);
      child.off('exit', onExit);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      if (err) reject(err);
      else resolve(match);
    }
    child.once('exit', onExit);
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
  });
}
