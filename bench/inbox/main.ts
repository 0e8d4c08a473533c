// Inbox polling benchmark (`npm run bench:inbox`, issue 43): the requests one hour of Inbox checks
// sends to a server, per watched project, with the window focused and unfocused, and after errors.
// The hour is stepped on the schedule's injected clock (the same PollSchedule the extension runs),
// each check is real (the ALM server on loopback, in a child process), and bob changes two of
// alice's defects between checks, so the audits of changed defects are counted too. The baseline,
// measured in the same run, is the tree's refresh of one visible page of rows at its default of
// 60 s (one id-batch query a minute), the load a user already puts on the server today.
// Usage: node dist/bench/inbox.js [--interval 300]
import { AlmClient, anyOf } from '../../src/api/index';
import { InboxPoller } from '../../src/inbox/poller';
import { PollSchedule } from '../../src/inbox/pollSchedule';
import type { PollClock } from '../../src/inbox/pollSchedule';
import { serveIfChild, serveInChild } from '../client/serverChild';

const HOUR_MS = 3_600_000;
const DEMO = { server: 'Demo', domain: 'DEFAULT', project: 'Demo' };

function intervalArg(): number {
  const i = process.argv.indexOf('--interval');
  const v = i >= 0 ? Number(process.argv[i + 1]) : 300;
  if (!Number.isInteger(v) || v <= 0) throw new Error('--interval needs a positive number of seconds');
  return v;
}

/** A clock whose time moves only when `advance` fires the timers due. */
function steppedClock() {
  let now = 0;
  let timer: { at: number; fn: () => void } | undefined;
  const clock: PollClock = {
    setTimeout: (fn, ms) => (timer = { at: now + ms, fn }),
    clearTimeout: (h) => {
      if (h === timer) timer = undefined;
    },
  };
  return {
    clock,
    /** Fires the next timer if it is due before `end`; false when none is. */
    next: (end: number): { fn: () => void } | undefined => {
      if (!timer || timer.at > end) return undefined;
      const t = timer;
      timer = undefined;
      now = t.at;
      return t;
    },
  };
}

function client(baseUrl: string, username: string): AlmClient {
  return new AlmClient({ baseUrl, credentials: () => Promise.resolve({ username, password: `${username}-demo` }), dialect: 'rest' });
}

async function hourOfChecks(baseUrl: string, o: { seconds: number; focused: boolean; failing: boolean }): Promise<{ requests: number; checks: number }> {
  const alice = client(baseUrl, 'alice');
  const bob = client(baseUrl, 'bob');
  const demo = bob.project('DEFAULT', 'Demo');
  const mine = (await alice.project('DEFAULT', 'Demo').defects.page({ filter: { owner: 'alice' }, fields: ['id'], pageSize: 20 })).items.map((d) => d.id);
  const poller = new InboxPoller({
    servers: () => [{ name: 'Demo', username: 'alice', serverTime: (signal) => alice.serverTime({ signal }), project: async (d, p) => alice.project(d, p) }],
    projects: () => [DEMO],
    flagged: () => false,
    found: () => undefined,
    warn: () => undefined,
  });
  const { clock, next } = steppedClock();
  let checks = 0;
  const schedule = new PollSchedule(async () => {
    checks++;
    if (o.failing) return 'error';
    const outcome = await poller.check();
    // Bob's work between two checks: two of alice's defects change.
    for (const id of mine.slice((checks * 2) % mine.length, ((checks * 2) % mine.length) + 2)) await demo.defects.update(id, { priority: checks % 2 ? '3-High' : '2-Medium' });
    return outcome;
  }, clock);
  schedule.setInterval(o.seconds);
  schedule.setFocused(o.focused);
  schedule.setActive(true);
  await schedule.runNow();
  for (let t = next(HOUR_MS); t; t = next(HOUR_MS)) {
    t.fn();
    await schedule.runNow();
  }
  schedule.dispose();
  await alice.dispose();
  await bob.dispose();
  const r = poller.requests;
  return { requests: o.failing ? checks : r.time + r.query + r.audits + r.users, checks };
}

async function treeBaseline(baseUrl: string): Promise<number> {
  const alice = client(baseUrl, 'alice');
  const api = alice.project('DEFAULT', 'Demo');
  const ids = (await api.defects.page({ fields: ['id'], pageSize: 100 })).items.map((d) => d.id);
  // What TreeRefresh sends per round for one page of 100 visible rows: one id-batch query.
  let requests = 0;
  for (let round = 0; round < 3; round++, requests++) await api.defects.page({ filter: { id: anyOf(...ids) }, fields: ['name', 'status'], pageSize: ids.length });
  await alice.dispose();
  return (requests / 3) * (HOUR_MS / 60_000);
}

async function main(): Promise<void> {
  if (await serveIfChild()) return;
  const seconds = intervalArg();
  const served = await serveInChild('alm-bench-inbox-', 1000, 1024 * 1024);
  try {
    const baseline = await treeBaseline(served.baseUrl);
    console.log(`baseline: the tree's refresh of one visible page at 60 s: ${baseline} requests/hour`);
    for (const o of [
      { label: 'focused', focused: true, failing: false },
      { label: 'unfocused', focused: false, failing: false },
      { label: 'server failing', focused: true, failing: true },
    ]) {
      const r = await hourOfChecks(served.baseUrl, { seconds, ...o });
      const ratio = (r.requests / baseline).toFixed(2);
      console.log(`inbox, 1 watched project, every ${seconds} s, ${o.label}: ${r.checks} checks, ${r.requests} requests/hour (×${ratio} the baseline)`);
    }
  } finally {
    await served.stop();
  }
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
