import { strict as assert } from 'node:assert';
import { LockLostError, LockedByOtherError } from '../../../src/api/index';
import type { AlmClient, Defect } from '../../../src/api/index';
import { eventually } from '../../support/eventually';
import { MovableClock } from '../../support/server';
import { clientFor, createDefect, startApiTestServer } from './harness';
import type { TestServer } from './harness';

describe('api integration: locks', () => {
  let server: TestServer;
  let alice: AlmClient;
  let bob: AlmClient;
  let defect: Defect;
  const project = () => alice.project('DEFAULT', 'Playground');
  // The server's time moves on command, so the idle timeout passes without waiting for it.
  const clock = new MovableClock();

  before(async () => {
    server = await startApiTestServer({ sessionIdleSeconds: 2, now: clock.now });
    alice = clientFor(server.baseUrl).client;
    bob = clientFor(server.baseUrl, 'bob').client;
    defect = await createDefect(project(), 'lock me');
  });
  after(async () => {
    await alice.dispose();
    await bob.dispose();
    await server.close();
  });

  it('acquires a lock; another user gets LockedByOtherError naming the holder and time', async () => {
    const handle = await project().locks.acquire({ type: 'defect', id: defect.id });
    try {
      assert.equal(handle.state, 'held');
      assert.equal(handle.lock.user, 'alice');
      assert.deepEqual(handle.lock.entity, { type: 'defect', id: defect.id });
      assert.match(handle.lock.lockTime, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const err = await bob
        .project('DEFAULT', 'Playground')
        .locks.acquire({ type: 'defect', id: defect.id })
        .catch((e: unknown) => e);
      assert.ok(err instanceof LockedByOtherError, String(err));
      assert.equal(err.lockedBy, 'alice');
      assert.equal(err.since, handle.lock.lockTime);
    } finally {
      await handle.release();
    }
  });

  it('releases exactly once: concurrent and repeated release calls send one DELETE', async () => {
    const { client, logs } = clientFor(server.baseUrl);
    try {
      const handle = await client.project('DEFAULT', 'Playground').locks.acquire({ type: 'defect', id: defect.id });
      await Promise.all([handle.release(), handle.release()]);
      await handle.release();
      assert.equal(handle.state, 'released');
      assert.equal(logs.filter((l) => /DELETE .*\/locks\/\d+ →/.test(l)).length, 1);
      // Released for real: bob can lock now.
      const bobs = await bob.project('DEFAULT', 'Playground').locks.acquire({ type: 'defect', id: defect.id });
      await bobs.release();
    } finally {
      await client.dispose();
    }
  });

  it('keeps the session (and so the lock) alive past the idle timeout while held', async () => {
    const { client, logs } = clientFor(server.baseUrl, 'alice', { keepAliveMs: 100 });
    const keepAlives = () => logs.filter((l) => /site-session → 2/.test(l)).length;
    try {
      const handle = await client.project('DEFAULT', 'Playground').locks.acquire({ type: 'defect', id: defect.id });
      // Server time moves 1 s (half the idle timeout) before each keep-alive: 4 s in all, twice the
      // idle timeout; without keep-alive the server would end the session.
      for (let i = 0; i < 4; i++) {
        const before = keepAlives();
        clock.advance(1000);
        await eventually('a keep-alive request', () => keepAlives() > before, 10_000);
      }
      assert.equal(handle.state, 'held');
      await assert.rejects(bob.project('DEFAULT', 'Playground').locks.acquire({ type: 'defect', id: defect.id }), LockedByOtherError);
      await handle.release();
      assert.equal(handle.state, 'released');
    } finally {
      await client.dispose();
    }
  });

  it('control: without keep-alive the idle session ends and the lock is lost', async () => {
    const { client } = clientFor(server.baseUrl, 'alice', { keepAliveMs: 60_000 });
    try {
      const handle = await client.project('DEFAULT', 'Playground').locks.acquire({ type: 'defect', id: defect.id });
      clock.advance(3500); // idle timeout is 2 s
      const bobs = await bob.project('DEFAULT', 'Playground').locks.acquire({ type: 'defect', id: defect.id });
      await bobs.release();
      // The client notices on its next request (re-sign-in) and marks the handle lost.
      await client.domains();
      assert.equal(handle.state, 'lost');
      await handle.release(); // safe: nothing to delete
    } finally {
      await client.dispose();
    }
  });

  it('an update made under a lock is not replayed after the re-sign-in its PUT caused: LockLostError, nothing written', async () => {
    const { client } = clientFor(server.baseUrl, 'alice', { keepAliveMs: 60_000 });
    try {
      const p = client.project('DEFAULT', 'Playground');
      const before = await p.defects.get(defect.id);
      const handle = await p.locks.acquire({ type: 'defect', id: defect.id });
      clock.advance(3500); // the session idles out on the server, which releases the lock
      const err = await p.defects.update(defect.id, { 'user-03': 'no lock' }, { original: before, lock: handle }).catch((e: unknown) => e);
      assert.ok(err instanceof LockLostError, String(err));
      assert.equal(handle.state, 'lost');
      assert.equal((await p.defects.get(defect.id))['user-03'], before['user-03'], 'the PUT was not replayed in the new session');
      // A lock already known lost is refused before anything is sent.
      const again = await p.defects.update(defect.id, { 'user-03': 'still no lock' }, { original: before, lock: handle }).catch((e: unknown) => e);
      assert.ok(again instanceof LockLostError);
      // Without a lock the same update goes through (the API's behaviour for lock-less callers is unchanged).
      assert.equal((await p.defects.update(defect.id, { 'user-03': 'unlocked write' }, { original: before }))['user-03'], 'unlocked write');
    } finally {
      await client.dispose();
    }
  });

  it('releases held locks when the client is disposed (sign-out)', async () => {
    const { client } = clientFor(server.baseUrl);
    const handle = await client.project('DEFAULT', 'Playground').locks.acquire({ type: 'defect', id: defect.id });
    await client.dispose();
    assert.equal(handle.state, 'released');
    const bobs = await bob.project('DEFAULT', 'Playground').locks.acquire({ type: 'defect', id: defect.id });
    await bobs.release();
  });
});
