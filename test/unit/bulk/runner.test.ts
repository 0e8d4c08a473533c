// The bulk update runner against a fake project: each defect under its lock, someone else's lock
// skips the defect and names the holder, this window's editor skips it too, the bulk PUT carries
// the locked ones and its per-defect refusals come back as such, a bulk PUT the server cannot take
// falls back to one PUT per defect, every lock is released, and a cancel leaves the rest untouched.
import * as assert from 'node:assert/strict';
import { runBulkUpdate } from '../../../src/bulk/index';
import { retryIds, tally } from '../../../src/bulk/outcome';
import { fakeProject } from '../../support/fakeProject/project';

/** Six New defects whose writes fail unless locked first. */
const fakeServer = (defectIds: number[]) => fakeProject({ defects: defectIds.map((id) => ({ type: 'defect', id, status: 'New' })), writesNeedLock: true });

const ids = [1, 2, 3, 4, 5, 6];

describe('bulk: the update runner', () => {
  it('updates every defect under its lock, skips one another user holds (naming them) and never writes it', async () => {
    const server = fakeServer(ids);
    server.lockAsOther(3, 'bob');
    const outcomes = await runBulkUpdate(server, ids, { status: 'Fixed' }, { editingHere: () => false });
    assert.deepEqual(
      outcomes.map((o) => [o.id, o.kind]),
      ids.map((id) => [id, id === 3 ? 'locked' : 'updated']),
    );
    const locked = outcomes.find((o) => o.id === 3);
    assert.equal(locked?.kind === 'locked' && locked.by, 'bob');
    assert.equal(server.store.get(3)?.status, 'New');
    for (const id of [1, 2, 4, 5, 6]) assert.equal(server.store.get(id)?.status, 'Fixed');
    // One bulk PUT for the locked ones, no single PUT, and every lock given back.
    assert.deepEqual(
      server.calls.filter((c) => c.startsWith('bulk') || c.startsWith('update')),
      ['bulk 1,2,4,5,6'],
    );
    assert.equal(server.heldLocks(), 0);
  });

  it("skips a defect this window's editor holds without taking its lock", async () => {
    const server = fakeServer(ids);
    const outcomes = await runBulkUpdate(server, ids, { status: 'Fixed' }, { editingHere: (id) => id === 2 });
    assert.equal(outcomes.find((o) => o.id === 2)?.kind, 'editing-here');
    assert.ok(!server.calls.includes('lock 2'));
    assert.equal(server.store.get(2)?.status, 'New');
  });

  it("reports the server's reason for a defect it refused, and a missing defect, and offers those for a retry", async () => {
    const server = fakeServer(ids);
    server.refuse.set(4, 'Invalid owner specified: 0.');
    const outcomes = await runBulkUpdate(server, [...ids, 99], { status: 'Fixed' }, { editingHere: () => false });
    const four = outcomes.find((o) => o.id === 4);
    assert.equal(four?.kind === 'refused' && four.reason, 'Invalid owner specified: 0.');
    assert.equal(outcomes.find((o) => o.id === 99)?.kind, 'refused');
    assert.deepEqual(retryIds(outcomes), [4, 99]);
    assert.deepEqual(tally(outcomes), { updated: 5, locked: 0, 'editing-here': 0, refused: 2, 'not-run': 0 });
  });

  it('writes one defect at a time after a bulk PUT the server cannot take, and keeps to that for the rest of the run', async () => {
    const server = fakeServer(ids);
    server.bulk = 'fails';
    const refused: string[] = [];
    const outcomes = await runBulkUpdate(server, ids, { status: 'Fixed' }, { editingHere: () => false, chunkSize: 3, onBulkRefused: (r) => refused.push(r) });
    assert.ok(outcomes.every((o) => o.kind === 'updated'));
    assert.equal(server.calls.filter((c) => c.startsWith('bulk')).length, 1, 'the second chunk does not try the bulk PUT again');
    assert.equal(server.calls.filter((c) => c.startsWith('update')).length, 6);
    assert.equal(refused.length, 1);
  });

  it('after a bulk PUT refused as a whole (one transaction) gives each defect its own outcome', async () => {
    const server = fakeServer(ids);
    server.bulk = 'refuses';
    server.refuse.set(2, 'bad value');
    const outcomes = await runBulkUpdate(server, ids, { status: 'Fixed' }, { editingHere: () => false, chunkSize: 3 });
    assert.deepEqual(
      outcomes.map((o) => o.kind),
      ['updated', 'refused', 'updated', 'updated', 'updated', 'updated'],
    );
    // A refusal is not a sign that the form does not work: the next chunk tries it again.
    assert.equal(server.calls.filter((c) => c.startsWith('bulk')).length, 2);
  });

  it('locks and writes in chunks, releasing each chunk before the next', async () => {
    const server = fakeServer(ids);
    let most = 0;
    server.beforeLock = () => (most = Math.max(most, server.heldLocks() + 1));
    await runBulkUpdate(server, ids, { status: 'Fixed' }, { editingHere: () => false, chunkSize: 2 });
    assert.equal(most, 2);
    assert.equal(server.calls.filter((c) => c.startsWith('bulk')).length, 3);
  });

  it('stops at a cancel: defects not reached stay untouched and are reported as not run', async () => {
    const server = fakeServer(ids);
    const cancel = new AbortController();
    const progress: number[] = [];
    const outcomes = await runBulkUpdate(
      server,
      ids,
      { status: 'Fixed' },
      {
        editingHere: () => false,
        chunkSize: 2,
        signal: cancel.signal,
        onProgress: (done) => {
          progress.push(done);
          if (done === 2) cancel.abort();
        },
      },
    );
    assert.deepEqual(
      outcomes.map((o) => o.kind),
      ['updated', 'updated', 'not-run', 'not-run', 'not-run', 'not-run'],
    );
    assert.equal(server.store.get(3)?.status, 'New');
    assert.equal(server.heldLocks(), 0);
    assert.deepEqual(retryIds(outcomes), [3, 4, 5, 6]);
  });
});
