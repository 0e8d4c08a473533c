// Issue 28 item 5 (API keys): wrong secrets are throttled per client id and per address as
// passwords are; an unknown client id costs the same secret check as a known one (the status
// still differs, 403 against 401, as real servers answer, reference §2.1); and deactivating a key
// ends the sessions it opened, releasing their locks, which kept working before.
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { passwordChecksRunning } from '../../../server/src/store/passwords';
import { TestClient, startTestServer } from '../../support/server';
import type { RunningServer } from '../../support/server';

const CORE = '/rest/domains/DEFAULT/projects/Demo';
const JSON_ = { Accept: 'application/json' };
const DEMO_KEY = { clientId: 'alice-demo-client', secret: 'alice-demo-secret' };

describe('server: API-key sign-in (issue 28 item 5)', function () {
  this.timeout(60_000);
  let server: RunningServer;

  before(async () => {
    server = await startTestServer({ defects: 5, apiKeysFor: ['bob', 'bob'], limits: { signInFailuresAllowed: 5 } });
  });
  after(async () => server.close());

  const login = (clientId: string, secret: string) =>
    fetch(`${server.baseUrl}/rest/oauth2/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ clientId, secret }) });

  it('an unknown client id runs a secret check too: it waits for the check in progress, as a known id does', async () => {
    const [bobKey] = server.apiKeys.filter((k) => k.user === 'bob');
    assert.ok(bobKey);
    const order: string[] = [];
    const known = login(bobKey.clientId, 'wrong').then((r) => order.push(`known ${r.status}`));
    // Checks run one at a time (store/passwords.ts): once the known id's check runs, the unknown id's waits for it.
    while (passwordChecksRunning() === 0) await new Promise((r) => setImmediate(r));
    const unknown = login('apikey-no-such-client', 'wrong').then((r) => order.push(`unknown ${r.status}`));
    await Promise.all([known, unknown]);
    assert.deepEqual(order, ['known 401', 'unknown 403'], 'the unknown id answered before the check in progress ended: it ran none');
  });

  it('wrong secrets for one client id are slowed down (429) after the allowance, the right one too; another key is not', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await login(DEMO_KEY.clientId, `wrong-${i}`)).status);
    assert.deepEqual(statuses.slice(0, 5), [401, 401, 401, 401, 401]);
    assert.deepEqual(statuses.slice(5), [429, 429, 429]);
    const right = await login(DEMO_KEY.clientId, DEMO_KEY.secret);
    assert.equal(right.status, 429);
    assert.match(right.headers.get('retry-after') ?? '', /^\d+$/);
    const bobKey = server.apiKeys.filter((k) => k.user === 'bob')[1];
    assert.ok(bobKey);
    assert.equal((await login(bobKey.clientId, bobKey.secret)).status, 200);
  });

  it("deactivating a key ends its sessions and frees their locks; the user's password session and other keys go on", async () => {
    const [first, second] = server.apiKeys.filter((k) => k.user === 'bob');
    assert.ok(first && second);
    const byKey = new TestClient(server.baseUrl);
    await byKey.signInWithKey(first.clientId, first.secret);
    const byOtherKey = new TestClient(server.baseUrl);
    await byOtherKey.signInWithKey(second.clientId, second.secret);
    const byPassword = new TestClient(server.baseUrl);
    await byPassword.signIn('bob');
    assert.equal((await byKey.request('POST', `${CORE}/defects/2/lock`, { headers: JSON_ })).status, 200);

    assert.equal(server.deactivateApiKey(first.clientId), true);
    assert.equal(server.deactivateApiKey('apikey-no-such-client'), false);

    assert.equal((await byKey.get(`${CORE}/defects/1`, JSON_)).status, 401, 'the session the key opened ended');
    assert.equal((await login(first.clientId, first.secret)).status, 403, 'the key no longer signs in');
    assert.equal((await byOtherKey.get(`${CORE}/defects/1`, JSON_)).status, 200);
    assert.equal((await byPassword.get(`${CORE}/defects/1`, JSON_)).status, 200);
    const alice = new TestClient(server.baseUrl);
    await alice.signIn('alice');
    const lock = await alice.request('POST', `${CORE}/defects/2/lock`, { headers: JSON_ });
    assert.equal(lock.status, 200, `the ended session's lock was released: ${lock.text}`);
  });

  it('a key deactivated in site.db by other means ends its sessions at their next request', async () => {
    const other = await startTestServer({ defects: 3 });
    try {
      const client = new TestClient(other.baseUrl);
      await client.signInWithKey(DEMO_KEY.clientId, DEMO_KEY.secret);
      assert.equal((await client.get(`${CORE}/defects/1`, JSON_)).status, 200);
      const db = new Database(join(other.dataDir, 'site.db'));
      try {
        db.prepare('UPDATE api_keys SET "active" = 0 WHERE "client-id" = ?').run(DEMO_KEY.clientId);
      } finally {
        db.close();
      }
      assert.equal((await client.get(`${CORE}/defects/1`, JSON_)).status, 401);
    } finally {
      await other.close();
    }
  });
});
