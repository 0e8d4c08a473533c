// Commits and Start Work with a real Git repository in the test workspace: completion in the commit
// message box offers My Defects then recently opened ones, Start Work creates the branch through
// the Git extension, pre-fills the commit message, assigns the defect and sets it in progress under
// the lock (and leaves it alone while bob holds the lock), offers its commit message while it lasts;
// Stop Work clears. Driven through the commands, read through Git, tabs and completions (no internals).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AlmClient, Defect, ProjectApi } from '../../../src/api/index';
import type { GitExtension, Repository } from '../../../src/util/git';
import type { StartWorkResult } from '../../../src/work/startWork';
import { DEMO, SettingsScope, startSignedInToDemo } from './support';
import { workspacePath } from './workflowSupport';
import { eventually } from '../../support/eventually';

let bob: AlmClient;
let bobDemo: ProjectApi;
let repoDir: string;
let repo: Repository;
const settings = new SettingsScope();

const git = (...args: string[]) => execFileSync('git', args, { cwd: repoDir, encoding: 'utf8' }).trim();

/** The defect editor's tab of `id` once loaded (titled "id: summary"). */
function loadedTab(id: number): vscode.Tab | undefined {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputWebview && t.label.startsWith(`${id}: `));
}

/** One commit message box for every completion request (an untitled document, reverted afterwards). */
let commitInput: vscode.TextDocument | undefined;

/** Our completions in a commit message box after "Fix ", sorted as shown. */
async function commitCompletions(): Promise<vscode.CompletionItem[]> {
  commitInput ??= await vscode.workspace.openTextDocument({ language: 'scminput', content: 'Fix ' });
  const input = commitInput;
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', input.uri, new vscode.Position(0, 4));
  return list.items.sort((a, b) => String(a.sortText).localeCompare(String(b.sortText)));
}

/** The commit message Start Work offers while its work lasts (its completion), if any. */
async function workInProgress(): Promise<string | undefined> {
  const item = (await commitCompletions()).find((i) => typeof i.label !== 'string' && i.label.description === 'Start Work');
  return item && typeof item.label !== 'string' ? item.label.label : undefined;
}

/** Defects bob owns that are still New, for Start Work to take over. */
async function bobsNewDefects(): Promise<Defect[]> {
  const page = await bobDemo.defects.page({ filter: { owner: 'bob', status: 'New' }, fields: ['name', 'status', 'owner'], pageSize: 5 });
  assert.ok(page.items.length >= 3, 'the demo data has New defects of bob');
  return page.items;
}

