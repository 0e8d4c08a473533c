// The requests the extension's tree sends, timed over HTTP at the seeded size (issue 16: the tree
// must stay usable at a million defects): the first page, Load more near the start and deep in the
// list, a filtered first page, and grouping. Grouping (src/defects/groupCounts.ts) sends a count-only
// request (limit 1, the total read from the answer) per possible value — a list's values, owner's
// project users — plus one for no value and one for the total; the whole scan it falls back to
// (2,000 defects per request, as grouping by owner did before) is timed once beside it.
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
  const write = lockWrite(pool, base, cookie);
  await measureAfterWrites(pool, cookie, requests, page, write);
  // The fallback: every defect's severity, 2,000 per request. One run: at a million defects the
  // deep offsets make the whole scan take tens of seconds.
  const scan = await time(async () => {
    for (let offset = 0; offset < defects; offset += 2000) await get(pool, `${base}?fields=severity&order-by=id&limit=2000&offset=${offset}`, cookie);
  });
  console.log(`  group by one field, whole scan (${Math.ceil(defects / 2000)} requests, the fallback)   ${ms(scan)} (one run)`);
  await measureGroups(pool, root, base, cookie, write);
}

/**
 * Grouping as the tree does it, each run right after a write (so no kept count helps): the total,
 * one count per possible value and one for no value, timed as a whole and per request.
 */
async function measureGroups(pool: Pool, root: string, base: string, cookie: string, write: () => Promise<void>): Promise<void> {
  const res = await pool.request({ path: `${root}/rest/domains/DEFAULT/projects/Demo/customization/users`, method: 'GET', headers: { cookie, accept: 'application/json' } });
  const users = (JSON.parse(await res.body.text()) as { Users: { User: { Name: string }[] } }).Users.User.map((u) => u.Name);
  const groupings: [string, string, string[], string][] = [
    ['severity', 'severity', SEVERITIES, ''],
    ['owner', 'owner', users, ''],
    ['owner, filtered {status[Open or New]}', 'owner', users, 'status[Open or New]'],
    ['severity, My Defects (owner alice)', 'severity', SEVERITIES, 'owner[alice]'],
  ];
  const runs = 20;
  console.log(`  group counts as the tree asks them, right after a write (p50 / p99 over ${runs} runs; requests p50 / p99):`);
  for (const [name, field, values, filter] of groupings) {
    const queries = [filter, ...[...values, ''].map((v) => (filter ? `${filter};` : '') + `${field}[${JSON.stringify(v)}]`)];
    const wholes: number[] = [];
    const requests: number[] = [];
    for (let run = 0; run < runs; run++) {
      await write();
      wholes.push(
        await time(async () => {
          for (const query of queries) {
            const path = `${base}?${new URLSearchParams({ fields: 'id', query: query ? `{${query}}` : '', limit: '1' }).toString()}`;
            requests.push(await time(() => get(pool, path, cookie)));
          }
        }),
      );
    }
    const [w, r] = [summarize(wholes), summarize(requests)];
    console.log(`    by ${name.padEnd(40)} ${ms(w.p50)} / ${ms(w.p99)}   (${queries.length} requests ${ms(r.p50)} / ${ms(r.p99)})`);
  }
}

/** A write that changes no defect but does change the database: a lock taken and released. */
function lockWrite(pool: Pool, base: string, cookie: string): () => Promise<void> {
  const locks = base.replace(/\/defects$/, '/locks');
  return async () => {
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
}

/**
 * Pages whose kept count a write has just thrown away, as on a server where others save: before
 * each timed page a lock is taken and released (a write that changes no defect), so each total
 * runs COUNT(*) again.
 */
async function measureAfterWrites(pool: Pool, cookie: string, requests: number, page: (extra: Record<string, string>) => string, write: () => Promise<void>): Promise<void> {
  const shapes: [string, string][] = [
    ['first page', page({ offset: '0' })],
    ['filtered {status[Open or Reopen]}', page({ query: '{status[Open or Reopen]}', 'order-by': '-last-modified' })],
    ['filtered {owner[alice];status[<>Closed]}', page({ query: '{owner[alice];status[<>Closed]}', 'order-by': '-last-modified' })],
    ['Load more {owner[alice];status[<>Closed]}', page({ query: '{owner[alice];status[<>Closed]}', 'order-by': '-last-modified', offset: '100' })],
    ['filtered {owner[alice];severity[5-Urgent]}', page({ query: '{owner[alice];severity[5-Urgent]}', 'order-by': '-last-modified' })],
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
