// Issue 28 item 5 (part): one user cannot pile up sessions (405 were seen). A sign-in past
// maxSessionsPerUser ends that user's least recently used session, releasing its locks; the
// user's other sessions and other users' sessions are not affected.
import assert from 'node:assert/strict';
import { TestClient, startTestServer } from '../../support/server';
import type { RunningServer } from '../../support/server';

const CORE = '/rest/domains/DEFAULT/projects/Demo';
const JSON_ = { Accept: 'application/json' };

describe('server: sessions per user are capped (issue 28 item 5)', function () {
  this.timeout(60_000);
  let server: RunningServer;

  before(async () => {
    server = await startTestServer({ defects: 5, limits: { maxSessionsPerUser: 3 } });
  });
  after(async () => server.close());

  it('a fourth sign-in ends the least recently used session and its locks; the others keep working', async () => {
    const bob = new TestClient(server.baseUrl);
    await bob.signIn('bob');
    const clients = [new TestClient(server.baseUrl), new TestClient(server.baseUrl), new TestClient(server.baseUrl)];
    for (const c of clients) await c.signIn('alice');
    assert.equal((await clients[0].request('POST', `${CORE}/defects/2/lock`, { headers: JSON_ })).status, 200);
    // Used since: the second and third sessions are more recent than the first... then the first is used again.
    await clients[1].get(`${CORE}/defects/1`, JSON_);
    await clients[2].get(`${CORE}/defects/1`, JSON_);
    await clients[0].get(`${CORE}/defects/1`, JSON_);
    const fourth = new TestClient(server.baseUrl);
    await fourth.signIn('alice');
    // The second session was the least recently used: it ended.
    assert.equal((await clients[1].get(`${CORE}/defects/1`, JSON_)).status, 401);
    for (const c of [clients[0], clients[2], fourth, bob]) assert.equal((await c.get(`${CORE}/defects/1`, JSON_)).status, 200);
    // Twenty more sign-ins leave at most three sessions, and the lock of the ended one is gone.
    for (let i = 0; i < 20; i++) await new TestClient(server.baseUrl).signIn('alice');
    assert.equal((await clients[0].get(`${CORE}/defects/1`, JSON_)).status, 401);
    const lock = await bob.request('POST', `${CORE}/defects/2/lock`, { headers: JSON_ });
    assert.equal(lock.status, 200, `the ended session's lock was released: ${lock.text}`);
    assert.equal((await bob.get(`${CORE}/defects/1`, JSON_)).status, 200, "another user's session is untouched");
  });
});
