// Follow-up flags (issue 43): kept in one global-state key (the key Settings Sync carries), one per
// defect, read leniently, due today / overdue / later by the user's local day.
import * as assert from 'node:assert/strict';
import { FOLLOW_UPS_KEY, FollowUpStore, dueState, flagMark, parseDueDate, summaryFrom } from '../../../src/followUp/flags';
import type { FlagMemento } from '../../../src/followUp/flags';

function memento(initial: Record<string, unknown> = {}): FlagMemento & { data: Record<string, unknown> } {
  const data = { ...initial };
  return {
    data,
    get: <T>(key: string) => data[key] as T | undefined,
    update: async (key: string, value: unknown) => {
      data[key] = JSON.parse(JSON.stringify(value)) as unknown;
    },
  };
}

const ref = (id: number) => ({ server: 'Demo', domain: 'DEFAULT', project: 'Demo', id });
const NOW = new Date(2026, 11, 2, 9, 30);

describe('followUp: flags', () => {
  it('reads the day a user types: a date, today, tomorrow, +N, next week; never a past or impossible day', () => {
    assert.equal(parseDueDate('2026-12-24', NOW), '2026-12-24');
    assert.equal(parseDueDate(' Today ', NOW), '2026-12-02');
    assert.equal(parseDueDate('tomorrow', NOW), '2026-12-03');
    assert.equal(parseDueDate('+30', NOW), '2027-01-01');
    assert.equal(parseDueDate('next week', NOW), '2026-12-09');
    assert.equal(parseDueDate('2026-12-01', NOW), undefined, 'yesterday');
    assert.equal(parseDueDate('2027-02-31', NOW), undefined, 'no such day');
    assert.equal(parseDueDate('soon', NOW), undefined);
  });

  it('says whether a flag is overdue, due today or later, and marks the row so', () => {
    const words = { today: 'due today', overdue: (d: string) => `overdue (${d})` };
    assert.equal(dueState({ due: '2026-12-01' }, '2026-12-02'), 'overdue');
    assert.equal(flagMark({ due: '2026-12-02' }, '2026-12-02', words), '⚑ due today');
    assert.equal(flagMark({ due: '2026-12-01' }, '2026-12-02', words), '⚑ overdue (2026-12-01)');
    assert.equal(flagMark({ due: '2026-12-09' }, '2026-12-02', words), '⚑ 2026-12-09');
  });

  it('keeps one flag per defect under the synced key, survives a reload and clears', async () => {
    const m = memento();
    const store = new FollowUpStore(m);
    let changes = 0;
    store.onDidChange(() => changes++);
    await store.set({ ref: ref(7), due: '2026-12-05', note: 'check the fix' });
    await store.set({ ref: ref(3), due: '2026-12-02', note: '' });
    await store.set({ ref: ref(7), due: '2026-12-01', note: 'earlier' });
    assert.equal(changes, 3);
    const again = new FollowUpStore(m);
    assert.deepEqual(
      again.all().map((f) => [f.ref.id, f.due, f.note]),
      [
        [7, '2026-12-01', 'earlier'],
        [3, '2026-12-02', ''],
      ],
    );
    assert.deepEqual(
      again.due('2026-12-02').map((f) => f.ref.id),
      [7, 3],
    );
    assert.equal(await again.clear(ref(7)), true);
    assert.equal(await again.clear(ref(7)), false);
    assert.deepEqual((m.data[FOLLOW_UPS_KEY] as unknown[]).length, 1);
  });

  it('drops stored records it cannot read instead of failing (another version, a hand edit)', () => {
    const store = new FollowUpStore(memento({ [FOLLOW_UPS_KEY]: [{ ref: ref(1), due: '2026-12-05', note: 'ok' }, { ref: { server: 'Demo' }, due: 5 }, null, 'x'] }));
    assert.deepEqual(
      store.all().map((f) => f.ref.id),
      [1],
    );
    assert.deepEqual(new FollowUpStore(memento({ [FOLLOW_UPS_KEY]: 'garbage' })).all(), []);
  });
  it('keeps the summary of a flag set from a row that shows it, through a re-flag without one and a reload', async () => {
    assert.equal(summaryFrom({ ref: ref(7), defect: { id: 7, name: ' Coupon ignored ' } }), 'Coupon ignored', 'a tree row');
    assert.equal(summaryFrom({ ...ref(7), name: 'Coupon ignored' }), 'Coupon ignored', 'a grid row or chat');
    assert.equal(summaryFrom(ref(7)), undefined, "the editor's bare reference");
    const store = memento();
    const flags = new FollowUpStore(store);
    await flags.set({ ref: ref(7), due: '2026-12-02', note: '', summary: 'Coupon ignored' });
    await flags.set({ ref: ref(7), due: '2026-12-03', note: 'ask bob' });
    assert.equal(new FollowUpStore(store).get(ref(7))?.summary, 'Coupon ignored');
    const odd = memento({ [FOLLOW_UPS_KEY]: [{ ref: ref(8), due: '2026-12-02', note: '', summary: 42 }] });
    assert.deepEqual(new FollowUpStore(odd).get(ref(8)), { ref: ref(8), due: '2026-12-02', note: '' }, 'a summary of the wrong type is dropped, the flag kept');
  });
});
