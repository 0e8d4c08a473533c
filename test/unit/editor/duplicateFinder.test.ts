// The New Defect form's look-up of likely duplicates: one query once the summary rests, none while
// the user types faster than the debounce, none again for the same words, a newer summary's answer
// wins over an older query's, and the form lists what was found until the defect is created.
import assert from 'node:assert/strict';
import type { Filter } from '../../../src/api/index';
import type { DuplicateCandidate } from '../../../src/defects/duplicates';
import { DefectController } from '../../../src/editor/controller/defectController';
import { DEBOUNCE_MS, DuplicateFinder } from '../../../src/editor/controller/duplicateFinder';
import type { Schedule } from '../../../src/editor/controller/duplicateFinder';
import type { NewDefectPrefill } from '../../../src/editor/controller/newDefectFill';
import { fakeProject } from '../../support/fakeProject/project';
import { KEY, NOW } from './controllerSetup';

/** A timer run by hand: `fire()` runs what is due as if DEBOUNCE_MS had passed. */
class ManualTimer {
  private queue: { run: () => void; ms: number; cancelled: boolean }[] = [];
  readonly schedule: Schedule = (run, ms) => {
    const entry = { run, ms, cancelled: false };
    this.queue.push(entry);
    return { dispose: () => (entry.cancelled = true) };
  };
  get waiting(): number {
    return this.queue.filter((e) => !e.cancelled).length;
  }
  fire(): void {
    const due = this.queue.filter((e) => !e.cancelled);
    this.queue = [];
    for (const e of due) {
      assert.equal(e.ms, DEBOUNCE_MS);
      e.run();
    }
  }
}

const settle = () => new Promise((r) => setImmediate(r));

const STORE: DuplicateCandidate[] = [
  { id: 11, name: 'Checkout total ignores the discount', status: 'Closed' },
  { id: 12, name: 'Checkout discount missing', status: 'Open' },
  { id: 13, name: 'Login page slow', status: 'New' },
];

function recordingSearch() {
  const queries: string[] = [];
  const search = async (filter: Filter, rows: number, signal: AbortSignal): Promise<DuplicateCandidate[]> => {
    queries.push(JSON.stringify(filter));
    assert.equal(rows, 50);
    assert.ok(!signal.aborted);
    return STORE;
  };
  return { queries, search };
}

/** A loaded New Defect form pre-filled with `prefill`, its duplicate search recorded and its timer driven by hand. */
async function prefilledForm(prefill: NewDefectPrefill) {
  const timer = new ManualTimer();
  const { queries, search } = recordingSearch();
  const c = new DefectController({ api: fakeProject(), key: { ...KEY }, user: 'alice', now: () => NOW, findDuplicates: search, schedule: timer.schedule, prefill });
  await c.load();
  return { c, timer, queries };
}

describe('editor: likely duplicates of a new defect', () => {
  it('sends nothing while the summary changes faster than the debounce, then one query', async () => {
    const timer = new ManualTimer();
    const { queries, search } = recordingSearch();
    const results: number[][] = [];
    const finder = new DuplicateFinder(
      search,
      (d) => results.push(d.map((x) => x.id)),
      (e) => assert.fail(String(e)),
      timer.schedule,
    );
    for (const typed of ['Che', 'Checkout', 'Checkout dis', 'Checkout discount']) finder.summaryChanged(typed);
    assert.equal(timer.waiting, 1, 'each keystroke replaced the pending look-up');
    assert.equal(queries.length, 0);
    timer.fire();
    await settle();
    assert.equal(queries.length, 1);
    assert.deepEqual(results, [[12, 11]]);
    finder.summaryChanged('Checkout discount ');
    timer.fire();
    await settle();
    assert.equal(queries.length, 1, 'the same words are not asked for again');
    finder.dispose();
  });

  it("drops an older query's answer when the summary changed meanwhile", async () => {
    const timer = new ManualTimer();
    const answers: ((v: DuplicateCandidate[]) => void)[] = [];
    const signals: AbortSignal[] = [];
    const results: number[][] = [];
    const finder = new DuplicateFinder(
      (_f, _r, signal) => (signals.push(signal), new Promise((resolve) => answers.push(resolve))),
      (d) => results.push(d.map((x) => x.id)),
      (e) => assert.fail(String(e)),
      timer.schedule,
    );
    finder.summaryChanged('checkout discount');
    timer.fire();
    finder.summaryChanged('login page slow');
    timer.fire();
    assert.equal(signals[0].aborted, true, 'the older query is aborted');
    answers[1]([STORE[2]]);
    answers[0](STORE);
    await settle();
    assert.deepEqual(results, [[13]]);
    finder.dispose();
  });

  it('a failed look-up is asked again at the next change', async () => {
    const timer = new ManualTimer();
    let calls = 0;
    const errors: unknown[] = [];
    const finder = new DuplicateFinder(
      async () => {
        calls++;
        if (calls === 1) throw new Error('503');
        return STORE;
      },
      () => undefined,
      (e) => errors.push(e),
      timer.schedule,
    );
    finder.summaryChanged('checkout discount');
    timer.fire();
    await settle();
    finder.summaryChanged('checkout discount');
    timer.fire();
    await settle();
    assert.equal(calls, 2);
    assert.equal(errors.length, 1);
  });

  it('the form lists the duplicates of the typed summary, and none after the create', async () => {
    const timer = new ManualTimer();
    const { queries, search } = recordingSearch();
    const c = new DefectController({ api: fakeProject(), key: { ...KEY }, user: 'alice', now: () => NOW, findDuplicates: search, schedule: timer.schedule });
    await c.load();
    c.setField('name', 'Checkout discount wrong');
    assert.equal(c.status().duplicates, undefined, 'nothing before the summary rests');
    timer.fire();
    await settle();
    assert.equal(queries.length, 1);
    assert.deepEqual(
      c.status().duplicates?.map((d) => d.id),
      [12, 11],
    );
    c.setField('severity', '2-Medium');
    assert.equal(await c.save(), 'saved');
    assert.equal(c.status().duplicates, undefined);
    await c.dispose();
  });

  it('looks for duplicates of a pre-filled summary (a report) without typing', async () => {
    const { c, timer, queries } = await prefilledForm({ values: { name: 'Checkout discount ignored' } });
    timer.fire();
    await settle();
    assert.equal(queries.length, 1);
    assert.equal(c.status().duplicates?.length, 2);
    await c.dispose();
  });

  it("leaves a clone's own source out of its likely duplicates (issue 37)", async () => {
    const { c, timer } = await prefilledForm({ values: { name: 'Checkout discount ignored' }, origin: 'defect 12', sourceId: 12 });
    timer.fire();
    await settle();
    assert.deepEqual(
      c.status().duplicates?.map((d) => d.id),
      [11],
    );
    await c.dispose();
  });
});
