// Issue 28 item 7: cookies and cross-site requests. With the 16.00+ XSRF check the header must be
// the token the server issued to the session: a cookie the client (or an attacker who can set
// cookies) made up, or another session's token, does not pass. Every session cookie is
// `SameSite=Lax`, and `Secure` when the client came over TLS (`X-Forwarded-Proto: https` from a
// proxy); closing the application session (which drops its locks) needs the token; Core entity
// writes refuse `text/plain`, which a cross-site page can send without a preflight.
import assert from 'node:assert/strict';
import { TestClient, startTestServer, storedDefect } from '../../support/server';
import type { RunningServer } from '../../support/server';
import { coreXml } from './coreHarness';

const CORE = '/rest/domains/DEFAULT/projects/Demo';
const basic = (user: string) => `Basic ${Buffer.from(`${user}:${user}-demo`).toString('base64')}`;

describe('server: cookies and cross-site writes (issue 28 item 7)', function () {
  this.timeout(60_000);
  let server: RunningServer;

  before(async () => {
    server = await startTestServer({ defects: 5, xsrf: true });
  });
  after(async () => server.close());

  it('a header equal to a cookie the client made (XSRF-TOKEN=evil, header evil) → 401 in both trees, nothing stored', async () => {
    const client = new TestClient(server.baseUrl);
    await client.signIn('alice');
    const before = storedDefect(server.dataDir, 1);
    client.cookies.set('XSRF-TOKEN', 'evil');
    const headers = { 'X-XSRF-TOKEN': 'evil', Accept: 'application/json' };
    const core = await client.request('PUT', `${CORE}/defects/1`, { body: coreXml({ priority: '5-Urgent' }), headers: { ...headers, 'Content-Type': 'application/xml' } });
    assert.equal(core.status, 401, core.text);
    assert.match(core.json<{ Title: string }>().Title, /^Unauthorized request\. For more details see XSRF Token section/);
    const api = await client.request('PUT', '/api/domains/DEFAULT/projects/Demo/defects/1', { json: { priority: '5-Urgent' }, headers });
    assert.equal(api.status, 401, api.text);
    assert.equal((await client.request('DELETE', '/rest/site-session', { headers })).status, 401);
    assert.equal((await client.request('POST', '/authentication-point/logout', { headers })).status, 401);
    assert.deepEqual(storedDefect(server.dataDir, 1), before);
    assert.equal((await client.get(`${CORE}/defects/1`, { Accept: 'application/json' })).status, 200, 'the session is still open');
  });

  it("another session's token does not pass, even of the same user; the session's own does", async () => {
    const mine = new TestClient(server.baseUrl);
    const other = new TestClient(server.baseUrl);
    await mine.signIn('alice');
    await other.signIn('alice');
    const otherToken = other.cookies.get('XSRF-TOKEN') ?? '';
    mine.cookies.set('XSRF-TOKEN', otherToken);
    const put = (token: string) => mine.request('PUT', `${CORE}/defects/4`, { body: coreXml({ priority: '2-Medium' }), headers: { 'Content-Type': 'application/xml', 'X-XSRF-TOKEN': token } });
    assert.equal((await put(otherToken)).status, 401);
    // Public clients keep the server's cookie (reference §13.1: Set-Cookie overwrites their map); ours is issued again on the next sign-in.
    await mine.signIn('alice');
    assert.equal((await put(mine.cookies.get('XSRF-TOKEN') ?? '')).status, 200);
  });

  it('a session with no issued token (authenticate only) needs the header to log out; with it, the logout ends the session', async () => {
    const client = new TestClient(server.baseUrl);
    await client.request('GET', '/authentication-point/authenticate', { headers: { Authorization: basic('bob') } });
    assert.equal((await client.request('POST', '/authentication-point/logout')).status, 401);
    assert.equal((await client.get('/rest/is-authenticated', { Accept: 'application/xml' })).status, 200);
    assert.equal((await client.request('POST', '/authentication-point/logout', { headers: { 'X-XSRF-TOKEN': 'any' } })).status, 200);
    assert.equal((await client.get('/rest/is-authenticated', { Accept: 'application/xml' })).status, 401);
  });

  it('every cookie is SameSite=Lax; Secure only when the client came over TLS', async () => {
    const plain = await fetch(`${server.baseUrl}/api/authentication/sign-in`, { method: 'POST', headers: { Authorization: basic('alice') } });
    const cookies = plain.headers.getSetCookie();
    assert.ok(cookies.length >= 4);
    for (const c of cookies) {
      assert.match(c, /;SameSite=Lax/, c);
      assert.doesNotMatch(c, /;Secure/, c);
    }
    const proxied = await fetch(`${server.baseUrl}/api/authentication/sign-in`, { method: 'POST', headers: { Authorization: basic('alice'), 'X-Forwarded-Proto': 'https' } });
    for (const c of proxied.headers.getSetCookie()) assert.match(c, /;SameSite=Lax;Secure$/, c);
  });

  it('DELETE rest/site-session without the XSRF header → 401 and the locks stay; with it → 200', async () => {
    const client = new TestClient(server.baseUrl);
    await client.signIn('alice');
    const token = client.cookies.get('XSRF-TOKEN') ?? '';
    const locked = await client.request('POST', `${CORE}/defects/2/lock`, { headers: { Accept: 'application/json', 'X-XSRF-TOKEN': token } });
    assert.equal(locked.status, 200, locked.text);
    const crossSite = await client.request('DELETE', '/rest/site-session');
    assert.equal(crossSite.status, 401, crossSite.text);
    const lock = await client.get(`${CORE}/defects/2/lock`, { Accept: 'application/json' });
    assert.match(lock.text, /alice/, 'the lock is still held');
    assert.equal((await client.request('DELETE', '/rest/site-session', { headers: { 'X-XSRF-TOKEN': token } })).status, 200);
  });

  it('a Core entity write sent as text/plain → 415, nothing stored', async () => {
    const client = new TestClient(server.baseUrl);
    await client.signIn('alice');
    const token = client.cookies.get('XSRF-TOKEN') ?? '';
    const before = storedDefect(server.dataDir, 3);
    const res = await client.request('PUT', `${CORE}/defects/3`, { body: coreXml({ priority: '5-Urgent' }), headers: { 'Content-Type': 'text/plain', 'X-XSRF-TOKEN': token } });
    assert.equal(res.status, 415, res.text);
    assert.match(res.json<{ Title: string }>().Title, /application\/xml or application\/json, not text\/plain/);
    assert.deepEqual(storedDefect(server.dataDir, 3), before);
    const xml = await client.request('PUT', `${CORE}/defects/3`, { body: coreXml({ priority: '5-Urgent' }), headers: { 'Content-Type': 'application/xml', 'X-XSRF-TOKEN': token } });
    assert.equal(xml.status, 200, xml.text);
  });
});
