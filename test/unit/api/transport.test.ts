// The choke point and the session against undici's MockAgent: no network, exact control of
// every response, and access to every request's headers.
import { strict as assert } from 'node:assert';
import { gzipSync } from 'node:zlib';
import { MockAgent } from 'undici';
import type { Interceptable } from 'undici';
import { AlmClient } from '../../../src/api/client';
import { AuthError, CancelledError, SelectionGuardError, TimeoutError } from '../../../src/api/errors';

const ORIGIN = 'http://alm.test';
const BASE = `${ORIGIN}/qcbin`;
const PASSWORD = 'pa55-w0rd!';

type Headers = Record<string, string>;
function headersOf(opts: { headers?: unknown }): Headers {
  const h = opts.headers;
  if (Array.isArray(h)) {
    const out: Headers = {};
    for (let i = 0; i < h.length; i += 2) out[String(h[i]).toLowerCase()] = String(h[i + 1]);
    return out;
  }
  return Object.fromEntries(Object.entries((h ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), String(v)]));
}

const signInCookies = (n: number) => [`LWSSO_COOKIE_KEY=lwsso-${n}-secret;Path=/;HTTPOnly`, `QCSession=qcs-${n}-secret;Path=/;HttpOnly`, 'ALM_USER=alice;Path=/', `XSRF-TOKEN=xsrf-${n};Path=/`];

function setup(opts: { maxConcurrent?: number; overallMs?: number } = {}) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const pool: Interceptable = agent.get(ORIGIN);
  const logs: string[] = [];
  const logger = { debug: (m: string) => logs.push(m), info: (m: string) => logs.push(m), warn: (m: string) => logs.push(m), error: (m: string) => logs.push(m) };
  const client = new AlmClient({
    baseUrl: BASE,
    credentials: async () => ({ username: 'alice', password: PASSWORD }),
    logger,
    dispatcher: agent,
    dialect: 'api',
    maxConcurrent: opts.maxConcurrent,
    timeouts: { overallMs: opts.overallMs },
  });
  let signIns = 0;
  const seen: { method: string; path: string; headers: Headers }[] = [];
  const allowSignIn = (times = 1) =>
    pool
      .intercept({ path: '/qcbin/api/authentication/sign-in', method: 'POST' })
      .reply((o) => {
        seen.push({ method: 'POST', path: o.path, headers: headersOf(o) });
        signIns++;
        return { statusCode: 200, data: '', responseOptions: { headers: { 'set-cookie': signInCookies(signIns) } } };
      })
      .times(times);
  return { agent, pool, client, logs, seen, allowSignIn, signIns: () => signIns };
}

