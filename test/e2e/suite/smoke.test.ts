// The extension as VS Code loads it: every command its manifest contributes is registered once it is
// active (a command declared but never registered shows in the palette and fails with "command not
// found"). Refresh rebuilding the tree's rows is clicked in the workbench (test/e2e/ui/almView.test.ts).
// The checks of the VS Code version, of the harness's settings and of the ALM server itself are gone (issue 29): no extension bug could fail them, and the
// extension activates on startup anyway, so "activates when its view is shown" could not fail either.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activate } from './support';

const EXTENSION_ID = 'alm-defects.alm-defects';

describe('smoke: the extension in a real VS Code', () => {
  before(async () => {
    await activate();
  });

  it('registers every command its manifest contributes, and the view its focus command', async () => {
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as { contributes: { commands: { command: string }[] } };
    const registered = new Set(await vscode.commands.getCommands(true));
    const declared = manifest.contributes.commands.map((c) => c.command);
    assert.ok(declared.length > 20, `the manifest declares ${declared.length} commands`);
    assert.deepEqual(
      declared.filter((c) => !registered.has(c)),
      [],
      'declared in package.json but not registered',
    );
    // VS Code generates `<view id>.focus` only for a view that exists in a registered container.
    assert.ok(registered.has('almDefects.tree.focus'), 'no almDefects.tree view');
  });
});
