// The editor controller in plain Node: ver-stamp conflicts with field-by-field choices, ALM-style
// comments, status actions, snapshots for restoring unsaved work, and creating a defect.
import assert from 'node:assert/strict';
import { DefectController } from '../../../src/editor/controller/defectController';
import type { PersistedEditorState } from '../../../src/shared/editorProtocol';
import { fakeProject } from '../../support/fakeProject/project';
import { KEY, NOW, open, seeded } from './controllerSetup';
import { text } from '../../support/text';

describe('editor controller: ver-stamp conflicts', () => {
  it('offers the server value beside the user value, field by field, and saves the choices', async () => {
    const project = seeded();
    const { c } = await open(project);
    await c.edit();
    c.setField('priority', '3-High');
    c.setField('name', 'My summary');
    // Another user changed the defect meanwhile (the lock was lost and retaken in real life).
    project.changeAsOther(7, { priority: '2-Medium', status: 'Open' });
    assert.equal(await c.save(), 'conflict');
    const conflict = c.status().conflict!;
    assert.equal(conflict.serverVerStamp, 2);
    const rows = new Map(conflict.rows.map((r) => [r.field, r]));
    assert.deepEqual([...rows.keys()].sort(), ['name', 'priority', 'status']);
    assert.deepEqual(rows.get('priority'), { field: 'priority', label: 'Priority', server: '2-Medium', mine: '3-High', changedOnServer: true, changedByMe: true });
    assert.deepEqual(rows.get('status'), { field: 'status', label: 'Status', server: 'Open', mine: 'New', changedOnServer: true, changedByMe: false });
    assert.equal(conflict.rows[0].field, 'priority', 'true conflicts come first');
    assert.equal(
      project.calls.some((x) => x.startsWith('update')),
      false,
      'nothing is sent before the user chooses',
    );
    assert.equal(c.value('priority'), '3-High', 'nothing typed is lost');

    assert.equal(await c.resolveConflict({ priority: 'server' }), 'saved');
    const stored = project.store.get(7)!;
    assert.equal(stored.priority, '2-Medium');
    assert.equal(stored.status, 'Open', "the other user's change stays");
    assert.equal(stored.name, 'My summary');
    assert.equal(c.status().conflict, undefined);
  });

  it('dismissing the choice keeps every edit and asks again on the next save', async () => {
    const project = seeded();
    const { c } = await open(project);
    await c.edit();
    c.setField('name', 'Mine');
    project.changeAsOther(7, { name: 'Theirs' });
    assert.equal(await c.save(), 'conflict');
    c.dismissConflict();
    assert.equal(c.status().conflict, undefined);
    assert.equal(c.value('name'), 'Mine');
    assert.equal(await c.save(), 'conflict');
    assert.equal(await c.resolveConflict({ name: 'mine' }), 'saved');
    assert.equal(project.store.get(7)?.name, 'Mine');
  });

  it('does not ask when the server changed nothing since the edits', async () => {
    const project = seeded();
    const { c } = await open(project);
    await c.edit();
    c.setField('name', 'No race');
    assert.equal(await c.save(), 'saved');
  });

  it('Edit shows the latest server values when there are no edits yet', async () => {
    const project = seeded();
    const { c } = await open(project);
    project.changeAsOther(7, { priority: '3-High' });
    await c.edit();
    assert.equal(c.value('priority'), '3-High');
    assert.match(c.status().notice?.text ?? '', /changed on the server/);
    c.setField('name', 'After refresh');
    assert.equal(await c.save(), 'saved', 'no conflict: the edits were made on the latest version');
  });
});

describe('editor controller: comments, status actions, snapshots, new defects', () => {
  it('Add comment appends an ALM-style entry headed with the user and date', async () => {
    const project = seeded();
    const { c } = await open(project);
    await c.edit();
    c.addComment('First <look> at it\nsecond line');
    c.addComment('Follow-up');
    const html = text(c.value('dev-comments'));
    assert.match(html, /^<html><body>\n/);
    assert.match(html, /<b>alice, 2026-01-05:<\/b> First &lt;look&gt; at it<br \/>second line/);
    assert.match(html, /________________________________________/);
    assert.ok(html.indexOf('First') < html.indexOf('Follow-up'), 'newest last');
    assert.equal(await c.save(), 'saved');
    assert.equal(project.store.get(7)?.['dev-comments'], html);
  });

  it('a status action starts editing and sets only a value of the status list', async () => {
    const project = seeded();
    const { c } = await open(project);
    await c.setStatus('Fixed');
    assert.equal(c.lockPhase, 'editing');
    assert.deepEqual(c.dirty, ['status']);
    await assert.rejects(c.setStatus('Teleported'), /not a value of the status list/);
  });

  it('restores unsaved edits from a snapshot and compares against the version they were made on', async () => {
    const project = seeded();
    const first = await open(project);
    await first.c.edit();
    first.c.setField('priority', '3-High');
    const snapshot: PersistedEditorState = JSON.parse(JSON.stringify(first.c.status().persist)) as PersistedEditorState;
    assert.deepEqual(snapshot.edits, { priority: '3-High' });
    assert.deepEqual(snapshot.base, { priority: '1-Low' });
    assert.equal(snapshot.baseVerStamp, 1);
    await first.c.dispose();
    project.changeAsOther(7, { priority: '2-Medium' });

    const { c } = await open(project, { restore: snapshot });
    assert.equal(c.lockPhase, 'read-only');
    assert.equal(c.value('priority'), '3-High');
    assert.match(c.status().notice?.text ?? '', /Unsaved changes were restored/);
    await c.edit();
    assert.equal(c.value('priority'), '3-High', 'Edit does not overwrite restored edits');
    assert.equal(await c.save(), 'conflict');
    assert.deepEqual(
      c.status().conflict?.rows.map((r) => [r.field, r.server, r.mine]),
      [['priority', '2-Medium', '3-High']],
    );
  });

  it('creates a new defect with defaults, required checks and POST', async () => {
    const project = fakeProject();
    const c = new DefectController({ api: project, key: KEY, user: 'alice', now: () => NOW });
    await c.load();
    assert.equal(c.lockPhase, 'editing');
    assert.deepEqual(c.values().edits, { 'detected-by': 'alice', 'creation-time': '2026-01-05', status: 'New' });
    assert.deepEqual(c.status().problems, [], 'untouched required fields are not flagged before a save');
    assert.equal(await c.save(), 'invalid');
    assert.deepEqual(
      c
        .status()
        .problems.map((p) => p.field)
        .sort(),
      ['name', 'severity'],
    );
    c.setField('name', 'Brand new');
    c.setField('severity', '3-High');
    assert.equal(await c.save(), 'saved');
    assert.equal(c.defectKey.id, 100);
    assert.equal(c.init().isNew, false);
    assert.equal(c.lockPhase, 'read-only');
    assert.equal(project.store.get(100)?.name, 'Brand new');
  });
});
