// The requests the extension's tree sends, timed over HTTP at the seeded size (issue 16: the tree
// must stay usable at a million defects): the first page, Load more near the start and deep in the
// list, a filtered first page, and grouping. Grouping counts each value with one scan of the one
// field, 2,000 defects per request (src/tree/model/groups.ts), so its figure is the whole scan; a
// count-only request per value (limit 1, the total read from the answer) is timed beside it.
import type { Pool } from 'undici';
import { ms, summarize, time } from './stats';

const ROW_FIELDS = 'name,status,severity,priority,owner,detected-by,creation-time,last-modified';
const SEVERITIES = ['1-Low', '2-Medium', '3-High', '4-Very High', '5-Urgent'];

async function get(pool: Pool, path: string, cookie: string): Promise<{ data: unknown[]; total?: number }> {
  const res = await pool.request({ path, method: 'GET', headers: { cookie, accept: 'application/json' } });
  const text = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`GET ${path} answered ${res.statusCode}`);
  const body = JSON.parse(text) as { data: unknown[]; totalResults?: number; total?: number };
  return { data: body.data, total: body.totalResults ?? body.total };
}

export async function measureTreePages(pool: Pool, root: string, cookie: string, defects: number, requests: number): Promise<void> {
  const base = `${root}/api/domains/DEFAULT/projects/Demo/defects`;
  const page = (extra: Record<string, string>) => `${base}?${new URLSearchParams({ fields: ROW_FIELDS, 'order-by': '-id', limit: '100', ...extra }).toString()}`;
  const shapes: [string, string][] = [
    ['first page', page({ offset: '0' })],
    ['Load more (offset 100)', page({ offset: '100' })],
    ['Load more (offset 10,000)', page({ offset: '10000' })],
    [`Load more (offset ${Math.floor(defects / 2).toLocaleString('en-US')})`, page({ offset: String(Math.floor(defects / 2)) })],
    ['filtered first page {severity[5-Urgent]}', page({ query: '{severity[5-Urgent]}', offset: '0' })],
    ['group scan: one 2,000-row request', `${base}?fields=severity&order-by=id&limit=2000&offset=0`],
    ['count of one severity (limit 1)', `${base}?${new URLSearchParams({ fields: 'id', query: '{severity[5-Urgent]}', limit: '1' }).toString()}`],
  ];
  console.log(`the tree's requests at ${defects.toLocaleString('en-US')} defects (p50 / p99 over ${requests}):`);
  for (const [name, path] of shapes) {
    for (let i = 0; i < 5; i++) await get(pool, path, cookie);
    const samples: number[] = [];
    for (let i = 0; i < requests; i++) samples.push(await time(() => get(pool, path, cookie)));
    const s = summarize(samples);
    console.log(`  ${name.padEnd(44)} ${ms(s.p50)} / ${ms(s.p99)}`);
  }
  await measureAfterWrites(pool, base, cookie, requests, page);
  // Grouping as the tree does it today: every defect's severity, 2,000 per request.
  const scans: number[] = [];
  // One run: at a million defects the deep offsets make the whole scan take minutes.
  for (let run = 0; run < 1; run++) {
    scans.push(
      await time(async () => {
        for (let offset = 0; offset < defects; offset += 2000) await get(pool, `${base}?fields=severity&order-by=id&limit=2000&offset=${offset}`, cookie);
      }),
    );
  }
  const counts: number[] = [];
  for (let run = 0; run < 10; run++) {
    counts.push(
      await time(async () => {
        for (const s of SEVERITIES) await get(pool, `${base}?${new URLSearchParams({ fields: 'id', query: `{severity[${JSON.stringify(s)}]}`, limit: '1' }).toString()}`, cookie);
      }),
    );
  }
  console.log(`  group by severity, whole scan (${Math.ceil(defects / 2000)} requests)   ${ms(summarize(scans).p50)} (one run)`);
  console.log(`  group by severity, one count per value (${SEVERITIES.length})   p50 ${ms(summarize(counts).p50)} over 10`);
}

/**
 * Pages whose kept count a write has just thrown away, as on a server where others save: before
 * each timed page a lock is taken and released (a write that changes no defect). Totals of the
 * counted filters come from the counters; the two-field filter runs its COUNT(*) each time.
 */
async function measureAfterWrites(pool: Pool, base: string, cookie: string, requests: number, page: (extra: Record<string, string>) => string): Promise<void> {
  const locks = base.replace(/\/defects$/, '/locks');
  const write = async () => {
    const taken = await pool.request({
      path: locks,
      method: 'POST',
      headers: { cookie, accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ data: [{ entity: { id: 1, type: 'defect' } }] }),
    });
    const body = JSON.parse(await taken.body.text()) as { data?: { id: number }[] };
    const id = body.data?.[0]?.id;
    if (taken.statusCode !== 201 || id === undefined) throw new Error(`POST ${locks} answered ${taken.statusCode}`);
    const released = await pool.request({ path: `${locks}/${id}`, method: 'DELETE', headers: { cookie, accept: 'application/json' } });
    await released.body.dump();
  };
  const shapes: [string, string][] = [
    ['first page', page({ offset: '0' })],
    ['filtered {status[Open or Reopen]}', page({ query: '{status[Open or Reopen]}', 'order-by': '-last-modified' })],
    ['filtered {owner[alice];status[<>Closed]}', page({ query: '{owner[alice];status[<>Closed]}', 'order-by': '-last-modified' })],
  ];
  const rounds = Math.max(20, Math.floor(requests / 4));
  console.log(`  right after a write (a lock taken and released before each page; p50 / p99 over ${rounds}):`);
  for (const [name, path] of shapes) {
    const samples: number[] = [];
    for (let i = 0; i < rounds; i++) {
      await write();
      samples.push(await time(() => get(pool, path, cookie)));
    }
    const s = summarize(samples);
    console.log(`    ${name.padEnd(42)} ${ms(s.p50)} / ${ms(s.p99)}`);
  }
}
