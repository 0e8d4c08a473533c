// The Core tree's share of the server benchmark: the same four page shapes as the api tree's, in
// Core syntax (`query={…}`, `order-by={…}`, `page-size`, 1-based `start-index`), fetched as JSON and
// as XML over the same connection, plus the SQL the Core JSON page runs, timed directly.
import type Database from 'better-sqlite3';
import type { Pool } from 'undici';
import { PAGING } from '../../server/src/config';
import { coreDefectJsonSql } from '../../server/src/core/defects/json';
import { CATALOGS } from '../../server/src/metadata/catalog';
import { compileCollectionRequest, countQuery, pageQuery } from '../../server/src/query/index';
import { ms, summarize } from './stats';

export const CORE_PAGES: Record<string, string>[] = [
  { query: '{status[Open]}', 'order-by': '{last-modified[DESC]}', 'page-size': '100' },
  { query: '{status[Open or Reopen]}', 'order-by': '{last-modified[DESC]}', 'page-size': '100' },
  { query: '{owner[alice];status[<>Closed]}', 'order-by': '{last-modified[DESC]}', 'page-size': '100', 'start-index': '101' },
  { query: "{severity['5-Urgent'];detected-by[bob]}", 'order-by': '{id[DESC]}', 'page-size': '100' },
];

export interface CoreSamples {
  json: number[];
  xml: number[];
  sql: number[];
}

type Measure = (runs: number, fn: () => unknown) => Promise<number[]>;

async function fetchPage(pool: Pool, path: string, cookie: string, accept: string, samples: number[]): Promise<void> {
  const start = process.hrtime.bigint();
  const res = await pool.request({ path, method: 'GET', headers: { cookie, accept } });
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Buffer).length;
  samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  if (res.statusCode !== 200 || bytes < 1000) throw new Error(`GET ${path} (${accept}) answered ${res.statusCode}, ${bytes} bytes`);
}

export async function measureCorePages(pool: Pool, root: string, cookie: string, db: Database.Database, requests: number, measure: Measure): Promise<CoreSamples> {
  const all: CoreSamples = { json: [], xml: [], sql: [] };
  console.log(`Core tree, the same shapes (${requests} timed requests per shape and format, to the last byte):`);
  for (const page of CORE_PAGES) {
    const path = `${root}/rest/domains/DEFAULT/projects/Demo/defects?${new URLSearchParams(page)}`;
    const json: number[] = [];
    const xml: number[] = [];
    await measure(requests, () => fetchPage(pool, path, cookie, 'application/json', json));
    await measure(requests, () => fetchPage(pool, path, cookie, 'application/xml', xml));
    // Warm-up samples are dropped: measure() times `requests` calls after its warm-up ones.
    json.splice(0, json.length - requests);
    xml.splice(0, xml.length - requests);
    const c = compileCollectionRequest({ ...page }, CATALOGS.defects, PAGING);
    const served = pageQuery('defects', coreDefectJsonSql(c.fields), c);
    const count = countQuery('defects', c);
    const sql = await measure(requests, () => {
      db.prepare(served.sql).pluck().all(...served.params);
      db.prepare(count.sql).pluck().get(...count.params);
    });
    all.json.push(...json);
    all.xml.push(...xml);
    all.sql.push(...sql);
    const [js, xs, ss] = [summarize(json), summarize(xml), summarize(sql)];
    console.log(`  ${JSON.stringify(page)}`);
    console.log(`    JSON ${ms(js.p50)} / ${ms(js.p99)}   XML ${ms(xs.p50)} / ${ms(xs.p99)}   SQLite as served (JSON) ${ms(ss.p50)} / ${ms(ss.p99)}`);
  }
  return all;
}

const GOAL_RATIO = 1.3;

/** Core p50s beside the api tree's HTTP p50 and the SQL baseline, with the goal verdict. */
export function reportCore(core: CoreSamples, apiHttp: number[], plain: number[]): void {
  const [json, xml, sql, api, base] = [summarize(core.json), summarize(core.xml), summarize(core.sql), summarize(apiHttp), summarize(plain)];
  console.log('Core pages, all shapes:');
  console.log(`  api tree HTTP            p50 ${ms(api.p50)}  p99 ${ms(api.p99)}`);
  console.log(`  Core JSON HTTP           p50 ${ms(json.p50)}  p99 ${ms(json.p99)}  ratio to api p50 ${(json.p50 / api.p50).toFixed(2)}x`);
  console.log(`  Core XML HTTP            p50 ${ms(xml.p50)}  p99 ${ms(xml.p99)}  ratio to api p50 ${(xml.p50 / api.p50).toFixed(2)}x`);
  console.log(`  SQLite Core JSON served  p50 ${ms(sql.p50)}  p99 ${ms(sql.p99)}`);
  console.log(`  SQLite plain (baseline)  p50 ${ms(base.p50)}  p99 ${ms(base.p99)}`);
  for (const [name, s] of [['JSON', json], ['XML', xml]] as const) {
    console.log(`  goal Core ${name} p50 <= ${GOAL_RATIO}x api p50: ${s.p50 <= GOAL_RATIO * api.p50 ? 'met' : 'NOT met'}`);
  }
}
