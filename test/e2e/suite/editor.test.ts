// The defect editor in a real VS Code against the project's ALM server: opening (one panel per
// defect), editing several field types under the lock and saving (checked on the server through
// the client as another user), a lock held by bob making the editor read-only, a concurrent
// change by bob producing the field-by-field choice, closing releasing the lock, deactivation
// releasing locks while keeping edits, and creating a defect (revealed and selected in the tree).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AlmClient } from '../../../src/api/index';
import type { ProjectApi } from '../../../src/api/index';
import type { DefectController } from '../../../src/editor/controller/defectController';
import type { AlmDefectsApi } from '../../../src/extension';
import type { DefectKey } from '../../../src/shared/editorProtocol';
import { e2eAlmServer, signIn } from '../environment';
import { deleteServerLock, serverLocksOn } from '../oracle';
import { DEMO, activate, bobProject, signInAs, until } from './support';

let api: AlmDefectsApi;
let bob: AlmClient;
let bobDemo: ProjectApi;

function editorTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes('almDefects.defect'));
}

/** Opens a defect the way the tree and "ALM: Open Defect…" do, and waits until it is loaded. */
async function open(id: number): Promise<DefectController> {
  await vscode.commands.executeCommand('almDefects.openDefect', { ...DEMO, id });
  const key: DefectKey = { ...DEMO, id };
  const controller = await until(`the editor of defect ${id}`, () => api.editor.controller(key));
  await until(`defect ${id} loaded`, () => controller.lockPhase !== 'loading');
  return controller;
}

/** The locks the server holds on a defect (read as bob, who sees everyone's). */
async function locksOn(id: number): Promise<{ user: string; id: number }[]> {
  const server = e2eAlmServer();
  const cookie = await signIn(server, server.users[1]);
  return serverLocksOn(server, cookie, id);
}

/** The editor tab of a defect once its label matches (the workbench applies a new title asynchronously). */
async function tabOf(id: number, dirty?: boolean): Promise<vscode.Tab> {
  const prefix = dirty === undefined ? /^(● )?/ : dirty ? /^● / : /^/;
  const label = new RegExp(`${prefix.source}${id}: `);
  return until(
    `the tab of defect ${id} (${editorTabs()
      .map((t) => t.label)
      .join(', ')})`,
    () => editorTabs().find((t) => label.test(t.label)),
  );
}

async function closeTabOf(id: number): Promise<void> {
  await vscode.window.tabGroups.close(await tabOf(id));
}

