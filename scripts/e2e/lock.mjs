// A cross-process lock as a directory (mkdir is atomic): concurrent test runs on one machine take turns
// installing or unpacking into the shared cache. A lock whose owner died or that is older than
// `staleMs` is taken over, so a killed run never blocks the next one.
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * @param {string} lock path of the lock directory
 * @param {(line: string) => void} log
 * @returns {Promise<() => void>} the release function
 */
export async function acquireLock(lock, log, staleMs = 20 * 60_000) {
  mkdirSync(dirname(lock), { recursive: true });
  const deadline = Date.now() + staleMs + 60_000;
  let announced = false;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
    if (isStale(lock, staleMs)) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (!announced) log(`waiting for another process holding ${lock}`);
    announced = true;
    if (Date.now() > deadline) throw new Error(`gave up waiting for the lock ${lock}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

function isStale(lock, staleMs) {
  try {
    if (Date.now() - statSync(lock).mtimeMs > staleMs) return true;
    process.kill(Number(readFileSync(join(lock, 'pid'), 'utf8')), 0);
    return false;
  } catch (err) {
    // ESRCH: the owner died. A missing pid file right after the owner's mkdir is normal: still held.
    return err.code === 'ESRCH';
  }
}
