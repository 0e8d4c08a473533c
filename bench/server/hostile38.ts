// The emulator's hostile requests of issue 38, each measured from outside against a server CLI in
// a child process: the answer's status and time, the child's peak RSS, and a concurrent reader's
// p99 during the request against its p99 just before (same run). `--server <cli.ts>` measures
// another checkout's server (e.g. main, for the figures before a change).
// Usage: npx tsx bench/server/hostile38.ts [--server path/to/cli.ts] [--defects 20000] [--history-puts 5200]
//        [--only 12,13,15] (items 9, 11 and 12 are measured together)
//   item 9:  a Core XML page of 5 defects holding 12 MB of `<` each (60 MB stored, ~290 MB escaped)
//   item 11: an /api bulk PUT of 500 elements naming one defect, three of them filling a 1 MB memo
//   item 12: 500 `*e*e*e*NQ*` conditions on name, one request and three at once
//   item 13: history entries of one defect after many PUTs of a status to a 5-defect selection
//   item 14: `.upload-*` files left by 20 uploads cut by a 1 s body timeout
//   item 15: locks two sign-ins of one user can take
//   item 16: a Core XML PUT of `caf&#233;` (what is stored) and of `&#0;` (the status)
import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Pool } from 'undici';
import { measure, p99, rssMb, startChild } from './child';
import type { Measured, Request, Session } from './child';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const CLI = resolve(arg('server', join(__dirname, '../../server/src/cli.ts')));
const DEFECTS = Number(arg('defects', '20000'));
const HISTORY_PUTS = Number(arg('history-puts', '5200'));
const MB = 1024 * 1024;

