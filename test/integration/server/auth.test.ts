// Sign-in flows and sessions over real HTTP: the api tree's sign-in/sign-out, the Core
// authenticate + site-session flow, is-authenticated, logout, cookies, and idle expiry.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MovableClock, TestClient, openProjectDb, startTestServer } from '../../support/server';
import type { RunningServer } from '../../support/server';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('server: sign-in and sessions', function () {
  let server: RunningServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server.close());

  it('sign-in sets the five cookies, one per Set-Cookie header, each with an attribute', async () => {
    const res = await fetch(`${server.baseUrl}/api/authentication/sign-in`, { method: 'POST', headers: { Authorization: basic('alice', 'alice-demo') } });
    assert.equal(res.status, 200);
    assert.equal(await res.text(), '');
    const cookies = res.headers.getSetCookie();
    const byName = new Map(cookies.map((c) => [c.slice(0, c.indexOf('=')), c]));
    assert.deepEqual([...byName.keys()].sort(), ['ALM_USER', 'JSESSIONID', 'LWSSO_COOKIE_KEY', 'QCSession', 'XSRF-TOKEN']);
    for (const c of cookies) assert.match(c, /^[^;=]+=[^;]+;\s*\S/, `cookie without attribute: ${c}`);
    assert.match(byName.get('LWSSO_COOKIE_KEY') ?? '', /;Path=\/;HttpOnly;SameSite=Lax$/);
    assert.match(byName.get('ALM_USER') ?? '', /^ALM_USER=alice;Path=\/;SameSite=Lax$/);
    // The session is persisted in site.db, keyed by the cookie values.
    const lwsso = (byName.get('LWSSO_COOKIE_KEY') ?? '').split(';')[0]?.split('=')[1];
    const site = new Database(join(server.dataDir, 'site.db'), { readonly: true });
    try {
      assert.equal(site.prepare('SELECT "user" FROM sessions WHERE "lwsso" = ?').pluck().get(lwsso), 'alice');
    } finally {
      site.close();
    }
  });

  it('wrong password or missing credentials → 401 with a clear title and no cookie', async () => {
    for (const headers of [{ Authorization: basic('alice', 'nope') }, {} as Record<string, string>]) {
      const res = await fetch(`${server.baseUrl}/api/authentication/sign-in`, { method: 'POST', headers });
      assert.equal(res.status, 401);
      const body = (await res.json()) as { Id: string; Title: string; StackTrace: unknown };
      assert.match(body.Title, /user name or password|Authentication required/);
      assert.equal(body.StackTrace, null);
      assert.deepEqual(res.headers.getSetCookie(), []);
    }
  });

  it('project resources without a session → 401 naming how to log in', async () => {
    const client = new TestClient(server.baseUrl);
    const res = await client.get(`${client.projectPath()}/defects/1`);
    assert.equal(res.status, 401);
    assert.match(res.json<{ Title: string }>().Title, /login-form-required=y/);
    const domains = await client.get('/api/domains');
    assert.equal(domains.status, 401);
  });

  it('a forged or stale QCSession → 401 qccore.session-has-expired', async () => {
    const client = new TestClient(server.baseUrl);
    client.cookies.set('QCSession', 'forged-value');
    const res = await client.get(`${client.projectPath()}/defects/1`);
    assert.equal(res.status, 401);
    assert.equal(res.json<{ Id: string }>().Id, 'qccore.session-has-expired');
  });

  it('sign-out ends the session, expires the cookies and releases its locks', async () => {
    const client = new TestClient(server.baseUrl);
    await client.signIn('alice');
    const locked = await client.post(`${client.projectPath()}/locks`, { data: [{ entity: { id: 3, type: 'defect' } }] });
    assert.equal(locked.status, 201);
    const before = new TestClient(server.baseUrl);
    for (const [k, v] of client.cookies) before.cookies.set(k, v);
    const out = await client.request('GET', '/api/authentication/sign-out');
    assert.equal(out.status, 200);
    assert.ok(out.headers.getSetCookie().some((c) => /^LWSSO_COOKIE_KEY="";.*1970/.test(c)));
    const db = openProjectDb(server.dataDir);
    try {
      assert.equal(db.prepare('SELECT COUNT(*) FROM locks WHERE "parent-id" = 3').pluck().get(), 0);
    } finally {
      db.close();
    }
    const again = await before.get(`${client.projectPath()}/defects/3`);
    assert.equal(again.status, 401);
  });

  it('Core flow: authenticate (Basic) sets only LWSSO; site-session POST opens the app session (201)', async () => {
    const client = new TestClient(server.baseUrl);
    const auth = await client.request('GET', '/authentication-point/authenticate', { headers: { Authorization: basic('bob', 'bob-demo') } });
    assert.equal(auth.status, 200);
    assert.deepEqual([...client.cookies.keys()], ['LWSSO_COOKIE_KEY']);
    const noApp = await client.get(`${client.projectPath()}/defects/1`);
    assert.equal(noApp.status, 401);
    assert.match(noApp.json<{ Title: string }>().Title, /site-session/);
    const site = await client.request('POST', '/rest/site-session', { body: '', headers: { 'Content-Type': 'text/plain' } });
    assert.equal(site.status, 201);
    assert.deepEqual([...client.cookies.keys()].sort(), ['ALM_USER', 'JSESSIONID', 'LWSSO_COOKIE_KEY', 'QCSession', 'XSRF-TOKEN']);
    assert.equal(client.cookies.get('ALM_USER'), 'bob');
    assert.equal((await client.get(`${client.projectPath()}/defects/1`)).status, 200);
    assert.equal((await client.request('GET', '/rest/site-session')).status, 200);
    assert.equal((await client.request('PUT', '/rest/site-session')).status, 200);
    const closed = await client.request('DELETE', '/rest/site-session');
    assert.equal(closed.status, 200);
    assert.equal(client.cookies.has('QCSession'), false);
    assert.equal((await client.get(`${client.projectPath()}/defects/1`)).status, 401);
  });

  it('authenticate with bad credentials → 401 and the LWSSO realm challenge', async () => {
    const res = await fetch(`${server.baseUrl}/authentication-point/authenticate`, { headers: { Authorization: basic('bob', 'x') } });
    assert.equal(res.status, 401);
    assert.match(res.headers.get('www-authenticate') ?? '', /^LWSSO realm="http:\/\/127\.0\.0\.1:\d+\/qcbin\/authentication-point"$/);
  });

  it('alm-authenticate accepts the XML and JSON bodies; bad credentials → 401 ALMAUTH', async () => {
    const xml = await fetch(`${server.baseUrl}/authentication-point/alm-authenticate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/xml' },
      body: '<alm-authentication><user>alice</user><password>alice-demo</password></alm-authentication>',
    });
    assert.equal(xml.status, 200);
    assert.match(xml.headers.getSetCookie()[0] ?? '', /^LWSSO_COOKIE_KEY=[^;]+;Path=\/;HttpOnly;SameSite=Lax$/);
    const json = await fetch(`${server.baseUrl}/authentication-point/alm-authenticate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ 'alm-authentication': { user: 'bob', password: 'bob-demo' } }),
    });
    assert.equal(json.status, 200);
    const bad = await fetch(`${server.baseUrl}/authentication-point/alm-authenticate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/xml' },
      body: '<alm-authentication><user>alice</user><password>wrong</password></alm-authentication>',
    });
    assert.equal(bad.status, 401);
    assert.equal(bad.headers.get('www-authenticate'), 'ALMAUTH');
    const garbage = await fetch(`${server.baseUrl}/authentication-point/alm-authenticate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/xml' },
      body: '<nothing/>',
    });
    assert.equal(garbage.status, 400);
  });

  it('is-authenticated: 401 with the quoted realm, then 200 AuthenticationInfo XML', async () => {
    const client = new TestClient(server.baseUrl);
    const anon = await client.get('/rest/is-authenticated');
    assert.equal(anon.status, 401);
    assert.match(anon.headers.get('www-authenticate') ?? '', /^LWSSO realm="http:\/\/[^"]+\/qcbin\/authentication-point"$/);
    await client.signIn('bob');
    const ok = await client.get('/rest/is-authenticated');
    assert.equal(ok.status, 200);
    assert.match(ok.text, /<AuthenticationInfo><Username>bob<\/Username><\/AuthenticationInfo>/);
  });

  it('authentication-point/logout expires LWSSO and QCSession and ends the session', async () => {
    const client = new TestClient(server.baseUrl);
    await client.signIn('alice');
    const old = client.cookieHeader();
    const out = await client.request('GET', '/authentication-point/logout');
    assert.equal(out.status, 200);
    const names = out.headers.getSetCookie().map((c) => c.slice(0, c.indexOf('=')));
    assert.deepEqual(names.sort(), ['LWSSO_COOKIE_KEY', 'QCSession']);
    const res = await fetch(`${server.baseUrl}${client.projectPath()}/defects/1`, { headers: { Cookie: old, Accept: 'application/json' } });
    assert.equal(res.status, 401);
  });

  it('accepts the verbs real clients use: GET sign-in (C-jhin), HEAD and POST authenticate (C-restalm, C-gowtham)', async () => {
    const get = await fetch(`${server.baseUrl}/api/authentication/sign-in`, { headers: { Authorization: basic('bob', 'bob-demo') } });
    assert.equal(get.status, 200);
    assert.match(get.headers.getSetCookie().find((c) => c.startsWith('JSESSIONID=')) ?? '', /;Path=\/qcbin;HttpOnly;SameSite=Lax$/);
    for (const method of ['HEAD', 'POST']) {
      const res = await fetch(`${server.baseUrl}/authentication-point/authenticate`, { method, headers: { Authorization: basic('bob', 'bob-demo') } });
      assert.equal(res.status, 200, method);
      assert.match(res.headers.getSetCookie()[0] ?? '', /^LWSSO_COOKIE_KEY=/, method);
    }
  });

  it('tolerates a Cookie header with a trailing semicolon (C-jenkins style)', async () => {
    const client = new TestClient(server.baseUrl);
    await client.signIn('alice');
    const header = [...client.cookies].map(([k, v]) => `${k}=${v};`).join('');
    const res = await fetch(`${server.baseUrl}${client.projectPath()}/defects/1`, { headers: { Cookie: header, Accept: 'application/json' } });
    assert.equal(res.status, 200);
  });
});

