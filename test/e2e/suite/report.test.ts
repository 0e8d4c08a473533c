// "Report ALM Defect…" in the real workbench: the light bulb's action on a TODO comment opens the New
// Defect form pre-filled (summary from the comment, a description with the file, line and escaped
// code), and once the defect is created the reference goes into the comment; a failed test's message
// becomes a defect's summary and description; a huge selection is attached whole; binary text is
// refused without opening a form. The command runs in the extension; what follows the create is
// played on the same command work built directly (reportDefect) over alice's own connections with a
// stand-in for the form, since only the page can save it (test/e2e/ui drives the page; the form's
// pre-fill is unit-tested in test/unit/editor/controllerPrefill.test.ts).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AlmClient, ProjectApi } from '../../../src/api/index';
import { almClientFactory } from '../../../src/auth/clientFactory';
import { ConnectionManager } from '../../../src/auth/connectionManager';
import type { DefectEditorApi } from '../../../src/editor/index';
import type { ReportPrompts } from '../../../src/report/prompts';
import { vscodeReportPrompts } from '../../../src/report/prompts';
import { reportDefect } from '../../../src/report/register';
import type { ReportResult } from '../../../src/report/register';
import { Log } from '../../../src/util/log';
import { MapVault, RecordingSink } from '../../unit/tree/fakes';
import { e2eAlmServer } from '../environment';
import { DEMO, SettingsScope, startSignedInToDemo, usePrompts } from './support';
import { workspacePath } from './workflowSupport';
import { eventually } from '../../support/eventually';

let bob: AlmClient;
let bobDemo: ProjectApi;
let dir: string;
const settings = new SettingsScope();

const TODO_LINE = '  // TODO: total ignores the <discount> & tax';
const SOURCE = ['export function total(items: number[]): number {', '  const sum = items.reduce((a, b) => a + b, 0);', TODO_LINE, '  return sum;', '}', ''].join('\n');

type NewDefectFill = NonNullable<Parameters<DefectEditorApi['newDefect']>[1]>;

/** The New Defect forms' tabs, named with their project (a pre-filled form has unsaved values: "● New Defect (Demo)"). */
const newDefectTabs = (): vscode.Tab[] => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && /^(● )?New Defect \(.+\)$/.test(t.label));

/** The New Defect form the extension opened for a report (its tab), closed again without creating it. */
async function formOpenedAndClosed(): Promise<void> {
  // Loaded and pre-filled: the form holds values not yet created, which its title marks.
  const tab = await eventually('the pre-filled New Defect form', () => newDefectTabs().find((t) => t.label.startsWith('● New Defect')));
  const asked: string[] = [];
  const answers = usePrompts({ editor: { unsavedClose: async (what) => (asked.push(what), 'dontSave') } });
  try {
    await vscode.window.tabGroups.close(tab);
    await eventually('the form to close', () => newDefectTabs().length === 0 && asked.length === 1);
  } finally {
    answers.dispose();
  }
  assert.deepEqual(asked, ['The new defect has not been created.'], 'closing the pre-filled form asks once');
}

/**
 * The report command's work built directly over alice's own connection to the run's server, with a
 * stand-in for the form that records what it was filled with; `create` then plays the user's Save:
 * it creates the defect with the form's values as alice and tells the report, as the form does.
 */