describe('workflow: commits and Start Work', function () {
  this.timeout(90_000);

  before(async () => {
    ({ client: bob, demo: bobDemo } = await startSignedInToDemo(settings));
    repoDir = workspacePath('work-repo');
    await fs.rm(repoDir, { recursive: true, force: true });
    await fs.mkdir(repoDir, { recursive: true });
    await fs.writeFile(path.join(repoDir, 'app.js'), 'console.log("hi");\n');
    git('init', '-q', '-b', 'main');
    git('-c', 'user.name=Test', '-c', 'user.email=t@example.com', 'commit', '-q', '--allow-empty', '-m', 'initial');
    // The launcher turns Git off for a quiet workbench; this workspace turns it on.
    await settings.set('git.enabled', true);
    const ext = vscode.extensions.getExtension<GitExtension>('vscode.git');
    assert.ok(ext, 'the built-in Git extension is installed');
    const exports = ext.isActive ? ext.exports : await ext.activate();
    await eventually('Git to be enabled', () => exports.enabled);
    const gitApi = exports.getAPI(1);
    repo = await eventually('the repository to open', async () => (await gitApi.openRepository(vscode.Uri.file(repoDir))) ?? undefined);
    await vscode.window.showTextDocument(vscode.Uri.file(path.join(repoDir, 'app.js')));
  });

  after(async () => {
    // The untitled commit message box holds text: reverted, so no later window restores or asks about it.
    if (commitInput) {
      await vscode.window.showTextDocument(commitInput);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
    await vscode.commands.executeCommand('almDefects.stopWork');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await settings.restore();
    await bob?.dispose();
    await fs.rm(repoDir, { recursive: true, force: true }).catch(() => undefined);
  });

  it("completes the commit message with My Defects first, then recently opened ones, in the first pattern's form", async () => {
    const [theirs] = await bobsNewDefects();
    await vscode.commands.executeCommand('almDefects.openDefect', { ...DEMO, id: theirs.id });
    await eventually('the opened defect loaded', () => loadedTab(theirs.id));
    const ours = (await commitCompletions()).filter((i) => i.kind === vscode.CompletionItemKind.Issue);
    const sources = ours.map((i) => (i.label as vscode.CompletionItemLabel).description);
    assert.ok(sources.includes('My Defects') && sources.includes('recently opened'), sources.join(', '));
    assert.ok(sources.lastIndexOf('My Defects') < sources.indexOf('recently opened'), 'My Defects come first');
    const recent = ours.find((i) => (i.label as vscode.CompletionItemLabel).label.startsWith(`${theirs.id}: `));
    assert.ok(recent, 'the recently opened defect is offered');
    assert.equal(recent.insertText, `defect ${theirs.id}`);
  });

  it('creates the branch, fills the commit message, updates the defect under the lock and offers its commit message while working', async () => {
    await settings.set('almDefects.startWork.updateDefect', 'always');
    const [, target] = await bobsNewDefects();
    const result = await vscode.commands.executeCommand<StartWorkResult>('almDefects.startWork', { ...DEMO, id: target.id });
    assert.ok(result, 'Start Work finished');
    const slug = String(target.name)
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    assert.ok(result.branch?.startsWith(`defect/${target.id}-`), result.branch);
    assert.ok(slug.startsWith(result.branch?.slice(`defect/${target.id}-`.length) ?? '?'), `${result.branch} from "${String(target.name)}"`);
    assert.equal(git('rev-parse', '--abbrev-ref', 'HEAD'), result.branch);
    assert.equal(repo.inputBox.value, `Defect ${target.id}: ${String(target.name)}`);
    assert.equal(result.update, 'updated');
    const after = await bobDemo.defects.get(target.id);
    assert.equal(after.owner, 'alice');
    assert.equal(after.status, 'Open');
    assert.equal(await workInProgress(), `Defect ${target.id}: ${String(target.name)}`);
  });

  it('leaves a defect bob is editing alone (the update waits for the lock), and Stop Work clears', async () => {
    await settings.set('almDefects.startWork.updateDefect', 'always');
    const [, , locked] = await bobsNewDefects();
    const lock = await bobDemo.locks.acquire({ type: 'defect', id: locked.id });
    try {
      const result = await vscode.commands.executeCommand<StartWorkResult>('almDefects.startWork', { ...DEMO, id: locked.id });
      assert.equal(result.update, 'locked');
      const unchanged = await bobDemo.defects.get(locked.id);
      assert.equal(unchanged.owner, 'bob');
      assert.equal(unchanged.status, 'New');
      assert.equal(git('rev-parse', '--abbrev-ref', 'HEAD'), result.branch);
    } finally {
      await lock.release();
    }
    assert.match(repo.inputBox.value, new RegExp(`^Defect ${locked.id}: `), 'our own earlier template is replaced');
    // From the defect editor's title: no argument, the active editor's defect.
    await settings.set('almDefects.startWork.updateDefect', 'never');
    await vscode.commands.executeCommand('almDefects.openDefect', { ...DEMO, id: 77 });
    await eventually('the editor of defect 77 loaded and in front', () => loadedTab(77)?.isActive);
    // The panel's own active state comes with the view-state message the workbench sends beside the
    // tabs'; a round trip to the workbench lets every message sent before it arrive.
    await vscode.commands.getCommands(true);
    const fromEditor = await vscode.commands.executeCommand<StartWorkResult>('almDefects.startWork');
    assert.equal(fromEditor.ref.id, 77);
    assert.equal(fromEditor.update, 'skipped');
    assert.match((await workInProgress()) ?? '', /^Defect 77: /);
    await vscode.commands.executeCommand('almDefects.stopWork');
    assert.equal(await workInProgress(), undefined);
    assert.equal(repo.inputBox.value, '');
  });
});
