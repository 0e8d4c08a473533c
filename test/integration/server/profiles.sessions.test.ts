// `--alm VERSION` profiles, the session side (issue 27): GET logout per release line, the
// 16.0+ XSRF check, 26.1's answer to logged-out cookies and its XML-only is-authenticated,
// and the site-session `<time-out>`.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exited, spawnCli } from '../../support/cli';
import { MovableClock, TestClient, startTestServer, storedDefect } from '../../support/server';
import type { RunningServer } from '../../support/server';
import { CORE, JSON_ } from './coreHarness';

const DEMO_KEY = { clientId: 'alice-demo-client', secret: 'alice-demo-secret' };

async function coreClient(server: RunningServer): Promise<TestClient> {
  const client = new TestClient(server.baseUrl);
  await client.signInWithKey(DEMO_KEY.clientId, DEMO_KEY.secret);
  return client;
}

const xsrfOf = (client: TestClient) => ({ 'X-XSRF-TOKEN': client.cookies.get('XSRF-TOKEN') ?? '' });

describe('server: --alm profiles, sessions', function () {
  this.timeout(60_000);

  it('12.55 (the default): both trees, no XSRF check, GET logout ends the session', async () => {
    const server = await startTestServer({ defects: 3 });
    try {
      assert.equal(server.profile.version, '12.55');
      const client = new TestClient(server.baseUrl);
      await client.signIn('alice');
      assert.equal((await client.get(`${client.projectPath()}/defects/1`)).status, 200);
      const put = await client.request('PUT', `${CORE}/defects/1`, { json: { Fields: [{ Name: 'priority', values: [{ value: '5-Urgent' }] }] }, headers: JSON_ });
      assert.equal(put.status, 200, put.text);
      const cookies = client.cookieHeader();
      assert.equal((await client.get('/authentication-point/logout')).status, 200);
      const replay = await fetch(`${server.baseUrl}${CORE}/defects/1`, { headers: { Cookie: cookies, Accept: 'application/json' } });
      assert.equal(replay.status, 401);
      assert.equal(((await replay.json()) as { Id: string }).Id, 'qccore.session-has-expired');
    } finally {
      await server.close();
    }
  });

  it('16.0: Core only, a write without X-XSRF-TOKEN is 401 and changes nothing; GET logout still works', async () => {
    const server = await startTestServer({ defects: 3, alm: '16.0' });
    try {
      const client = await coreClient(server);
      assert.equal((await client.get(`${client.projectPath()}/defects/1`)).status, 404);
      const before = storedDefect(server.dataDir, 1);
      const body = { Fields: [{ Name: 'priority', values: [{ value: '5-Urgent' }] }] };
      const refused = await client.request('PUT', `${CORE}/defects/1`, { json: body, headers: JSON_ });
      assert.equal(refused.status, 401);
      assert.equal(refused.json<{ Title: string }>().Title, 'Unauthorized request. For more details see XSRF Token section in REST API documentation.');
      assert.deepEqual(storedDefect(server.dataDir, 1), before);
      assert.equal((await client.request('PUT', `${CORE}/defects/1`, { json: body, headers: { ...JSON_, ...xsrfOf(client) } })).status, 200);
      assert.equal((await client.get('/authentication-point/logout')).status, 200);
    } finally {
      await server.close();
    }
  });

  it('24.1: GET logout is refused (405) and the session stays open, unless getLogout (--get-logout)', async () => {
    const server = await startTestServer({ defects: 3, alm: '24.1' });
    try {
      const client = await coreClient(server);
      const refused = await client.get('/authentication-point/logout');
      assert.equal(refused.status, 405);
      assert.equal(refused.headers.get('allow'), 'POST, PUT, DELETE');
      assert.equal((await client.get(`${CORE}/defects/1`, JSON_)).status, 200);
      assert.equal((await client.request('POST', '/authentication-point/logout')).status, 401, 'POST logout needs the XSRF header');
      assert.equal((await client.get(`${CORE}/defects/1`, JSON_)).status, 200);
      assert.equal((await client.request('POST', '/authentication-point/logout', { headers: xsrfOf(client) })).status, 200);
    } finally {
      await server.close();
    }
    const allowed = await startTestServer({ defects: 3, alm: '24.1', getLogout: true });
    try {
      const client = await coreClient(allowed);
      assert.equal((await client.get('/authentication-point/logout')).status, 200);
    } finally {
      await allowed.close();
    }
  });

  it('26.1: logged-out cookies get 500 "TokenId is invalid because it has logged out"; is-authenticated is XML only', async () => {
    const server = await startTestServer({ defects: 3, alm: '26.1' });
    try {
      const client = await coreClient(server);
      const json = await client.get('/rest/is-authenticated', JSON_);
      assert.equal(json.status, 406);
      assert.match(json.headers.get('content-type') ?? '', /application\/xml/);
      assert.match(json.text, /<QCRestException>/);
      const xml = await client.get('/rest/is-authenticated', { Accept: 'application/xml' });
      assert.equal(xml.status, 200);
      assert.match(xml.text, /<Username>alice<\/Username>/);
      const cookies = client.cookieHeader();
      assert.equal((await client.request('POST', '/authentication-point/logout', { headers: xsrfOf(client) })).status, 200);
      const replay = await fetch(`${server.baseUrl}${CORE}/defects/1`, { headers: { Cookie: cookies, Accept: 'application/json' } });
      assert.equal(replay.status, 500);
      assert.deepEqual(await replay.json(), { Id: 'qccore.general-error', Title: 'TokenId is invalid because it has logged out', ExceptionProperties: null, StackTrace: null });
    } finally {
      await server.close();
    }
  });

  it('an unauthenticated is-authenticated answers its 401 in the format asked for (XML, JSON on 12.55)', async () => {
    const server = await startTestServer({ defects: 1 });
    try {
      const xml = await fetch(`${server.baseUrl}/rest/is-authenticated`, { headers: { Accept: 'application/xml' } });
      assert.equal(xml.status, 401);
      assert.match(await xml.text(), /<QCRestException><Id>qccore.general-error<\/Id>/);
      assert.match(xml.headers.get('www-authenticate') ?? '', /^LWSSO realm="/);
    } finally {
      await server.close();
    }
  });

  it('site-session honours <session-parameters><time-out> (minutes); a bad one is 400 and opens nothing', async () => {
    const clock = new MovableClock();
    const server = await startTestServer({ defects: 1, now: clock.now });
    try {
      const client = new TestClient(server.baseUrl);
      const auth = await client.request('GET', '/authentication-point/authenticate', { headers: { Authorization: `Basic ${Buffer.from('alice:alice-demo').toString('base64')}` } });
      assert.equal(auth.status, 200);
      const bad = await client.request('POST', '/rest/site-session', { body: '<session-parameters><time-out>soon</time-out></session-parameters>', headers: { 'Content-Type': 'application/xml' } });
      assert.equal(bad.status, 400);
      assert.equal(client.cookies.get('QCSession'), undefined);
      const opened = await client.request('POST', '/rest/site-session', {
        body: '<session-parameters><client-type>REST Client</client-type><time-out>5</time-out></session-parameters>',
        headers: { 'Content-Type': 'application/xml' },
      });
      assert.equal(opened.status, 201);
      clock.advance(4 * 60_000);
      assert.equal((await client.get(`${CORE}/defects/1`, JSON_)).status, 200, 'alive after 4 idle minutes');
      clock.advance(5 * 60_000 + 1000);
      const expired = await client.get(`${CORE}/defects/1`, JSON_);
      assert.equal(expired.status, 401, 'ended after 5 idle minutes (the default is 60)');
    } finally {
      await server.close();
    }
  });

  it('the CLI takes --alm and says what the server behaves as', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'alm-cli-profile-'));
    try {
      const run = await spawnCli(['--port', '0', '--data', dir, '--demo', '--defects', '2', '--alm', '26.1']);
      while (!run.output().includes('Press Ctrl+C')) await new Promise((r) => setTimeout(r, 50));
      assert.ok(run.output().includes('Behaves as ALM 26.1: Core tree only, XSRF enforced, GET logout on'), run.output());
      const client = new TestClient(run.baseUrl);
      await client.signInWithKey(DEMO_KEY.clientId, DEMO_KEY.secret);
      assert.equal((await client.get('/api/domains')).status, 404);
      // The live 26.1 answered GET logout with 200 and ended the session (§16.1).
      assert.equal((await client.get('/authentication-point/logout')).status, 200);
      assert.equal((await client.get('/rest/domains')).status >= 400, true, 'the session ended');
      run.child.kill('SIGTERM');
      await exited(run.child);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
