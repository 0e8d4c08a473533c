// Triage benchmark (`npm run bench:triage`, issue 31): Update Selected and Export to CSV against the
// server on loopback, each figure beside a baseline measured in the same run.
//  1. bulk update of 100 defects, each under its lock: the server's bulk PUT (chunks of 50) against
//     one PUT per defect, alternating, median of ROUNDS runs each, per REST tree; the locking alone
//     (lock and release, no write) is shown beside as the floor both share.
//  2. CSV export of 100,000 defects (the grid's usual columns) to a file: time against a walk of the
//     same query that writes nothing, and this process's RSS growth over the export (the extension
//     host's growth; goal ≤ 50 MB), with the peak heap.
// The server runs in a child process so the memory figures are the client's alone.
// Usage: node --expose-gc dist/bench/triage.js [--defects 100000] [--bulk 100] [--rounds 5] [--trees api,rest]
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AlmClient, le } from '../../src/api/index';
import type { ProjectApi, RestTree } from '../../src/api/index';
import { runBulkUpdate } from '../../src/bulk/index';
import { usersByName } from '../../src/defects/fieldText';
import { writeCsv } from '../../src/export/writer';
import { gc, mb, median, now, sampler } from '../client/measure';
import { serveIfChild, serveInChild } from '../client/serverChild';

const USER = { username: 'alice', password: 'alice-demo' };
const COLUMNS = ['id', 'name', 'status', 'severity', 'priority', 'owner', 'detected-by', 'creation-time'];
const GOAL_GROWTH_MB = 50;
const EXPORT_ROUNDS = 3;

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(v) || v <= 0) throw new Error(`--${name} needs a positive integer`);
  return v;
}

function treesArg(): RestTree[] {
  const i = process.argv.indexOf('--trees');
  const list = (i >= 0 ? (process.argv[i + 1] ?? '') : 'api,rest').split(',');
  if (list.some((t) => t !== 'api' && t !== 'rest')) throw new Error('--trees takes api, rest or api,rest');
  return list as RestTree[];
}

function client(baseUrl: string, tree: RestTree): AlmClient {
  return new AlmClient({ baseUrl, credentials: async () => USER, maxConcurrent: 4, dialect: tree });
}

async function benchBulk(baseUrl: string, tree: RestTree, count: number, rounds: number): Promise<void> {
  const c = client(baseUrl, tree);
  try {
    const demo: ProjectApi = c.project('DEFAULT', 'Demo');
    const ids = (await demo.defects.page({ fields: ['id'], orderBy: ['id'], pageSize: count })).items.map((d) => d.id);
    const values = ['1-Low', '4-Very High'];
    let flip = 0;
    const once = async (bulk: boolean): Promise<number> => {
      const t = now();
      const outcomes = await runBulkUpdate(demo, ids, { priority: values[flip++ % 2] }, { editingHere: () => false, bulk });
      const ms = now() - t;
      const bad = outcomes.filter((o) => o.kind !== 'updated');
      if (bad.length) throw new Error(`${bad.length} defects not updated: ${JSON.stringify(bad[0])}`);
      return ms;
    };
    const locking = async (): Promise<number> => {
      const t = now();
      for (let i = 0; i < ids.length; i += 50) {
        const handles = await Promise.all(ids.slice(i, i + 50).map((id) => demo.locks.acquire({ type: 'defect', id })));
        await Promise.all(handles.map((h) => h.release()));
      }
      return now() - t;
    };
    await once(true);
    await once(false);
    const bulkMs: number[] = [];
    const singleMs: number[] = [];
    const lockMs: number[] = [];
    // Interleaved, swapping who goes first, so drift hits both alike.
    for (let r = 0; r < rounds; r++) {
      if (r % 2) {
        singleMs.push(await once(false));
        bulkMs.push(await once(true));
      } else {
        bulkMs.push(await once(true));
        singleMs.push(await once(false));
      }
      lockMs.push(await locking());
    }
    const b = median(bulkMs);
    const s = median(singleMs);
    console.log(
      `[${tree}] bulk update of ${ids.length} defects under their locks, p50 of ${rounds}: bulk PUT ${b.toFixed(0)} ms, one PUT per defect ${s.toFixed(0)} ms → ${(b / s).toFixed(2)}× (locking alone ${median(lockMs).toFixed(0)} ms)`,
    );
  } finally {
    await c.dispose();
  }
}

async function benchExport(baseUrl: string, defects: number): Promise<void> {
  const c = client(baseUrl, 'rest');
  const dir = mkdtempSync(join(tmpdir(), 'alm-bench-csv-'));
  try {
    const demo = c.project('DEFAULT', 'Demo');
    const [users, releases] = await Promise.all([demo.users(), demo.releases()]);
    await demo.fields('defects');
    const names = { users: usersByName(users.users), releases, locale: 'en-US' };
    const query = { server: 'bench', domain: 'DEFAULT', project: 'Demo', filter: {}, orderBy: [{ field: 'id', direction: 'asc' as const }], title: 'All' };
    // Baseline: the same pages walked, nothing written.
    const walk = async (): Promise<number> => {
      const t = now();
      let n = 0;
      for await (const page of demo.defects.query({ fields: COLUMNS, orderBy: ['id'], pageSize: 1000 }).pages()) n += page.items.length;
      if (n < defects) throw new Error(`walk saw ${n} of ${defects}`);
      return now() - t;
    };
    await walk();
    // Warm: the first export loads the locale data and compiles the code (the extension host has both).
    await writeCsv(demo, { query: { ...query, filter: { id: le(1000) } }, columns: COLUMNS, path: join(dir, 'warm.csv'), bom: true, names });
    const exportMs: number[] = [];
    const walkMs: number[] = [];
    let growth = 0;
    let heapPeak = 0;
    let result = { rows: 0, bytes: 0 };
    const path = join(dir, 'all.csv');
    // Interleaved with the walk, so the machine's load hits both alike.
    for (let r = 0; r < EXPORT_ROUNDS; r++) {
      walkMs.push(await walk());
      gc();
      const rssBefore = process.memoryUsage().rss;
      const rss = sampler(() => process.memoryUsage().rss, 20);
      const heap = sampler(() => process.memoryUsage().heapUsed, 20);
      const t = now();
      result = await writeCsv(demo, { query, columns: COLUMNS, path, bom: true, names });
      exportMs.push(now() - t);
      growth = Math.max(growth, rss.stop() - rssBefore);
      heapPeak = Math.max(heapPeak, heap.stop());
      if (result.rows < defects || statSync(path).size !== result.bytes) throw new Error('the export is incomplete');
    }
    const e = median(exportMs);
    const w = median(walkMs);
    console.log(
      `CSV export of ${result.rows} defects (${COLUMNS.length} columns, ${mb(result.bytes)}), p50 of ${EXPORT_ROUNDS}: ${e.toFixed(0)} ms, the same walk without writing ${w.toFixed(0)} ms → ${(e / w).toFixed(2)}×`,
    );
    console.log(`  process RSS growth at most ${mb(growth)} (goal ≤ ${GOAL_GROWTH_MB} MB) ${growth <= GOAL_GROWTH_MB * 1024 * 1024 ? 'OK' : 'MISSED'}; peak heap ${mb(heapPeak)}`);
  } finally {
    await c.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (await serveIfChild()) return;
  const defects = arg('defects', 100_000);
  const served = await serveInChild('alm-bench-triage-', defects, 1024 * 1024);
  try {
    for (const tree of treesArg()) await benchBulk(served.baseUrl, tree, arg('bulk', 100), arg('rounds', 5));
    await benchExport(served.baseUrl, defects);
  } finally {
    await served.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
