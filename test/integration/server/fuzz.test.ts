// A bounded, seeded fuzz test of the server: a few thousand hostile requests (fuzz/generators.ts)
// to every route of every REST tree (fuzz/targets.ts), with a real session most of the time.
// No answer may be a 5xx, none may hang, no file may appear outside the data folder, and the
// stored data may change only through requests that were accepted as writes.
// ALM_FUZZ_REQUESTS and ALM_FUZZ_SEED change the size and the seed.
import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { Rng } from '../../support/random';
import { TestClient, startTestServer } from '../../support/server';
import type { RunningServer } from '../../support/server';
import { ESCAPE_MARK, cookieHeader, jsonBody, multipartBody, nastyString, queryString, xmlBody } from './fuzz/generators';
import { filesOutside, storeChecksum } from './fuzz/storeChecksum';
import { TREES } from './fuzz/targets';
import type { FuzzTarget, FuzzTree } from './fuzz/targets';

const REQUESTS = Number(process.env.ALM_FUZZ_REQUESTS ?? 1500);
const SEED = Number(process.env.ALM_FUZZ_SEED ?? 1);
/** Requests between two checksums of the stored data. */
const BATCH = 40;
const HANG_MS = 10_000;

interface Sent {
  what: string;
  status: number | 'dropped' | 'not sent';
}

/**
 * A Core bulk request whose every item was refused: ALM answers 500 qccore.bulk-operation-failed
 * there (409 when some succeeded), and clients depend on that form. Each refusal must be an
 * ordinary one, never an internal error.
 */
function isAllItemsRefused(status: number, body: string): boolean {
  return status === 500 && /qccore\.bulk-operation-failed/.test(body) && !/Internal server error/i.test(body);
}

/** Authentication answers are slow by design (password hashing): they get a smaller share. */
function pickTarget(rng: Rng, targets: readonly FuzzTarget[]): FuzzTarget {
  const total = targets.reduce((n, t) => n + (t.weight ?? 1), 0);
  let r = rng.next() * total;
  for (const t of targets) if ((r -= t.weight ?? 1) < 0) return t;
  return targets[targets.length - 1];
}

function safeSegment(rng: Rng): string {
  try {
    return encodeURIComponent(nastyString(rng));
  } catch {
    return 'x';
  }
}

function pathOf(rng: Rng, tree: FuzzTree, target: FuzzTarget): string {
  return target.path
    .replace('{p}', tree.projectBase)
    .replace('{root}', '/qcbin')
    .replace('{domain}', rng.chance(0.9) ? 'DEFAULT' : safeSegment(rng))
    .replace('{project}', rng.chance(0.85) ? rng.pick(['Demo', 'Playground']) : safeSegment(rng))
    .replace('{id}', rng.chance(0.7) ? String(rng.int(1, 25)) : safeSegment(rng))
    .replace('{name}', rng.chance(0.6) ? rng.pick(['alice', 'readme.txt', 'ok.bin', `..%2F..%2F${ESCAPE_MARK}`, '..', '%2e%2e']) : safeSegment(rng))
    .replace('{entity}', rng.chance(0.7) ? rng.pick(['defect', 'attachment', 'test', 'defects']) : safeSegment(rng))
    .replace('{collection}', rng.chance(0.7) ? rng.pick(['defects', 'attachments', 'locks', 'tests', 'list-items']) : safeSegment(rng));
}

function bodyOf(rng: Rng, target: FuzzTarget): { body?: Buffer | string; contentType?: string } {
  switch (target.body) {
    case 'json':
      return { body: jsonBody(rng), contentType: rng.chance(0.85) ? 'application/json' : rng.pick(['text/plain', 'application/xml', 'application/json; charset=utf-16', '']) };
    case 'xml':
      return { body: xmlBody(rng), contentType: rng.chance(0.85) ? 'application/xml' : rng.pick(['text/xml', 'application/json', 'text/plain']) };
    case 'multipart':
      return multipartBody(rng);
    case 'raw':
      return {
        body: rng.chance(0.5) ? '<alm-authentication><user>alice</user><password>x</password></alm-authentication>' : nastyString(rng),
        contentType: rng.pick(['application/xml', 'application/octet-stream', 'text/plain']),
      };
    default:
      return rng.chance(0.1) ? { body: jsonBody(rng), contentType: 'application/json' } : {};
  }
}

function headersOf(rng: Rng, cookies: string, contentType: string | undefined): Record<string, string> {
  const h: Record<string, string> = {
    accept: rng.chance(0.6) ? 'application/json' : rng.pick(['application/xml', 'application/xml', '*/*', 'text/html', 'multipart/mixed', 'application/octet-stream', nastyString(rng)]),
    cookie: cookieHeader(rng, cookies),
  };
  if (rng.chance(0.9)) h['x-xsrf-token'] = 'fuzz-xsrf';
  if (contentType !== undefined) h['content-type'] = contentType;
  if (rng.chance(0.2))
    h.authorization = rng.pick([
      `Basic ${Buffer.from(`${nastyString(rng)}:${nastyString(rng)}`).toString('base64')}`,
      'Basic',
      'Basic !!!',
      `Bearer ${nastyString(rng)}`,
      'Basic YWxpY2U6YWxpY2UtZGVtbw==',
    ]);
  if (rng.chance(0.2)) h.slug = rng.pick([`../../${ESCAPE_MARK}.txt`, 'a.txt', '..', `${ESCAPE_MARK}\\..\\x`, nastyString(rng)]);
  if (rng.chance(0.03)) h['x-fuzz'] = 'v'.repeat(rng.int(1000, 40_000));
  if (rng.chance(0.05)) h['accept-encoding'] = rng.pick(['gzip', 'br', 'deflate', 'identity;q=0', nastyString(rng)]);
  return h;
}

