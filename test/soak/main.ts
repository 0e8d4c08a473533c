// `npm run soak -- [--sessions 1000] [--seed 1] [--users 6] [--defects 12] [--fault-rate 0.04]
// [--restart-every 60] [--session-idle 4]`: many editing sessions by several users at once on
// overlapping defects, through the real client and the editor's controller, against the real
// server behind a fault proxy, with SIGKILL restarts. Prints the counters and exits non-zero
// unless every one of them is 0.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { AlmClient } from '../../src/api/index';
import type { WireValue } from '../../src/shared/editorProtocol';
import { Auditor } from './audit';
import { runSession } from './editingSession';
import type { Actor, SessionEnv, SessionReport } from './editingSession';
import { FaultProxy } from './faultProxy';
import { Ledger } from './ledger';
import { Rng } from '../support/random';
import { SERVER_CLI, ServerProcess } from './serverProcess';

const USERS = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank'];
const TIMEOUTS = { connectMs: 2000, idleMs: 2500, overallMs: 6000 };
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function options() {
  const { values } = parseArgs({
    options: {
      sessions: { type: 'string', default: '1000' },
      seed: { type: 'string', default: '1' },
      users: { type: 'string', default: '6' },
      defects: { type: 'string', default: '12' },
      'fault-rate': { type: 'string', default: '0.04' },
      'restart-every': { type: 'string', default: '60' },
      'session-idle': { type: 'string', default: '4' },
    },
  });
  const num = (name: keyof typeof values, min: number, max = Infinity): number => {
    const v = Number(values[name]);
    if (!Number.isFinite(v) || v < min || v > max) throw new RangeError(`--${name} must be a number from ${min} to ${max}, got ${String(values[name])}.`);
    return v;
  };
  return {
    sessions: num('sessions', 1),
    seed: num('seed', 0),
    users: num('users', 1, USERS.length),
    defects: num('defects', 1, 30),
    faultRate: num('fault-rate', 0, 1),
    restartEvery: num('restart-every', 1),
    sessionIdle: num('session-idle', 2),
  };
}

