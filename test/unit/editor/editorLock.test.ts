// The editor's lock part on its own: the phase moves only as the state machine allows, the
// handle is given back once, a lock the client lost shows only while editing, and the page names
// the holder only while someone else has the lock.
import assert from 'node:assert/strict';
import type { LockHandle } from '../../../src/api/index';
import { EditorLock } from '../../../src/editor/controller/editorLock';

function fakeHandle(): LockHandle & { releases: number; state: LockHandle['state'] } {
  const handle = {
    lock: { entity: { type: 'defect', id: 7 } } as unknown as LockHandle['lock'],
    state: 'held' as LockHandle['state'],
    releases: 0,
    async release() {
      handle.releases++;
      handle.state = 'released';
    },
  };
  return handle;
}

/** An editor on the read-only defect that took the lock and is editing. */
function editing(handle: LockHandle): EditorLock {
  const lock = new EditorLock();
  lock.on('loaded');
  lock.on('edit');
  lock.took(handle);
  lock.on('acquired');
  return lock;
}

describe('editor: the lock part (EditorLock)', () => {
  it('refuses an event the phase does not allow, and stays where it was', () => {
    const lock = new EditorLock();
    assert.throws(() => lock.on('save'), /cannot handle "save" while loading/);
    assert.equal(lock.phase, 'loading');
  });

  it('names the holder only while someone else has the lock', () => {
    const lock = new EditorLock();
    lock.on('loaded');
    lock.on('edit');
    lock.lockedBy('bob', '2026-01-05 10:00:00');
    assert.deepEqual(lock.view(), { phase: 'locked-by-other', holder: 'bob', since: '2026-01-05 10:00:00' });
    lock.on('edit');
    lock.took(fakeHandle());
    lock.on('acquired');
    assert.deepEqual(lock.view(), { phase: 'editing' });
  });

  it('gives the handle back once and moves to read-only; a second release changes nothing', async () => {
    const handle = fakeHandle();
    const lock = editing(handle);
    assert.equal(lock.held, true);
    await lock.release('released');
    await lock.release('released');
    assert.equal(handle.releases, 1);
    assert.equal(lock.phase, 'read-only');
    assert.equal(lock.held, false);
    assert.equal(lock.forUpdate, undefined);
  });

  it('reports a lock the client lost only while editing, and drops it without a release when told', () => {
    const handle = fakeHandle();
    const lock = editing(handle);
    assert.equal(lock.lostByClient, false);
    handle.state = 'lost';
    assert.equal(lock.lostByClient, true);
    lock.lost();
    assert.equal(lock.phase, 'lost');
    assert.equal(lock.lostByClient, false, 'once lost, the poll does not report it again');
    assert.equal(handle.releases, 0, 'a lost lock is not released (the server already dropped it)');
  });
});
