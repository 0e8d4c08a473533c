// The ALM tree in a real VS Code against the project's ALM server (1,000 defects in Demo): sign-in
// failure without a loop, sign-in, the tree's levels and labels, paging to the last defect, a filter,
// a grouping, list values, opening and copying defects, sign-out and the server commands.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AlmDefectsApi } from '../../../src/extension';
import type { TreeNode } from '../../../src/tree/nodes/treeNode';
import { e2eAlmServer, signIn } from '../environment';
import { serverDefect, serverListItems, serverTotal as oracleTotal } from '../oracle';
import { activate, addServerWith, signInWith, until, usePrompts } from './support';
import { text } from '../../support/text';

const DEMO = { server: 'Demo', domain: 'DEFAULT', project: 'Demo' };

let api: AlmDefectsApi;
let cookie: string;

function serverTotal(query?: string): Promise<number> {
  return oracleTotal(e2eAlmServer(), cookie, query);
}

const label = (n: TreeNode): string => api.treeItem(n).label as string;
const labels = (ns: TreeNode[]): string[] => ns.map(label);

async function node(...path: string[]): Promise<TreeNode> {
  const found = await api.find(path);
  assert.ok(found, `no tree node at ${path.join(' › ')}`);
  return found;
}

/** Loads every page of a paged node through the Load more command; returns the defect rows. */
async function loadAll(parent: TreeNode): Promise<TreeNode[]> {
  for (let guard = 0; guard < 100; guard++) {
    const rows = await api.children(parent);
    const last = rows[rows.length - 1];
    if (!last || api.treeItem(last).contextValue !== 'alm:loadMore') return rows;
    await vscode.commands.executeCommand('almDefects.loadMore', last);
  }
  throw new Error('Load more never ended');
}