async function main(): Promise<number> {
  const o = options();
  const rng = new Rng(o.seed);
  const dataDir = mkdtempSync(join(tmpdir(), 'alm-soak-'));
  const server = new ServerProcess({ cli: SERVER_CLI, dataDir, defects: 30, sessionIdleSeconds: o.sessionIdle });
  const first = await server.start();
  const hungAfterMs = TIMEOUTS.overallMs + 3000;
  const proxy = new FaultProxy({ rng: rng.fork(), faultRate: o.faultRate, hungAfterMs });
  const proxyPort = await proxy.listen();
  proxy.upstreamPort = first.port;
  const auditor = new Auditor(first.users.get('alice') ?? 'alice-demo');
  await auditor.target(first.port);

  const ledger = new Ledger();
  const opHung: string[] = [];
  const env: SessionEnv = {
    ledger,
    defects: Array.from({ length: o.defects }, (_, i) => i + 1),
    sessionIdleMs: o.sessionIdle * 1000,
    // A save is a few requests (read, write, release), each bounded by the client's overall timeout.
    hungAfterMs: 4 * TIMEOUTS.overallMs + 5000,
    hung: opHung,
  };
  const actors: Actor[] = USERS.slice(0, o.users).map((user) => {
    const password = first.users.get(user);
    if (!password) throw new Error(`the server did not print a password for ${user}`);
    const client = new AlmClient({
      baseUrl: `http://127.0.0.1:${proxyPort}/qcbin`,
      credentials: async () => ({ username: user, password }),
      timeouts: TIMEOUTS,
      // No keep-alive within the soak: an idle editor's session must be able to expire.
      keepAliveMs: 3_600_000,
    });
    return { user, client, project: client.project('DEFAULT', 'Demo'), rng: rng.fork() };
  });

  const endings = new Map<string, number>();
  const errors: string[] = [];
  const cleanLeaks: string[] = [];
  let releaseFailures = 0;
  let started = 0;
  let restarting: Promise<void> | undefined;
  const restart = async (): Promise<void> => {
    proxy.upstreamPort = 0;
    const next = await server.restart();
    await auditor.target(next.port);
    proxy.upstreamPort = next.port;
  };

  /** An audit read, tried again while a restart takes the server away. */
  const audit = async <T>(read: () => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      await restarting;
      try {
        return await read();
      } catch (e) {
        if (attempt === 10) throw e;
        await sleep(300);
      }
    }
  };

  const afterSession = async (session: number, report: SessionReport): Promise<void> => {
    endings.set(report.ending, (endings.get(report.ending) ?? 0) + 1);
    if (!report.clean) return;
    for (const h of report.handles) {
      if (h.state === 'held') releaseFailures++;
      else if (await audit(() => auditor.lockExists(h.lock.id))) cleanLeaks.push(`session ${session} (${report.ending}): lock ${h.lock.id} on defect ${h.lock.entity.id} is still held`);
    }
  };

  const t0 = Date.now();
  await Promise.all(
    actors.map(async (actor) => {
      while (started < o.sessions) {
        const session = ++started;
        if (session % o.restartEvery === 0 && !restarting) restarting = restart().finally(() => (restarting = undefined));
        try {
          await afterSession(session, await runSession(env, actor, session));
        } catch (e) {
          errors.push(`session ${session} (${actor.user}): ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
        }
      }
    }),
  );
  const seconds = (Date.now() - t0) / 1000;
  await restarting;

  // A last crash, then the server's idle time: every lock must be gone and every acknowledged edit kept.
  proxy.quiet = true;
  await restart();
  await sleep(o.sessionIdle * 1000 + 2500);
  const locksLeft = await auditor.locksLeft();
  const stored = new Map<number, Record<string, WireValue>>();
  for (const id of env.defects) stored.set(id, (await auditor.defect(id)) as Record<string, WireValue>);
  ledger.checkAcknowledged(stored);
  ledger.checkAllOverwrites();

  const hung = [...proxy.hung, ...opHung];
  const counters: [string, number, string[]][] = [
    ['acknowledged edits lost', ledger.acknowledgedLost.length, ledger.acknowledgedLost],
    ['silent overwrites', ledger.silentOverwrites.length, ledger.silentOverwrites],
    ['edits typed and lost without being told', ledger.typedLost.length, ledger.typedLost],
    ['locks left after all sessions + server idle time', locksLeft, []],
    ['locks left by cleanly ended sessions, immediately', cleanLeaks.length, cleanLeaks],
    ['requests hung past the client timeout', hung.length, hung],
    ['server 5xx answers to well-formed requests', proxy.serverErrors.length, proxy.serverErrors.map((e) => `${e.method} ${e.url} → ${e.status}: ${e.body}`)],
    ['unexpected errors in a session', errors.length, errors],
  ];
  const acked = ledger.attempts.filter((a) => a.acked).length;
  console.log(`soak: ${o.sessions} sessions, seed ${o.seed}, ${o.users} users on ${o.defects} defects, ${server.restarts} server restarts (SIGKILL)`);
  console.log(`  requests through the proxy ${proxy.requests}; faults ${[...proxy.faults].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`);
  console.log(`  endings ${[...endings].map(([k, n]) => `${k} ${n}`).join(', ')}; saves sent ${ledger.attempts.length}, acknowledged ${acked}; lock releases failed under a fault ${releaseFailures}`);
  for (const [name, n, details] of counters) {
    console.log(`  ${name}: ${n}`);
    for (const d of details.slice(0, 10)) console.log(`      ${d}`);
  }
  console.log(`  throughput: ${(o.sessions / seconds).toFixed(2)} sessions/s (${seconds.toFixed(1)} s); server peak RSS: ${(server.peakRssBytes / 1048576).toFixed(1)} MB`);

  await Promise.all(actors.map((a) => a.client.dispose()));
  await auditor.close();
  await proxy.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  const failed = counters.filter(([, n]) => n > 0).map(([name]) => name);
  if (failed.length) console.log(`soak FAILED: ${failed.join('; ')}`);
  else console.log('soak passed');
  return failed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`soak could not run: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    process.exit(2);
  },
);
