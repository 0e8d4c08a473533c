// A long memo that is one long container (a list or a table of 1 MB; issue 38 item 1): a typing
// pause inside it steps through only the items that changed, not all of the container's items —
// counted as the nodes the page steps through, never timed — and whatever the edits (typing, Enter,
// Backspace, pasting, items added, removed, restyled), the host holds, splice after splice, what
// the memo written out whole gives, byte for byte.
import * as assert from 'node:assert/strict';
import { EDITOR_DEFECT_KEY, projectWithEditorDefect } from './editorFixtures';
import { ui } from './context';
import { openEditorPage } from './editorHarness';
import type { EditorPage } from './editorHarness';
import { COUNT_IDLE, COUNT_STEPS, MEMO, caretAfter, idleDone, leaveMemo, memoDocument, range, startEditing, typeAfter, wholeMemo } from './memoPage';

const LIST = `<ul>${range(16_000)
  .map((i) => `<li>item ${i}: words that make one long list a megabyte long</li>`)
  .join('')}</ul>`;
const TABLE = `<table border="1"><tbody>${range(5_000)
  .map((i) => `<tr><td>item ${i}</td><td>cell ${i}</td></tr>`)
  .join('')}</tbody></table>`;

/**
 * Edits, as editing could leave them, of `count` items (from the 1,000th on; the keys go to the
 * first ones) of the memo's container `box`, chosen by a seeded random: text changed, an item
 * added or removed, markup pasted in, an item or (at times) the container restyled.
 */
const randomEdits = (box: string, seed: number, count: number) => `(() => {
  let s = ${seed};
  const rand = (n) => (s = (s * 48271) % 2147483647) % n;
  const box = document.querySelector(${JSON.stringify(`${MEMO} ${box}`)});
  const firstText = (node) => document.createTreeWalker(node, NodeFilter.SHOW_TEXT).nextNode();
  for (let k = 0; k < ${count}; k++) {
    const item = box.children[1000 + rand(box.children.length - 1000)];
    const text = firstText(item);
    const kind = rand(7);
    if (kind === 0 && text) text.data += ' edited';
    if (kind === 1) item.after(item.cloneNode(true));
    if (kind === 2) item.remove();
    if (kind === 3) (item.lastElementChild ?? item).append(document.createRange().createContextualFragment('<b>bold</b> <i onclick="x()">it</i><script>x()</script>'));
    if (kind === 4) item.setAttribute('style', 'color: green');
    if (kind === 5 && text) text.before(document.createElement('br'));
    if (kind === 6 && rand(3) === 0) box.setAttribute('style', 'color: ' + ['red', 'blue'][rand(2)]);
  }
})()`;

/** Pastes `html` at the caret, as the clipboard gives it. */
const paste = (html: string) => `(() => {
  const data = new DataTransfer();
  data.setData('text/html', ${JSON.stringify(html)});
  data.setData('text/plain', 'pasted');
  document.querySelector(${JSON.stringify(MEMO)}).dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
})()`;

