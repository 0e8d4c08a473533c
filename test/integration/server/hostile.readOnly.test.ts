// Issue 28 item 8 (the rest): a server whose data cannot be written when it starts (after a disk
// filled up, a restart failed with "disk I/O error") starts read-only: clients signed in before
// stay signed in, new sign-ins (password and API key) work with sessions in memory, both trees
// read, and every write is answered 507 saying the server is read-only, changing nothing. The
// failure is injected with the test hook `onOpenForWriting`, which sets SQLite's `query_only`:
// every write to the files then fails as on a read-only file (no disk is filled).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestClient, startTestServer, storedDefect } from '../../support/server';
import type { RunningServer } from '../../support/server';

const CORE = '/rest/domains/DEFAULT/projects/Demo';
const API = '/api/domains/DEFAULT/projects/Demo';
const JSON_ = { Accept: 'application/json' };
const DEMO_KEY = { clientId: 'alice-demo-client', secret: 'alice-demo-secret' };

describe('server: a read-only start (issue 28 item 8)', function () {
  this.timeout(60_000);
  let dataDir: string;
  let before: TestClient;
  let server: RunningServer | undefined;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'alm-read-only-'));
    const writable = await startTestServer({ dataDir, defects: 5 });
    before = new TestClient(writable.baseUrl);
    await before.signIn('alice');
    assert.equal((await before.request('POST', `${CORE}/defects/2/lock`, { headers: JSON_ })).status, 200);
    await writable.close();
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  const startReadOnly = () => startTestServer({ dataDir, defects: 5, onOpenForWriting: (db) => db.pragma('query_only = 1') });

  /** A client of `to` holding the cookies `from` got before the restart. */
  const sameCookies = (from: TestClient, to: RunningServer) => {
    const client = new TestClient(to.baseUrl);
    for (const [name, value] of from.cookies) client.cookies.set(name, value);
    return client;
  };

  it('signs in and reads in both trees; every write → 507 naming the cause; nothing changes', async () => {
    server = await startReadOnly();
    assert.match(server.readOnlyReason ?? '', /readonly database/);
    const stored = storedDefect(dataDir, 1);

    assert.equal((await sameCookies(before, server).get(`${API}/defects/1`)).status, 200, 'a client signed in before the restart stays signed in');
    const bob = new TestClient(server.baseUrl);
    await bob.signIn('bob');
    assert.equal((await bob.get(`${API}/defects?limit=3`)).status, 200);
    assert.equal((await bob.get(`${CORE}/defects/1`, { Accept: 'application/xml' })).status, 200);
    const byKey = new TestClient(server.baseUrl);
    await byKey.signInWithKey(DEMO_KEY.clientId, DEMO_KEY.secret);
    assert.equal((await byKey.get(`${CORE}/defects?page-size=2`, JSON_)).status, 200);
    const lock = await bob.get(`${CORE}/defects/2/lock`, JSON_);
    assert.match(lock.text, /LOCKED_BY_OTHER/, 'the lock taken before the restart still holds');

    for (const res of [
      await bob.put(`${API}/defects/1`, { priority: '5-Urgent' }),
      await bob.request('PUT', `${CORE}/defects/1`, { json: { Type: 'defect', Fields: [{ Name: 'priority', values: [{ value: '5-Urgent' }] }] } }),
      await bob.post(`${API}/defects`, { data: [{ name: 'new', severity: '2-Medium', 'detected-by': 'bob', 'creation-time': '2026-01-01' }] }),
      await bob.request('POST', `${CORE}/defects/3/lock`, { headers: JSON_ }),
      await bob.delete(`${API}/defects/4`),
    ]) {
      assert.equal(res.status, 507, res.text);
      assert.match(res.json<{ Title: string }>().Title, /^The server is read-only: its data could not be written when it started \(.*readonly database.*\)\. Nothing was changed\./);
    }
    assert.deepEqual(storedDefect(dataDir, 1), stored);
    assert.ok(storedDefect(dataDir, 4), 'the defect was not deleted');

    assert.equal((await bob.request('GET', '/api/authentication/sign-out')).status, 200);
    assert.equal((await bob.get(`${API}/defects/1`)).status, 401, 'signing out ends the in-memory session');
  });

  it('the next start that can write writes again; the read-only sessions are gone, the earlier ones stay', async () => {
    server = await startReadOnly();
    const bob = new TestClient(server.baseUrl);
    await bob.signIn('bob');
    await server.close();
    server = await startTestServer({ dataDir, defects: 5 });
    assert.equal(server.readOnlyReason, undefined);
    assert.equal((await sameCookies(bob, server).get(`${API}/defects/1`)).status, 401);
    const put = await sameCookies(before, server).put(`${API}/defects/1`, { priority: '5-Urgent' });
    assert.equal(put.status, 200, put.text);
    assert.equal(storedDefect(dataDir, 1)?.priority, '5-Urgent');
  });

  it('a new data directory that cannot be written does not start, and says why', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'alm-read-only-new-'));
    try {
      await assert.rejects(startTestServer({ dataDir: fresh, onOpenForWriting: (db) => db.pragma('query_only = 1') }), /site\.db .*cannot be written.*free disk space or fix the permissions/);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});
