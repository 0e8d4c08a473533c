// The CSV export's bench:ui step (issue 31): "Export to CSV…" from an open grid of the whole result
// (100,000 defects), the path typed into VS Code's save dialog → the export's end (its log line).
// Beside the time, the growth of the real extension host's resident memory while it exports
// (goal ≤ 50 MB), sampled from /proc every 20 ms: the export runs there, so that is the process
// whose memory a user's window pays for.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Resident set size of a process in MB (Linux /proc), or NaN when it is gone. */
function rssMb(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Number(line[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** The extension host under the VS Code server `serverPid`: the descendant started with --type=extensionHost. */
export function extensionHostPid(serverPid) {
  const parentOf = new Map();
  const hosts = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('--type=extensionHost')) hosts.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  const under = (pid) => {
    for (let p = parentOf.get(pid); p && p > 1; p = parentOf.get(p)) if (p === serverPid) return true;
    return false;
  };
  const found = hosts.filter(under);
  if (found.length !== 1) throw new Error(`expected one extension host under the VS Code server ${serverPid}, found ${found.length}`);
  return found[0];
}

/** The extension's output channel logs (ALM.log) under the VS Code user data folder `logsRoot`. */
function almLogs(logsRoot) {
  return readdirSync(logsRoot, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('ALM.log'))
    .map((f) => join(logsRoot, f));
}

export class ExportSteps {
  /** @param {import('playwright-core').Page} page  @param {number} hostPid  @param {string} logsRoot */
  constructor(page, hostPid, logsRoot) {
    this.page = page;
    this.hostPid = hostPid;
    this.logsRoot = logsRoot;
  }

  /**
   * In the open grid `frame`: Export to CSV… → `path` typed into the save dialog → the export's
   * "written to" line in the extension's log (the end of the export; the message toast it also
   * shows may be folded away). Returns the time from Enter to that line's time stamp, the
   * rows and bytes it reports, and the extension host's RSS growth: the highest sample during the
   * export minus the one just before.
   */
  async exportTo(frame, path) {
    const { page } = this;
    rmSync(path, { force: true });
    await frame.locator('button', { hasText: 'Export to CSV' }).click({ timeout: 30_000 });
    const input = page.locator('.quick-input-widget input.input').first();
    await input.waitFor({ timeout: 30_000 });
    // The dialog puts its suggested path in a moment after it shows: type ours once that is
    // there, and again until it stays.
    for (const deadline = Date.now() + 30_000; (await input.inputValue()) !== path; await page.waitForTimeout(50)) {
      if (Date.now() > deadline) throw new Error(`the save dialog did not take the path ${path}`);
      if ((await input.inputValue()).endsWith('.csv')) await input.fill(path);
    }
    const done = new RegExp(`^(\\S+ \\S+) .*\\[export\\] (\\d+) defects, (\\d+) bytes written to ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm');
    const finished = () => {
      for (const log of almLogs(this.logsRoot)) {
        const m = done.exec(readFileSync(log, 'utf8'));
        // The line's own time stamp (local time, like the logger's) is when the export ended.
        if (m) return { at: new Date(m[1].replace(' ', 'T')).getTime(), rows: Number(m[2]), bytes: Number(m[3]) };
      }
      return undefined;
    };
    const before = rssMb(this.hostPid);
    let peak = before;
    const started = Date.now();
    await input.press('Enter');
    let result;
    for (const deadline = started + 600_000; !(result = finished());) {
      if (Date.now() > deadline) throw new Error(`no "written to ${path}" line in the extension's log after 10 minutes`);
      await new Promise((r) => setTimeout(r, 20));
      peak = Math.max(peak, rssMb(this.hostPid));
    }
    const ms = result.at - started;
    peak = Math.max(peak, rssMb(this.hostPid));
    if (!existsSync(path) || statSync(path).size !== result.bytes) throw new Error(`the export reported ${result.bytes} bytes but ${path} does not hold them`);
    return { ms, rows: result.rows, bytes: result.bytes, growthMb: peak - before };
  }
}
