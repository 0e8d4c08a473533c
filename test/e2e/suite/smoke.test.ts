// Smoke test: the extension activates inside a real VS Code, its view container and tree can be shown,
// its commands run, and the suite reaches the ALM server the launcher started. The tree feature's
// tests replace the view assertions with assertions on tree content.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AlmDefectsApi } from '../../../src/extension';
import { e2eAlmServer, signIn } from '../environment';
import { serverDomains } from '../oracle';

const EXTENSION_ID = 'alm-defects.alm-defects';

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

describe('smoke: the extension in a real VS Code', () => {
  it('runs in a real VS Code 1.95 or later', () => {
    const [major, minor] = vscode.version.split('.').map(Number);
    assert.ok(major > 1 || minor >= 95, `VS Code ${vscode.version}`);
  });

  it('activates when its ALM view container is shown', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not loaded`);
    await vscode.commands.executeCommand('workbench.view.extension.almDefects');
    assert.equal(await until(() => extension.isActive, 15_000), true, 'not activated by showing its view');
  });

  it('contributes the Servers tree view, which can be focused', async () => {
    const commands = await vscode.commands.getCommands(true);
    // VS Code generates `<view id>.focus` only for a view that exists in a registered container.
    assert.ok(commands.includes('almDefects.tree.focus'), 'no almDefects.tree view');
    await vscode.commands.executeCommand('almDefects.tree.focus');
  });

  it('registers its Refresh command, which reloads the tree', async () => {
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes('almDefects.refresh'), 'almDefects.refresh is not registered');
    const api = vscode.extensions.getExtension<AlmDefectsApi>(EXTENSION_ID)?.exports;
    assert.ok(api, 'the extension is not active');
    const [server] = await api.children();
    const before = await api.children(server);
    assert.equal(await vscode.commands.executeCommand('almDefects.refresh'), undefined);
    // The command returns undefined on failure too: what shows it ran is that the rows were rebuilt.
    const after = await api.children(server);
    assert.ok(after.length > 0 && after.every((n) => !before.includes(n)), 'the server rows were not reloaded');
  });

  it('is configured for the ALM server of this run', () => {
    const server = e2eAlmServer();
    const servers = vscode.workspace.getConfiguration('almDefects').get<{ name: string; url: string }[]>('servers', []);
    assert.deepEqual(
      servers.map((s) => [s.name, s.url]),
      [['Demo', server.baseUrl]],
    );
  });

  it('reaches the ALM server: signs in with a demo user and lists its domains', async () => {
    const server = e2eAlmServer();
    const cookie = await signIn(server, server.users[0]);
    assert.match(cookie, /LWSSO_COOKIE_KEY=/);
    assert.deepEqual(await serverDomains(server, cookie), { DEFAULT: ['Demo', 'Playground'], QA: ['Regression'] });
  });

  it('is refused by the ALM server with a wrong password', async () => {
    const server = e2eAlmServer();
    await assert.rejects(signIn(server, { username: server.users[0].username, password: 'wrong' }), /answered 401/);
  });
});
