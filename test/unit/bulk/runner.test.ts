// The bulk update runner against a fake project: each defect under its lock, someone else's lock
// skips the defect and names the holder, this window's editor skips it too, the bulk PUT carries
// the locked ones and its per-defect refusals come back as such, a bulk PUT the server cannot take
// falls back to one PUT per defect, every lock is released, and a cancel leaves the rest untouched.
import * as assert from 'node:assert/strict';
import { LockedByOtherError, NotFoundError, ServerError, ValidationError } from '../../../src/api/index';
import type { BulkUpdateResult, Defect, DefectChanges, LockHandle, ProjectApi } from '../../../src/api/index';
import { runBulkUpdate } from '../../../src/bulk/index';
import { retryIds, tally } from '../../../src/bulk/outcome';

type Api = Pick<ProjectApi, 'locks' | 'defects'>;

class FakeServer {
  readonly values = new Map<number, Record<string, unknown>>();
  readonly lockedBy = new Map<number, string>();
  readonly held = new Set<number>();
  readonly calls: string[] = [];
  /** How the bulk PUT answers: per entry as Core does, or failing as a whole. */
  bulk: 'ok' | 'fails' | 'refuses' = 'ok';
  refuse = new Map<number, string>();
  onLock: ((id: number) => void) | undefined;

  constructor(ids: number[]) {
    for (const id of ids) this.values.set(id, { status: 'New' });
  }

  private apply(id: number, changes: DefectChanges): Defect {
    if (!this.held.has(id)) throw new Error(`defect ${id} written without its lock`);
    const row = { ...this.values.get(id), ...changes };
    this.values.set(id, row);
    return { type: 'defect', id, ...(row as Record<string, string>) };
  }

  api(): Api {
    const acquire = async (entity: { type: string; id: number }): Promise<LockHandle> => {
      const id = entity.id;
      this.calls.push(`lock ${id}`);
      this.onLock?.(id);
      if (!this.values.has(id)) throw new NotFoundError(`Defect ${id} was not found.`);
      const other = this.lockedBy.get(id);
      if (other) throw new LockedByOtherError(`${other} is editing this item.`, other, '2026-01-01 10:00:00');
      this.held.add(id);
      let state: LockHandle['state'] = 'held';
      return {
        lock: { id, entity: { type: 'defect', id }, user: 'alice', lockTime: '', sessionLastTouch: null },
        get state() {
          return state;
        },
        release: async () => {
          this.calls.push(`release ${id}`);
          this.held.delete(id);
          state = 'released';
        },
      };
    };
    const update = async (id: number, changes: DefectChanges): Promise<Defect> => {
      this.calls.push(`put ${id}`);
      const reason = this.refuse.get(id);
      if (reason) throw new ValidationError(reason, [{ code: 'other', message: reason }]);
      return this.apply(id, changes);
    };
    const updateMany = async (items: readonly { id: number; changes: DefectChanges }[]): Promise<BulkUpdateResult> => {
      this.calls.push(`bulk ${items.map((i) => i.id).join(',')}`);
      if (this.bulk === 'fails') throw new ServerError('The ALM server failed (HTTP 500).');
      if (this.bulk === 'refuses') throw new ValidationError('Element 2: bad value', [{ code: 'other', message: 'bad' }]);
      const result: BulkUpdateResult = { updated: [], failed: [] };
      for (const i of items) {
        const reason = this.refuse.get(i.id);
        if (reason) result.failed.push({ id: i.id, reason });
        else result.updated.push(this.apply(i.id, i.changes));
      }
      return result;
    };
    return { locks: { acquire }, defects: { update, updateMany } as unknown as ProjectApi['defects'] };
  }
}

const ids = [1, 2, 3, 4, 5, 6];

