// The defect editor's panels in a real VS Code, driven through commands and read through the
// workbench's tabs: one panel per defect titled with the server's summary, opening again reveals
// it, reading takes no lock. Editing, locks, conflicts and creating a defect are tested on the
// controller against the ALM server (test/integration/editor/controller.server.test.ts) and on the
// page in the workbench (test/e2e/ui/editor*.test.ts); this suite reaches into no extension internals.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { e2eAlmServer, signIn } from '../environment';
import { serverLocksOn } from '../oracle';
import { DEMO, onDemoAsAlice } from './support';
import { eventually } from '../../support/eventually';

function editorTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes('almDefects.defect'));
}

/** The locks the server holds on a defect (read as bob, who sees everyone's). */
async function locksOn(id: number): Promise<{ user: string; id: number }[]> {
  const server = e2eAlmServer();
  const cookie = await signIn(server, server.users[1]);
  return serverLocksOn(server, cookie, id);
}

/** The tab of a defect once its label matches (the workbench applies a loaded defect's title asynchronously). */
async function tabOf(id: number, label = new RegExp(`^${id}: `)): Promise<vscode.Tab> {
  return eventually(
    `the tab of defect ${id} (${editorTabs()
      .map((t) => t.label)
      .join(', ')})`,
    () => editorTabs().find((t) => label.test(t.label)),
  );
}

describe('editor: defect panels in a real VS Code', function () {
  this.timeout(60_000);

  const demo = onDemoAsAlice({ defaultProject: false });

  after(async () => {
    await vscode.commands.executeCommand('almDefects.signOut', { server: 'Demo' });
  });

  it("opens one panel per defect titled with the server's summary, opening again reveals it, and reading takes no lock", async () => {
    const name = String((await demo.bobDemo.defects.get(41)).name);
    const title = `41: ${name.length > 40 ? `${name.slice(0, 39)}…` : name}`;
    await vscode.commands.executeCommand('almDefects.openDefect', { ...DEMO, id: 41 });
    const tab = await tabOf(41);
    assert.equal(tab.label, title);
    await vscode.commands.executeCommand('workbench.action.files.newUntitledFile');
    await eventually('another editor in front', () => !tab.group.activeTab?.label.startsWith('41: '));
    await vscode.commands.executeCommand('almDefects.openDefect', { ...DEMO, id: 41 });
    await eventually('the panel of 41 in front again', () => editorTabs().find((t) => t.label === title)?.isActive);
    const tabs = editorTabs().filter((t) => /^(Defect )?41\b|^41:/.test(t.label));
    assert.equal(
      tabs.length,
      1,
      `tabs: ${editorTabs()
        .map((t) => t.label)
        .join(', ')}`,
    );
    assert.deepEqual(await locksOn(41), [], 'read-only: no lock taken');
    await vscode.window.tabGroups.close(tabs[0]);
    await eventually('the panel of 41 to close', () => !editorTabs().some((t) => t.label === title));
  });

  it('opens "New Defect…" of the project in its own panel beside a defect panel', async () => {
    await vscode.commands.executeCommand('almDefects.openDefect', { ...DEMO, id: 42 });
    await tabOf(42);
    await vscode.commands.executeCommand('almDefects.newDefect', DEMO);
    const created = await eventually('the New Defect panel', () => editorTabs().find((t) => /New Defect/.test(t.label)));
    assert.ok(created.isActive, 'the new form is in front');
    assert.equal(editorTabs().filter((t) => /^42: /.test(t.label)).length, 1, 'the defect panel stays');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
