import * as assert from 'node:assert/strict';
import { describeRemoteChange, lastCommentAuthor } from '../../../src/editor/controller/remoteChange';
import { appendComment } from '../../../src/defects/comments';
import { RefreshScheduler } from '../../../src/refresh/scheduler';
import type { SchedulerClock } from '../../../src/refresh/scheduler';
import { open, seeded } from '../editor/controllerSetup';

function fakeClock() {
  const timers = new Map<number, { fn: () => void; ms: number }>();
  let next = 1;
  const clock: SchedulerClock = {
    setInterval: (fn, ms) => {
      timers.set(next, { fn, ms });
      return next++;
    },
    clearInterval: (h) => void timers.delete(h as number),
  };
  return { clock, timers };
}

describe('refresh: scheduler', () => {
  it('arms one timer at the interval only while the window is focused and the interval is not 0', () => {
    const { clock, timers } = fakeClock();
    const s = new RefreshScheduler([], () => undefined, clock);
    assert.equal(s.active, false);
    s.setInterval(60);
    assert.equal(s.active, true);
    assert.deepEqual(
      [...timers.values()].map((t) => t.ms),
      [60_000],
    );
    s.setFocused(false);
    assert.equal(timers.size, 0);
    s.setFocused(true);
    s.setInterval(0);
    assert.equal(timers.size, 0);
    s.setInterval(5);
    s.dispose();
    assert.equal(timers.size, 0);
  });

  it('runs every check per tick, reports failures without stopping, and never overlaps ticks', async () => {
    const ran: string[] = [];
    const errors: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const s = new RefreshScheduler(
      [
        { name: 'a', run: async () => void ran.push('a') },
        {
          name: 'b',
          run: async () => {
            ran.push('b');
            await gate;
            throw new Error('boom');
          },
        },
      ],
      (check, e) => errors.push(`${check}: ${(e as Error).message}`),
    );
    const first = s.tick();
    await s.tick(); // dropped: the first is still running
    release();
    await first;
    assert.deepEqual(ran, ['a', 'b']);
    assert.deepEqual(errors, ['b: boom']);
  });
});

describe('refresh: the editor reloads a defect someone else changed', () => {
  it('reads only the ver-stamp while nothing changed', async () => {
    const project = seeded();
    const { c } = await open(project);
    project.calls.length = 0;
    assert.equal(await c.checkForChanges(), false);
    assert.deepEqual(project.calls, ['get 7']);
  });

  it('reloads in read mode and names the author of a new comment and the changed fields', async () => {
    const project = seeded();
    const { c, changes } = await open(project);
    project.changeAsOther(7, { status: 'Open', 'dev-comments': appendComment(null, 'bob', new Date(2026, 0, 6), 'Looking at it') });
    changes.length = 0;
    assert.equal(await c.checkForChanges(), true);
    assert.equal(c.value('status'), 'Open');
    assert.ok(changes.includes('values'));
    assert.match(c.status().notice?.text ?? '', /Reloaded: bob changed this defect on the server \(.*Status.*\)/);
  });

  it("names who changed it from the server's audit trail where it keeps one, also without a comment (issue 37)", async () => {
    const project = seeded();
    const { c } = await open(project);
    const entry = { id: 1, time: '2026-01-06 10:00:00', user: 'carol', action: 'UPDATE', changes: [] };
    Object.assign(project, { history: { of: async () => ({ available: true, entries: [entry], total: 1 }) } });
    project.changeAsOther(7, { status: 'Open' });
    assert.equal(await c.checkForChanges(), true);
    assert.match(c.status().notice?.text ?? '', /^Reloaded: carol changed this defect on the server \(Status\)/);
  });

  it('never touches an editor in edit mode', async () => {
    const project = seeded();
    const { c } = await open(project);
    await c.edit();
    c.setField('name', 'My edit');
    project.changeAsOther(7, { name: 'Theirs' });
    project.calls.length = 0;
    assert.equal(await c.checkForChanges(), false);
    assert.deepEqual(project.calls, []);
    assert.equal(c.value('name'), 'My edit');
  });

  it('describes a change without a comment as made by someone', () => {
    const text = describeRemoteChange({ status: 'New', 'ver-stamp': 1 }, { status: 'Fixed', 'ver-stamp': 2, 'last-modified': '2026-01-06 10:00:00' }, (f) => f.toUpperCase());
    assert.equal(text, 'Reloaded: someone changed this defect on the server (STATUS) at 2026-01-06 10:00:00.');
    assert.equal(lastCommentAuthor('<b>alice, 2026-01-01:</b> a ____ <b>carol &amp; co, 2026-01-02:</b> b'), 'carol & co');
  });

  it('says "you" when the signed-in user made the change elsewhere (Update Selected, another window), and names anyone else', () => {
    const before = { severity: '5-Urgent', 'ver-stamp': 1 };
    const after = { severity: '3-High', 'ver-stamp': 2, 'last-modified': '2026-12-02 16:45:07' };
    const label = (f: string) => (f === 'severity' ? 'Severity' : f);
    assert.equal(describeRemoteChange(before, after, label, { auditUser: 'alice', me: 'alice' }), 'Reloaded: you changed this defect elsewhere (Severity) at 2026-12-02 16:45:07.');
    assert.equal(describeRemoteChange(before, after, label, { auditUser: 'bob', me: 'alice' }), 'Reloaded: bob changed this defect on the server (Severity) at 2026-12-02 16:45:07.');
  });

  it('names the feature of this window that changed the defect (Start Work, Update Selected, Chat)', () => {
    const before = { owner: 'bob', status: 'New', 'ver-stamp': 1 };
    const after = { owner: 'alice', status: 'Open', 'ver-stamp': 2, 'last-modified': '2026-12-02 21:05:19' };
    const label = (f: string) => ({ owner: 'Assigned To', status: 'Status' })[f] ?? f;
    assert.equal(describeRemoteChange(before, after, label, { me: 'alice', writer: 'work' }), 'Reloaded after Start Work (Assigned To, Status) at 2026-12-02 21:05:19.');
    assert.equal(describeRemoteChange(before, after, label, { me: 'alice', writer: 'bulk' }), 'Reloaded after Update Selected (Assigned To, Status) at 2026-12-02 21:05:19.');
    assert.equal(describeRemoteChange(before, after, label, { me: 'alice', writer: 'chat' }), 'Reloaded after a change from Chat (Assigned To, Status) at 2026-12-02 21:05:19.');
  });
});