describe('bulk: the update runner', () => {
  it('updates every defect under its lock, skips one another user holds (naming them) and never writes it', async () => {
    const server = new FakeServer(ids);
    server.lockedBy.set(3, 'bob');
    const outcomes = await runBulkUpdate(server.api(), ids, { status: 'Fixed' }, { editingHere: () => false });
    assert.deepEqual(
      outcomes.map((o) => [o.id, o.kind]),
      ids.map((id) => [id, id === 3 ? 'locked' : 'updated']),
    );
    const locked = outcomes.find((o) => o.id === 3);
    assert.equal(locked?.kind === 'locked' && locked.by, 'bob');
    assert.equal(server.values.get(3)?.status, 'New');
    for (const id of [1, 2, 4, 5, 6]) assert.equal(server.values.get(id)?.status, 'Fixed');
    // One bulk PUT for the locked ones, no single PUT, and every lock given back.
    assert.deepEqual(
      server.calls.filter((c) => c.startsWith('bulk') || c.startsWith('put')),
      ['bulk 1,2,4,5,6'],
    );
    assert.equal(server.held.size, 0);
  });

  it("skips a defect this window's editor holds without taking its lock", async () => {
    const server = new FakeServer(ids);
    const outcomes = await runBulkUpdate(server.api(), ids, { status: 'Fixed' }, { editingHere: (id) => id === 2 });
    assert.equal(outcomes.find((o) => o.id === 2)?.kind, 'editing-here');
    assert.ok(!server.calls.includes('lock 2'));
    assert.equal(server.values.get(2)?.status, 'New');
  });

  it("reports the server's reason for a defect it refused, and a missing defect, and offers those for a retry", async () => {
    const server = new FakeServer(ids);
    server.refuse.set(4, 'Invalid owner specified: 0.');
    const outcomes = await runBulkUpdate(server.api(), [...ids, 99], { status: 'Fixed' }, { editingHere: () => false });
    const four = outcomes.find((o) => o.id === 4);
    assert.equal(four?.kind === 'refused' && four.reason, 'Invalid owner specified: 0.');
    assert.equal(outcomes.find((o) => o.id === 99)?.kind, 'refused');
    assert.deepEqual(retryIds(outcomes), [4, 99]);
    assert.deepEqual(tally(outcomes), { updated: 5, locked: 0, 'editing-here': 0, refused: 2, 'not-run': 0 });
  });

  it('writes one defect at a time after a bulk PUT the server cannot take, and keeps to that for the rest of the run', async () => {
    const server = new FakeServer(ids);
    server.bulk = 'fails';
    const refused: string[] = [];
    const outcomes = await runBulkUpdate(server.api(), ids, { status: 'Fixed' }, { editingHere: () => false, chunkSize: 3, onBulkRefused: (r) => refused.push(r) });
    assert.ok(outcomes.every((o) => o.kind === 'updated'));
    assert.equal(server.calls.filter((c) => c.startsWith('bulk')).length, 1, 'the second chunk does not try the bulk PUT again');
    assert.equal(server.calls.filter((c) => c.startsWith('put')).length, 6);
    assert.equal(refused.length, 1);
  });

  it('after a bulk PUT refused as a whole (one transaction) gives each defect its own outcome', async () => {
    const server = new FakeServer(ids);
    server.bulk = 'refuses';
    server.refuse.set(2, 'bad value');
    const outcomes = await runBulkUpdate(server.api(), ids, { status: 'Fixed' }, { editingHere: () => false, chunkSize: 3 });
    assert.deepEqual(
      outcomes.map((o) => o.kind),
      ['updated', 'refused', 'updated', 'updated', 'updated', 'updated'],
    );
    // A refusal is not a sign that the form does not work: the next chunk tries it again.
    assert.equal(server.calls.filter((c) => c.startsWith('bulk')).length, 2);
  });

  it('locks and writes in chunks, releasing each chunk before the next', async () => {
    const server = new FakeServer(ids);
    let most = 0;
    server.onLock = () => (most = Math.max(most, server.held.size + 1));
    await runBulkUpdate(server.api(), ids, { status: 'Fixed' }, { editingHere: () => false, chunkSize: 2 });
    assert.equal(most, 2);
    assert.equal(server.calls.filter((c) => c.startsWith('bulk')).length, 3);
  });

  it('stops at a cancel: defects not reached stay untouched and are reported as not run', async () => {
    const server = new FakeServer(ids);
    const cancel = new AbortController();
    const progress: number[] = [];
    const outcomes = await runBulkUpdate(
      server.api(),
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
    assert.equal(server.values.get(3)?.status, 'New');
    assert.equal(server.held.size, 0);
    assert.deepEqual(retryIds(outcomes), [3, 4, 5, 6]);
  });
});