describe('server: idle session expiry', function () {
  let server: RunningServer;
  // The server's time moves on command, so the idle time passes without waiting for it, and a busy
  // machine's pauses between requests (real time, far below the 60 s) change nothing.
  const clock = new MovableClock();
  before(async () => {
    server = await startTestServer({ sessionIdleSeconds: 60, defects: 20, now: clock.now });
  });
  after(async () => server.close());

  it('an idle session expires: 401 qccore.session-has-expired, locks released, activity keeps it alive', async () => {
    const client = new TestClient(server.baseUrl);
    await client.signIn('alice');
    assert.equal((await client.post(`${client.projectPath()}/locks`, { data: [{ entity: { id: 2, type: 'defect' } }] })).status, 201);
    // A request every 40 s keeps the session alive for 160 s, beyond the 60 s idle time.
    for (let i = 0; i < 4; i++) {
      clock.advance(40_000);
      assert.equal((await client.get(`${client.projectPath()}/defects/2`)).status, 200);
    }
    clock.advance(61_000);
    const res = await client.get(`${client.projectPath()}/defects/2`);
    assert.equal(res.status, 401);
    assert.equal(res.json<{ Id: string }>().Id, 'qccore.session-has-expired');
    const db = openProjectDb(server.dataDir);
    try {
      assert.equal(db.prepare('SELECT COUNT(*) FROM locks').pluck().get(), 0);
    } finally {
      db.close();
    }
    // Another user can now lock what the expired session held.
    const bob = new TestClient(server.baseUrl);
    await bob.signIn('bob');
    assert.equal((await bob.post(`${bob.projectPath()}/locks`, { data: [{ entity: { id: 2, type: 'defect' } }] })).status, 201);
  });
});