describe('ui: a long memo of one long list or table (issue 38)', function () {
  this.timeout(180_000);
  let editor: EditorPage | undefined;

  afterEach(async () => {
    await editor?.close();
    editor = undefined;
  });

  async function show(body: string): Promise<EditorPage> {
    const project = projectWithEditorDefect({ name: 'Long memo', description: memoDocument(body) });
    editor = await openEditorPage(ui().page.context(), ui().repoRoot, { api: project, key: EDITOR_DEFECT_KEY, user: 'alice' });
    return editor;
  }

  async function open(body: string): Promise<EditorPage> {
    const editor = await show(body);
    await editor.page.evaluate(COUNT_IDLE);
    await startEditing(editor);
    // The first pause may write out the parts the page had no time to prepare.
    await typeAfter(editor, 'item 7', ' first');
    // What the page does when idle (preparing) is over: what is counted from now on is the pauses'.
    await idleDone(editor);
    return editor;
  }

  /** Counts the nodes the page steps through and the characters it posts for a pause of `typed` after `at`. */
  async function countedPause(e: EditorPage, at: string, typed: string): Promise<{ stepped: number; posted: number; sent: string }> {
    await e.page.evaluate(COUNT_STEPS);
    const sent = await typeAfter(e, at, typed);
    return { stepped: await e.page.evaluate<number>('window.__stepped'), posted: await e.page.evaluate<number>('window.__posted'), sent };
  }

  /** Rounds of random edits, keys (Enter, Backspace) and pastes inside the container `box`; the host then holds the memo written out whole. */
  async function editRounds(e: EditorPage, box: string): Promise<string> {
    for (const round of range(6)) {
      await e.page.evaluate(randomEdits(box, round + 1, 12));
      assert.ok(await e.page.evaluate<boolean>(caretAfter(`item ${100 + round * 10}`)));
      if (round % 3 === 0) {
        await e.page.keyboard.press('Enter');
        await e.page.keyboard.type(`entered ${round}`, { delay: 0 });
      }
      // The item's text deleted, then the item itself (joined to the one before).
      if (round % 3 === 1) for (const key of ['Shift+Home', 'Backspace', 'Backspace']) await e.page.keyboard.press(key);
      if (round % 3 === 2) await e.page.evaluate(paste(`<b>pasted ${round}</b><img src=x onerror="x()"><ul><li>one</li><li>two</li></ul>`));
      await typeAfter(e, 'item 3', ` round${round}`);
    }
    const value = await leaveMemo(e, (v) => v.includes('round5'));
    assert.equal(value, await wholeMemo(e), 'the host pieced together another memo than the page writes out whole');
    assert.doesNotMatch(value, /onclick|onerror|<script/i);
    return value;
  }

  it('a typing pause in a 1 MB list of one <ul> steps through only the item typed in, and sends only what changed', async () => {
    const e = await open(LIST);
    const { stepped, posted, sent } = await countedPause(e, 'item 7000', ' typed');
    assert.ok(sent.length > 1_000_000, `the memo has ${sent.length} characters`);
    assert.ok(stepped < 500, `the pause stepped through ${stepped} nodes (the list has 16,000 items)`);
    assert.ok(posted < 1_000, `the pause posted ${posted} characters`);
    assert.match(sent, /<li>item 6999: [^<]*<\/li><li>item 7000 typed: [^<]*<\/li><li>item 7001: /);
    // A new item (a change of the list's own items).
    assert.ok(await e.page.evaluate<boolean>(caretAfter('item 9000: words that make one long list a megabyte long')));
    await e.page.keyboard.press('Enter');
    const entered = await countedPause(e, 'item 9001', ' typed');
    assert.ok(entered.stepped < 500, `the pause after Enter stepped through ${entered.stepped} nodes`);
    assert.match(entered.sent, /<li>item 9000: [^<]*<\/li><li>(<br>)?<\/li><li>item 9001 typed: /);
    assert.equal(entered.sent, await wholeMemo(e));
  });

  it('a typing pause in a table of 5,000 rows steps through only the row typed in', async () => {
    const e = await open(TABLE);
    const { stepped, posted, sent } = await countedPause(e, 'cell 2500', ' typed');
    assert.ok(stepped < 500, `the pause stepped through ${stepped} nodes (the table has 5,000 rows)`);
    assert.ok(posted < 1_000, `the pause posted ${posted} characters`);
    assert.match(sent, /<tr><td>item 2500<\/td><td>cell 2500 typed<\/td><\/tr><tr><td>item 2501<\/td>/);
  });

  it('after Edit, a table of 5,000 rows is prepared stepping through its rows once, and a pause typed beside it does not go through them again', async () => {
    const e = await show(TABLE);
    // The memo shown whole (its last row in, no longer busy): what is counted from now on is Edit's.
    await e.page.locator(MEMO).getByText('cell 4999', { exact: true }).waitFor({ state: 'attached' });
    await e.page.locator(`${MEMO}:not([aria-busy])`).waitFor({ state: 'attached' });
    await e.page.evaluate(COUNT_IDLE);
    await e.page.evaluate(COUNT_STEPS);
    // Edit: the page writes the memo's parts out when idle, a slice at a time.
    await startEditing(e);
    await idleDone(e);
    const prepared = await e.page.evaluate<number>('window.__stepped');
    assert.ok(prepared < 7_500, `preparing the table stepped through ${prepared} nodes (it has 5,000 rows)`);
    // The first pause writes the memo out whole: the next ones are splices of it.
    await typeAfter(e, 'item 7', ' first');
    // Typed as the bench types: at the end of the memo's first text, the line break before the table.
    await e.page.evaluate(COUNT_STEPS);
    assert.ok(await e.page.evaluate<boolean>(caretAfter('\n')));
    await e.page.keyboard.type('typed', { delay: 0 });
    const sent = await leaveMemo(e, (v) => v.includes('typed'));
    await idleDone(e);
    const stepped = await e.page.evaluate<number>('window.__stepped');
    assert.ok(stepped < 500, `the pause and what the page did when idle after it stepped through ${stepped} nodes`);
    assert.ok((await e.page.evaluate<number>('window.__posted')) < 1_000, 'the pause posted more than the characters typed');
    assert.match(sent, /<body>\n\ntyped<table border="1"><tbody><tr><td>item 0<\/td>/);
    assert.equal(sent, await wholeMemo(e));
  });

  it('after any edits inside a long list the host holds the memo written out whole, byte for byte', async () => {
    const value = await editRounds(await open(LIST), 'ul');
    assert.match(value, /entered 0/);
    assert.match(value, /pasted 2/);
  });

  it('after any edits inside a long table the host holds the memo written out whole, byte for byte', async () => {
    const value = await editRounds(await open(TABLE), 'tbody');
    assert.match(value, /entered 0/);
    assert.match(value, /pasted 2/);
  });
});