describe('server fuzz: hostile requests get 4xx, never 5xx, hang, escape or corrupt', function () {
  this.timeout(300_000);
  let server: RunningServer;
  let sandbox: string;
  let dataDir: string;
  let cookies: string;
  let jar: TestClient;
  const agent = new Agent({ keepAliveTimeout: 1000 });

  before(async () => {
    sandbox = mkdtempSync(join(tmpdir(), 'alm-fuzz-'));
    dataDir = join(sandbox, 'data');
    mkdirSync(dataDir);
    server = await startTestServer({ dataDir, defects: 20 });
    jar = new TestClient(server.baseUrl);
    await signIn();
  });

  async function signIn(): Promise<void> {
    await jar.signIn('alice');
    cookies = `${jar.cookieHeader()}; XSRF-TOKEN=fuzz-xsrf`;
  }

  /** Keeps the real session usable: new cookies are taken over, an ended session is replaced. */
  async function followSession(status: number, setCookie: string | string[] | undefined): Promise<void> {
    for (const line of typeof setCookie === 'string' ? [setCookie] : (setCookie ?? [])) {
      const [name = '', value = ''] = (line.split(';')[0] ?? '').split('=');
      if (name && value && name !== 'XSRF-TOKEN') jar.cookies.set(name.trim(), value.trim());
    }
    cookies = `${jar.cookieHeader()}; XSRF-TOKEN=fuzz-xsrf`;
    if (status !== 401) return;
    const check = await jar.get('/rest/is-authenticated');
    if (check.status !== 200) await signIn();
  }

  after(async () => {
    await agent.close();
    await server?.close();
    if (sandbox) rmSync(sandbox, { recursive: true, force: true });
  });

  it(`answers ${REQUESTS} seeded hostile requests (seed ${SEED}) without a 5xx, a hang, an escaped file or an unexplained change`, async () => {
    const rng = new Rng(SEED);
    const origin = new URL(server.baseUrl).origin;
    const failures: string[] = [];
    const statuses = new Map<string, number>();
    let baseline = storeChecksum(dataDir);
    let batch: Sent[] = [];
    let wrote = false;

    for (let i = 0; i < REQUESTS; i++) {
      const tree = rng.pick(TREES);
      const target = pickTarget(rng, tree.targets);
      const path = pathOf(rng, tree, target) + (rng.chance(0.6) ? queryString(rng) : '');
      const { body, contentType } = bodyOf(rng, target);
      const headers = headersOf(rng, cookies, contentType);
      const what = `#${i} ${target.method} ${path.slice(0, 160)}${body ? ` body ${String(body).slice(0, 80)}` : ''}`;
      let status: Sent['status'];
      try {
        const res = await request(`${origin}${path}`, { method: target.method, headers, body, dispatcher: agent, headersTimeout: HANG_MS, bodyTimeout: HANG_MS, signal: AbortSignal.timeout(HANG_MS) });
        status = res.statusCode;
        const text = await res.body.text();
        if (status >= 500 && !isAllItemsRefused(status, text)) failures.push(`${what} → ${status}: ${text.slice(0, 300)}`);
        // A 409 is also the answer to a partly applied bulk request.
        if ((status < 300 || status === 409) && target.method !== 'GET') wrote = true;
        if (headers.cookie === cookies) await followSession(status, res.headers['set-cookie']);
      } catch (e) {
        const name = e instanceof Error ? e.name : '';
        const code = (e as { code?: string }).code ?? '';
        if (/Timeout|Abort/.test(name) || /TIMEOUT|ABORT/.test(code)) failures.push(`${what} → no answer within ${HANG_MS} ms`);
        // The client library refuses some hostile headers; a connection the server closes on a
        // malformed request is an answer too.
        status = code === 'UND_ERR_INVALID_ARG' ? 'not sent' : 'dropped';
      }
      statuses.set(String(status), (statuses.get(String(status)) ?? 0) + 1);
      batch.push({ what, status });
      if (batch.length === BATCH || i === REQUESTS - 1) {
        const now = storeChecksum(dataDir);
        if (now !== baseline && !wrote) failures.push(`stored data changed though no request was an accepted write:\n    ${batch.map((b) => `${b.what} → ${b.status}`).join('\n    ')}`);
        baseline = now;
        batch = [];
        wrote = false;
      }
      if (failures.length > 20) break;
    }

    const escaped = filesOutside(sandbox, dataDir);
    assert.deepEqual(escaped, [], 'files were written outside the data folder');
    for (const dir of [tmpdir(), process.cwd(), join(dataDir, '..', '..')]) {
      assert.deepEqual(
        readdirSync(dir).filter((f) => f.includes(ESCAPE_MARK)),
        [],
        `a traversal wrote into ${dir}`,
      );
    }
    assert.ok(existsSync(join(dataDir, 'site.db')), 'the data folder survived');
    assert.deepEqual(failures, [], `answers by status: ${JSON.stringify(Object.fromEntries(statuses))}`);
    // The fuzz must reach the routes: most requests get an answer, many of them a 2xx or a 4xx.
    assert.ok((statuses.get('200') ?? 0) > REQUESTS / 20, `too few successful answers: ${JSON.stringify(Object.fromEntries(statuses))}`);
    assert.ok((statuses.get('400') ?? 0) + (statuses.get('404') ?? 0) > REQUESTS / 10, `too few rejections: ${JSON.stringify(Object.fromEntries(statuses))}`);
  });
});