describe('api/http/transport + session (MockAgent)', () => {
  it('signs in with Basic on first use, then sends the cookies and no Authorization', async () => {
    const t = setup();
    t.allowSignIn();
    t.pool.intercept({ path: '/qcbin/api/domains', method: 'GET' }).reply((o) => {
      t.seen.push({ method: 'GET', path: o.path, headers: headersOf(o) });
      return { statusCode: 200, data: JSON.stringify({ results: [{ name: 'DEFAULT' }] }) };
    });
    assert.deepEqual(await t.client.domains(), [{ name: 'DEFAULT' }]);
    const [signIn, get] = t.seen;
    assert.equal(signIn.headers.authorization, `Basic ${Buffer.from(`alice:${PASSWORD}`).toString('base64')}`);
    assert.equal(get.headers.authorization, undefined);
    assert.deepEqual(get.headers.cookie.split('; ').sort(), ['ALM_USER=alice', 'LWSSO_COOKIE_KEY=lwsso-1-secret', 'QCSession=qcs-1-secret', 'XSRF-TOKEN=xsrf-1']);
    assert.equal(get.headers['accept-encoding'], 'gzip, deflate');
    assert.equal(get.headers['x-xsrf-token'], 'xsrf-1', 'once the server set XSRF-TOKEN, even GETs echo it');
    assert.deepEqual(t.client.session, { username: 'alice', flow: 'api' });
  });

  it('echoes XSRF-TOKEN as X-XSRF-TOKEN on writes, using the latest cookie value', async () => {
    const t = setup();
    t.allowSignIn();
    t.pool
      .intercept({ path: (p) => p.startsWith('/qcbin/api/domains/D/projects/P/defects/7'), method: 'GET' })
      .reply(200, { type: 'defect', id: 7 }, { headers: { 'set-cookie': 'XSRF-TOKEN=rotated;Path=/' } });
    t.pool.intercept({ path: '/qcbin/api/domains/D/projects/P/defects/7', method: 'PUT' }).reply((o) => {
      t.seen.push({ method: 'PUT', path: o.path, headers: headersOf(o) });
      return { statusCode: 200, data: JSON.stringify({ type: 'defect', id: 7, status: 'Open' }) };
    });
    const p = t.client.project('D', 'P');
    await p.defects.get(7);
    const updated = await p.defects.update(7, { status: 'Open' });
    assert.equal(updated.status, 'Open');
    const put = t.seen.find((s) => s.method === 'PUT');
    assert.ok(put);
    assert.equal(put.headers['x-xsrf-token'], 'rotated');
    assert.match(put.headers.cookie, /XSRF-TOKEN=rotated/);
  });

  it('falls back to authentication-point + site-session when /api sign-in is missing', async () => {
    const t = setup();
    t.pool.intercept({ path: '/qcbin/api/authentication/sign-in', method: 'POST' }).reply(404, 'no');
    t.pool.intercept({ path: '/qcbin/authentication-point/authenticate', method: 'GET' }).reply(200, '', { headers: { 'set-cookie': 'LWSSO_COOKIE_KEY=l;Path=/;HTTPOnly' } });
    t.pool.intercept({ path: '/qcbin/rest/site-session', method: 'POST' }).reply((o) => {
      t.seen.push({ method: 'POST', path: o.path, headers: headersOf(o) });
      return { statusCode: 201, data: '', responseOptions: { headers: { 'set-cookie': ['QCSession=q;Path=/', 'XSRF-TOKEN=x;Path=/'] } } };
    });
    const info = await t.client.signIn();
    assert.deepEqual(info, { username: 'alice', flow: 'authentication-point' });
    const site = t.seen[0].headers;
    assert.match(site.cookie, /(^|; )LWSSO_COOKIE_KEY=l(;|$)/, 'site-session is opened with the LWSSO cookie');
    // Before the server issues one, a write double-submits a token of the client's own.
    assert.match(site.cookie, new RegExp(`XSRF-TOKEN=${site['x-xsrf-token']}`));
  });

  it('reports bad credentials as AuthError without the password anywhere', async () => {
    const t = setup();
    t.pool.intercept({ path: '/qcbin/api/authentication/sign-in', method: 'POST' }).reply(401, { Id: 'qccore.general-error', Title: 'Authentication failed' });
    const err = await t.client.signIn().catch((e: unknown) => e);
    assert.ok(err instanceof AuthError);
    assert.match(err.message, /alice/);
    const token = Buffer.from(`alice:${PASSWORD}`).toString('base64');
    for (const text of [err.message, err.stack ?? '', ...t.logs]) {
      assert.ok(!text.includes(PASSWORD) && !text.includes(token), text);
    }
  });

  it('signs in again once, transparently, when a request gets 401, then retries it', async () => {
    const t = setup();
    t.allowSignIn(2);
    t.pool.intercept({ path: '/qcbin/api/domains', method: 'GET' }).reply(401, { Id: 'qccore.session-has-expired', Title: 'Session expired' });
    t.pool.intercept({ path: '/qcbin/api/domains', method: 'GET' }).reply((o) => {
      t.seen.push({ method: 'GET', path: o.path, headers: headersOf(o) });
      return { statusCode: 200, data: JSON.stringify({ results: [] }) };
    });
    const events: string[] = [];
    t.client.onDidChangeSession((e) => events.push(e.reason));
    assert.deepEqual(await t.client.domains(), []);
    assert.equal(t.signIns(), 2);
    assert.match(t.seen.at(-1)?.headers.cookie ?? '', /QCSession=qcs-2-secret/);
    assert.deepEqual(events, ['sign-in', 're-sign-in']);
  });

  it('gives up with AuthError when the retried request is refused again', async () => {
    const t = setup();
    t.allowSignIn(2);
    t.pool.intercept({ path: '/qcbin/api/domains', method: 'GET' }).reply(401, { Id: 'x', Title: 'no' }).times(2);
    await assert.rejects(t.client.domains(), AuthError);
    assert.equal(t.signIns(), 2);
  });

  it('shares one sign-in between concurrent first requests', async () => {
    const t = setup();
    t.allowSignIn(1);
    t.pool.intercept({ path: '/qcbin/api/domains', method: 'GET' }).reply(200, { results: [] }).times(5);
    await Promise.all([1, 2, 3, 4, 5].map(() => t.client.domains()));
    assert.equal(t.signIns(), 1);
  });

  it('decodes gzip and deflate bodies', async () => {
    const t = setup();
    t.allowSignIn();
    t.pool.intercept({ path: '/qcbin/api/domains', method: 'GET' }).reply(200, gzipSync(JSON.stringify({ results: [{ name: 'GZ' }] })), { headers: { 'content-encoding': 'gzip' } });
    assert.deepEqual(await t.client.domains(), [{ name: 'GZ' }]);
  });

  it('refuses PUT/DELETE on a collection without a selection before any request is made', async () => {
    const t = setup();
    const p = t.client.project('D', 'P');
    await assert.rejects(p.defects.updateMany([]), SelectionGuardError);
    await assert.rejects(p.defects.update(0, { status: 'x' }), SelectionGuardError);
    await assert.rejects(p.defects.delete(Number.NaN), SelectionGuardError);
    await assert.rejects(
      p.defects.updateMany([
        { id: 1, changes: { a: 1 } },
        { id: 1, changes: { a: 2 } },
      ]),
      SelectionGuardError,
    );
    assert.equal(t.signIns(), 0, 'nothing reached the network');
  });

  it('never has more than maxConcurrent requests in flight', async () => {
    const t = setup({ maxConcurrent: 2 });
    t.allowSignIn();
    let inFlight = 0;
    let peak = 0;
    t.pool
      .intercept({ path: '/qcbin/api/domains', method: 'GET' })
      .reply(() => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        setTimeout(() => inFlight--, 30);
        return { statusCode: 200, data: '{"results":[]}' };
      })
      .delay(30)
      .times(6);
    await Promise.all(Array.from({ length: 6 }, () => t.client.domains()));
    assert.ok(peak <= 2, `peak ${peak}`);
  });

  it('turns a caller abort into CancelledError and the overall timeout into TimeoutError', async () => {
    const t = setup({ overallMs: 80 });
    t.allowSignIn();
    t.pool.intercept({ path: '/qcbin/api/domains', method: 'GET' }).reply(200, '{"results":[]}').delay(1000).times(2);
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 20);
    await assert.rejects(t.client.domains({ signal: ac.signal }), CancelledError);
    await assert.rejects(t.client.domains(), TimeoutError);
  });

  it('update() sends only the fields that differ from the original, never server-owned ones', async () => {
    const t = setup();
    t.allowSignIn();
    let sent: unknown;
    t.pool.intercept({ path: '/qcbin/api/domains/D/projects/P/defects/7', method: 'PUT' }).reply((o) => {
      if (typeof o.body !== 'string') throw new Error('expected a JSON text body');
      sent = JSON.parse(o.body);
      return { statusCode: 200, data: JSON.stringify({ type: 'defect', id: 7, name: 'new', status: 'Open' }) };
    });
    const original = { type: 'defect' as const, id: 7, 'ver-stamp': 3, name: 'old', status: 'Open', owner: null, description: '' };
    await t.client.project('D', 'P').defects.update(7, { name: 'new', status: 'Open', owner: null, description: '', 'ver-stamp': 4, id: 7 }, { original });
    assert.deepEqual(sent, { name: 'new' });
  });

  it('streams a download with its content type and size', async () => {
    const t = setup();
    t.allowSignIn();
    t.pool.intercept({ path: '/qcbin/api/domains/D/projects/P/attachments/4', method: 'GET' }).reply(200, 'file bytes', { headers: { 'content-type': 'text/plain', 'content-length': '10' } });
    const dl = await t.client.project('D', 'P').attachments.download(4);
    assert.equal(dl.contentType, 'text/plain');
    assert.equal(dl.size, 10);
    const chunks: Buffer[] = [];
    for await (const c of dl.stream) chunks.push(c as Buffer);
    assert.equal(Buffer.concat(chunks).toString(), 'file bytes');
  });

  it('signs out on dispose and forgets the session', async () => {
    const t = setup();
    t.allowSignIn();
    let signedOut = 0;
    t.pool.intercept({ path: '/qcbin/api/authentication/sign-out', method: 'GET' }).reply(() => {
      signedOut++;
      return { statusCode: 200, data: '' };
    });
    await t.client.signIn();
    await t.client.dispose();
    await t.client.dispose();
    assert.equal(signedOut, 1);
    assert.equal(t.client.session, undefined);
    assert.throws(() => t.client.project('D', 'P'), /disposed/);
    assert.ok(t.logs.every((l) => !l.includes('lwsso-1-secret') && !l.includes('qcs-1-secret')));
  });
});
