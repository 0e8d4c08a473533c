// The Core tree's share of the server benchmark: the same four page shapes as the api tree's, in
// Core syntax (`query={…}`, `order-by={…}`, `page-size`, 1-based `start-index`), fetched as JSON and
// as XML over the same connection, beside the api page of the same shape in the same rounds.
import type { Pool } from 'undici';
import { GOAL_P50_MS, GOAL_P99_MS, ms, summarize } from './stats';

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
}

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
 * after a warm-up of a tenth of the rounds.
 */
export async function measureCorePages(pool: Pool, root: string, cookie: string, requests: number, apiPages: readonly Record<string, string>[]): Promise<CoreSamples> {
  const all: CoreSamples = { api: [], json: [], xml: [] };
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
    all.api.push(...api);
    all.json.push(...json);
    all.xml.push(...xml);
    const [as, js, xs] = [summarize(api), summarize(json), summarize(xml)];
    console.log(`  ${JSON.stringify(page)}`);
    console.log(`    api ${ms(as.p50)} / ${ms(as.p99)}   Core JSON ${ms(js.p50)} / ${ms(js.p99)}   Core XML ${ms(xs.p50)} / ${ms(xs.p99)}`);
  }
  return all;
}

/** p50/p99 per tree and format over all shapes, with the goal verdicts. */
export function reportCore(core: CoreSamples): void {
  console.log('all shapes, p50 / p99 to the last byte, against the goals (p50 <= 20 ms, p99 <= 100 ms):');
  for (const [name, samples] of [
    ['api JSON', core.api],
    ['Core JSON', core.json],
    ['Core XML', core.xml],
  ] as const) {
    const s = summarize(samples);
    const verdict = s.p50 <= GOAL_P50_MS && s.p99 <= GOAL_P99_MS ? 'met' : 'NOT met';
    console.log(`  ${name.padEnd(10)} p50 ${ms(s.p50)}  p99 ${ms(s.p99)}  goal ${verdict}`);
  }
}
