// The one way to write under a defect's lock (src/defects/lockedWrite.ts) against a fake project:
// the lock is taken before the write and given back after it whatever happened, a lock another user
// holds refuses the write with the server's reason, this window's editor's lock is never taken, and
// the conflict rule ("seen values stand") refuses a write whose seen values moved on the server.
import * as assert from 'node:assert/strict';
import { LockedByOtherError } from '../../../src/api/index';
import { findConflict } from '../../../src/editor/controller/conflicts';
import { fakeProject } from '../../support/fakeProject/project';
import { ChangedMeanwhileError, EditingHereError, changedSinceSeen, readUnchanged, writeUnderLock } from '../../../src/defects/lockedWrite';

/** Defect 7 (New, alice's, ver-stamp 3) and defect 8. */
const project = () =>
  fakeProject({
    defects: [
      { type: 'defect', id: 7, 'ver-stamp': 3, status: 'New', owner: 'alice' },
      { type: 'defect', id: 8 },
    ],
  });

describe('defects: one way to write under a lock', () => {
  it('takes the lock, hands it to the write, and gives it back after it', async () => {
    const p = project();
    const result = await writeUnderLock(p.locks, 7, {}, async (lock) => {
      p.calls.push(`write under ${lock.state} lock`);
      return 'written';
    });
    assert.equal(result, 'written');
    assert.deepEqual(p.calls, ['lock 7', 'write under held lock', 'release 7']);
  });

  it('refuses the write when another user holds the lock, keeping who and since when, and writes nothing', async () => {
    const p = project();
    p.lockAsOther(7, 'bob', '2026-12-01 09:00:00');
    let wrote = false;
    await assert.rejects(
      writeUnderLock(p.locks, 7, {}, async () => (wrote = true)),
      (e: unknown) => e instanceof LockedByOtherError && e.lockedBy === 'bob' && e.since === '2026-12-01 09:00:00' && e.message === 'The entity is locked by bob.',
    );
    assert.equal(wrote, false);
    assert.deepEqual(p.calls, ['lock 7']);
  });

  it('gives the lock back when the write fails, and the write failure is what the caller sees', async () => {
    const p = project();
    await assert.rejects(
      writeUnderLock(p.locks, 7, {}, async () => {
        throw new Error('The server refused the value.');
      }),
      /The server refused the value\./,
    );
    assert.deepEqual(p.calls, ['lock 7', 'release 7']);
  });

  it('does not let a failed release hide the outcome of the write', async () => {
    const p = project();
    p.failRelease = new Error('connection reset');
    assert.equal(await writeUnderLock(p.locks, 7, {}, async () => 'written'), 'written');
    assert.deepEqual(p.calls, ['lock 7', 'release 7']);
  });

  it("never takes (and so never releases) the lock of a defect this window's editor holds", async () => {
    const p = project();
    const asked: number[] = [];
    const editingHere = (id: number) => {
      asked.push(id);
      return id === 7;
    };
    await assert.rejects(
      writeUnderLock(p.locks, 7, { editingHere }, async () => 'written'),
      (e: unknown) => e instanceof EditingHereError && e.id === 7,
    );
    assert.deepEqual(p.calls, [], 'no lock request, no release: the editor keeps its lock');
    assert.equal(await writeUnderLock(p.locks, 8, { editingHere }, async () => 'written'), 'written');
    assert.deepEqual(asked, [7, 8]);
  });
});

describe('defects: the conflict rule ("seen values stand")', () => {
  it('names the seen fields whose server value moved, and none when the ver-stamps agree', () => {
    const latest = { 'ver-stamp': 4, status: 'Open', owner: 'alice', priority: ['a', 'b'] };
    assert.deepEqual(changedSinceSeen({ status: 'New', owner: 'alice' }, latest), ['status']);
    // Empty forms alike, a list in any order, server-owned fields never a conflict.
    assert.deepEqual(changedSinceSeen({ 'ver-stamp': 3, owner: 'alice', priority: ['b', 'a'], 'last-modified': 'x' }, { ...latest, 'last-modified': 'y' }), []);
    assert.deepEqual(changedSinceSeen({ severity: null }, { severity: '' }), []);
    // Same stamp: nothing changed, whatever the values say (the /api tree sends the stamp as text).
    assert.deepEqual(changedSinceSeen({ 'ver-stamp': '4', status: 'New' }, latest), []);
    // Only the fields asked about, when given.
    assert.deepEqual(changedSinceSeen({ 'ver-stamp': 3, status: 'New', owner: 'carol' }, latest, ['owner']), ['owner']);
  });

  it('under the lock, refuses a write whose seen values moved and gives the fresh read otherwise', async () => {
    const p = project();
    await assert.rejects(
      writeUnderLock(p.locks, 7, {}, async () => readUnchanged(p.defects, 7, { status: 'Fixed' })),
      (e: unknown) => e instanceof ChangedMeanwhileError && e.id === 7 && e.fields.join() === 'status',
    );
    assert.deepEqual(p.calls, ['lock 7', 'get 7', 'release 7'], 'read under the lock, and the lock given back');
    const fresh = await readUnchanged(p.defects, 7, { status: 'New', owner: 'alice' });
    assert.equal(fresh['ver-stamp'], 3);
  });

  it("is the editor's rule too: a moved stamp with no value the user saw changed asks nothing; a moved value is a row to choose", () => {
    const base = { 'ver-stamp': 3, 'last-modified': '2026-12-01 09:00:00', status: 'New', owner: 'alice' };
    const label = (f: string) => f;
    assert.equal(findConflict(base, { ...base, 'ver-stamp': 4, 'last-modified': '2026-12-01 09:05:00' }, { status: 'Open' }, label), undefined);
    const conflict = findConflict(base, { ...base, 'ver-stamp': 4, owner: 'bob' }, { status: 'Open' }, label);
    assert.deepEqual(
      conflict?.rows.map((r) => [r.field, r.changedOnServer, r.changedByMe]),
      [
        ['owner', true, false],
        ['status', false, true],
      ],
    );
    assert.equal(conflict?.serverVerStamp, 4);
  });
});
