// Views that stay current: a visible defect editor in read mode reloads when bob changed the defect
// (and names him), an editor in edit mode keeps the user's edits, the tree's loaded rows update in
// place (same row, still selected) and are marked until opened, and nothing is scheduled while the
// interval is 0 or the window is unfocused.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AlmClient, ProjectApi } from '../../../src/api/index';
import { appendComment } from '../../../src/defects/comments';
import type { AlmDefectsApi } from '../../../src/extension';
import type { DefectNode } from '../../../src/tree/nodes/defectNode';
import type { TreeNode } from '../../../src/tree/nodes/treeNode';
import { DEMO, activate, bobProject, signInAs, until } from './support';
import { SettingsScope } from './workflowSupport';
import { labelText, text } from '../../support/text';

let api: AlmDefectsApi;
let bob: AlmClient;
let bobDemo: ProjectApi;
const settings = new SettingsScope();

async function openEditor(id: number) {
  await vscode.commands.executeCommand('almDefects.openDefect', { ...DEMO, id });
  const c = await until(`the editor of defect ${id}`, () => api.editor.controller({ ...DEMO, id }));
  await until(`defect ${id} loaded`, () => c.lockPhase !== 'loading');
  return c;
}

describe('workflow: views that stay current', function () {
  this.timeout(60_000);

  before(async () => {
    api = await activate();
    await signInAs('Demo');
    ({ client: bob, demo: bobDemo } = bobProject());
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await settings.restore();
    await bob?.dispose();
  });

  it('schedules checks only while the interval is set and the window is focused', async () => {
    await settings.set('almDefects.refreshInterval', 0);
    await until('no timer', () => !api.refresh.scheduler.active);
    await settings.set('almDefects.refreshInterval', 60);
    await until('the timer to follow the focus', () => api.refresh.scheduler.active === vscode.window.state.focused);
  });

  it('reloads a visible editor in read mode when someone else changed the defect, saying who', async () => {
    const c = await openEditor(61);
    assert.equal(c.lockPhase, 'read-only');
    await api.refresh.scheduler.tick();
    assert.equal(c.status().notice, undefined, 'nothing changed, nothing said');
    const current = await bobDemo.defects.get(61);
    const name = `Renamed by bob ${Date.now()}`;
    await bobDemo.defects.update(61, { name, 'dev-comments': appendComment(text(current['dev-comments']), 'bob', new Date(), 'Renamed it') });
    await api.refresh.scheduler.tick();
    assert.equal(c.value('name'), name);
    assert.match(c.status().notice?.text ?? '', /^Reloaded: bob changed this defect on the server \(.*Summary.*\)/);
  });

  it('never replaces the edits of an editor in edit mode', async () => {
    const c = await openEditor(62);
    await c.edit();
    assert.equal(c.lockPhase, 'editing');
    c.setField('name', 'My own edit');
    const reloads = api.refresh.editor.reloads;
    await api.refresh.scheduler.tick();
    assert.equal(api.refresh.editor.reloads, reloads);
    assert.equal(c.value('name'), 'My own edit');
    await c.cancel();
  });

  it('updates loaded tree rows in place, keeps the selection, and marks them until opened', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('workbench.view.extension.almDefects');
    const defects = await until('the Defects node', () => api.find(['Demo', 'DEFAULT', 'Demo', 'Defects']));
    const rows = (await api.children(defects)).filter((n: TreeNode) => /^\d+: /.test(labelText(api.treeItem(n).label)));
    const row = rows[2] as DefectNode;
    assert.ok(row, 'a loaded row');
    // reveal() expands the ancestors in the view (which the tree remembers as expanded) and selects the row.
    await until('the row revealed', async () => {
      await vscode.commands.executeCommand('workbench.view.extension.almDefects');
      await api.revealInTree(row);
      return api.selection()[0] === row;
    });
    const id = row.ref.id;
    const status = String(row.defect.status) === 'Reopen' ? 'Open' : 'Reopen';
    await bobDemo.defects.update(id, { status });
    await api.refresh.scheduler.tick();
    assert.equal(row.defect.status, status, 'the same row object shows the new status');
    assert.match(String(api.treeItem(row).description), /^● changed · /);
    assert.equal(api.selection()[0], row, 'the selection stays');
    assert.ok((await api.children(defects)).includes(row), 'the row was not rebuilt');
    await vscode.commands.executeCommand('almDefects.openDefect', row.ref);
    assert.doesNotMatch(String(api.treeItem(row).description), /changed/);
  });
});
