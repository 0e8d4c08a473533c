// What public clients found (issue 27): header names in the case Jetty writes them, and paths
// with a trailing slash answered as without it.
import assert from 'node:assert/strict';
import { rawRequest } from '../../support/rawHttp';
import { TestClient, startTestServer, storedDefect } from '../../support/server';
import type { RunningServer } from '../../support/server';
import { CORE, JSON_ } from './coreHarness';

const basic = (user: string) => `Basic ${Buffer.from(`${user}:${user}-demo`).toString('base64')}`;
/** A name like `Set-Cookie`, `WWW-Authenticate`, `X-Content-Type-Options`: no lower-case word start. */
const canonical = (name: string) => name.split('-').every((word) => /^[A-Z]/.test(word));

describe('server: wire compatibility with public clients', function () {
  this.timeout(60_000);
  let server: RunningServer;
  before(async () => {
    server = await startTestServer({ defects: 5 });
  });
  after(async () => server.close());

  describe('header names in canonical case', function () {
    it('sign-in sends Set-Cookie (and every other header) in canonical case', async () => {
      const res = await rawRequest(`${server.baseUrl}/api/authentication/sign-in`, 'POST', { Authorization: basic('alice') });
      assert.equal(res.status, 200);
      assert.ok(res.names.includes('Set-Cookie'), `names: ${res.names.join(', ')}`);
      assert.deepEqual(
        res.names.filter((n) => !canonical(n)),
        [],
      );
    });

    it('a 401 of is-authenticated and of authenticate carries WWW-Authenticate', async () => {
      for (const [path, method] of [
        ['/rest/is-authenticated', 'GET'],
        ['/authentication-point/authenticate', 'GET'],
      ] as const) {
        const res = await rawRequest(`${server.baseUrl}${path}`, method, { Authorization: basic('nobody') });
        assert.equal(res.status, 401, path);
        assert.ok(res.names.includes('WWW-Authenticate'), `${path}: ${res.names.join(', ')}`);
        assert.deepEqual(
          res.names.filter((n) => !canonical(n)),
          [],
          path,
        );
      }
    });

    it('a created defect answers with Location; JSON, XML, errors and downloads all use canonical names', async () => {
      const client = new TestClient(server.baseUrl);
      await client.signIn('alice');
      const headers = { Cookie: client.cookieHeader(), Accept: 'application/json', 'Content-Type': 'application/json' };
      const body = JSON.stringify({ Fields: [field('name', 'header case'), field('detected-by', 'alice'), field('creation-time', '2026-01-02'), field('severity', '2-Medium')], Type: 'defect' });
      const created = await rawRequest(`${server.baseUrl}${CORE}/defects`, 'POST', headers, body);
      assert.equal(created.status, 201, created.body);
      assert.ok(created.names.includes('Location'), created.names.join(', '));
      for (const [path, accept] of [
        [`${CORE}/defects?page-size=50`, 'application/json'],
        [`${CORE}/defects/1`, 'application/xml'],
        [`${CORE}/defects/99999`, 'application/json'],
        [`${client.projectPath()}/defects?limit=50`, 'application/json'],
      ] as const) {
        const res = await rawRequest(`${server.baseUrl}${path}`, 'GET', { Cookie: client.cookieHeader(), Accept: accept, 'Accept-Encoding': 'gzip' });
        assert.ok(res.names.includes('Content-Type'), path);
        assert.deepEqual(
          res.names.filter((n) => !canonical(n)),
          [],
          path,
        );
      }
    });
  });

  describe('trailing slashes', function () {
    let client: TestClient;
    before(async () => {
      client = new TestClient(server.baseUrl);
      await client.signIn('alice');
    });

    it('collections and items answer with a trailing slash as without it', async () => {
      const api = client.projectPath();
      const pairs = [
        '/api/domains',
        '/api/domains/DEFAULT/projects',
        '/rest/domains/DEFAULT/projects',
        `${api}/defects`,
        `${api}/defects/2`,
        `${CORE}/defects`,
        `${CORE}/defects/2`,
        `${CORE}/defects/2/attachments`,
        `${CORE}/defects/2/lock`,
        `${CORE}/customization/used-lists`,
        `${CORE}/customization/entities/defect/fields`,
      ];
      for (const path of pairs) {
        const plain = await client.get(path, JSON_);
        const slashed = await client.get(`${path}/`, JSON_);
        assert.equal(plain.status, 200, `${path}: ${plain.text.slice(0, 200)}`);
        assert.equal(slashed.status, 200, `${path}/: ${slashed.text.slice(0, 200)}`);
        assert.deepEqual(slashed.json(), plain.json(), path);
      }
    });

    it('the documented attachments/?query= form filters as without the slash', async () => {
      const path = `${client.projectPath()}/attachments`;
      const query = `?query=${encodeURIComponent('{parent-id[2]}')}`;
      const plain = await client.get(`${path}${query}`, JSON_);
      const slashed = await client.get(`${path}/${query}`, JSON_);
      assert.equal(slashed.status, 200, slashed.text);
      assert.deepEqual(slashed.json(), plain.json());
      assert.ok((plain.json<{ 'total-count': number }>()['total-count'] ?? 0) >= 1);
    });

    it('writes through a trailing-slash URL: PUT defects/2/ changes it, POST lock/ locks it, a refused write changes nothing', async () => {
      const before = storedDefect(server.dataDir, 2);
      const put = await client.request('PUT', `${CORE}/defects/2/`, { json: { Fields: [field('priority', '5-Urgent')], Type: 'defect' }, headers: JSON_ });
      assert.equal(put.status, 200, put.text);
      assert.equal(storedDefect(server.dataDir, 2)?.priority, '5-Urgent');
      const lock = await client.request('POST', `${CORE}/defects/2/lock/`, { headers: JSON_ });
      assert.equal(lock.status, 200, lock.text);
      const other = new TestClient(server.baseUrl);
      await other.signIn('bob');
      const stored = storedDefect(server.dataDir, 2);
      const refused = await other.request('PUT', `${CORE}/defects/2/`, { json: { Fields: [field('priority', '1-Low')], Type: 'defect' }, headers: JSON_ });
      assert.equal(refused.status, 403, refused.text);
      assert.deepEqual(storedDefect(server.dataDir, 2), stored);
      assert.notDeepEqual(stored, before);
      assert.equal((await client.request('DELETE', `${CORE}/defects/2/lock/`, { headers: JSON_ })).status, 200);
    });
  });
});

function field(name: string, value: string) {
  return { Name: name, values: [{ value }] };
}