async function directReport(prompts: Partial<ReportPrompts> = {}) {
  const server = e2eAlmServer();
  const log = Log.create(new RecordingSink());
  const vault = new MapVault();
  const entry = { name: DEMO.server, url: server.baseUrl, username: server.users[0].username, domain: DEMO.domain, project: DEMO.project };
  await vault.set(entry, server.users[0].password);
  const manager = new ConnectionManager({ vault, factory: almClientFactory(log), log, readCa: async () => undefined });
  await manager.configure([entry], { proxyStrictSSL: true, noProxy: [] });
  const fills: NewDefectFill[] = [];
  const editor: Pick<DefectEditorApi, 'newDefect'> = {
    newDefect: async (_project, fill) => (fill && fills.push(fill), true),
  };
  /** Defects whose attachments the report announced as changed (the tree rows and open editors then list them). */
  const announced: number[] = [];
  const run = (arg: unknown) =>
    reportDefect({ editor, manager, log, prompts: () => ({ ...vscodeReportPrompts, offerLink: async () => false, ...prompts }), attachmentsChanged: (d) => announced.push(d.id) }, arg);
  const create = async (more: Record<string, string> = {}) => {
    const fill = fills.at(-1);
    assert.ok(fill?.onCreated, 'the form was filled');
    const api = await manager.get(DEMO.server)?.project(DEMO.domain, DEMO.project);
    assert.ok(api);
    const values = Object.fromEntries(Object.entries(fill.values ?? {}).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
    const created = await api.defects.create({ ...values, severity: '3-High', 'detected-by': 'alice', 'creation-time': '2026-01-05', ...more });
    await fill.onCreated({ ...DEMO, id: created.id });
    return created.id;
  };
  return { run, fills, create, announced, dispose: () => manager.dispose() };
}

describe('report: a defect from code and from a failed test', function () {
  this.timeout(90_000);

  before(async () => {
    ({ client: bob, demo: bobDemo } = await startSignedInToDemo(settings));
    await settings.set('almDefects.newDefectDefaults', { 'Demo/DEFAULT/Demo': { severity: '3-High' } });
    dir = workspacePath('report-src');
    await fs.rm(dir, { recursive: true, force: true });
    await fs.mkdir(dir, { recursive: true });
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await settings.restore();
    await bob?.dispose();
    await fs.rm(dir, { recursive: true, force: true }).catch(() => undefined);
  });

  it('creates a defect from the code action on a TODO and inserts its reference into the comment', async () => {
    const file = path.join(dir, 'cart.ts');
    await fs.writeFile(file, SOURCE);
    const uri = vscode.Uri.file(file);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);
    const at = new vscode.Range(2, 5, 2, 5);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, at);
    const action = actions.find((a) => a.title === 'Report ALM Defect for this TODO…');
    assert.ok(action?.command, `the light bulb offers the report: ${actions.map((a) => a.title).join(', ')}`);

    // The extension's own command opens its form, pre-filled from the comment.
    const result = await vscode.commands.executeCommand<ReportResult>(action.command.command, ...((action.command.arguments ?? []) as unknown[]));
    assert.equal(result.opened, true);
    assert.equal(result.draft.summary, 'total ignores the <discount> & tax');
    assert.match(result.draft.origin ?? '', /report-src\/cart\.ts, line 3/);
    assert.match(result.draft.descriptionHtml, /report-src\/cart\.ts, line 3/);
    assert.match(result.draft.descriptionHtml, /<pre><code> {2}\/\/ TODO: total ignores the &lt;discount&gt; &amp; tax<\/code><\/pre>/);
    assert.doesNotMatch(result.draft.descriptionHtml, /<discount>/, 'the code is escaped, not markup');
    await formOpenedAndClosed();

    // After the form's Save: the reference goes into the comment once the user agrees.
    const asked: string[] = [];
    const direct = await directReport({ insertReference: async (reference) => (asked.push(reference), 'insert') });
    try {
      const played = await direct.run(action.command.arguments?.[0]);
      assert.ok(played?.opened);
      assert.deepEqual(direct.fills[0].values, { name: result.draft.summary, description: result.draft.descriptionHtml });
      const id = await direct.create();
      assert.deepEqual(await played.followedUp, { ...DEMO, id });
      const defect = await bobDemo.defects.get(id);
      assert.equal(defect.name, 'total ignores the <discount> & tax');
      assert.match(String(defect.description), /report-src\/cart\.ts, line 3/);
      assert.deepEqual(asked, [`defect ${id}`]);
      const line = await eventually('the reference in the comment', () => (document.lineAt(2).text.includes(`defect ${id}`) ? document.lineAt(2).text : undefined));
      assert.equal(line, `  // TODO (defect ${id}): total ignores the <discount> & tax`);
      await document.save();
    } finally {
      await direct.dispose();
    }
  });

  it("fills a defect from a failed test's message (Test Results' menu)", async () => {
    const controller = vscode.tests.createTestController('almDefectsReportE2e', 'Report e2e');
    try {
      const file = vscode.Uri.file(path.join(dir, 'cart.test.ts'));
      await fs.writeFile(file.fsPath, "it('applies the discount', () => {});\n");
      const suite = controller.createTestItem('cart', 'cart', file);
      const test = controller.createTestItem('discount', 'applies the discount', file);
      test.range = new vscode.Range(0, 0, 0, 38);
      suite.children.add(test);
      controller.items.add(suite);
      const message = vscode.TestMessage.diff('Expected 90 but got 100', '90', '100');
      message.stackTrace = [new vscode.TestMessageStackFrame('total', file, new vscode.Position(0, 4))];

      const result = await vscode.commands.executeCommand<ReportResult>('almDefects.reportDefect', { test, message });
      assert.equal(result.opened, true);
      assert.equal(result.draft.summary, 'Expected 90 but got 100');
      const description = result.draft.descriptionHtml;
      assert.match(description, /<b>Test:<\/b> cart › applies the discount/);
      assert.match(description, /Expected: 90\nActual: 100/);
      assert.match(description, /at total \(report-src\/cart\.test\.ts:1:5\)/);
      assert.match(description, new RegExp(`<li>VS Code: ${vscode.version.replace(/\./g, '\\.')}`));
      await formOpenedAndClosed();
    } finally {
      controller.dispose();
    }
  });

  it('offers the report on a problem under the cursor and on a selected stack trace (editor menu, no argument)', async () => {
    const file = path.join(dir, 'problem.ts');
    await fs.writeFile(file, SOURCE);
    const uri = vscode.Uri.file(file);
    const diagnostics = vscode.languages.createDiagnosticCollection('report-e2e');
    try {
      const problem = new vscode.Diagnostic(new vscode.Range(1, 8, 1, 11), "Type 'string' is not assignable to type 'number'.", vscode.DiagnosticSeverity.Error);
      problem.source = 'ts';
      problem.code = 2322;
      diagnostics.set(uri, [problem]);
      await vscode.window.showTextDocument(uri);
      const actions = await eventually('the code action on the problem', async () => {
        const found = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, new vscode.Range(1, 9, 1, 9));
        return found.find((a) => a.title.startsWith('Report ALM Defect: Type'));
      });
      const result = await vscode.commands.executeCommand<ReportResult>(actions.command?.command ?? '', ...((actions.command?.arguments ?? []) as unknown[]));
      assert.equal(result.draft.source, 'diagnostic');
      assert.equal(result.draft.summary, "Type 'string' is not assignable to type 'number'.");
      assert.match(result.draft.descriptionHtml, /\(ts 2322\)/);
      assert.match(result.draft.descriptionHtml, /report-src\/problem\.ts, line 2/);
      await formOpenedAndClosed();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    } finally {
      diagnostics.dispose();
    }

    const trace = ["TypeError: Cannot read properties of undefined (reading 'id')", '    at total (/app/src/cart.ts:3:10)', '    at main (/app/src/index.ts:9:3)'].join('\n');
    const log = await vscode.workspace.openTextDocument({ content: `log line\n${trace}\nmore log` });
    const editor = await vscode.window.showTextDocument(log);
    editor.selection = new vscode.Selection(1, 0, 4, 0);
    const result = await vscode.commands.executeCommand<ReportResult>('almDefects.reportDefect');
    assert.equal(result.draft.source, 'trace');
    assert.equal(result.draft.summary, "TypeError: Cannot read properties of undefined (reading 'id')");
    assert.match(result.draft.descriptionHtml, /<li>OS: /);
    await formOpenedAndClosed();
    // The log is an unsaved editor: reverted, so closing asks nothing.
    await vscode.window.showTextDocument(log);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('cuts a huge selection in the description and attaches it whole to the new defect', async () => {
    const lines = Array.from({ length: 450 }, (_, i) => `log line ${i + 1} <${'x'.repeat(20)}>`);
    const file = path.join(dir, 'huge.log');
    await fs.writeFile(file, `${lines.join('\n')}\n`);
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(file));
    editor.selection = new vscode.Selection(0, 0, 450, 0);
    // The same selection through the command work built directly (run first: the form takes the focus).
    // After the create it offers the new defect's VS Code link; the user takes it.
    const offered: number[] = [];
    const direct = await directReport({ offerLink: async (id) => (offered.push(id), true) });
    try {
      const played = await direct.run(undefined);
      assert.equal(played?.draft.attachment?.name, 'selection.txt');
      const result = await vscode.commands.executeCommand<ReportResult>('almDefects.reportDefect');
      assert.equal(result.draft.attachment?.name, 'selection.txt');
      assert.equal(result.draft.descriptionHtml, played.draft.descriptionHtml);
      await formOpenedAndClosed();
      const description = result.draft.descriptionHtml;
      assert.match(description, /log line 200 &lt;x+&gt;<\/code><\/pre>/);
      assert.doesNotMatch(description, /log line 201 /);
      assert.match(description, /Shortened to 200 of 450 lines here; the whole selection is attached as selection\.txt/);
      // After the form's Save: the whole selection is attached to the new defect.
      const id = await direct.create();
      await played.followedUp;
      assert.deepEqual(offered, [id]);
      const link = await eventually('the VS Code link on the clipboard', async () => {
        const text = await vscode.env.clipboard.readText();
        return text.endsWith(`&id=${id}`) ? text : undefined;
      });
      assert.match(link, new RegExp(`^${vscode.env.uriScheme}://alm-defects\\.alm-defects/open\\?server=[^&]+&domain=DEFAULT&project=Demo&id=${id}$`));
      const [attached] = await bobDemo.attachments.list({ entity: { type: 'defect', ids: [id] }, name: 'selection.txt' });
      assert.ok(attached, 'the whole selection is an attachment of the new defect');
      assert.deepEqual(direct.announced, [id], 'the attachment is announced to the tree and the editor');
      const download = await bobDemo.attachments.download(attached.id);
      const chunks: Buffer[] = [];
      for await (const chunk of download.stream) chunks.push(chunk as Buffer);
      assert.equal(Buffer.concat(chunks).toString('utf8'), `${lines.join('\n')}\n`, 'the selection as it was, byte for byte');
    } finally {
      await direct.dispose();
    }
  });

  it('takes only the lines around the cursor of a problem covering the whole file, with its secrets masked and a warning (issue 38.5)', async () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `const v${i} = ${i};`);
    lines[1000] = 'const AWS_ACCESS_KEY_ID = "AKIAIOSFODNN7EXAMPLE";';
    lines[1500] = 'const dbPassword = "hunter2-far-away";';
    const file = path.join(dir, 'config.ts');
    await fs.writeFile(file, `${lines.join('\n')}\n`);
    const uri = vscode.Uri.file(file);
    const diagnostics = vscode.languages.createDiagnosticCollection('report-e2e-file');
    const direct = await directReport();
    try {
      diagnostics.set(uri, [new vscode.Diagnostic(new vscode.Range(0, 0, 1999, lines[1999].length), 'File has too many lines.', vscode.DiagnosticSeverity.Warning)]);
      const editor = await vscode.window.showTextDocument(uri);
      editor.selection = new vscode.Selection(1000, 3, 1000, 3);
      await eventually('the editor of config.ts to be active', () => vscode.window.activeTextEditor?.document.uri.toString() === uri.toString());
      const result = await direct.run(undefined);
      assert.ok(result);
      assert.equal(result.draft.source, 'diagnostic');
      assert.equal(result.draft.attachment, undefined, 'nothing the user did not select is attached');
      const description = result.draft.descriptionHtml;
      assert.equal(direct.fills.at(-1)?.values?.description, description, 'the form is filled with the draft');
      assert.match(description, /report-src\/config\.ts, lines 991–1010/);
      assert.doesNotMatch(description, /hunter2|AKIA|v1011 /);
      assert.match(description, /AWS_ACCESS_KEY_ID = &quot;\[masked\]&quot;|AWS_ACCESS_KEY_ID = "\[masked\]"/);
      assert.match(direct.fills.at(-1)?.warning ?? '', /secrets \(AWS access key\)/);
    } finally {
      diagnostics.dispose();
      await direct.dispose();
    }
  });

  it('refuses a binary selection with a message and opens no form', async () => {
    const document = await vscode.workspace.openTextDocument({ content: 'PK\u0003\u0004\u0000\u0000\u0000data' });
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(0, 0, 0, document.lineAt(0).text.length);
    // The command reads the active editor: on a busy machine an earlier untitled one could still be it.
    await eventually('the binary document to be the active editor', () => vscode.window.activeTextEditor?.document === document);
    const result = await vscode.commands.executeCommand<ReportResult | undefined>('almDefects.reportDefect');
    assert.equal(result, undefined);
    assert.deepEqual(newDefectTabs(), [], 'no form opened');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
