// Long memos in the editor page (real Chromium, the real controller; issue 38 item 1): a typing
// pause sanitizes and writes out only the part of the memo that changed — counted as the nodes the
// page copies and the HTML it parses, never timed — and sends only the characters that changed,
// stepping through only the memo's children that changed; what reaches the host keeps the memo's
// structure and is still sanitized; a long memo is shown a slice at a time; images are asked of
// the host after the memo is shown, not while.
import * as assert from 'node:assert/strict';
import type { FakeProject } from '../../support/fakeProject/project';
import { text } from '../../support/text';
import { EDITOR_DEFECT_KEY, PNG, projectWithEditorDefect } from './editorFixtures';
import { ui } from './context';
import { openEditorPage, poll } from './editorHarness';
import type { EditorPage, HarnessOptions } from './editorHarness';
import { COUNT_STEPS, MEMO, caretAfter, memoDocument, range, startEditing, typeAfter, wholeMemo } from './memoPage';

/** The long memo several tests type into: 3,000 paragraphs, `paragraph 0.` to `paragraph 2999.`. */
const THREE_THOUSAND_PARAGRAPHS = range(3000)
  .map((i) => `<p>paragraph ${i}.</p>`)
  .join('\n');

/** Counts, from now on, the nodes the page copies (importNode) and the characters of HTML it parses. */
const COUNT_COPIES = `(() => {
  window.__copied = 0;
  window.__parsed = 0;
  if (window.__counting) return;
  window.__counting = true;
  const importNode = Document.prototype.importNode;
  Document.prototype.importNode = function (node, deep) {
    let n = 1;
    if (deep) for (const walker = document.createTreeWalker(node); walker.nextNode(); ) n++;
    window.__copied += n;
    return importNode.call(this, node, deep);
  };
  const parse = DOMParser.prototype.parseFromString;
  DOMParser.prototype.parseFromString = function (html, type) {
    window.__parsed += String(html).length;
    return parse.call(this, html, type);
  };
  const inner = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
  Object.defineProperty(Element.prototype, 'innerHTML', { ...inner, set(html) { window.__parsed += String(html).length; inner.set.call(this, html); } });
})()`;

