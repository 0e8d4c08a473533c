// Defect references in real documents of several languages: links open the editor, hovers show the
// defect (or say it does not exist, or that the user is signed out), and the hovers of a screen of
// references cost one id query on the wire while typing costs none.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { e2eAlmServer } from '../environment';
import { DEMO, onDemoAsAlice, signInWith } from './support';
import { CountingProxy, hoverAt, openReferenceFile } from './workflowSupport';
import { eventually } from '../../support/eventually';

describe('workflow: defect references in files', function () {
  this.timeout(60_000);
  const demo = onDemoAsAlice();

  it('links the common forms in TypeScript, Python and plain text to the defect editor', async () => {
    const docs = [
      await openReferenceFile('a.ts', '// fixes defect 12 and QC-13\nconst x = 1; // bug #14\n'),
      await openReferenceFile('b.py', '# ALM-15 and ALM #16\nprint("defective 17")\n'),
      await openReferenceFile('c.txt', 'See Defect #18; not a reference: 19.\n'),
    ];
    assert.deepEqual(
      docs.map((d) => d.languageId),
      ['typescript', 'python', 'plaintext'],
    );
    const found: string[] = [];
    for (const doc of docs) {
      const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', doc.uri);
      for (const l of links.filter((k) => k.target?.scheme === 'command')) {
        assert.equal(l.target?.path, 'almDefects.openDefect');
        const [ref] = JSON.parse(decodeURIComponent(l.target?.query ?? '')) as { id: number; server: string }[];
        assert.equal(ref.server, 'Demo');
        found.push(`${doc.getText(l.range)}=${ref.id}`);
      }
    }
    assert.deepEqual(found.sort(), ['ALM #16=16', 'ALM-15=15', 'Defect #18=18', 'QC-13=13', 'bug #14=14', 'defect 12=12'].sort());
    // The link's command opens the editor of that defect.
    await vscode.commands.executeCommand('almDefects.openDefect', { ...DEMO, id: 12 });
    await eventually('the editor of defect 12', () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).some((t) => t.input instanceof vscode.TabInputWebview && /^12: /.test(t.label)));
  });

  it('hovers show the defect as text, and say when it does not exist or the user is signed out', async () => {
    const defect = await demo.bobDemo.defects.get(21);
    const doc = await openReferenceFile('d.ts', '// defect 21 and defect 987654 and NP-21\n');
    const shown = await hoverAt(doc, 'defect 21');
    assert.match(shown, new RegExp(`\\*\\*Defect 21\\*\\*`));
    assert.ok(shown.includes(String(defect.status)), shown);
    // The owner by full name with the login name where the server has one (issue 30).
    assert.match(shown, new RegExp(`Assigned to: ([^·]* \\\\\\()?${String(defect.owner)}\\b`), shown);
    assert.match(shown, /\[Open\]\(command:almDefects\.openDefect\?/);
    assert.doesNotMatch(shown, /<html|<body|<p>/i);
    assert.match(await hoverAt(doc, 'defect 987654'), /Defect 987654\*\* does not exist in Demo/);
    // A pattern naming its own project on a server without a stored password.
    const servers = vscode.workspace.getConfiguration('almDefects').get<unknown[]>('servers') ?? [];
    await demo.settings.set('almDefects.servers', [...servers, { name: 'Spare', url: e2eAlmServer().baseUrl, username: 'carol' }]);
    await demo.settings.set('almDefects.references', ['\\bdefect\\s+#?(\\d+)', { pattern: 'NP-(\\d+)', project: { server: 'Spare', domain: 'DEFAULT', project: 'Demo' } }]);
    // The extension applies settings on VS Code's configuration event: wait for the hover to follow them.
    await eventually('the NP- pattern to name Spare', async () => /Signed out: sign in to Spare/.test(await hoverAt(doc, 'NP-21')));
  });

  it('fetches the visible references of a document in one query and sends nothing while typing', async () => {
    const proxy = new CountingProxy();
    const url = await proxy.start();
    try {
      const servers = vscode.workspace.getConfiguration('almDefects').get<unknown[]>('servers') ?? [];
      await demo.settings.set('almDefects.servers', [...servers, { name: 'Counted', url, username: 'alice', domain: 'DEFAULT', project: 'Demo' }]);
      await demo.settings.set('almDefects.defaultProject', { ...DEMO, server: 'Counted' });
      // The extension applies settings on VS Code's configuration event: sign-in succeeds once it knows "Counted".
      const password = e2eAlmServer().users[0].password;
      await eventually('the Counted server to sign in', async () => (await signInWith('Counted', password)).ok);
      const lines = Array.from({ length: 30 }, (_, i) => `// step ${i}: see defect ${100 + i}`);
      const doc = await openReferenceFile('e.js', `${lines.join('\n')}\n`);
      const editor = await vscode.window.showTextDocument(doc);
      await eventually('the editor to show the document', () => editor.visibleRanges.length > 0);
      const before = proxy.idQueries().length;
      for (const id of [100, 103, 106]) assert.match(await hoverAt(doc, `defect ${id}`), new RegExp(`\\*\\*Defect ${id}\\*\\*`));
      const batches = proxy.idQueries().slice(before);
      assert.equal(batches.length, 1, `one id query for three hovers: ${batches.join(' | ')}`);
      assert.match(batches[0], /\{id\[[^\]]*\b100\b/);
      assert.match(batches[0], /\{id\[[^\]]*\b103 or 104 or 105 or 106\b/);
      // Typing (twenty edits, links recomputed each time) sends no request.
      const sent = proxy.queries.length;
      for (let i = 0; i < 20; i++) {
        await editor.edit((e) => e.insert(new vscode.Position(0, 0), `defect ${200 + i} `));
        await vscode.commands.executeCommand('vscode.executeLinkProvider', doc.uri);
      }
      assert.equal(proxy.queries.length, sent);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    } finally {
      await vscode.commands.executeCommand('almDefects.signOut', { server: 'Counted' });
      await proxy.stop();
    }
  });

  it('stays off for files larger than the limit', async () => {
    await demo.settings.set('almDefects.referencesMaxFileKB', 1);
    const doc = await openReferenceFile('big.txt', `defect 5\n${'x'.repeat(2000)}\n`);
    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', doc.uri);
    assert.equal(links.filter((l) => l.target?.scheme === 'command').length, 0);
    assert.equal(await hoverAt(doc, 'defect 5'), '');
  });
});