async function signIn(baseUrl: string): Promise<Session> {
  const url = new URL(baseUrl);
  const res = await fetch(`${baseUrl}/api/authentication/sign-in`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from('alice:alice-demo').toString('base64')}` } });
  await res.arrayBuffer();
  return {
    origin: url.origin,
    root: url.pathname,
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
}

function report(name: string, m: Measured): void {
  console.log(
    `${name}: ${m.statuses.join(', ')} in ${m.ms.toFixed(0)} ms; peak RSS ${m.peakRssMb.toFixed(0)} MB; ` + `reader p99 ${m.p99DuringMs.toFixed(1)} ms during vs ${m.p99BeforeMs.toFixed(1)} ms before`,
  );
}

function projectDb(dir: string): Database.Database {
  return new Database(join(dir, 'projects', 'DEFAULT', 'Demo', 'project.db'));
}

const CORE = '/rest/domains/DEFAULT/projects/Demo';
const API = '/api/domains/DEFAULT/projects/Demo';

async function items9to12(dir: string, pid: number, s: Session): Promise<void> {
  const db = projectDb(dir);
  db.prepare('UPDATE defects SET "description" = ? WHERE "id" BETWEEN 21 AND 25').run('<'.repeat(12 * MB));
  db.close();
  const page = `${CORE}/defects?page-size=5&query=${encodeURIComponent('{id[21 or 22 or 23 or 24 or 25]}')}`;
  report('item 9, a Core XML page of 5 defects with 12 MB of `<` each', await measure(s, pid, [{ method: 'GET', path: page, headers: { accept: 'application/xml' } }]));
  const clean = projectDb(dir);
  clean.prepare('UPDATE defects SET "description" = \'small\' WHERE "id" BETWEEN 21 AND 25').run();
  clean.close();

  const big = 'b'.repeat(MB - 64);
  const memos = ['description', 'dev-comments', 'request-note'];
  const data = Array.from({ length: 500 }, (_, i) => (i < 3 ? { id: 10, type: 'defect', [memos[i]]: big } : { id: 10, type: 'defect', name: 'n' }));
  report(
    'item 11, /api bulk PUT of 500 elements naming one defect (three fill 1 MB memos)',
    await measure(s, pid, [{ method: 'PUT', path: `${API}/defects`, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data }) }]),
  );

  // Each search differs, so no count cached for another answers it.
  const search = (n: number): Request => {
    const query = encodeURIComponent(`{name[${Array.from({ length: 500 }, () => `*e*e*e*NQ${n}*`).join(' or ')}]}`);
    return { method: 'GET', path: `${API}/defects?limit=5&query=${query}` };
  };
  report(`item 12, 500 wildcard conditions on name over ${DEFECTS} defects`, await measure(s, pid, [search(0)]));
  report('item 12, three such searches at once', await measure(s, pid, [search(1), search(2), search(3)]));
}

async function item13(dir: string, s: Session): Promise<void> {
  const statuses = ['Open', 'Fixed'];
  const path = `${s.root}${API}/defects?query=${encodeURIComponent('{id[<=5]}')}`;
  const pool = new Pool(s.origin, { connections: 1 });
  const times: number[] = [];
  for (let i = 0; i < HISTORY_PUTS; i++) {
    const started = performance.now();
    const res = await pool.request({
      method: 'PUT',
      path,
      headers: { cookie: s.cookie, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ status: statuses[i % 2] }),
    });
    await res.body.dump();
    times.push(performance.now() - started);
  }
  await pool.close();
  const db = projectDb(dir);
  const entries = db.prepare('SELECT COUNT(*) FROM audits WHERE "parent-id" = 1').pluck().get() as number;
  db.close();
  const last = times.slice(-200);
  console.log(
    `item 13, ${HISTORY_PUTS} PUTs of a status to a 5-defect selection: ${entries} history entries of defect 1; ` +
      `last 200 PUTs p99 ${p99(last).toFixed(1)} ms, mean ${(last.reduce((a, b) => a + b, 0) / last.length).toFixed(1)} ms`,
  );
}

/** 20 multipart uploads that stop after the file part has begun; the server's body timeout is 1 s. */
async function item14(dir: string, baseUrl: string, s: Session): Promise<void> {
  const url = new URL(baseUrl);
  const boundary = 'bench38';
  const head = ['filename', 'entity.type', 'entity.id'].map((n, i) => `--${boundary}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${['cut.txt', 'defect', '2'][i]}\r\n`).join('');
  const body = `${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.txt"\r\nContent-Type: text/plain\r\n\r\n${'a'.repeat(100)}`;
  const cut = async () => {
    const socket = connect(Number(url.port), url.hostname);
    socket.on('error', () => undefined);
    // The answer is read (and dropped), so the socket sees the server's end and closes.
    socket.resume();
    await new Promise((r) => socket.once('connect', r));
    socket.write(
      `POST ${s.root}${API}/attachments HTTP/1.1\r\nHost: ${url.host}\r\nCookie: ${s.cookie}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length + 100_000}\r\n\r\n${body}`,
    );
    await new Promise((r) => socket.once('close', r));
  };
  await Promise.all(Array.from({ length: 20 }, cut));
  await new Promise((r) => setTimeout(r, 1000)); // what a cleanup would do has had its time
  const left = readdirSync(join(dir, 'projects', 'DEFAULT', 'Demo', 'attachments')).filter((n) => n.startsWith('.upload-')).length;
  console.log(`item 14, 20 uploads cut by the body timeout: ${left} .upload-* files left`);
}

async function item15and16(baseUrl: string, s: Session): Promise<void> {
  const second = await signIn(baseUrl);
  let locked = 0;
  // The second session goes on where the first was refused.
  for (const who of [s, second]) {
    while (locked < 200) {
      const res = await fetch(`${baseUrl}${CORE}/defects/${locked + 1}/lock`, { method: 'POST', headers: { cookie: who.cookie, accept: 'application/json' } });
      await res.arrayBuffer();
      if (res.status !== 200) break;
      locked++;
    }
  }
  console.log(`item 15, two sign-ins of one user lock ${locked} of 200 defects`);
  const put = async (value: string) => {
    const res = await fetch(`${baseUrl}${CORE}/defects/150`, {
      method: 'PUT',
      headers: { cookie: s.cookie, accept: 'application/json', 'content-type': 'application/xml' },
      body: `<Entity Type="defect"><Fields><Field Name="name"><Value>${value}</Value></Field></Fields></Entity>`,
    });
    const text = await res.text();
    return { status: res.status, name: /"Name":"name","values":\[\{"value":"([^"]*)"/.exec(text)?.[1] };
  };
  const cafe = await put('caf&#233;');
  const nul = await put('a&#0;b');
  console.log(`item 16, caf&#233; → ${cafe.status}, stored "${cafe.name}"; a&#0;b → ${nul.status}${nul.name === undefined ? '' : `, stored "${nul.name}"`}`);
}

async function main(): Promise<void> {
  console.log(`server: ${CLI}`);
  const dir = mkdtempSync(join(tmpdir(), 'alm-bench-38-'));
  const server = await startChild(CLI, dir, ['--defects', String(DEFECTS), '--body-timeout', '1']);
  try {
    const s = await signIn(server.baseUrl);
    console.log(`idle RSS ${rssMb(server.pid).toFixed(0)} MB`);
    const only = arg('only', '9,11,12,13,14,15,16').split(',');
    if (only.includes('9') || only.includes('11') || only.includes('12')) await items9to12(dir, server.pid, s);
    if (only.includes('14')) await item14(dir, server.baseUrl, s);
    if (only.includes('15') || only.includes('16')) await item15and16(server.baseUrl, s);
    if (only.includes('13')) await item13(dir, s);
  } finally {
    server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
