// Connections in a real VS Code against the project's ALM server, driven through the commands and
// read through what VS Code shows of them (command results, the Accounts menu, tabs, the
// clipboard, settings): sign-in refused without a loop, sign-in, going to and copying a defect,
// adding and removing a server, sign-out. The tree's levels, paging, filter, grouping and lists
// are tested on the tree built against the ALM server (test/integration/tree/serverTree.test.ts)
// and in the workbench (test/e2e/ui/tree.test.ts); this suite reaches into no extension internals.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { e2eAlmServer, signIn } from '../environment';
import { serverDefect, serverLocksOn } from '../oracle';
import { activate, addServerWith, signInWith, usePrompts } from './support';
import { text } from '../../support/text';
import { eventually } from '../../support/eventually';

const DEMO = { server: 'Demo', domain: 'DEFAULT', project: 'Demo' };

let cookie: string;

const accounts = async (): Promise<string[]> => (await vscode.authentication.getAccounts('alm')).map((a) => a.label);

function editorTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes('almDefects.defect'));
}

describe('tree: connections and defects through the commands', function () {
  this.timeout(120_000);

  before(async () => {
    const server = e2eAlmServer();
    cookie = await signIn(server, server.users[1]);
    // Start signed out whatever ran before.
    await vscode.commands.executeCommand('almDefects.signOut', { server: 'Demo' });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('activates quickly', async () => {
    const { activationMs } = await activate();
    console.log(`      activation took ${activationMs} ms`);
    assert.ok(activationMs < 2000, `activation took ${activationMs} ms`);
  });

  it('refuses a wrong password with a clear message, adds no account, and reads nothing until signed in again', async () => {
    const result = await signInWith('Demo', 'wrong-password');
    assert.equal(result.ok, false);
    assert.equal(
      result.message,
      "Sign-in to Demo failed: the user name or password is wrong, or the account is locked. If your site signs in through SSO (you have no ALM password), sign in with an API key instead: create one on ALM's My API Key page where your site lets users, or ask your ALM administrator for a client id and secret, then choose Use an API Key.",
    );
    assert.deepEqual(await accounts(), [], 'a refused password is not an account');
    // A refused password is not tried again by what the user does next (the tree's rows, commands).
    await vscode.commands.executeCommand('almDefects.refresh');
    assert.equal(await vscode.commands.executeCommand('almDefects.goToDefect', { ...DEMO, id: 7 }), undefined);
    assert.deepEqual(await accounts(), []);
  });

  it('signs in and shows the account in the Accounts menu', async () => {
    const result = await signInWith('Demo', e2eAlmServer().users[0].password);
    assert.equal(result.ok, true);
    assert.deepEqual(await accounts(), ['alice (Demo)']);
  });

  it('goes to a defect by id, opens it read-only with its summary, and copies its id and link', async () => {
    const ref = await vscode.commands.executeCommand('almDefects.goToDefect', { ...DEMO, id: 7 });
    assert.deepEqual(ref, { ...DEMO, id: 7 });
    // It opens in the defect editor, read-only (no lock taken), titled with the server's summary.
    const defect = await serverDefect(e2eAlmServer(), cookie, 7);
    const name = text(defect.name);
    const title = `7: ${name.length > 40 ? `${name.slice(0, 39)}…` : name}`;
    await eventually(
      `the editor of defect 7 (${editorTabs()
        .map((t) => t.label)
        .join(', ')})`,
      () => editorTabs().some((t) => t.label === title),
    );
    assert.deepEqual(await serverLocksOn(e2eAlmServer(), cookie, 7), []);
    const missing = await vscode.commands.executeCommand('almDefects.goToDefect', { ...DEMO, id: 999999 });
    assert.equal(missing, undefined);

    assert.equal(await vscode.commands.executeCommand('almDefects.copyDefectId', { ...DEMO, id: 7 }), '7');
    assert.equal(await vscode.env.clipboard.readText(), '7');
    const link = await vscode.commands.executeCommand<string>('almDefects.copyDefectLink', { ...DEMO, id: 7 });
    const host = new URL(e2eAlmServer().baseUrl).host;
    assert.equal(link, `td://Demo.DEFAULT.${host}/qcbin/DefectsModule-000000000?EntityType=IBug&EntityID=7`);
  });

  it('adds a server after checking it, refuses a wrong password, and removes it', async () => {
    const serverNames = () =>
      vscode.workspace
        .getConfiguration('almDefects')
        .get<{ name: string }[]>('servers')
        ?.map((s) => s.name);
    const server = e2eAlmServer();
    const bad = await addServerWith({ name: 'QA box', url: server.baseUrl, username: 'bob', password: 'nope', domain: 'QA' });
    assert.equal(bad.ok, false);
    assert.match(bad.message, /refused bob: the user name or password is wrong/);
    const unreachable = await addServerWith({ name: 'Nowhere', url: 'http://127.0.0.1:9/qcbin', username: 'bob', password: 'x' });
    assert.equal(unreachable.ok, false);
    assert.match(unreachable.message, /Cannot reach http:\/\/127\.0\.0\.1:9\/qcbin/);
    assert.deepEqual(serverNames(), ['Demo']);

    const ok = await addServerWith({ name: 'QA box', url: server.baseUrl, username: 'bob', password: server.users[1].password, domain: 'QA' });
    assert.equal(ok.ok, true);
    const saved = vscode.workspace.getConfiguration('almDefects').get<Record<string, unknown>[]>('servers') ?? [];
    assert.deepEqual(saved[1], { name: 'QA box', url: server.baseUrl, username: 'bob', domain: 'QA' }, 'no password in settings');
    await eventually('the Accounts menu lists bob', async () => (await accounts()).includes('bob (QA box)'));

    const confirmed = usePrompts({ auth: { confirmRemove: async () => true } });
    const removed = await vscode.commands.executeCommand<{ ok: boolean }>('almDefects.removeServer', { server: 'QA box' });
    confirmed.dispose();
    assert.equal(removed.ok, true);
    assert.deepEqual(serverNames(), ['Demo']);
    assert.deepEqual(await accounts(), ['alice (Demo)']);
  });

  it('signs out: the account leaves the Accounts menu and nothing is read until signed in again', async () => {
    await vscode.commands.executeCommand('almDefects.signOut', { server: 'Demo' });
    assert.deepEqual(await accounts(), []);
    // Leave the server signed in for the suites that follow.
    const result = await signInWith('Demo', e2eAlmServer().users[0].password);
    assert.equal(result.ok, true);
  });
});