describe('tree: connections, sign-in and the ALM tree', function () {
  this.timeout(120_000);

  before(async () => {
    api = await activate();
    const server = e2eAlmServer();
    cookie = await signIn(server, server.users[1]);
    // Start signed out whatever ran before.
    await vscode.commands.executeCommand('almDefects.signOut', { server: 'Demo' });
  });

  after(async () => {
    await vscode.commands.executeCommand('almDefects.clearFilter', DEMO);
    await vscode.commands.executeCommand('almDefects.groupBy', 'none');
  });

  it('activates quickly and shows the configured server with a sign-in row', async () => {
    console.log(`      activation took ${api.activationMs} ms`);
    assert.ok(api.activationMs < 2000, `activation took ${api.activationMs} ms`);
    const [server] = await api.children();
    const item = api.treeItem(server);
    assert.equal(item.label, 'Demo');
    assert.equal(item.id, 'alm:Demo');
    assert.match(String(item.description), new RegExp(`^${e2eAlmServer().baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · alice`));
    assert.equal(item.contextValue, 'alm:server+signedOut');
    const rows = await api.children(server);
    assert.deepEqual(labels(rows), ['Sign in to Demo…']);
    assert.equal(api.treeItem(rows[0]).command?.command, 'almDefects.signIn');
    assert.match(api.statusBarText(), /ALM Demo: signed out/);
  });

  it('refuses a wrong password with a clear message and never tries it again', async () => {
    // Other suites may have signed in before: count from here.
    const before = api.connection('Demo')?.signInAttempts ?? 0;
    const result = (await signInWith('Demo', 'wrong-password')) as { ok: boolean; message: string };
    assert.equal(result.ok, false);
    assert.equal(result.message, 'Sign-in to Demo failed: the user name or password is wrong, or the account is locked.');
    assert.equal(api.connection('Demo')?.status, 'failed');
    assert.equal(api.connection('Demo')?.signInAttempts, before + 1);
    // The tree says so, and refreshing it again and again sends nothing.
    for (let i = 0; i < 3; i++) {
      await vscode.commands.executeCommand('almDefects.refresh');
      const rows = await api.children(await node('Demo'));
      assert.deepEqual(labels(rows), ['Sign-in failed — click to sign in again']);
      assert.match(String((api.treeItem(rows[0]).tooltip as vscode.MarkdownString).value), /password is wrong/);
    }
    assert.equal(api.connection('Demo')?.signInAttempts, before + 1, 'no sign-in loop');
    assert.match(api.statusBarText(), /ALM Demo: sign-in failed/);
    assert.deepEqual(await vscode.authentication.getAccounts('alm'), [], 'a refused password is not an account');
  });

  it('signs in, shows the account in the Accounts menu and the state in the status bar', async () => {
    const server = e2eAlmServer();
    const result = await signInWith('Demo', server.users[0].password);
    assert.equal(result.ok, true);
    assert.equal(api.connection('Demo')?.status, 'signed-in');
    const accounts = await vscode.authentication.getAccounts('alm');
    assert.deepEqual(
      accounts.map((a) => a.label),
      ['alice (Demo)'],
    );
    assert.match(api.statusBarText(), /ALM Demo: alice/);
  });

  it('shows server → domain → project → Defects, My Defects and Lists with stable ids', async () => {
    const server = await node('Demo');
    assert.equal(api.treeItem(server).contextValue, 'alm:server+signedIn');
    assert.deepEqual(labels(await api.children(server)), ['DEFAULT'], 'pinned to DEFAULT');
    const project = await node('Demo', 'DEFAULT', 'Demo');
    assert.equal(api.treeItem(project).id, 'alm:Demo/DEFAULT/Demo');
    assert.equal(api.treeItem(project).contextValue, 'alm:project');
    const children = await api.children(project);
    assert.deepEqual(labels(children), ['Defects', 'My Defects', 'Lists']);
    assert.deepEqual(
      children.map((c) => api.treeItem(c).id),
      ['alm:Demo/DEFAULT/Demo/defects', 'alm:Demo/DEFAULT/Demo/mine', 'alm:Demo/DEFAULT/Demo/lists'],
    );
  });

  it('pages to the last of 1,000 defects with "Load more" and the remaining count', async () => {
    // The launcher seeds 1,000; suites that ran before may have created a few more.
    const total = await serverTotal();
    assert.ok(total >= 1000, `${total} defects`);
    const defects = await node('Demo', 'DEFAULT', 'Demo', 'Defects');
    const first = await api.children(defects);
    assert.equal(first.length, 101);
    assert.match(label(first[0]), /^\d+: /);
    const more = api.treeItem(first[100]);
    assert.equal(more.label, 'Load 100 more');
    assert.equal(more.description, `${(total - 100).toLocaleString('en-US')} remaining`);
    const item = api.treeItem(first[0]);
    assert.ok(item.iconPath instanceof vscode.ThemeIcon);
    assert.match(String(item.description), /^\S.* · .* · /, 'status · severity · owner');
    assert.ok(item.tooltip instanceof vscode.MarkdownString && item.tooltip.value.includes(`**Defect ${label(first[0]).split(':')[0]}**`));
    const all = await loadAll(defects);
    assert.equal(all.length, total, 'every defect, no Load more row left');
    assert.match(label(all[total - 1]), /^1: /);
    assert.equal(new Set(all.map((n) => api.treeItem(n).id)).size, total, 'unique ids');
    assert.equal(String(api.treeItem(defects).description).split(' · ')[0], total.toLocaleString('en-US'));
  });

  it('filters by status and owner "me": the project shows the filter, the rows match the server', async () => {
    await vscode.commands.executeCommand('almDefects.filter', { ...DEMO, filter: { status: ['Open'], owner: ['@me'] } });
    const project = await node('Demo', 'DEFAULT', 'Demo');
    assert.equal(api.treeItem(project).description, 'filter: status: Open · owner: me');
    assert.equal(api.treeItem(project).contextValue, 'alm:project+filtered');
    const expected = await serverTotal('{status[Open];owner[alice]}');
    assert.ok(expected > 0 && expected < (await serverTotal()), `expected a real subset, got ${expected}`);
    const rows = await loadAll(await node('Demo', 'DEFAULT', 'Demo', 'Defects'));
    assert.equal(rows.length, expected);
    for (const r of rows) assert.match(String(api.treeItem(r).description), /^Open · .* · alice$/);
    await vscode.commands.executeCommand('almDefects.clearFilter', DEMO);
    assert.equal(api.treeItem(project).description, undefined);
  });

  it('groups by severity with exact counts, each group holding only its severity', async () => {
    await vscode.commands.executeCommand('almDefects.groupBy', 'severity');
    const defects = await node('Demo', 'DEFAULT', 'Demo', 'Defects');
    const groups = await api.children(defects);
    assert.ok(groups.length >= 3);
    const values = labels(groups);
    const counts = groups.map((g) => Number(String(api.treeItem(g).description).replace(/,/g, '')));
    assert.equal(
      counts.reduce((a, b) => a + b, 0),
      await serverTotal(),
      'every defect is in one group',
    );
    const urgent = values.indexOf('5-Urgent');
    assert.ok(urgent >= 0, `groups: ${values.join(', ')}`);
    assert.equal(counts[urgent], await serverTotal("{severity['5-Urgent']}"));
    const rows = await loadAll(groups[urgent]);
    assert.equal(rows.length, counts[urgent]);
    for (const r of rows) assert.match(String(api.treeItem(r).description), / · 5-Urgent · /);
    assert.equal(api.treeItem(defects).contextValue, 'alm:defects+grouped');
    await vscode.commands.executeCommand('almDefects.groupBy', 'none');
    assert.equal((await api.children(defects)).length, 101);
  });

  it('shows the project lists and their values as the server has them, nested', async () => {
    const body = { data: await serverListItems(e2eAlmServer(), cookie) };
    const lists = body.data.filter((i) => i.parent.id === 0);
    const listsNode = await node('Demo', 'DEFAULT', 'Demo', 'Lists');
    assert.deepEqual(
      labels(await api.children(listsNode)),
      lists.map((l) => l.name),
    );
    const severityList = lists.find((l) => l.name === 'Severity');
    assert.ok(severityList);
    const severityValues = body.data.filter((i) => i.parent.id === severityList.id).map((i) => i.name);
    assert.deepEqual(labels(await api.children(await node('Demo', 'DEFAULT', 'Demo', 'Lists', 'Severity'))), severityValues);
    const subject = body.data.find((i) => i.parent.id === 0 && i.name === 'Subject');
    const accounts = body.data.find((i) => subject && i.parent.id === subject.id && i.name === 'Accounts');
    assert.ok(accounts);
    const nested = body.data.filter((i) => i.parent.id === accounts.id).map((i) => i.name);
    assert.deepEqual(labels(await api.children(await node('Demo', 'DEFAULT', 'Demo', 'Lists', 'Subject', 'Accounts'))), nested);
  });

  it('goes to a defect by id, opens it read-only, and copies its id and link', async () => {
    const ref = await vscode.commands.executeCommand('almDefects.goToDefect', { ...DEMO, id: 7 });
    assert.deepEqual(ref, { ...DEMO, id: 7 });
    // It opens in the defect editor, read-only (no lock taken), with the server's values.
    const editor = await until('the editor of defect 7', () => api.editor.controller({ ...DEMO, id: 7 }));
    await until('defect 7 loaded', () => editor.lockPhase !== 'loading');
    assert.equal(editor.lockPhase, 'read-only');
    const defect = await serverDefect(e2eAlmServer(), cookie, 7);
    assert.equal(text(editor.values().server.status), text(defect.status));
    assert.equal(text(editor.values().server.name), text(defect.name));
    const missing = await vscode.commands.executeCommand('almDefects.goToDefect', { ...DEMO, id: 999999 });
    assert.equal(missing, undefined);

    assert.equal(await vscode.commands.executeCommand('almDefects.copyDefectId', { ...DEMO, id: 7 }), '7');
    assert.equal(await vscode.env.clipboard.readText(), '7');
    const link = await vscode.commands.executeCommand<string>('almDefects.copyDefectLink', { ...DEMO, id: 7 });
    const host = new URL(e2eAlmServer().baseUrl).host;
    assert.equal(link, `td://Demo.DEFAULT.${host}/qcbin/DefectsModule-000000000?EntityType=IBug&EntityID=7`);
  });

  it('adds a server after checking it, refuses a wrong password, and removes it', async () => {
    const server = e2eAlmServer();
    const bad = await addServerWith({ name: 'QA box', url: server.baseUrl, username: 'bob', password: 'nope', domain: 'QA' });
    assert.equal(bad.ok, false);
    assert.match(bad.message, /refused bob: the user name or password is wrong/);
    const unreachable = await addServerWith({ name: 'Nowhere', url: 'http://127.0.0.1:9/qcbin', username: 'bob', password: 'x' });
    assert.equal(unreachable.ok, false);
    assert.match(unreachable.message, /Cannot reach http:\/\/127\.0\.0\.1:9\/qcbin/);
    assert.deepEqual(
      vscode.workspace
        .getConfiguration('almDefects')
        .get<{ name: string }[]>('servers')
        ?.map((s) => s.name),
      ['Demo'],
    );

    const ok = await addServerWith({ name: 'QA box', url: server.baseUrl, username: 'bob', password: server.users[1].password, domain: 'QA' });
    assert.equal(ok.ok, true);
    const saved = vscode.workspace.getConfiguration('almDefects').get<Record<string, unknown>[]>('servers') ?? [];
    assert.deepEqual(saved[1], { name: 'QA box', url: server.baseUrl, username: 'bob', domain: 'QA' }, 'no password in settings');
    assert.deepEqual(labels(await api.children()), ['Demo', 'QA box']);
    assert.deepEqual(labels(await api.children(await node('QA box'))), ['QA']);
    assert.deepEqual(labels(await api.children(await node('QA box', 'QA'))), ['Regression']);

    const confirmed = usePrompts({ auth: { confirmRemove: async () => true } });
    const removed = await vscode.commands.executeCommand<{ ok: boolean }>('almDefects.removeServer', { server: 'QA box' });
    confirmed.dispose();
    assert.equal(removed.ok, true);
    assert.deepEqual(labels(await api.children()), ['Demo']);
    assert.deepEqual(
      (await vscode.authentication.getAccounts('alm')).map((a) => a.label),
      ['alice (Demo)'],
    );
  });

  it('signs out: the account leaves the Accounts menu and the tree asks to sign in again', async () => {
    await vscode.commands.executeCommand('almDefects.signOut', { server: 'Demo' });
    assert.equal(api.connection('Demo')?.status, 'signed-out');
    assert.deepEqual(await vscode.authentication.getAccounts('alm'), []);
    assert.deepEqual(labels(await api.children(await node('Demo'))), ['Sign in to Demo…']);
    // Leave the server signed in for the suites that follow.
    const result = await signInWith('Demo', e2eAlmServer().users[0].password);
    assert.equal(result.ok, true);
  });
});
