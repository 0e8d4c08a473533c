// The chat read tools in a real VS Code, called through vscode.lm.invokeTool (no language model):
// Search defects with each kind of filter (totals and rows checked against bob's own query), an
// ALM favorite run by name (its filter, its order, what it cannot run said), paging only up to the
// limit, the default project setting, Get defect with memos as text and hostile memo HTML returned
// inert, and failures as text.
import * as assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import * as vscode from 'vscode';
import { anyOf, eq, le, like, readFavoriteView } from '../../../src/api/index';
import type { Condition, Filter } from '../../../src/api/index';
import vectors from '../fixtures/xss-vectors.json';
import { TOOLS, chatWorld, invoke, rowsOf, sectionOf, totalOf } from './chat.support';
import { signInAs } from './support';
import type { ChatWorld } from './chat.support';

describe('chat tools: search and read', function () {
  this.timeout(60_000);
  let w: ChatWorld;

  before(async () => {
    w = await chatWorld();
  });

  after(async () => {
    await vscode.workspace.getConfiguration('almDefects').update('defaultProject', undefined, vscode.ConfigurationTarget.Workspace);
    await w?.bob.dispose();
  });

  const total = async (filter: Filter) => (await w.bobDemo.defects.page({ filter, pageSize: 1 })).total;

  it('contributes the four tools with their input schemas', () => {
    const ours = vscode.lm.tools.filter((t) => Object.values(TOOLS).includes(t.name as never));
    assert.deepEqual(ours.map((t) => t.name).sort(), Object.values(TOOLS).sort());
    for (const t of ours) {
      assert.ok(t.description.length > 100, `${t.name} has a model description`);
      assert.equal((t.inputSchema as { type?: string }).type, 'object');
    }
  });

  it('searches by status, severity, priority, owner "me", detected by, summary text and a raw query, as the server counts them', async () => {
    const sample =
      String((await w.bobDemo.defects.get(301)).name)
        .split(/\s+/)
        .find((word) => /^[a-z]{5,}$/i.test(word)) ?? 'the';
    const cases: { input: object; filter: Filter; column?: [number, (v: string) => boolean] }[] = [
      { input: { status: ['Open'] }, filter: { status: eq('Open') }, column: [2, (v) => v === 'Open'] },
      { input: { severity: ['5-Urgent', '4-Very High'] }, filter: { severity: anyOf('5-Urgent', '4-Very High') }, column: [3, (v) => ['5-Urgent', '4-Very High'].includes(v)] },
      { input: { priority: ['1-Low'] }, filter: { priority: eq('1-Low') }, column: [4, (v) => v === '1-Low'] },
      // Users read by full name with the login name (issue 30), where the server has a full name.
      { input: { owner: ['me'] }, filter: { owner: eq('alice') }, column: [5, (v) => v === 'alice' || v.endsWith(' \\(alice\\)')] },
      { input: { detectedBy: ['bob'], status: ['New', 'Open'] }, filter: { 'detected-by': eq('bob'), status: anyOf('New', 'Open') } },
      { input: { text: sample }, filter: { name: like(`*${sample}*`) }, column: [1, (v) => v.toLowerCase().includes(sample.toLowerCase())] },
      { input: { query: '{id[<=20]}' }, filter: { id: le(20) }, column: [0, (v) => Number(v) <= 20] },
    ];
    for (const c of cases) {
      const text = await invoke(TOOLS.search, { ...c.input, limit: 50 });
      const expected = await total(c.filter);
      assert.ok(expected > 0, `the demo data has matches for ${JSON.stringify(c.input)}`);
      assert.equal(totalOf(text), expected, `${JSON.stringify(c.input)}: ${text.slice(0, 300)}`);
      const rows = rowsOf(text);
      assert.equal(rows.length, Math.min(50, expected));
      if (c.column) {
        const [index, ok] = c.column;
        for (const r of rows) assert.ok(ok(r.cells[index]), `${JSON.stringify(c.input)}: row ${r.cells.join(' | ')}`);
      }
    }
    assert.equal(totalOf(await invoke(TOOLS.search, { query: '{id[<=20]}', status: ['Open'] })), await total({ id: le(20), status: eq('Open') }));
  });

  it('runs an ALM favorite by name: its filter ANDed with the other conditions, in its order; what it cannot run is said in the answer', async () => {
    // The favorite as the server holds it, translated as the tree does, counted and ordered by bob's own query.
    const view = async (name: string) => {
      const [favorite] = await w.bobDemo.favorites.named(name);
      assert.ok(favorite, `the demo has the favorite ${name}`);
      return readFavoriteView(w.bobDemo, favorite);
    };
    const urgent = await view('Open urgent');
    const text = await invoke(TOOLS.search, { favorite: 'open URGENT', limit: 50 });
    assert.match(text, /favorite "Open urgent"/, text.slice(0, 300));
    const expected = await w.bobDemo.defects.page({ filter: urgent.filter, orderBy: urgent.orderBy, fields: ['id'], pageSize: 50 });
    assert.ok(expected.total > 1, 'the demo has open urgent defects');
    assert.equal(totalOf(text), expected.total);
    assert.deepEqual(
      rowsOf(text).map((r) => r.id),
      expected.items.map((d) => d.id),
      "in the favorite's order (severity descending, then id)",
    );
    assert.doesNotMatch(text, /not applied/);

    const withStatus = await invoke(TOOLS.search, { favorite: 'Open urgent', status: ['Open'], limit: 50 });
    assert.equal(totalOf(withStatus), await total({ ...urgent.filter, status: { op: 'and', conditions: [urgent.filter.status as Condition, eq('Open')] } }), 'ANDed with the status asked');

    // Smoke failures has a cross filter on Test Set this server cannot run: the rest runs, and the answer says what did not.
    const smoke = await view('Smoke failures');
    assert.equal(smoke.notApplied.length, 1);
    const smokeText = await invoke(TOOLS.search, { favorite: 'Smoke failures', limit: 5 });
    assert.match(smokeText, /not applied: filter on Test Set not applied/);
    assert.equal(totalOf(smokeText), await total(smoke.filter));

    const unknown = await invoke(TOOLS.search, { favorite: 'No such favorite' });
    assert.match(unknown, /No ALM favorite named "No such favorite"/);
  });

  it('pages only up to the limit, newest first, and says how many more there are', async () => {
    const all = await total({});
    const newest = (await w.bobDemo.defects.page({ orderBy: ['-id'], fields: ['id'], pageSize: 150 })).items.map((d) => d.id);
    const five = await invoke(TOOLS.search, { limit: 5 });
    assert.equal(totalOf(five), all);
    assert.deepEqual(
      rowsOf(five).map((r) => r.id),
      newest.slice(0, 5),
    );
    assert.match(five, new RegExp(`Showing the first 5 \\(newest first\\); ${all - 5} more not shown`));
    // Past the 100-row page size the rows continue across the page boundary without gaps or repeats.
    const many = rowsOf(await invoke(TOOLS.search, { limit: 150 })).map((r) => r.id);
    assert.deepEqual(many, newest);
    assert.equal(rowsOf(await invoke(TOOLS.search, {})).length, 25, 'the default limit');
  });

  it('uses almDefects.defaultProject when the request names no project, and an explicit project over it', async () => {
    const config = vscode.workspace.getConfiguration('almDefects');
    await config.update('defaultProject', { server: 'Demo', domain: 'QA', project: 'Regression' }, vscode.ConfigurationTarget.Workspace);
    const regression = await invoke(TOOLS.search, { limit: 1 });
    assert.match(regression, /^50 defects in Demo \(QA\/Regression\) match/);
    assert.match(await invoke(TOOLS.search, { domain: 'DEFAULT', project: 'Playground', limit: 1 }), /^30 defects in Demo \(DEFAULT\/Playground\) match/);
    await config.update('defaultProject', undefined, vscode.ConfigurationTarget.Workspace);
    assert.match(await invoke(TOOLS.search, { limit: 1 }), /^\d+ defects in Demo \(DEFAULT\/Demo\) match/, "back to the server entry's pinned project");
  });

  it('reads a defect: fields by label, memos as text without markup, attachments by name and size, and its link', async () => {
    await w.bobDemo.defects.update(302, { description: '<html><body><p>First <b>bold</b> line</p><ul><li>one</li><li>two &amp; three</li></ul></body></html>' });
    const existing = await w.bobDemo.attachments.list({ entity: { type: 'defect', ids: [302] }, name: 'chat-notes.txt' });
    if (existing.length === 0) {
      await w.bobDemo.attachments.upload({ entity: { type: 'defect', id: 302 }, name: 'chat-notes.txt', source: { stream: Readable.from([Buffer.alloc(2048, 97)]), size: 2048 } });
    }
    const d = await w.bobDemo.defects.get(302);
    const text = await invoke(TOOLS.get, { id: 302 });
    assert.match(text, new RegExp(`^# Defect 302: `));
    assert.match(text, new RegExp(`^- Status \\(\`status\`\\): ${String(d.status)}$`, 'm'));
    assert.match(text, new RegExp(`^- Severity \\(\`severity\`\\): ${String(d.severity)}$`, 'm'));
    // The link opens the defect in VS Code (issue 43), in this editor's own URI scheme.
    assert.match(text, new RegExp(`link: ${vscode.env.uriScheme}://alm-defects\\.alm-defects/open\\?server=[^&\\s]+&domain=DEFAULT&project=Demo&id=302`));
    assert.equal(sectionOf(text, /^Description/), 'First **bold** line\n\n- one\n- two &amp; three');
    assert.match(sectionOf(text, /^Attachments/), /^- chat-notes\.txt \(2\.0 KB\)$/m);
    assert.doesNotMatch(text, /<\/?(p|b|li|ul|html|body|div|span|font)\b/i);
  });

  it('returns hostile memo HTML as inert text', async () => {
    const hostile = vectors.map((v) => `<p>${v.name}: ${v.html}</p>`).join('\n');
    await w.bobDemo.defects.update(303, { description: `<html><body>${hostile}</body></html>` });
    const description = sectionOf(await invoke(TOOLS.get, { id: 303 }), /^Description/);
    assert.match(description, /script tag/, 'the words around the markup stay');
    assert.doesNotMatch(description, /</, 'no tag or tag start survives');
    assert.doesNotMatch(description, /(^|[^\\])\]\(|(^|[^\\])!\[/, 'no Markdown link or image');
    assert.doesNotMatch(description, /window\.__xss=1<\/script>|onerror="/);
  });

  it('explains failures as text: not found, a bad query, a signed-out server', async () => {
    assert.match(await invoke(TOOLS.get, { id: 999999 }), /^Error: not found\. Defect 999999 in Demo \(DEFAULT\/Demo\) does not exist/);
    assert.match(await invoke(TOOLS.search, { query: '{status[Open' }), /^The ALM query is not valid: The query starts with "\{" but does not end with "\}"\./);
    assert.match(await invoke(TOOLS.search, { server: 'Nope' }), /^No ALM server named "Nope" is configured\. Configured: "Demo"\./);
    await vscode.commands.executeCommand('almDefects.signOut', { server: 'Demo' });
    try {
      assert.match(await invoke(TOOLS.search, {}), /^Error: signed out\. .*ALM: Sign In…/);
      assert.match(await invoke(TOOLS.get, { id: 1 }), /^Error: signed out\./);
    } finally {
      await signInAs('Demo');
    }
    assert.equal(rowsOf(await invoke(TOOLS.search, { limit: 1 })).length, 1);
  });
});
