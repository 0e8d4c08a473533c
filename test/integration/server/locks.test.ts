// Locks over HTTP: taking and releasing them, enforcement against other users' PUT, DELETE and
// lock attempts (403 qccore.lock-failure naming holder and time), and their end with the session.
import assert from 'node:assert/strict';
import { MovableClock, TestClient, openProjectDb, startTestServer, storedDefect } from '../../support/server';
import type { RunningServer } from '../../support/server';

interface Lock {
  type: string;
  id: number;
  entity: { id: number; type: string };
  user: string;
  'lock-time': string;
  'session-last-touch': string;
}
interface AlmErrorBody {
  Id: string;
  Title: string;
  ExceptionProperties: { Name: string; Value: unknown }[] | null;
}

describe('server: locks', function () {
  let server: RunningServer;
  let alice: TestClient;
  let bob: TestClient;
  const locks = () => `${alice.projectPath()}/locks`;
  const defect = (id: number) => `${alice.projectPath()}/defects/${id}`;
  const lockBody = (id: number) => ({ data: [{ entity: { id, type: 'defect' } }] });
  const storedLocks = () => {
    const db = openProjectDb(server.dataDir);
    try {
      return db.prepare('SELECT "parent-id" AS id, "user" FROM locks ORDER BY "id"').all() as { id: number; user: string }[];
    } finally {
      db.close();
    }
  };

  // The server's time moves on command: a later second without waiting for it.
  const clock = new MovableClock();

  before(async () => {
    server = await startTestServer({ defects: 20, now: clock.now });
    alice = new TestClient(server.baseUrl);
    bob = new TestClient(server.baseUrl);
    await alice.signIn('alice');
    await bob.signIn('bob');
  });
  after(async () => server.close());

  it('POST /locks → 201 {data:[lock]} with user, lock-time and session-last-touch', async () => {
    const res = await alice.post(locks(), lockBody(1));
    assert.equal(res.status, 201);
    const [lock] = res.json<{ data: Lock[] }>().data;
    assert.ok(lock);
    assert.equal(lock.type, 'lock');
    assert.deepEqual(lock.entity, { id: 1, type: 'defect' });
    assert.equal(lock.user, 'alice');
    assert.match(lock['lock-time'], /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    assert.match(lock['session-last-touch'], /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    assert.deepEqual(storedLocks(), [{ id: 1, user: 'alice' }]);
    // Reading the lock is itself activity of alice's session: its last touch may move to the next second.
    const again = (await alice.get(`${locks()}/${lock.id}`)).json<Lock>();
    assert.deepEqual({ ...again, 'session-last-touch': lock['session-last-touch'] }, lock);
    assert.ok(again['session-last-touch'] >= lock['session-last-touch']);
  });

  it("session-last-touch follows the holder session's activity; lock-time stays", async () => {
    const [lock] = (await alice.get(`${locks()}?query=${encodeURIComponent('{entity.id[1]}')}`)).json<{ data: Lock[] }>().data;
    assert.ok(lock);
    // Times are in whole seconds: two seconds on, the touch is certainly in a later one.
    clock.advance(2000);
    assert.equal((await alice.get(defect(2))).status, 200);
    const later = (await bob.get(`${locks()}/${lock.id}`)).json<Lock>();
    assert.equal(later['lock-time'], lock['lock-time']);
    assert.ok(later['session-last-touch'] > lock['session-last-touch'], `${later['session-last-touch']} > ${lock['session-last-touch']}`);
  });

  it("another user's lock attempt → 403 qccore.lock-failure naming the holder and since when", async () => {
    const res = await bob.post(locks(), lockBody(1));
    assert.equal(res.status, 403);
    const err = res.json<AlmErrorBody>();
    assert.equal(err.Id, 'qccore.lock-failure');
    assert.match(err.Title, /locked by user 'alice' since \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    assert.equal(err.ExceptionProperties?.find((p) => p.Name === 'user')?.Value, 'alice');
    assert.deepEqual(storedLocks(), [{ id: 1, user: 'alice' }]);
  });

  it("another user's PUT and DELETE on the locked defect → 403, defect unchanged", async () => {
    const before = storedDefect(server.dataDir, 1);
    const before2 = storedDefect(server.dataDir, 2);
    const put = await bob.put(defect(1), { 'user-03': 'bob was here' });
    assert.equal(put.status, 403);
    assert.equal(put.json<AlmErrorBody>().Id, 'qccore.lock-failure');
    assert.match(put.json<AlmErrorBody>().Title, /alice/);
    const multi = await bob.put(`${alice.projectPath()}/defects`, {
      data: [
        { type: 'defect', id: 2, 'user-03': 'x' },
        { type: 'defect', id: 1, 'user-03': 'x' },
      ],
    });
    assert.equal(multi.status, 403);
    const del = await bob.delete(defect(1));
    assert.equal(del.status, 403);
    assert.deepEqual(storedDefect(server.dataDir, 1), before);
    // The multi-instance PUT is all-or-nothing: defect 2, unlocked, is not changed either.
    assert.deepEqual(storedDefect(server.dataDir, 2), before2);
  });

  it('the holder can update while holding the lock; re-locking in the same session returns the same lock', async () => {
    const put = await alice.put(defect(1), { 'user-03': 'alice edit' });
    assert.equal(put.status, 200);
    assert.equal(storedDefect(server.dataDir, 1)?.['user-03'], 'alice edit');
    const again = await alice.post(locks(), lockBody(1));
    assert.equal(again.status, 201);
    assert.equal(storedLocks().length, 1);
  });

  it('only the owner releases a lock; afterwards others can edit', async () => {
    const [lock] = (await alice.get(`${locks()}?query=${encodeURIComponent('{entity.id[1]}')}`)).json<{ data: Lock[] }>().data;
    assert.ok(lock);
    const stolen = await bob.delete(`${locks()}/${lock.id}`);
    assert.equal(stolen.status, 403);
    assert.match(stolen.json<AlmErrorBody>().Title, /alice/);
    assert.equal(storedLocks().length, 1);
    const released = await alice.delete(`${locks()}/${lock.id}`);
    assert.equal(released.status, 200);
    assert.equal(released.json<Lock>().id, lock.id);
    assert.deepEqual(storedLocks(), []);
    assert.equal((await alice.delete(`${locks()}/${lock.id}`)).status, 404);
    assert.equal((await bob.put(defect(1), { 'user-03': 'bob edit' })).status, 200);
    assert.equal(storedDefect(server.dataDir, 1)?.['user-03'], 'bob edit');
  });

  it('bad lock requests → clear 4xx and no lock stored', async () => {
    const cases: [unknown, number, RegExp][] = [
      [{ data: [{ entity: { id: 99999, type: 'defect' } }] }, 404, /99999/],
      [{ data: [{ entity: { id: 1, type: 'requirement' } }] }, 400, /requirement/],
      [{ data: [{ entity: { type: 'defect' } }] }, 400, /entity/],
      [{ data: [] }, 400, /data/],
      [{ entity: { id: 1, type: 'defect' } }, 400, /data/],
      [{ data: [{ entity: { id: 2, type: 'defect' } }, { entity: { id: 99999, type: 'defect' } }] }, 404, /99999/],
    ];
    for (const [body, status, title] of cases) {
      const res = await alice.post(locks(), body);
      assert.equal(res.status, status, JSON.stringify(body));
      assert.match(res.json<AlmErrorBody>().Title, title);
    }
    const malformed = await alice.request('POST', locks(), { body: '{"data":[', headers: { 'Content-Type': 'application/json' } });
    assert.equal(malformed.status, 400);
    assert.deepEqual(storedLocks(), []);
  });

  it("signing out releases the session's locks; the lock id then answers 404", async () => {
    const carol = new TestClient(server.baseUrl);
    await carol.signIn('alice');
    const [lock] = (await carol.post(locks(), lockBody(4))).json<{ data: Lock[] }>().data;
    assert.ok(lock);
    assert.equal((await bob.put(defect(4), { 'user-03': 'blocked' })).status, 403);
    assert.equal((await carol.request('POST', '/api/authentication/sign-out')).status, 200);
    assert.deepEqual(storedLocks(), []);
    assert.equal((await alice.get(`${locks()}/${lock.id}`)).status, 404);
    assert.equal((await bob.put(defect(4), { 'user-03': 'free again' })).status, 200);
  });

  it('a second session of the same user cannot take a lock held by the first, but the user may edit', async () => {
    const second = new TestClient(server.baseUrl);
    await second.signIn('alice');
    assert.equal((await alice.post(locks(), lockBody(6))).status, 201);
    const res = await second.post(locks(), lockBody(6));
    assert.equal(res.status, 403);
    assert.equal((await second.put(defect(6), { 'user-03': 'same user' })).status, 200);
    await alice.delete(locks());
    assert.deepEqual(storedLocks(), []);
  });
});
