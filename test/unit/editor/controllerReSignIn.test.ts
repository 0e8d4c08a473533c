// A save never goes through without the lock it was made under (issue 14, item 8). When the
// session expired and the client signed in again, the server had released the editor's lock:
// the save takes the lock again and re-reads the defect first; a change made meanwhile shows
// the field-by-field conflict view, a lock someone else took is reported, and the edits stay.
import assert from 'node:assert/strict';
import { open, seeded } from './controllerSetup';

describe('editor controller: saving after a re-sign-in', () => {
  it('re-takes the lock before the update and saves when nothing changed meanwhile', async () => {
    const project = seeded();
    const { c } = await open(project);
    await c.edit();
    c.setField('name', 'Edited before the session expired');
    project.expireSession();
    project.calls.length = 0;
    assert.equal(await c.save(), 'saved');
    assert.deepEqual(
      project.calls.map((x) => x.split(' ')[0]),
      ['lock', 'get', 'update'],
    );
    assert.equal(project.locks_.get(7)?.user, 'alice', 'the editor holds the lock again');
    assert.equal(project.store.get(7)?.name, 'Edited before the session expired');
    assert.equal(c.lockPhase, 'editing');
  });

  it('shows the conflict view when another user changed the defect while the lock was gone', async () => {
    const project = seeded();
    const { c } = await open(project);
    await c.edit();
    c.setField('priority', '3-High');
    project.expireSession();
    project.changeAsOther(7, { priority: '2-Medium' });
    assert.equal(await c.save(), 'conflict');
    const rows = c.status().conflict?.rows ?? [];
    assert.deepEqual(
      rows.map((r) => [r.field, r.server, r.mine]),
      [['priority', '2-Medium', '3-High']],
    );
    assert.equal(
      project.calls.some((x) => x.startsWith('update')),
      false,
      'nothing written before the user chooses',
    );
    assert.equal(project.locks_.get(7)?.user, 'alice');
    assert.equal(c.value('priority'), '3-High');
    assert.equal(await c.resolveConflict({ priority: 'mine' }), 'saved');
    assert.equal(project.store.get(7)?.priority, '3-High');
  });

  it('tells the user who holds the lock now, writes nothing and keeps the edits', async () => {
    const project = seeded();
    const { c } = await open(project);
    await c.edit();
    c.setField('name', 'Mine, kept');
    project.expireSession();
    project.lockAsOther(7, 'bob');
    project.changeAsOther(7, { name: "Bob's" });
    assert.equal(await c.save(), 'lost');
    assert.equal(c.lockPhase, 'lost');
    assert.match(c.status().notice?.text ?? '', /bob holds the lock now.*nothing was saved.*Your changes are kept/);
    assert.equal(c.value('name'), 'Mine, kept');
    assert.equal(
      project.calls.some((x) => x.startsWith('update')),
      false,
    );
    assert.equal(project.store.get(7)?.name, "Bob's");
  });

  it("a session renewed by the save's own read re-takes the lock and reads again before writing", async () => {
    const project = seeded();
    const { c } = await open(project);
    await c.edit();
    c.setField('name', 'Renewed mid-save');
    let expireOnce = true;
    project.beforeGet = () => {
      if (!expireOnce) return;
      expireOnce = false;
      project.expireSession();
      project.changeAsOther(7, { status: 'Open' });
    };
    project.calls.length = 0;
    assert.equal(await c.save(), 'conflict', 'the change made while the lock was gone is shown');
    assert.deepEqual(
      project.calls.map((x) => x.split(' ')[0]),
      ['re-sign-in', 'get', 'lock', 'get'],
    );
    assert.equal(project.locks_.get(7)?.user, 'alice');
  });

  it('an update whose lock is lost on the way is not sent without it: the lock is taken again and the save retried', async () => {
    const project = seeded();
    const { c } = await open(project);
    await c.edit();
    c.setField('name', 'Second try');
    // The PUT meets an expired session: the client signs in again and must not replay it.
    project.beforeUpdate = () => {
      project.beforeUpdate = undefined;
      project.expireSession();
    };
    project.calls.length = 0;
    assert.equal(await c.save(), 'saved');
    const kinds = project.calls.map((x) => x.replace(/ \{.*$/, ''));
    assert.deepEqual(kinds, ['get 7', 're-sign-in', 'update 7 refused: lock lost', 'lock 7', 'get 7', 'update 7']);
    assert.equal(project.store.get(7)?.name, 'Second try');
  });
});
