// The editor controller in plain Node against an in-memory project: loading, field views, edits
// and the dirty set, validation as the user types, and the lock state machine.
import assert from 'node:assert/strict';
import { NetworkError } from '../../../src/api/index';
import { DefectController } from '../../../src/editor/controller/defectController';
import { fakeProject } from '../../support/fakeProject/project';
import { KEY, open, seeded } from './controllerSetup';

describe('editor controller: loading and field views', () => {
  it('loads the defect read-only with every field grouped and typed', async () => {
    const { c, changes } = await open(seeded());
    assert.equal(c.lockPhase, 'read-only');
    assert.deepEqual(changes.slice(0, 3), ['init', 'values', 'status']);
    const views = new Map(c.init().fields.map((f) => [f.name, f]));
    assert.equal(views.get('name')?.group, 'details');
    assert.equal(views.get('name')?.required, true);
    assert.equal(views.get('name')?.maxLength, 255);
    assert.equal(views.get('owner')?.input, 'user');
    assert.equal(views.get('owner')?.group, 'people');
    assert.deepEqual(
      views.get('owner')?.options?.map((o) => o.value),
      ['alice', 'bob', 'carol'],
    );
    assert.equal(views.get('creation-time')?.input, 'date');
    assert.equal(views.get('creation-time')?.group, 'dates');
    assert.equal(views.get('creation-time')?.maxLength, undefined, 'no counter on a date');
    assert.equal(views.get('detected-in-rel')?.input, 'resource');
    assert.equal(views.get('detected-in-rel')?.resourceType, 'release');
    assert.equal(views.get('estimated-fix-time')?.input, 'integer');
    assert.equal(views.get('user-04')?.input, 'float');
    assert.equal(views.get('user-02')?.multiple, true);
    assert.equal(views.get('user-02')?.group, 'user-defined');
    assert.equal(views.get('description')?.input, 'memo');
    assert.equal(views.get('ver-stamp')?.readOnly, true);
    assert.equal(views.get('last-modified')?.readOnly, true);
    assert.deepEqual(views.get('subject')?.options, [
      { value: 'Accounts', path: 'Accounts' },
      { value: 'Login', path: 'Accounts / Login' },
      { value: 'Billing', path: 'Accounts / Billing' },
      { value: 'Orders', path: 'Orders' },
      { value: 'Checkout', path: 'Orders / Checkout' },
      { value: 'Payment', path: 'Orders / Checkout / Payment' },
    ]);
    assert.deepEqual(c.init().statusValues, ['New', 'Open', 'Fixed', 'Closed']);
    assert.equal(c.values().server.name, 'Total is wrong');
    assert.equal(c.status().persist?.key.id, 7);
  });

  it('reports a defect that cannot be read as an error state with the reason', async () => {
    const project = fakeProject();
    const c = new DefectController({ api: project, key: { ...KEY, id: 404 }, user: 'alice' });
    await c.load();
    assert.equal(c.lockPhase, 'error');
    assert.match(c.status().notice?.text ?? '', /Defect 404 does not exist/);
  });
});

