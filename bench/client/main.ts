// Client benchmark (`npm run bench:client`): the ALM client against the server on loopback, each
// figure next to a baseline measured in the same run.
//  1. defect GET: client vs a bare undici.request of the same URL with the same headers (goal ≤ 1.10×)
//  2. walking every defect with only the tree's columns: time and peak heap, 10k vs 100k
//     defects (goal ≤ 60 MB and independent of the project's size)
//  1 and 2 run once per REST tree: the /api dialect and the Core /rest dialect (`--trees api,rest`).
//  3. 200 MB attachment upload (from a file) and download (saved to a file): throughput as a
//     ratio to curl doing the same (goal ≥ 0.8×), and the client process's RSS growth (goal ≤ 30 MB).
//     The download is also measured through a plain shared undici Agent (documented APIs only,
//     no reused read buffer; see src/api/http/receiveSocket.ts), to show what the buffer reuse buys.
// The server runs in a child process so the memory figures are the client's alone.
// Usage: node --expose-gc dist/bench/client.js [--defects 100000] [--mb 200] [--gets 3000] [--trees api,rest] [--gets-only] [--no-transfer]
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Agent, request } from 'undici';
import { AlmClient } from '../../src/api/index';
import type { RestTree } from '../../src/api/index';
import { curl, gc, mb, median, now, sampler } from './measure';
import { serveIfChild, serveInChild } from './serverChild';

const ROUNDS = 5;
const TREE_FIELDS = ['name', 'status', 'severity', 'priority', 'owner'];
const USER = { username: 'alice', password: 'alice-demo' };

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(v) || v <= 0) throw new Error(`--${name} needs a positive integer`);
  return v;
}

/** Session cookies and XSRF token for the baselines (bare undici, curl). */
async function bareSession(baseUrl: string): Promise<{ cookie: string; xsrf: string }> {
  const res = await request(`${baseUrl}/api/authentication/sign-in`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${USER.username}:${USER.password}`).toString('base64')}` },
  });
  await res.body.dump();
  const raw = res.headers['set-cookie'];
  const pairs = (Array.isArray(raw) ? raw : raw ? [raw] : []).map((c) => c.split(';')[0] ?? '');
  const xsrf = pairs.find((p) => p.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  return { cookie: pairs.join('; '), xsrf };
}

function newClient(baseUrl: string, tree: RestTree = 'api'): AlmClient {
  return new AlmClient({ baseUrl, credentials: async () => USER, maxConcurrent: 4, dialect: tree });
}

/** The trees to measure (`--trees api,rest`, default both). */
function treesArg(): RestTree[] {
  const i = process.argv.indexOf('--trees');
  const list = (i >= 0 ? (process.argv[i + 1] ?? '') : 'api,rest').split(',');
  if (list.some((t) => t !== 'api' && t !== 'rest')) throw new Error('--trees takes api, rest or api,rest');
  return list as RestTree[];
}

/** The id in a defect body of either tree: `{id}` or Core's `{Fields:[{Name:'id',values:[{value}]}]}`. */
function idOf(body: { id?: number; Fields?: { Name: string; values: { value: string }[] }[] }): number | undefined {
  if (body.id !== undefined) return body.id;
  const v = body.Fields?.find((f) => f.Name === 'id')?.values[0]?.value;
  return v === undefined ? undefined : Number(v);
}

