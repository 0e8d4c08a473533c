// The Core tree's share of the server benchmark: the same four page shapes as the api tree's, in
// Core syntax (`query={…}`, `order-by={…}`, `page-size`, 1-based `start-index`), fetched as JSON and
// as XML over the same connection, plus the SQL the Core JSON page runs, timed directly.
import type Database from 'better-sqlite3';
import type { Pool } from 'undici';
import { PAGING } from '../../server/src/config';
import { coreDefectJsonSql } from '../../server/src/core/defects/json';
import { CATALOGS } from '../../server/src/metadata/catalog';
import { compileCollectionRequest, countQuery, pageQuery } from '../../server/src/query/index';
import type { CompiledCollectionRequest } from '../../server/src/query/index';
import { countFromCounters } from '../../server/src/store/defectCounts';
import { ms, summarize } from './stats';

const CORE_PAGES: Record<string, string>[] = [
  { query: '{status[Open]}', 'order-by': '{last-modified[DESC]}', 'page-size': '100' },
  { query: '{status[Open or Reopen]}', 'order-by': '{last-modified[DESC]}', 'page-size': '100' },
  { query: '{owner[alice];status[<>Closed]}', 'order-by': '{last-modified[DESC]}', 'page-size': '100', 'start-index': '101' },
  { query: "{severity['5-Urgent'];detected-by[bob]}", 'order-by': '{id[DESC]}', 'page-size': '100' },
];

export interface CoreSamples {
  /** The api tree's page of the same shape, fetched in the same rounds (so load noise hits all three alike). */
  api: number[];
  json: number[];
  xml: number[];
  sql: number[];
}

type Measure = (runs: number, fn: () => unknown) => Promise<number[]>;

async function fetchPage(pool: Pool, path: string, cookie: string, accept: string): Promise<number> {
  const start = process.hrtime.bigint();
  const res = await pool.request({ path, method: 'GET', headers: { cookie, accept } });
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Buffer).length;
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  if (res.statusCode !== 200 || bytes < 1000) throw new Error(`GET ${path} (${accept}) answered ${res.statusCode}, ${bytes} bytes`);
  return elapsed;
}

/**
 * Times each Core shape in JSON and XML and its api twin in interleaved rounds (api, JSON, XML),
 * after a warm-up of a tenth of the rounds; then the Core JSON page's SQL directly.
 */
export async function measureCorePages(
  pool: Pool,
  root: string,
  cookie: string,
  db: Database.Database,
  requests: number,
  apiPages: readonly Record<string, string>[],
  measure: Measure,
): Promise<CoreSamples> {
  const all: CoreSamples = { api: [], json: [], xml: [], sql: [] };
  console.log(`Core tree, the same shapes; ${requests} rounds per shape of (api page, Core JSON, Core XML), to the last byte:`);
  for (const [i, page] of CORE_PAGES.entries()) {
    const corePath = `${root}/rest/domains/DEFAULT/projects/Demo/defects?${new URLSearchParams(page).toString()}`;
    const apiPath = `${root}/api/domains/DEFAULT/projects/Demo/defects?${new URLSearchParams(apiPages[i]).toString()}`;
    const api: number[] = [];
    const json: number[] = [];
    const xml: number[] = [];
    for (let round = -Math.max(10, requests / 10); round < requests; round++) {
      const a = await fetchPage(pool, apiPath, cookie, 'application/json');
      const j = await fetchPage(pool, corePath, cookie, 'application/json');
      const x = await fetchPage(pool, corePath, cookie, 'application/xml');
      if (round < 0) continue;
      api.push(a);
      json.push(j);
      xml.push(x);
    }
    const c = compileCollectionRequest({ ...page }, CATALOGS.defects, PAGING);
    const served = pageQuery('defects', coreDefectJsonSql(c.fields), c);
    const count = countQuery('defects', c);
    const sql = await measure(requests, () => {
      db.prepare(served.sql)
        .pluck()
        .all(...served.params);
      servedCount(db, c, count);
    });
    all.api.push(...api);
    all.json.push(...json);
    all.xml.push(...xml);
    all.sql.push(...sql);
    const [as, js, xs, ss] = [summarize(api), summarize(json), summarize(xml), summarize(sql)];
    console.log(`  ${JSON.stringify(page)}`);
    console.log(`    api ${ms(as.p50)} / ${ms(as.p99)}   Core JSON ${ms(js.p50)} / ${ms(js.p99)}   Core XML ${ms(xs.p50)} / ${ms(xs.p99)}   SQLite Core JSON as served ${ms(ss.p50)} / ${ms(ss.p99)}`);
  }
  return all;
}

/**
 * The total as the server takes it: from the per-value counters when the filter is counted, else
 * COUNT(*) (which the server then keeps until the next write; the baseline runs it every time).
 */
export function servedCount(db: Database.Database, c: CompiledCollectionRequest, count: { sql: string; params: unknown[] }): number {
  const counted = c.countShape && countFromCounters((sql) => db.prepare(sql), c.countShape);
  return (
    counted ??
    (db
      .prepare(count.sql)
      .pluck()
      .get(...count.params) as number)
  );
}

const GOAL_RATIO = 1.3;

/** Core p50s beside the api tree's p50 of the same rounds and the SQL baseline (when measured), with the goal verdict. */
export function reportCore(core: CoreSamples, plain: number[] = []): void {
  const [json, xml, sql, api] = [summarize(core.json), summarize(core.xml), summarize(core.sql), summarize(core.api)];
  console.log('Core pages, all shapes:');
  console.log(`  api tree HTTP            p50 ${ms(api.p50)}  p99 ${ms(api.p99)}  (same rounds)`);
  console.log(`  Core JSON HTTP           p50 ${ms(json.p50)}  p99 ${ms(json.p99)}  ratio to api p50 ${(json.p50 / api.p50).toFixed(2)}x`);
  console.log(`  Core XML HTTP            p50 ${ms(xml.p50)}  p99 ${ms(xml.p99)}  ratio to api p50 ${(xml.p50 / api.p50).toFixed(2)}x`);
  console.log(`  SQLite Core JSON served  p50 ${ms(sql.p50)}  p99 ${ms(sql.p99)}`);
  if (plain.length > 0) {
    const base = summarize(plain);
    console.log(`  SQLite plain (baseline)  p50 ${ms(base.p50)}  p99 ${ms(base.p99)}`);
  }
  for (const [name, s] of [
    ['JSON', json],
    ['XML', xml],
  ] as const) {
    console.log(`  goal Core ${name} p50 <= ${GOAL_RATIO}x api p50: ${s.p50 <= GOAL_RATIO * api.p50 ? 'met' : 'NOT met'}`);
  }
}