describe('editor controller: editing under a lock', () => {
  it('ignores edits while read-only, and accepts them once the lock is held', async () => {
    const project = seeded();
    const { c } = await open(project);
    c.setField('name', 'Changed without a lock');
    assert.deepEqual(c.dirty, []);
    await c.edit();
    assert.equal(c.lockPhase, 'editing');
    assert.equal(c.holdsLock, true);
    assert.deepEqual(project.calls.slice(-2), ['lock 7', 'get 7'], 'Edit locks, then re-reads the latest version');
    c.setField('name', 'Changed');
    c.setField('priority', '3-High');
    assert.deepEqual(c.dirty.sort(), ['name', 'priority']);
    c.setField('priority', '1-Low');
    assert.deepEqual(c.dirty, ['name'], 'setting the original value back clears the field from the dirty set');
  });

  it('validates from the metadata as the user types', async () => {
    const { c } = await open(seeded());
    await c.edit();
    c.setField('name', '');
    c.setField('priority', 'Whenever');
    c.setField('estimated-fix-time', '3 days');
    c.setField('user-03', 'x'.repeat(41));
    const byField = new Map(c.status().problems.map((p) => [p.field, p.message]));
    assert.match(byField.get('name') ?? '', /Summary is required/);
    assert.match(byField.get('priority') ?? '', /not a value of Priority/);
    assert.match(byField.get('estimated-fix-time') ?? '', /whole number/);
    assert.match(byField.get('user-03') ?? '', /longer than 40/);
    c.setField('name', 'Fine again');
    assert.equal(
      c.status().problems.some((p) => p.field === 'name'),
      false,
    );
  });

  it('saves only the changed fields and shows the server result', async () => {
    const project = seeded();
    const { c } = await open(project);
    await c.edit();
    c.setField('priority', '3-High');
    c.setField('estimated-fix-time', 5);
    c.setField('user-02', ['Windows', 'Linux']);
    c.setField('owner', 'carol');
    assert.equal(await c.save(), 'saved');
    assert.equal(c.lockPhase, 'editing', 'Save keeps the lock for more edits');
    const update = project.calls.find((x) => x.startsWith('update'));
    assert.deepEqual(JSON.parse(update!.slice('update 7 '.length)), { priority: '3-High', 'estimated-fix-time': 5, 'user-02': ['Windows', 'Linux'], owner: 'carol' });
    const stored = project.store.get(7)!;
    assert.equal(stored.priority, '3-High');
    assert.equal(stored['ver-stamp'], 2);
    assert.deepEqual(c.dirty, []);
    assert.equal(c.values().server['ver-stamp'], 2);
    assert.equal(c.values().server.owner, 'carol');
  });

  it('refuses to save invalid edits and sends nothing', async () => {
    const project = seeded();
    const { c } = await open(project);
    await c.edit();
    c.setField('severity', null);
    assert.equal(await c.save(), 'invalid');
    assert.equal(
      project.calls.some((x) => x.startsWith('update')),
      false,
    );
    assert.match(c.status().problems[0].message, /Severity is required/);
  });

  it('Save & Close releases the lock', async () => {
    const project = seeded();
    const { c } = await open(project);
    await c.edit();
    c.setField('name', 'Closed after save');
    assert.equal(await c.save({ close: true }), 'saved');
    assert.equal(c.lockPhase, 'read-only');
    assert.equal(project.locks_.size, 0);
    assert.equal(project.calls.at(-1), 'release 7');
  });

  it('stays read-only and names the holder when another user holds the lock; Retry takes it once free', async () => {
    const project = seeded();
    project.lockAsOther(7, 'bob');
    const { c } = await open(project);
    await c.edit();
    assert.equal(c.lockPhase, 'locked-by-other');
    assert.deepEqual(c.status().lock, { phase: 'locked-by-other', holder: 'bob', since: '2026-01-05 09:30:00' });
    project.locks_.delete(7);
    await c.retry();
    assert.equal(c.lockPhase, 'editing');
    assert.equal(c.status().lock.holder, undefined);
  });

  it('a lost lock makes the editor read-only with the edits kept; Retry resumes editing', async () => {
    const project = seeded();
    const { c } = await open(project);
    await c.edit();
    c.setField('name', 'Typed before the lock was lost');
    project.loseLock(7);
    c.checkLock();
    assert.equal(c.lockPhase, 'lost');
    assert.match(c.status().notice?.text ?? '', /lock on this defect was lost/);
    assert.equal(c.value('name'), 'Typed before the lock was lost');
    c.setField('name', 'ignored while lost');
    assert.equal(c.value('name'), 'Typed before the lock was lost');
    await c.retry();
    assert.equal(c.lockPhase, 'editing');
    assert.equal(c.value('name'), 'Typed before the lock was lost');
    assert.equal(await c.save(), 'saved');
    assert.equal(project.store.get(7)?.name, 'Typed before the lock was lost');
  });

  it('a save whose read finds the session expired (lock gone) re-takes the lock and shows the change made meanwhile, writing nothing', async () => {
    const project = seeded();
    const { c } = await open(project);
    await c.edit();
    c.setField('name', 'Mine, typed under the lock');
    const get = project.defects.get;
    let first = true;
    project.defects.get = async (id) => {
      if (!first) return get(id);
      first = false;
      // The client signs in again during this read; the server already released the old session's lock.
      project.loseLock(7);
      const latest = await get(id);
      project.changeAsOther(7, { name: 'Bob saved this after my read' });
      return latest;
    };
    // Issue 14: the save takes the lock again and re-reads, so Bob's save is compared, never overwritten.
    assert.equal(await c.save(), 'conflict');
    assert.equal(project.store.get(7)?.name, 'Bob saved this after my read');
    assert.deepEqual(
      c.status().conflict?.rows.map((r) => [r.field, r.server, r.mine]),
      [['name', 'Bob saved this after my read', 'Mine, typed under the lock']],
    );
    assert.equal(project.locks_.get(7)?.user, 'alice');
    assert.equal(c.value('name'), 'Mine, typed under the lock');
  });

  it('Cancel discards the edits and releases the lock', async () => {
    const project = seeded();
    const { c } = await open(project);
    await c.edit();
    c.setField('name', 'Discard me');
    await c.cancel();
    assert.equal(c.lockPhase, 'read-only');
    assert.deepEqual(c.dirty, []);
    assert.equal(c.value('name'), 'Total is wrong');
    assert.equal(project.locks_.size, 0);
  });

  it('an unexpected save error keeps the form editable with the edits and the lock, and Save then tries again', async () => {
    const project = seeded();
    const { c } = await open(project);
    await c.edit();
    c.setField('name', 'Kept after a network error');
    project.failUpdate = new NetworkError('The server could not be reached (ECONNRESET).', 'ECONNRESET');
    assert.equal(await c.save(), 'failed');
    assert.equal(c.lockPhase, 'editing', 'Save is there to click again');
    assert.equal(project.locks_.size, 1, 'the lock is kept while the form is edited');
    assert.equal(c.value('name'), 'Kept after a network error');
    assert.match(c.status().notice?.text ?? '', /ECONNRESET.*kept; click Save to try again/);
    project.failUpdate = undefined;
    assert.equal(await c.save(), 'saved');
    assert.equal(project.store.get(7)?.name, 'Kept after a network error');
    await c.cancel();
    assert.equal(project.locks_.size, 0, 'Cancel gives the lock back');
  });

  it('dispose releases the lock, also when it arrives while the lock is being taken', async () => {
    const project = seeded();
    const { c } = await open(project);
    const editing = c.edit();
    await c.dispose();
    await editing;
    assert.equal(project.locks_.size, 0);
    const again = await open(project);
    await again.c.edit();
    await again.c.dispose();
    assert.equal(project.locks_.size, 0);
  });
});

describe('editor controller: telling others about a save', () => {
  it('hands the server copy to onSaved after a save, and nothing after a failed one', async () => {
    const project = seeded();
    const saved: { id: number; name?: string; 'ver-stamp'?: number }[] = [];
    const { c } = await open(project, { onSaved: (d) => saved.push(d) });
    await c.edit();
    c.setField('name', 'Renamed');
    assert.equal(await c.save(), 'saved');
    assert.equal(saved.length, 1);
    assert.equal(saved[0].id, 7);
    assert.equal(saved[0].name, 'Renamed');
    assert.equal(saved[0]['ver-stamp'], 2, 'the copy after the save, not before');
    c.setField('name', '');
    assert.equal(await c.save(), 'invalid');
    assert.equal(saved.length, 1);
  });
});