async function benchGet(baseUrl: string, gets: number, tree: RestTree): Promise<void> {
  const client = newClient(baseUrl, tree);
  const demo = client.project('DEFAULT', 'Demo');
  const { cookie } = await bareSession(baseUrl);
  const agent = new Agent({ connections: 4 });
  const ids = Array.from({ length: 50 }, (_, i) => i * 7 + 1);
  const bare = async (id: number) => {
    const res = await request(`${baseUrl}/${tree}/domains/DEFAULT/projects/Demo/defects/${id}`, {
      dispatcher: agent,
      headers: { accept: 'application/json', 'accept-encoding': 'gzip, deflate', cookie },
    });
    const buf = Buffer.from(await res.body.arrayBuffer());
    const text = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(buf) : buf).toString('utf8');
    if (res.statusCode !== 200 || idOf(JSON.parse(text) as { id?: number }) !== id) throw new Error(`bare GET ${id} → ${res.statusCode}`);
  };
  const viaClient = async (id: number) => {
    if ((await demo.defects.get(id)).id !== id) throw new Error('client GET returned another defect');
  };
  const clientMs: number[] = [];
  const bareMs: number[] = [];
  for (let i = 0; i < 200; i++) {
    await bare(ids[i % ids.length] ?? 1);
    await viaClient(ids[i % ids.length] ?? 1);
  }
  // Interleave request by request, swapping who goes first, so drift (GC, CPU frequency, other
  // processes on the machine, the server's caches) hits both alike.
  for (let i = 0; i < gets; i++) {
    const id = ids[i % ids.length] ?? 1;
    const order =
      i % 2
        ? ([
            [bare, bareMs],
            [viaClient, clientMs],
          ] as const)
        : ([
            [viaClient, clientMs],
            [bare, bareMs],
          ] as const);
    for (const [fn, out] of order) {
      const t = now();
      await fn(id);
      out.push(now() - t);
    }
  }
  const c = median(clientMs);
  const b = median(bareMs);
  const ratio = c / b;
  console.log(`[${tree}] defect GET p50: client ${c.toFixed(3)} ms, bare undici.request ${b.toFixed(3)} ms → ${ratio.toFixed(3)}× (goal ≤ 1.10×) ${ratio <= 1.1 ? 'OK' : 'MISSED'}`);
  await client.dispose();
  await agent.close();
}

interface Walk {
  count: number;
  ms: number;
  /** Highest heapUsed seen while walking (garbage included). */
  peakHeap: number;
  /** Highest heap after a full GC at each page: what the walk really keeps alive. */
  peakLive: number;
}

async function benchWalk(defects: number, tree: RestTree): Promise<Walk> {
  const served = await serveInChild('alm-bench-client-', defects, 1024 * 1024);
  try {
    const client = newClient(served.baseUrl, tree);
    await client.signIn();
    const walk = async (perPage: () => void): Promise<number> => {
      let count = 0;
      for await (const page of client.project('DEFAULT', 'Demo').defects.query({ fields: TREE_FIELDS, pageSize: 1000 }).pages()) {
        count += page.items.length;
        perPage();
      }
      return count;
    };
    gc();
    const heap = sampler(() => process.memoryUsage().heapUsed, 5);
    const t = now();
    const count = await walk(() => heap.sample());
    const ms = now() - t;
    const peakHeap = heap.stop();
    // Second pass, untimed: collect at every page so the figure is live memory only.
    let peakLive = 0;
    await walk(() => {
      gc();
      peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
    });
    await client.dispose();
    if (count < defects) throw new Error(`walk saw ${count} of ${defects} defects`);
    return { ms, peakHeap, peakLive, count };
  } finally {
    await served.stop();
  }
}