describe('ui: long memos in the editor page (issue 38)', function () {
  this.timeout(120_000);
  let editor: EditorPage | undefined;

  afterEach(async () => {
    await editor?.close();
    editor = undefined;
  });

  async function open(body: string, options: Partial<HarnessOptions> = {}): Promise<{ editor: EditorPage; project: FakeProject }> {
    const project = projectWithEditorDefect({ name: 'Long memo', description: memoDocument(body) });
    editor = await openEditorPage(ui().page.context(), ui().repoRoot, { api: project, key: EDITOR_DEFECT_KEY, user: 'alice', ...options });
    await editor.page.locator('.form .group').first().waitFor();
    return { editor, project };
  }

  it('a typing pause in a memo of 3,000 paragraphs copies and parses only the paragraph typed in', async () => {
    const { editor: e } = await open(THREE_THOUSAND_PARAGRAPHS);
    await startEditing(e);
    // The first pause may write out the parts the page had no time to prepare.
    await typeAfter(e, 'paragraph 7.', ' first');
    await e.page.evaluate(COUNT_COPIES);
    const sent = await typeAfter(e, 'paragraph 1500.', ' typed');
    const copied = await e.page.evaluate<number>('window.__copied');
    const parsed = await e.page.evaluate<number>('window.__parsed');
    assert.ok(copied < 100, `the pause copied ${copied} nodes (the memo has over 6,000)`);
    assert.ok(parsed < 2_000, `the pause parsed ${parsed} characters of HTML (the memo has ${sent.length})`);
    assert.equal(sent.match(/<p>/g)?.length, 3000, 'every paragraph reached the host');
    assert.match(sent, /<p>paragraph 7\. first<\/p>/);
    assert.match(sent, /<p>paragraph 1499\.<\/p>\s*<p>paragraph 1500\. typed<\/p>\s*<p>paragraph 1501\.<\/p>/);
  });

  it('an edit in a cell of a long table reaches the host with every row and cell in place, copying only that row', async () => {
    const rows = range(400).map((i) => `<tr><td>row ${i}</td><td style="color: red">cell ${i}</td></tr>`);
    const { editor: e } = await open(`<p>Steps:</p><table border="1"><tbody>${rows.join('')}</tbody></table><p>End.</p>`);
    await startEditing(e);
    await typeAfter(e, 'Steps:', ' first');
    await e.page.evaluate(COUNT_COPIES);
    const sent = await typeAfter(e, 'cell 250', ' typed');
    const copied = await e.page.evaluate<number>('window.__copied');
    assert.ok(copied < 100, `the pause copied ${copied} nodes (the table has over 2,000)`);
    assert.equal(sent.match(/<tr>/g)?.length, 400);
    assert.equal(sent.match(/<td[ >]/g)?.length, 800);
    assert.match(sent, /<p>Steps: first<\/p><table border="1"><tbody><tr><td>row 0<\/td>/);
    assert.match(sent, /<tr><td>row 250<\/td><td style="color: red">cell 250 typed<\/td><\/tr><tr><td>row 251<\/td>/);
    assert.match(sent, /<\/tbody><\/table><p>End\.<\/p>/);
  });

  it('what an edit puts into a long list is sanitized before it reaches the host, the rest kept', async () => {
    const { editor: e } = await open(
      `<ul>${range(300)
        .map((i) => `<li>item ${i}</li>`)
        .join('')}</ul>`,
    );
    await startEditing(e);
    await typeAfter(e, 'item 3', ' first');
    // Markup the browser's editing could leave behind, put straight into one item and into the memo's end.
    await e.page.evaluate(`(() => {
      const item = document.querySelectorAll(${JSON.stringify(`${MEMO} li`)})[200];
      const bold = document.createElement('b');
      bold.setAttribute('onclick', 'window.__xss = 1');
      bold.setAttribute('style', 'color: blue; background-image: url(https://example.com/x.png)');
      bold.textContent = 'bold words';
      const link = document.createElement('a');
      link.setAttribute('href', 'javascript:window.__xss = 2');
      link.textContent = 'link words';
      const frame = document.createElement('iframe');
      frame.setAttribute('srcdoc', 'framed');
      item.append(bold, link, frame);
      document.querySelector(${JSON.stringify(MEMO)}).append(document.createElement('form'));
    })()`);
    const sent = await typeAfter(e, 'item 4', ' typed');
    assert.match(sent, /<li>item 200<b style="color: blue">bold words<\/b><a>link words<\/a><\/li>/);
    assert.doesNotMatch(sent, /onclick|javascript:|iframe|srcdoc|<form|url\(/i);
    assert.match(sent, /<li>item 3 first<\/li>/);
    assert.match(sent, /<li>item 4 typed<\/li>/);
    assert.equal(sent.match(/<li>/g)?.length, 300);
  });

  it('shows a long memo a slice at a time: its start in the task that got it (busy, not editable), then all of it', async () => {
    const { editor: e, project } = await open('<p>Short memo.</p>');
    await startEditing(e);
    // Runs after the page's own listener (listeners on window run in the order they were added).
    await e.page.evaluate(`window.addEventListener('message', (m) => {
      if (m.data?.method !== 'values') return;
      const memo = document.querySelector(${JSON.stringify(MEMO)});
      window.__whenGot = { parts: memo.querySelectorAll('p').length, busy: memo.getAttribute('aria-busy'), editable: memo.isContentEditable };
    })`);
    project.changeAsOther(EDITOR_DEFECT_KEY.id, {
      description: memoDocument(THREE_THOUSAND_PARAGRAPHS),
    });
    await e.controller.reload();
    const whenGot = await poll(
      async () => e.page.evaluate<{ parts: number; busy: string | null; editable: boolean } | null>('window.__whenGot ?? null'),
      (v) => v !== null,
    );
    assert.ok(whenGot && whenGot.parts > 0 && whenGot.parts < 3000, `the task that got the memo showed ${whenGot?.parts} of its 3,000 paragraphs`);
    assert.equal(whenGot.busy, 'true');
    assert.equal(whenGot.editable, false, 'half a memo took typing');
    await e.page.locator(`${MEMO}:not([aria-busy])[contenteditable="true"]`).waitFor({ timeout: 60_000 });
    assert.equal(await e.page.locator(`${MEMO} p`).count(), 3000);
  });

  it('a typing pause in a long memo sends a splice of the characters that changed, and the host holds what a whole post would give', async () => {
    const { editor: e } = await open(THREE_THOUSAND_PARAGRAPHS);
    await startEditing(e);
    await typeAfter(e, 'paragraph 7.', ' first');
    // From now on: what the page posts to the host, and the memo's children it steps through.
    await e.page.evaluate(COUNT_STEPS);
    const sent = await typeAfter(e, 'paragraph 1500.', ' typed');
    const posted = await e.page.evaluate<number>('window.__posted');
    const stepped = await e.page.evaluate<number>('window.__stepped');
    assert.ok(posted < 1_000, `the pause posted ${posted} characters (the memo has ${sent.length})`);
    assert.ok(stepped < 500, `the pause stepped through ${stepped} nodes (the memo has 3,000 paragraphs)`);
    assert.match(sent, /<p>paragraph 1499\.<\/p>\s*<p>paragraph 1500\. typed<\/p>\s*<p>paragraph 1501\.<\/p>/);
    // A new paragraph (a change of the memo's own children), then a word in it.
    assert.ok(await e.page.evaluate<boolean>(caretAfter('paragraph 2000.')));
    await e.page.keyboard.press('Enter');
    await e.page.keyboard.type('a new paragraph', { delay: 0 });
    await e.page.locator('[data-field="name"] vscode-text-field').click();
    const split = await poll(
      async () => text(e.controller.value('description')),
      (v) => v.includes('a new paragraph'),
      30_000,
    );
    assert.match(split, /<p>paragraph 2000\.<\/p><p>a new paragraph<\/p>\s*<p>paragraph 2001\.<\/p>/);
    assert.ok((await e.page.evaluate<number>('window.__posted')) < 2_000);
    // The memo written out whole (the HTML source view) is what the host pieced together.
    assert.equal(split, await wholeMemo(e));
  });

  it('a typing pause in the HTML source view of a long memo parses its text a piece at a time, and the host gets it sanitized', async () => {
    const { editor: e } = await open(THREE_THOUSAND_PARAGRAPHS);
    await startEditing(e);
    // The largest piece of HTML the page hands the parser at once, from now on.
    await e.page.evaluate(`(() => {
      window.__largest = 0;
      const note = (html) => (window.__largest = Math.max(window.__largest, String(html).length));
      const parse = DOMParser.prototype.parseFromString;
      DOMParser.prototype.parseFromString = function (html, type) { note(html); return parse.call(this, html, type); };
      const write = Document.prototype.write;
      Document.prototype.write = function (...html) { note(html.join('')); return write.apply(this, html); };
      const inner = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
      Object.defineProperty(Element.prototype, 'innerHTML', { ...inner, set(html) { note(html); inner.set.call(this, html); } });
    })()`);
    const memo = e.page.locator('[data-field="description"]');
    await memo.getByRole('button', { name: 'HTML source' }).click();
    const source = memo.locator('.memo-source');
    await source.focus();
    await e.page.evaluate(`(() => {
      const area = document.querySelector('[data-field="description"] .memo-source');
      const at = area.value.indexOf('paragraph 1500.') + 'paragraph 1500.'.length;
      area.setSelectionRange(at, at);
    })()`);
    await e.page.keyboard.type(' typed<img src=x onerror="window.__xss=1">', { delay: 0 });
    // Waits for all of it: on a loaded machine a pause can fall between two keys and send a part first.
    const sent = await poll(
      async () => text(e.controller.value('description')),
      (v) => /<p>paragraph 1500\. typed<img src="x"><\/p>/.test(v),
      30_000,
    );
    const largest = await e.page.evaluate<number>('window.__largest');
    assert.ok(largest <= 40_000, `the page parsed ${largest} characters at once (the memo has ${sent.length})`);
    assert.match(sent, /<p>paragraph 1500\. typed<img src="x"><\/p>\s*<p>paragraph 1501\.<\/p>/);
    assert.equal(sent.match(/<p>/g)?.length, 3000);
  });

  it("asks the host for a memo's images after showing it, not while: none is asked for when it shows, then all are", async () => {
    const asked: string[] = [];
    const { editor: e, project } = await open('<p>Short memo.</p>', {
      resolveImage: async (src) => {
        asked.push(src);
        return { reason: 'not an attachment' };
      },
    });
    // Runs after the page's own listener (listeners on window run in the order they were added).
    await e.page.evaluate(`window.addEventListener('message', (m) => {
      if (m.data?.method === 'values') window.__askedWhenShown = document.querySelectorAll(${JSON.stringify(`${MEMO} img[aria-busy], ${MEMO} img[data-alm-missing]`)}).length;
    })`);
    const images = range(300).map((i) => `<p><img src="screens/shot-${i}.png" alt="shot ${i}"></p>`);
    project.changeAsOther(EDITOR_DEFECT_KEY.id, { description: memoDocument(images.join('')) });
    await e.controller.reload();
    const whenShown = await poll(
      async () => e.page.evaluate<number | null>('window.__askedWhenShown ?? null'),
      (n) => n !== null,
    );
    assert.equal(whenShown, 0, 'images asked for while the memo was being shown');
    await poll(
      async () => e.page.locator(`${MEMO} img[data-alm-missing]`).count(),
      (n) => n === 300,
      60_000,
    );
    assert.equal(new Set(asked).size, 300);
    assert.equal(asked[0], 'screens/shot-0.png', 'the first image is asked for first');
  });

  it("what shows a memo's images (not found, loading, found) is not stored, and their showing is no change a typing pause goes through", async () => {
    let uploaded = false;
    const images = range(300).map((i) => `<p>paragraph ${i}. <img src="screens/shot-${i}.png" alt="shot ${i}"></p>`);
    const { editor: e } = await open(images.join(''), { resolveImage: async () => (uploaded ? { dataUri: PNG } : { reason: 'not an attachment' }) });
    await startEditing(e);
    const shown = (selector: string) =>
      poll(
        async () => e.page.locator(`${MEMO} ${selector}`).count(),
        (n) => n === 300,
        60_000,
      );
    await shown('img[data-alm-missing]');
    const first = await typeAfter(e, 'paragraph 7.', ' first');
    // The attachments changed (an upload): every image is asked for again, and found.
    uploaded = true;
    e.channel.notify('imagesChanged', {});
    await shown('img[src^="data:image/png;base64,"]');
    await e.page.evaluate(COUNT_STEPS);
    const sent = await typeAfter(e, 'paragraph 150.', ' typed');
    for (const value of [first, sent]) {
      assert.doesNotMatch(value, /data-alm|aria-busy|class=|data:image/, 'the host got what showed the images');
      assert.equal(value.match(/<img alt="shot \d+" src="screens\/shot-\d+\.png">/g)?.length, 300);
    }
    assert.ok((await e.page.evaluate<number>('window.__posted')) < 1_000, 'the pause posted the images again');
    const stepped = await e.page.evaluate<number>('window.__stepped');
    assert.ok(stepped < 100, `the pause stepped through ${stepped} nodes`);
    assert.equal(sent, await wholeMemo(e));
  });

  it('shows images by a placeholder while they load, never by their alt text, and the alt text of only the first 200 not found', async () => {
    // Chromium lays out many images without a source (drawn by their alt text) slowly: a memo of
    // 20,000 took one task of 6–8 s to show (bench:memo-editor).
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const images = range(1000).map((i) => `<img src="screens/shot-${i}.png" alt="shot ${i}"> `);
    const { editor: e } = await open(`<p>${images.join('')}</p>`, {
      resolveImage: async () => {
        await answered;
        return { reason: 'not an attachment' };
      },
    });
    const count = (selector: string) => e.page.locator(`${MEMO} ${selector}`).count();
    await poll(
      async () => count('img'),
      (n) => n === 1000,
      60_000,
    );
    await e.page.locator(`${MEMO}:not([aria-busy])`).waitFor();
    assert.equal(await count('img:not([src])'), 0, 'images drawn by their alt text while they load');
    assert.equal(await count('img[data-alm-pending]'), 1000);
    answer();
    await poll(
      async () => count('img[data-alm-missing]'),
      (n) => n === 1000,
      60_000,
    );
    assert.equal(await count('img:not([src])'), 200, 'images not found drawn by their alt text');
    assert.equal(await e.page.locator(`${MEMO} img:not([src])`).first().getAttribute('alt'), 'shot 0');
    // Their box: the placeholder does not shrink an image not found to a pixel.
    const box = await e.page.locator(`${MEMO} img`).last().boundingBox();
    assert.ok(box && box.width >= 80 && box.height >= 24, `an image not found is ${box?.width}×${box?.height}`);
  });

  it('asks for an image source once however many images name it, a few at a time, and no more sources once the page holds 64 MB of image data', async () => {
    const asked = new Map<string, number>();
    // 4 MB of image data each: 16 fill the page's 64 MB.
    const big = `data:image/png;base64,${'A'.repeat(4 * 1024 * 1024)}`;
    const images = [...range(500).map(() => '<img src="same.png" alt="same">'), ...range(60).map((i) => `<img src="big-${i}.png" alt="big ${i}">`)];
    const { editor: e } = await open(`<p>${images.join(' ')}</p>`, {
      resolveImage: async (src) => {
        asked.set(src, (asked.get(src) ?? 0) + 1);
        return { dataUri: src === 'same.png' ? PNG : big };
      },
    });
    const count = (selector: string) => e.page.locator(`${MEMO} ${selector}`).count();
    await poll(
      async () => count('img:not([data-alm-pending]):not([aria-busy])'),
      (n) => n === 560,
      60_000,
    );
    assert.equal(asked.get('same.png'), 1, 'one source asked for once per image');
    assert.equal(await count(`img[src="${PNG}"]`), 500);
    const bigAsked = [...asked.keys()].filter((src) => src.startsWith('big-')).length;
    // 16 answers fill the budget; up to 8 more were asked meanwhile.
    assert.ok(bigAsked >= 16 && bigAsked <= 24, `${bigAsked} of the 60 large images asked for`);
    assert.equal(await count('img[data-alm-missing]'), 60 - bigAsked, 'the images past the budget show as not found');
    const notice = e.page.getByRole('status').filter({ hasText: 'Some images are not shown' });
    assert.equal(await notice.innerText(), 'Some images are not shown: this editor shows at most 64 MB of images. Open the others from Attachments.');
  });
});