describe('editor: defects edited in a real VS Code', function () {
  this.timeout(60_000);

  before(async () => {
    api = await activate();
    await signInAs('Demo');
    ({ client: bob, demo: bobDemo } = bobProject());
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await bob?.dispose();
    await vscode.commands.executeCommand('almDefects.signOut', { server: 'Demo' });
  });

  it('opens one panel per defect, and opening again reveals it', async () => {
    const c = await open(41);
    assert.equal(c.lockPhase, 'read-only');
    const name = String((await bobDemo.defects.get(41)).name);
    assert.equal(c.title, name);
    await tabOf(41);
    await open(41);
    const tabs = editorTabs().filter((t) => /^(Defect )?41\b|^41:/.test(t.label));
    assert.equal(
      tabs.length,
      1,
      `tabs: ${editorTabs()
        .map((t) => t.label)
        .join(', ')}`,
    );
    assert.equal(tabs[0].label, `41: ${name.length > 40 ? `${name.slice(0, 39)}…` : name}`);
    assert.ok(
      c.init().fields.some((f) => f.name === 'user-02' && f.multiple),
      'fields come from the server metadata',
    );
    await closeTabOf(41);
    await until('the editor of 41 to go', () => !api.editor.openKeys().some((k) => k.id === 41));
  });

  it('edits several field types under the lock, saves only them, and the server has them', async () => {
    const c = await open(42);
    await c.edit();
    assert.equal(c.lockPhase, 'editing');
    assert.deepEqual(
      (await locksOn(42)).map((l) => l.user),
      ['alice'],
    );
    const before = await bobDemo.defects.get(42);
    const priority = before.priority === '5-Urgent' ? '1-Low' : '5-Urgent';
    c.setField('priority', priority);
    c.setField('estimated-fix-time', 13);
    c.setField('user-02', ['Linux', 'Windows']);
    c.setField('closing-date', '2026-02-03');
    c.setField('user-03', 'CR-4711');
    c.setField('owner', 'bob');
    c.setField('description', '<html><body>\n<p>Edited in <b>VS Code</b></p>\n</body></html>');
    await tabOf(42, true);
    assert.equal(await c.save(), 'saved');
    const after = await bobDemo.defects.get(42);
    assert.equal(after.priority, priority);
    assert.equal(after['estimated-fix-time'], 13);
    assert.deepEqual([...(after['user-02'] as string[])].sort(), ['Linux', 'Windows']);
    assert.equal(after['closing-date'], '2026-02-03');
    assert.equal(after['user-03'], 'CR-4711');
    assert.equal(after.owner, 'bob');
    assert.match(String(after.description), /Edited in <b>VS Code<\/b>/);
    assert.equal(after.name, before.name, 'untouched fields stay');
    assert.equal(after['ver-stamp'], (before['ver-stamp'] ?? 0) + 1, 'one update');
    assert.deepEqual(c.dirty, []);
    await tabOf(42, false);
    await closeTabOf(42);
    await until('the lock on 42 to be released', async () => (await locksOn(42)).length === 0);
  });

  it('stays read-only while bob holds the lock, naming him, and edits once he let go', async () => {
    const lock = await bobDemo.locks.acquire({ type: 'defect', id: 43 });
    try {
      const c = await open(43);
      await c.edit();
      assert.equal(c.lockPhase, 'locked-by-other');
      assert.equal(c.status().lock.holder, 'bob');
      assert.match(c.status().lock.since ?? '', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      c.setField('name', 'not while bob edits');
      assert.deepEqual(c.dirty, []);
    } finally {
      await lock.release();
    }
    const c = api.editor.controller({ ...DEMO, id: 43 });
    assert.ok(c);
    await c.retry();
    assert.equal(c.lockPhase, 'editing');
    await closeTabOf(43);
    await until('the lock on 43 to be released', async () => (await locksOn(43)).length === 0);
  });

  it("offers bob's concurrent change beside alice's, field by field, and saves her choices", async () => {
    const c = await open(44);
    await c.edit();
    c.setField('name', 'Alice renamed it');
    c.setField('user-03', 'ALICE-1');
    // Alice's lock is lost (here: released by another session of hers); bob changes the defect meanwhile.
    const server = e2eAlmServer();
    const cookie = await signIn(server, server.users[0]);
    for (const l of await locksOn(44)) assert.equal(await deleteServerLock(server, cookie, l), 200);
    const before = await bobDemo.defects.get(44);
    await bobDemo.defects.update(44, { name: 'Bob renamed it', priority: before.priority === '3-High' ? '2-Medium' : '3-High' });
    const bobs = await bobDemo.defects.get(44);

    assert.equal(await c.save(), 'conflict');
    const rows = new Map(c.status().conflict?.rows.map((r) => [r.field, r]));
    assert.deepEqual(rows.get('name'), { field: 'name', label: 'Summary', server: 'Bob renamed it', mine: 'Alice renamed it', changedOnServer: true, changedByMe: true });
    assert.equal(rows.get('priority')?.changedOnServer, true);
    assert.equal(rows.get('priority')?.changedByMe, false);
    assert.equal(rows.get('user-03')?.changedByMe, true);
    assert.equal((await bobDemo.defects.get(44))['ver-stamp'], bobs['ver-stamp'], 'nothing was saved before the choice');

    assert.equal(await c.resolveConflict({ name: 'mine', priority: 'server', 'user-03': 'mine' }), 'saved');
    const after = await bobDemo.defects.get(44);
    assert.equal(after.name, 'Alice renamed it');
    assert.equal(after.priority, bobs.priority, "bob's priority stays");
    assert.equal(after['user-03'], 'ALICE-1');
    await c.release();
    await closeTabOf(44);
  });

  it('releases every lock on deactivation while keeping the unsaved edits', async () => {
    const c = await open(45);
    await c.edit();
    c.setField('user-03', 'kept across a reload');
    assert.deepEqual(
      (await locksOn(45)).map((l) => l.user),
      ['alice'],
    );
    await api.editor.releaseAllLocks();
    assert.deepEqual(await locksOn(45), []);
    assert.equal(c.lockPhase, 'read-only');
    assert.equal(c.value('user-03'), 'kept across a reload');
    assert.deepEqual(c.status().persist?.edits, { 'user-03': 'kept across a reload' });
    await c.cancel();
    await closeTabOf(45);
  });

  it('creates a new defect from the editor (POST) with the required fields', async () => {
    await vscode.commands.executeCommand('almDefects.newDefect', DEMO);
    const c = await until('the new-defect editor', () => api.editor.controller({ ...DEMO }));
    await until('the new defect form', () => c.lockPhase === 'editing');
    assert.equal(c.value('detected-by'), 'alice');
    assert.equal(await c.save(), 'invalid', 'Summary and Severity are required');
    assert.deepEqual(
      c
        .status()
        .problems.map((p) => p.field)
        .sort(),
      ['name', 'severity'],
    );
    c.setField('name', 'Created from the VS Code editor');
    c.setField('severity', '3-High');
    assert.equal(await c.save(), 'saved');
    const id = c.defectKey.id;
    assert.ok(id);
    const created = await bobDemo.defects.get(id);
    assert.equal(created.name, 'Created from the VS Code editor');
    assert.equal(created.severity, '3-High');
    assert.equal(created['detected-by'], 'alice');
    assert.ok(
      api.editor.openKeys().some((k) => k.id === id),
      'the editor now shows the created defect',
    );
    // The tree reloads the project's defects and selects the new row, leaving the editor in front.
    const rowId = `alm:Demo/DEFAULT/Demo/defects/${id}`;
    const row = await until(`defect ${id}'s row selected in the tree`, () => api.selection().find((n) => n.id === rowId));
    assert.deepEqual(
      api.selection().map((n) => n.id),
      [rowId],
      'only the new row is selected',
    );
    assert.equal(api.treeItem(row).label, `${id}: Created from the VS Code editor`);
    assert.equal(row.parent?.id, 'alm:Demo/DEFAULT/Demo/defects', 'under the project\'s "Defects"');
    assert.ok((await tabOf(id)).isActive, 'the editor stays the active tab');
    await closeTabOf(id);

    // Grouped by severity, the new row is revealed inside its severity's group.
    await vscode.commands.executeCommand('almDefects.groupBy', 'severity');
    try {
      await vscode.commands.executeCommand('almDefects.newDefect', DEMO);
      const g = await until('a second new-defect editor', () => api.editor.controller({ ...DEMO }));
      await until('the second new defect form', () => g.lockPhase === 'editing');
      g.setField('name', 'Created while the tree is grouped');
      g.setField('severity', '5-Urgent');
      assert.equal(await g.save(), 'saved');
      const second = g.defectKey.id;
      assert.ok(second && second !== id);
      const groupedRowId = `alm:Demo/DEFAULT/Demo/defects/severity=5-Urgent/${second}`;
      const grouped = await until(`defect ${second}'s row selected in its group`, () => api.selection().find((n) => n.id === groupedRowId));
      assert.equal(api.treeItem(grouped).label, `${second}: Created while the tree is grouped`);
      assert.equal(grouped.parent?.parent?.id, 'alm:Demo/DEFAULT/Demo/defects');
      await closeTabOf(second);
    } finally {
      await vscode.commands.executeCommand('almDefects.groupBy', 'none');
    }
  });
});