async function benchTransfer(sizeMb: number): Promise<void> {
  const served = await serveInChild('alm-bench-client-', 50, (sizeMb + 16) * 1024 * 1024);
  const work = mkdtempSync(join(tmpdir(), 'alm-bench-file-'));
  try {
    const file = join(work, 'big.bin');
    const out = createWriteStream(file);
    for (let i = 0; i < sizeMb; i++) if (!out.write(randomBytes(1024 * 1024))) await new Promise<void>((r) => out.once('drain', () => r()));
    await new Promise<void>((r) => out.end(() => r()));
    const bytes = sizeMb * 1024 * 1024;
    const client = newClient(served.baseUrl);
    const demo = client.project('DEFAULT', 'Demo');
    await client.signIn();
    // The same client over an injected Agent: downloads then take the shared dispatcher's path.
    const agent = new Agent({ connections: 4 });
    const sharedClient = new AlmClient({ baseUrl: served.baseUrl, credentials: () => Promise.resolve(USER), maxConcurrent: 4, dialect: 'api', dispatcher: agent });
    const sharedDemo = sharedClient.project('DEFAULT', 'Demo');
    await sharedClient.signIn();
    const { cookie, xsrf } = await bareSession(served.baseUrl);
    const collection = `${served.baseUrl}/api/domains/DEFAULT/projects/Demo/attachments`;
    const defectId = 5;

    let clientUp = Infinity;
    let curlUp = Infinity;
    let clientDown = Infinity;
    let sharedDown = Infinity;
    let curlDown = Infinity;
    let curlDownNull = Infinity;
    let rssUp = 0;
    let rssDown = 0;
    let rssShared = 0;
    const saved = join(work, 'saved.bin');
    // Uploads and downloads are timed in separate phases, client and curl under the same
    // conditions: every upload is deleted before the next transfer, and the downloads all read one
    // attachment whose file was flushed to disk first, so that no transfer competes with the
    // write-back of another's 200 MB.
    const clientUpload = async (round: number): Promise<void> => {
      gc();
      const rss0 = process.memoryUsage().rss;
      const rss = sampler(() => process.memoryUsage().rss, 20);
      const t = now();
      const a = await demo.attachments.upload({ entity: { type: 'defect', id: defectId }, name: `client-${round}.bin`, source: { path: file } });
      clientUp = Math.min(clientUp, now() - t);
      rssUp = Math.max(rssUp, rss.stop() - rss0);
      if (a.fileSize !== bytes) throw new Error(`uploaded ${a.fileSize} of ${bytes} bytes`);
      await demo.attachments.delete(a.id);
    };
    const curlUpload = async (round: number): Promise<void> => {
      const t = now();
      const created = await curl([
        '-b',
        cookie,
        '-H',
        `X-XSRF-TOKEN: ${xsrf}`,
        '-H',
        'Accept: application/json',
        '-F',
        `filename=curl-${round}.bin`,
        '-F',
        'entity.type=defect',
        '-F',
        `entity.id=${defectId}`,
        '-F',
        `file=@${file};type=application/octet-stream`,
        collection,
      ]);
      curlUp = Math.min(curlUp, now() - t);
      const record = JSON.parse(created) as { id: number; 'file-size': number };
      if (record['file-size'] !== bytes) throw new Error(`curl uploaded ${record['file-size']} of ${bytes} bytes`);
      await demo.attachments.delete(record.id);
    };
    const clientDownload = async (id: number): Promise<void> => {
      gc();
      const rss0 = process.memoryUsage().rss;
      const rss = sampler(() => process.memoryUsage().rss, 20);
      const t = now();
      await demo.attachments.saveTo(id, saved);
      clientDown = Math.min(clientDown, now() - t);
      rssDown = Math.max(rssDown, rss.stop() - rss0);
      if (statSync(saved).size !== bytes) throw new Error(`downloaded ${statSync(saved).size} of ${bytes} bytes`);
    };
    const sharedDownload = async (id: number): Promise<void> => {
      gc();
      const rss0 = process.memoryUsage().rss;
      const rss = sampler(() => process.memoryUsage().rss, 20);
      const t = now();
      await sharedDemo.attachments.saveTo(id, saved);
      sharedDown = Math.min(sharedDown, now() - t);
      rssShared = Math.max(rssShared, rss.stop() - rss0);
      if (statSync(saved).size !== bytes) throw new Error(`downloaded ${statSync(saved).size} of ${bytes} bytes`);
    };
    const curlDownload = async (id: number): Promise<void> => {
      let t = now();
      await curl(['-o', saved, '-b', cookie, '-H', 'Accept: application/octet-stream', `${collection}/${id}`]);
      curlDown = Math.min(curlDown, now() - t);
      t = now();
      await curl(['-o', '/dev/null', '-b', cookie, '-H', 'Accept: application/octet-stream', `${collection}/${id}`]);
      curlDownNull = Math.min(curlDownNull, now() - t);
    };
    const settle = (): void => {
      execFileSync('sync');
    };
    // Best of five rounds, who goes first alternating: the machine may be shared, and the best
    // run of each is the least disturbed one.
    for (let round = 0; round < ROUNDS; round++) {
      for (const upload of round % 2 === 0 ? [clientUpload, curlUpload] : [curlUpload, clientUpload]) {
        settle();
        await upload(round);
      }
    }
    const source = await demo.attachments.upload({ entity: { type: 'defect', id: defectId }, name: 'download-source.bin', source: { path: file } });
    for (let round = 0; round < ROUNDS; round++) {
      for (const download of round % 2 === 0 ? [clientDownload, sharedDownload, curlDownload] : [curlDownload, sharedDownload, clientDownload]) {
        settle();
        await download(source.id);
      }
    }
    await demo.attachments.delete(source.id);
    const rate = (ms: number) => `${(sizeMb / (ms / 1000)).toFixed(0)} MB/s`;
    const up = curlUp / clientUp;
    const down = curlDown / clientDown;
    console.log(
      `upload ${sizeMb} MB: client ${(clientUp / 1000).toFixed(2)} s (${rate(clientUp)}), curl ${(curlUp / 1000).toFixed(2)} s (${rate(curlUp)}) → ${up.toFixed(2)}× curl (goal ≥ 0.8×) ${up >= 0.8 ? 'OK' : 'MISSED'}`,
    );
    console.log(
      `download ${sizeMb} MB to a file: client ${(clientDown / 1000).toFixed(2)} s (${rate(clientDown)}), curl -o file ${(curlDown / 1000).toFixed(2)} s (${rate(curlDown)}) → ${down.toFixed(2)}× curl (goal ≥ 0.8×) ${down >= 0.8 ? 'OK' : 'MISSED'}`,
    );
    const shared = curlDown / sharedDown;
    console.log(`  through a shared Agent (documented APIs only): ${(sharedDown / 1000).toFixed(2)} s (${rate(sharedDown)}) → ${shared.toFixed(2)}× curl, RSS growth ${mb(rssShared)}`);
    console.log(`  (for reference: curl -o /dev/null ${(curlDownNull / 1000).toFixed(2)} s (${rate(curlDownNull)}) → client ${(curlDownNull / clientDown).toFixed(2)}× of that)`);
    const worst = Math.max(rssUp, rssDown);
    console.log(`client RSS growth: upload ${mb(rssUp)}, download ${mb(rssDown)} (goal ≤ 30 MB) ${worst <= 30 * 1024 * 1024 ? 'OK' : 'MISSED'}`);
    await client.dispose();
    await sharedClient.dispose();
    await agent.close();
  } finally {
    rmSync(work, { recursive: true, force: true });
    await served.stop();
  }
}

