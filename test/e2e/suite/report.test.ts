// "Report ALM Defect…" in the real workbench: the light bulb's action on a TODO comment opens the New
// Defect form pre-filled (summary from the comment, the project template's severity, a description
// with the file, line and escaped code), the defect is created with that description and the
// reference goes into the comment; a failed test's message becomes a defect's summary and
// description; binary text is refused without opening a form.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AlmClient, ProjectApi } from '../../../src/api/index';
import type { AlmDefectsApi } from '../../../src/extension';
import type { ReportResult } from '../../../src/report/register';
import { DEMO, activate, bobProject, signInAs, until, usePrompts } from './support';
import { SettingsScope } from './workflowSupport';

let api: AlmDefectsApi;
let bob: AlmClient;
let bobDemo: ProjectApi;
let dir: string;
const settings = new SettingsScope();

const TODO_LINE = '  // TODO: total ignores the <discount> & tax';
const SOURCE = ['export function total(items: number[]): number {', '  const sum = items.reduce((a, b) => a + b, 0);', TODO_LINE, '  return sum;', '}', ''].join('\n');

/** The new-defect form the report opened, once it is editable. */
async function newDefectForm() {
  const c = await until('the pre-filled New Defect form', () => api.editor.controller({ ...DEMO }));
  await until('the form to be editable', () => c.lockPhase === 'editing');
  return c;
}

describe('report: a defect from code and from a failed test', function () {
  this.timeout(90_000);

  before(async () => {
    api = await activate();
    await signInAs('Demo');
    ({ client: bob, demo: bobDemo } = bobProject());
    await settings.set('almDefects.defaultProject', DEMO);
    await settings.set('almDefects.newDefectDefaults', { 'Demo/DEFAULT/Demo': { severity: '3-High' } });
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    dir = path.join(folder.uri.fsPath, 'report-src');
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

    // An open defect with a similar summary: the form lists it as a likely duplicate.
    const similar = await bobDemo.defects.create({ name: 'Checkout total ignores the discount', severity: '2-Medium', 'detected-by': 'bob', 'creation-time': '2026-01-05' });
    const asked: string[] = [];
    const answers = usePrompts({ report: { insertReference: async (reference) => (asked.push(reference), true) } });
    try {
      const result = await vscode.commands.executeCommand<ReportResult>(action.command.command, ...((action.command.arguments ?? []) as unknown[]));
      assert.equal(result.opened, true);
      const c = await newDefectForm();
      assert.equal(c.value('name'), 'total ignores the <discount> & tax');
      assert.equal(c.value('severity'), '3-High', "the project template's value");
      assert.match(c.status().notice?.text ?? '', /Pre-filled from the comment at report-src\/cart\.ts, line 3: Summary, Description\./);
      const duplicates = await until('the likely duplicates of the summary', () => c.status().duplicates);
      assert.ok(
        duplicates.some((d) => d.id === similar.id),
        `lists defect ${similar.id}: ${JSON.stringify(duplicates)}`,
      );
      assert.equal(await c.save(), 'saved');
      const created = await result.followedUp;
      assert.equal(created.id, c.defectKey.id);

      const defect = await bobDemo.defects.get(created.id);
      assert.equal(defect.name, 'total ignores the <discount> & tax');
      assert.equal(defect.severity, '3-High');
      const description = String(defect.description);
      assert.match(description, /report-src\/cart\.ts, line 3/);
      assert.match(description, /<pre><code> {2}\/\/ TODO: total ignores the &lt;discount&gt; &amp; tax<\/code><\/pre>/);
      assert.doesNotMatch(description, /<discount>/, 'the code is escaped, not markup');

      assert.deepEqual(asked, [`defect ${created.id}`]);
      const line = await until('the reference in the comment', () => (document.lineAt(2).text.includes(`defect ${created.id}`) ? document.lineAt(2).text : undefined));
      assert.equal(line, `  // TODO (defect ${created.id}): total ignores the <discount> & tax`);
      await document.save();
    } finally {
      answers.dispose();
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
      const c = await newDefectForm();
      assert.equal(c.value('name'), 'Expected 90 but got 100');
      const description = c.value('description');
      assert.ok(typeof description === 'string');
      assert.match(description, /<b>Test:<\/b> cart › applies the discount/);
      assert.match(description, /Expected: 90\nActual: 100/);
      assert.match(description, /at total \(report-src\/cart\.test\.ts:1:5\)/);
      assert.match(description, new RegExp(`<li>VS Code: ${vscode.version.replace(/\./g, '\\.')}`));
      await c.cancel();
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
      const actions = await until('the code action on the problem', async () => {
        const found = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, new vscode.Range(1, 9, 1, 9));
        return found.find((a) => a.title.startsWith('Report ALM Defect: Type'));
      });
      const result = await vscode.commands.executeCommand<ReportResult>(actions.command?.command ?? '', ...((actions.command?.arguments ?? []) as unknown[]));
      assert.equal(result.draft.source, 'diagnostic');
      assert.equal(result.draft.summary, "Type 'string' is not assignable to type 'number'.");
      assert.match(result.draft.descriptionHtml, /\(ts 2322\)/);
      assert.match(result.draft.descriptionHtml, /report-src\/problem\.ts, line 2/);
      await (await newDefectForm()).cancel();
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
    await (await newDefectForm()).cancel();
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
    const result = await vscode.commands.executeCommand<ReportResult>('almDefects.reportDefect');
    assert.equal(result.draft.attachment?.name, 'selection.txt');
    const c = await newDefectForm();
    assert.equal(await c.save(), 'saved');
    const created = await result.followedUp;
    const defect = await bobDemo.defects.get(created.id);
    const description = String(defect.description);
    assert.match(description, /log line 200 &lt;x+&gt;<\/code><\/pre>/);
    assert.doesNotMatch(description, /log line 201 /);
    assert.match(description, /Shortened to 200 of 450 lines here; the whole selection is attached as selection\.txt/);
    const [attached] = await bobDemo.attachments.list({ entity: { type: 'defect', ids: [created.id] }, name: 'selection.txt' });
    assert.ok(attached, 'the whole selection is an attachment of the new defect');
    const download = await bobDemo.attachments.download(attached.id);
    const chunks: Buffer[] = [];
    for await (const chunk of download.stream) chunks.push(chunk as Buffer);
    assert.equal(Buffer.concat(chunks).toString('utf8'), `${lines.join('\n')}\n`, 'the selection as it was, byte for byte');
  });

  it('refuses a binary selection with a message and opens no form', async () => {
    const document = await vscode.workspace.openTextDocument({ content: 'PK\u0003\u0004\u0000\u0000\u0000data' });
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(0, 0, 0, document.lineAt(0).text.length);
    const before = api.editor.openKeys().length;
    const result = await vscode.commands.executeCommand<ReportResult | undefined>('almDefects.reportDefect');
    assert.equal(result, undefined);
    assert.equal(api.editor.openKeys().length, before);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
