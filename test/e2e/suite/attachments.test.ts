// Attachments in a real VS Code against the ALM server: upload through the command and through the
// tree's drop controller (built as the extension builds it), opening through the alm-attachment: file system
// (text and binary, byte for byte), saving an edited attachment back (after confirming), replace
// and keep both, Save As and Open in Default Application with hostile names, rename, description
// and delete. Every step is checked against what the server stored. The rows under a defect are
// unit-tested (test/unit/attachments/tree.test.ts) and seen in the workbench (test/e2e/ui).
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { PROJECT, attachmentWorld, cleanUp, ref, storedNames, uriOf } from './attachments.support';
import type { AttachmentWorld } from './attachments.support';
import { bobProject, uploadWith, usePrompts } from './support';
import { e2eAlmServer } from '../environment';

const token = () => new vscode.CancellationTokenSource().token;

/** A dropped desktop file that has bytes but no path (what a browser hands over). */
class DroppedFile extends vscode.DataTransferItem {
  constructor(private readonly file: vscode.DataTransferFile) {
    super('');
  }
  override asFile(): vscode.DataTransferFile {
    return this.file;
  }
}

describe('attachments: upload, open, save and manage in VS Code', function () {
  this.timeout(60_000);
  let w: AttachmentWorld;
  const text = 'line one\nline two — ünïcödé\n';
  const binary = randomBytes(300 * 1024);
  const idOf = async (name: string): Promise<number> => {
    const found = (await w.rest.list(w.defect.id)).find((a) => a.name === name);
    assert.ok(found, `${name} is not on the server`);
    return found.id;
  };

  before(async () => {
    w = await attachmentWorld(20);
    writeFileSync(join(w.dir, 'notes.txt'), text);
    writeFileSync(join(w.dir, 'trace.bin'), binary);
  });
  after(() => cleanUp(w));

  it('uploads files through the command with a description; the server holds the same bytes', async () => {
    const report = await uploadWith(w.defect, [join(w.dir, 'notes.txt'), join(w.dir, 'trace.bin')], { description: 'from the e2e suite' });
    assert.deepEqual(
      report.created.map((a) => a.name),
      ['notes.txt', 'trace.bin'],
    );
    const stored = await w.rest.list(w.defect.id);
    assert.deepEqual(stored.map((a) => a.name).sort(), ['notes.txt', 'trace.bin']);
    assert.match(stored[0].description ?? '', /from the e2e suite/);
    assert.equal((await w.rest.bytes(await idOf('notes.txt'))).toString('utf8'), text);
    assert.ok((await w.rest.bytes(await idOf('trace.bin'))).equals(binary));
    assert.equal(stored.find((a) => a.name === 'trace.bin')?.['file-size'], binary.length);
  });

  it('uploads files dropped on the defect row (Explorer uri-list and a desktop file without a path)', async () => {
    const dropped = randomBytes(4096);
    writeFileSync(join(w.dir, 'explorer.log'), 'from the explorer');
    const data = new vscode.DataTransfer();
    data.set('text/uri-list', new vscode.DataTransferItem(`${vscode.Uri.file(join(w.dir, 'explorer.log')).toString()}\r\n`));
    data.set('files', new DroppedFile({ name: 'desktop.png', uri: undefined, data: async () => dropped }));
    const drops = await w.drops();
    await drops.dropController.handleDrop(drops.defectNode, data, token());
    assert.equal((await w.rest.bytes(await idOf('explorer.log'))).toString(), 'from the explorer');
    assert.ok((await w.rest.bytes(await idOf('desktop.png'))).equals(dropped));
    assert.deepEqual(await storedNames(w), ['desktop.png', 'explorer.log', 'notes.txt', 'trace.bin']);
    const before = (await w.rest.list(w.defect.id)).length;
    await drops.dropController.handleDrop(drops.projectNode, data, token());
    assert.equal((await w.rest.list(w.defect.id)).length, before, 'a drop on a project uploads nothing');
  });

  it('uploads the files named on the clipboard with "Paste as Attachments" (Ctrl+V on the defect row); plain text uploads nothing', async () => {
    writeFileSync(join(w.dir, 'pasted one.txt'), 'pasted from the clipboard');
    writeFileSync(join(w.dir, 'pasted-two.log'), 'second');
    const previous = await vscode.env.clipboard.readText();
    const before = (await w.rest.list(w.defect.id)).length;
    try {
      // A file manager's Copy gives file URIs; the Explorer's Copy Path gives a path.
      await vscode.env.clipboard.writeText(`${vscode.Uri.file(join(w.dir, 'pasted one.txt')).toString()}\n${join(w.dir, 'pasted-two.log')}\n`);
      await vscode.commands.executeCommand('almDefects.pasteAttachments', w.defect);
      assert.equal((await w.rest.bytes(await idOf('pasted one.txt'))).toString(), 'pasted from the clipboard');
      assert.equal((await w.rest.bytes(await idOf('pasted-two.log'))).toString(), 'second');
      assert.ok((await storedNames(w)).includes('pasted one.txt'), 'the defect lists the pasted file');
      await vscode.env.clipboard.writeText('just some words');
      await vscode.commands.executeCommand('almDefects.pasteAttachments', w.defect);
      assert.equal((await w.rest.list(w.defect.id)).length, before + 2, 'text that names no files uploads nothing');
    } finally {
      await vscode.env.clipboard.writeText(previous);
      // The next tests count this defect's rows.
      for (const name of ['pasted one.txt', 'pasted-two.log']) {
        const found = (await w.rest.list(w.defect.id)).find((a) => a.name === name);
        if (found) await w.rest.remove(found.id);
      }
    }
  });

  it("opens text and binary attachments through alm-attachment: with the server's bytes", async () => {
    const uri = await vscode.commands.executeCommand<vscode.Uri>('almDefects.openAttachment', ref(await idOf('notes.txt'), { name: 'notes.txt' }));
    assert.equal(uri.scheme, 'alm-attachment');
    assert.equal(uri.path, `/Demo/DEFAULT/Demo/${await idOf('notes.txt')}/notes.txt`);
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), uri.toString());
    assert.equal(vscode.window.activeTextEditor?.document.getText(), text);
    const bin = uriOf({ ...PROJECT, id: await idOf('trace.bin'), name: 'trace.bin' });
    assert.ok(Buffer.from(await vscode.workspace.fs.readFile(bin)).equals(binary));
    const stat = await vscode.workspace.fs.stat(bin);
    assert.equal(stat.size, binary.length);
    await assert.rejects(Promise.resolve(vscode.workspace.fs.readFile(uriOf({ ...PROJECT, id: 999999, name: 'gone.txt' }))), /EntryNotFound|FileNotFound/);
  });

  it('saving an edited attachment asks first; declined leaves the server as it was, confirmed replaces it in place', async () => {
    const id = await idOf('notes.txt');
    const doc = await vscode.workspace.openTextDocument(uriOf({ ...PROJECT, id, name: 'notes.txt' }));
    const edit = new vscode.WorkspaceEdit();
    edit.insert(doc.uri, new vscode.Position(0, 0), 'EDITED ');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const asked: string[] = [];
    let answer = false;
    const prompts = usePrompts({ attachments: { confirmUpload: async (a) => (asked.push(a.name), answer) } });
    try {
      assert.equal(await doc.save(), false, 'a declined save fails');
      assert.equal((await w.rest.bytes(id)).toString(), text);
      answer = true;
      assert.equal(await doc.save(), true);
    } finally {
      prompts.dispose();
    }
    assert.deepEqual(asked, ['notes.txt', 'notes.txt']);
    assert.equal((await w.rest.bytes(id)).toString(), `EDITED ${text}`);
    assert.equal(await idOf('notes.txt'), id, 'same attachment, new content');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a same-name upload asks: Keep Both adds "name (1)", Replace keeps the id with the new bytes', async () => {
    const id = await idOf('trace.bin');
    const replacement = randomBytes(1000);
    writeFileSync(join(w.dir, 'trace.bin'), replacement);
    const asked: string[] = [];
    let choice: 'keepBoth' | 'replace' = 'keepBoth';
    const prompts = usePrompts({ attachments: { conflict: async (name) => (asked.push(name), choice) } });
    try {
      const both = await uploadWith(w.defect, [join(w.dir, 'trace.bin')]);
      assert.deepEqual(
        both.created.map((a) => a.name),
        ['trace (1).bin'],
      );
      choice = 'replace';
      const replaced = await uploadWith(w.defect, [join(w.dir, 'trace.bin')]);
      assert.deepEqual(
        replaced.replaced.map((a) => a.id),
        [id],
      );
    } finally {
      prompts.dispose();
    }
    assert.deepEqual(asked, ['trace.bin', 'trace.bin']);
    assert.ok((await w.rest.bytes(id)).equals(replacement));
    assert.ok((await w.rest.bytes(await idOf('trace (1).bin'))).equals(replacement));
    assert.ok((await storedNames(w)).includes('trace (1).bin'));
  });

  it('saves as a chosen file, and into a folder under a sanitized name that cannot escape it', async () => {
    const out = join(w.dir, 'out');
    mkdirSync(out);
    const target = join(out, 'copy.png');
    const saved = await vscode.commands.executeCommand('almDefects.saveAttachmentAs', ref(await idOf('desktop.png'), { target }));
    assert.equal(saved, target);
    assert.ok(readFileSync(target).equals(await w.rest.bytes(await idOf('desktop.png'))));
    // Names the server accepts but a file system must not take literally.
    const hostile = ['CON.txt', 'a<b>|c?.txt', ' spaced . '];
    for (const name of hostile) await uploadAs(name, name);
    const folder = join(out, 'chosen');
    mkdirSync(folder);
    const paths: string[] = [];
    for (const name of hostile) paths.push(await vscode.commands.executeCommand<string>('almDefects.saveAttachmentAs', ref(await idOf(name.trim()), { folder })));
    assert.deepEqual(readdirSync(folder).sort(), ['_CON.txt', 'a_b__c_.txt', 'spaced'].sort());
    for (const p of paths) assert.equal(dirname(p), folder);
    assert.deepEqual(readdirSync(out).sort(), ['chosen', 'copy.png'], 'nothing written next to the chosen folder');
    assert.equal(readFileSync(join(folder, '_CON.txt'), 'utf8'), 'CON.txt');
  });

  it('opens in the default application from a private temporary copy', async () => {
    const path = await vscode.commands.executeCommand<string>('almDefects.openAttachmentExternally', ref(await idOf('explorer.log'), { launch: false }));
    assert.match(path, /alm-defects-attachments[\\/][0-9a-f]{16}[\\/]explorer\.log$/);
    assert.equal(readFileSync(path, 'utf8'), 'from the explorer');
  });

  it('asks before opening a program its server name disguises, naming the file as written (issue 28)', async () => {
    const disguised = ['setup.e\u200bxe', 'setup.exe.', 'x.ps1 .'];
    for (const name of disguised) await uploadAs(name, 'echo hostile');
    const asked: string[] = [];
    const prompts = usePrompts({ attachments: { confirmRun: async (_a, fileName) => (asked.push(fileName), false) } });
    try {
      for (const name of disguised) {
        const opened = await vscode.commands.executeCommand<string | undefined>('almDefects.openAttachmentExternally', ref(await idOf(name), { launch: false }));
        assert.equal(opened, undefined, `${JSON.stringify(name)} was saved to ${opened} without asking`);
      }
    } finally {
      prompts.dispose();
    }
    assert.deepEqual(asked, ['setup.exe', 'setup.exe', 'x.ps1']);
  });

  it('renames, edits the description and deletes after confirming; the server follows', async () => {
    const id = await idOf('explorer.log');
    await vscode.commands.executeCommand('almDefects.renameAttachment', ref(id, { name: 'renamed.log' }));
    assert.equal((await w.rest.list(w.defect.id)).find((a) => a.id === id)?.name, 'renamed.log');
    assert.ok((await storedNames(w)).includes('renamed.log'));
    await vscode.commands.executeCommand('almDefects.editAttachmentDescription', ref(id, { description: 'why <it> matters' }));
    assert.match((await w.rest.list(w.defect.id)).find((a) => a.id === id)?.description ?? '', /why &lt;it&gt; matters/);
    let confirm = false;
    const prompts = usePrompts({ attachments: { confirmDelete: async () => confirm } });
    try {
      assert.equal(await vscode.commands.executeCommand('almDefects.deleteAttachment', ref(id)), false);
      assert.ok(
        (await w.rest.list(w.defect.id)).some((a) => a.id === id),
        'kept when not confirmed',
      );
      confirm = true;
      assert.equal(await vscode.commands.executeCommand('almDefects.deleteAttachment', ref(id)), true);
    } finally {
      prompts.dispose();
    }
    assert.ok(!(await w.rest.list(w.defect.id)).some((a) => a.id === id));
    assert.ok(!(await storedNames(w)).includes('renamed.log'));
  });

  it('renaming an image a memo shows warns first; "Rename and Update Memo" rewrites the image source under the lock, cancel renames nothing (issue 37.6)', async () => {
    await uploadAs('shot.png', 'not really a png');
    const id = await idOf('shot.png');
    const { client, demo } = bobProject();
    const src = (name: string) => `${e2eAlmServer().baseUrl}/rest/domains/DEFAULT/projects/Demo/defects/${w.defect.id}/attachments/${encodeURIComponent(name)}`;
    const description = (await demo.defects.get(w.defect.id, { fields: ['description'] })).description;
    const lock = await demo.locks.acquire({ type: 'defect', id: w.defect.id });
    try {
      await demo.defects.update(w.defect.id, { description: `<html><body><p>Before <img src="${src('shot.png')}"> after</p></body></html>` }, { lock });
    } finally {
      await lock.release();
    }
    const asked: string[][] = [];
    let choice: 'update' | 'rename' | undefined;
    const prompts = usePrompts({ attachments: { imageInMemo: async (_a, memos) => (asked.push([...memos]), choice) } });
    try {
      await vscode.commands.executeCommand('almDefects.renameAttachment', ref(id, { name: 'kept.png' }));
      assert.deepEqual(asked, [['Description']], 'warned, naming the memo');
      assert.equal((await w.rest.list(w.defect.id)).find((a) => a.id === id)?.name, 'shot.png', 'cancelled: nothing renamed');
      choice = 'update';
      await vscode.commands.executeCommand('almDefects.renameAttachment', ref(id, { name: 'crash screen.png' }));
      assert.equal((await w.rest.list(w.defect.id)).find((a) => a.id === id)?.name, 'crash screen.png');
      const memo = String((await demo.defects.get(w.defect.id, { fields: ['description'] })).description);
      assert.ok(memo.includes(src('crash screen.png')), memo);
      assert.ok(!memo.includes(src('shot.png')), memo);
      assert.match(memo, /Before <img[^>]*> after/);
      // Bob can lock the defect: the rename released alice's lock.
      const lockNow = await demo.locks.acquire({ type: 'defect', id: w.defect.id });
      await lockNow.release();
    } finally {
      prompts.dispose();
      const restore = await demo.locks.acquire({ type: 'defect', id: w.defect.id });
      await demo.defects.update(w.defect.id, { description: description ?? '' }, { lock: restore }).finally(() => restore.release());
      await client.dispose();
    }
  });

  /** Uploads `content` under the file name `name` (which the server may store trimmed). */
  async function uploadAs(name: string, content: string): Promise<void> {
    const folder = mkdtempSync(join(w.dir, 'src-'));
    writeFileSync(join(folder, name), content);
    const report = await uploadWith(w.defect, [join(folder, name)], { conflict: 'replace' });
    assert.equal(report.created.length + report.replaced.length, 1, JSON.stringify(report));
  }
});
