// The inbox's polling schedule (issue 43), on an injected clock: the rate, slower while unfocused,
// doubling back-off after errors (reset by a success), and no timer at all while signed out.
import * as assert from 'node:assert/strict';
import { MAX_DELAY_MS, PollSchedule } from '../../../src/inbox/pollSchedule';
import type { PollClock, PollOutcome } from '../../../src/inbox/pollSchedule';

function fakeClock() {
  const timers = new Map<number, { fn: () => void; ms: number }>();
  let next = 1;
  const clock: PollClock = {
    setTimeout: (fn, ms) => {
      timers.set(next, { fn, ms });
      return next++;
    },
    clearTimeout: (h) => void timers.delete(h as number),
  };
  /** Fires the one armed timer and waits for the check it starts. */
  const fire = async (s: PollSchedule) => {
    assert.equal(timers.size, 1, 'one timer armed');
    const [id, t] = [...timers.entries()][0];
    timers.delete(id);
    t.fn();
    await s.runNow();
    return t.ms;
  };
  return { clock, timers, fire };
}

describe('inbox: polling schedule', () => {
  it('checks every interval while signed in, never while signed out', async () => {
    const { clock, timers, fire } = fakeClock();
    let checks = 0;
    const s = new PollSchedule(async () => {
      checks++;
      return 'ok';
    }, clock);
    s.setInterval(300);
    assert.equal(timers.size, 0, 'signed out: no timer');
    s.setActive(true);
    assert.equal(await fire(s), 300_000);
    assert.equal(await fire(s), 300_000);
    assert.equal(checks, 2);
    s.setActive(false);
    assert.equal(timers.size, 0);
    assert.equal(s.nextDelayMs, undefined);
  });

  it('waits four times as long while the window is unfocused, and 0 turns the checks off', () => {
    const { clock, timers } = fakeClock();
    const s = new PollSchedule(async () => 'ok', clock);
    s.setInterval(300);
    s.setActive(true);
    s.setFocused(false);
    assert.deepEqual(
      [...timers.values()].map((t) => t.ms),
      [1_200_000],
    );
    s.setInterval(0);
    assert.equal(timers.size, 0);
  });

  it('backs off after errors, doubling up to an hour, and returns to the interval after a success', async () => {
    const { clock, fire } = fakeClock();
    const outcomes: PollOutcome[] = ['error', 'error', 'error', 'error', 'error', 'error', 'ok'];
    const s = new PollSchedule(async () => outcomes.shift() ?? 'ok', clock);
    s.setInterval(300);
    s.setActive(true);
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) waits.push(await fire(s));
    assert.deepEqual(waits, [300_000, 600_000, 1_200_000, 2_400_000, MAX_DELAY_MS, MAX_DELAY_MS, MAX_DELAY_MS, 300_000]);
  });

  it('counts a thrown check as an error and never overlaps checks', async () => {
    const { clock, timers } = fakeClock();
    let release!: () => void;
    let calls = 0;
    const s = new PollSchedule(() => {
      calls++;
      return new Promise<PollOutcome>((_r, reject) => (release = () => reject(new Error('down'))));
    }, clock);
    s.setInterval(60);
    s.setActive(true);
    const first = s.runNow();
    const second = s.runNow();
    assert.equal(timers.size, 0, 'no timer while a check runs');
    release();
    await Promise.all([first, second]);
    assert.equal(calls, 1);
    assert.equal(s.nextDelayMs, 120_000);
  });
});