async function main(): Promise<void> {
  if (await serveIfChild()) return;
  if (!(globalThis as { gc?: unknown }).gc) console.log('(run with --expose-gc for stable memory figures)');
  const large = arg('defects', 100_000);
  const small = Math.max(1, Math.round(large / 10));

  if (process.argv.includes('--transfer-only')) return benchTransfer(arg('mb', 200));
  const trees = treesArg();
  const getServer = await serveInChild('alm-bench-client-', 1000, 1024 * 1024);
  try {
    for (const tree of trees) await benchGet(getServer.baseUrl, arg('gets', 3000), tree);
  } finally {
    await getServer.stop();
  }

  if (process.argv.includes('--gets-only')) return;
  for (const tree of trees) {
    const walks = [await benchWalk(small, tree), await benchWalk(large, tree)];
    for (const w of walks) {
      console.log(
        `[${tree}] walk ${w.count} defects (fields ${TREE_FIELDS.join(',')}): ${(w.ms / 1000).toFixed(2)} s (${Math.round(w.count / (w.ms / 1000))} defects/s), peak heap ${mb(w.peakHeap)}, peak live heap ${mb(w.peakLive)}`,
      );
    }
    const [a, b] = walks as [Walk, Walk];
    const grew = b.peakLive - a.peakLive;
    const ok = b.peakHeap <= 60 * 1024 * 1024 && grew < 5 * 1024 * 1024;
    console.log(
      `[${tree}] peak heap ${mb(b.peakHeap)} at ${b.count} defects vs ${mb(a.peakHeap)} at ${a.count}; live ${mb(b.peakLive)} vs ${mb(a.peakLive)} (goal ≤ 60 MB, independent of size) ${ok ? 'OK' : 'MISSED'}`,
    );
  }

  if (process.argv.includes('--no-transfer')) return;
  await benchTransfer(arg('mb', 200));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
