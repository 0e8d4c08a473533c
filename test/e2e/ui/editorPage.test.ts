// The editor page in real Chromium with the real controller behind it: operable by keyboard alone
// (Tab to Edit, type, Ctrl+S), inputs named by their labels for screen readers, the field-by-field
// conflict choice made in the page, the lock banner naming the holder, memo links handed to the
// host, memo images shown from the data: URI the host resolves, and its texts from a translation bundle.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import type { ProjectUser } from '../../../src/api/index';
import { NotSignedInError } from '../../../src/auth/connection';
import type { FakeProject } from '../../support/fakeProject/project';
import { EDITOR_DEFECT_KEY, PNG, projectWithEditorDefect } from './editorFixtures';
import { ui } from './context';
import { openEditorPage, poll } from './editorHarness';
import { pasteInto } from './editorPageScripts';
import { eventually } from '../../support/eventually';
import type { EditorPage, HarnessOptions } from './editorHarness';

const KEY = EDITOR_DEFECT_KEY;
const ACTIVE = `(() => { const a = document.activeElement; return a ? (a.getAttribute('aria-label') || a.textContent || '').trim() : ''; })()`;

function project(): FakeProject {
  return projectWithEditorDefect({
    name: 'Keyboard defect',
    priority: '1-Low',
    description:
      '<html><body><p>See <a href="https://example.com/wiki">the wiki</a> and the screenshot:</p><p><img src="/qcbin/api/domains/DEFAULT/projects/Demo/attachments/17" alt="screenshot.png"></p></body></html>',
  });
}

async function open(p: FakeProject, extra: Partial<HarnessOptions> = {}, users: ProjectUser[] = [{ name: 'alice' }, { name: 'bob' }]): Promise<EditorPage> {
  p.userList = users;
  const editor = await openEditorPage(ui().page.context(), ui().repoRoot, {
    api: p,
    key: KEY,
    user: 'alice',
    resolveImage: async (src) => (src.endsWith('/attachments/17') ? { dataUri: PNG } : { reason: 'not an attachment' }),
    ...extra,
  });
  await editor.page.locator('.form .group').first().waitFor();
  return editor;
}

/** Presses Tab until the focused element's name matches (none when it has the focus already, as Edit gives the first field); fails after `max` presses. */
async function tabTo(editor: EditorPage, name: RegExp, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (i > 0 || !name.test(await editor.page.evaluate<string>(ACTIVE))) await editor.page.keyboard.press('Tab');
    if (name.test(await editor.page.evaluate<string>(ACTIVE))) return;
  }
  assert.fail(`Tab never reached ${name}`);
}

describe('ui: the editor page (keyboard, screen readers, conflicts, links, images)', function () {
  this.timeout(60_000);
  const opened: EditorPage[] = [];
  after(async () => {
    for (const e of opened) await e.close();
  });

  it('is operable by keyboard alone: Tab to Edit, Enter, type the summary, Ctrl+S saves', async () => {
    const p = project();
    const editor = await open(p);
    opened.push(editor);
    await tabTo(editor, /^Edit$/);
    await editor.page.keyboard.press('Enter');
    await editor.page.locator('body[data-phase="editing"]').waitFor();
    await tabTo(editor, /^Summary \(required\)$/);
    // The toolkit's field drops `readonly` on its inner input in its next render frame; a user
    // starts typing once it looks editable.
    await poll(
      () => editor.page.evaluate<string>(`String(document.activeElement?.shadowRoot?.querySelector('input')?.readOnly)`),
      (v) => v === 'false',
    );
    await editor.page.keyboard.press('Control+A');
    await editor.page.keyboard.type('Typed without a mouse');
    // As a user would, save once the field shows what was typed (keystrokes on a loaded CI machine
    // can lag behind the key presses).
    await poll(
      () => editor.page.evaluate<string>(`document.activeElement?.value ?? ''`),
      (v) => v === 'Typed without a mouse',
    );
    await editor.page.keyboard.press('Control+S');
    const saved = await editor.page
      .locator('.header .notice', { hasText: 'Saved at' })
      .waitFor({ timeout: 15_000 })
      .then(
        () => true,
        () => false,
      );
    const notice = await editor.page.locator('.header .notice').allTextContents();
    assert.ok(saved, `no "Saved at" notice after Ctrl+S; notices: ${JSON.stringify(notice)}, stored name: ${p.store.get(7)?.name}`);
    assert.equal(p.store.get(7)?.name, 'Typed without a mouse');
  });

  it('shows the values as text until Edit, then names every input by its field label (required ones say so)', async () => {
    const editor = await open(project());
    opened.push(editor);
    const page = editor.page;
    // Read mode: values, not inputs (those are built hidden when the page is idle, shown by Edit).
    assert.equal(await page.locator('[data-field="name"] .value').innerText(), 'Keyboard defect');
    assert.equal(await page.locator('[data-field="priority"] .value').innerText(), '1-Low');
    assert.equal(await page.locator('.field-input > :is(vscode-text-field, vscode-dropdown, input, .multi):visible').count(), 0);
    // A memo shows itself: no empty value box above it (it left a blank line under every memo's label).
    assert.equal(await page.locator('[data-field="description"] .field-input > .value').isVisible(), false);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.locator('body[data-phase="editing"]').waitFor();
    await page.getByRole('textbox', { name: 'Summary (required)' }).waitFor();
    await page.getByRole('combobox', { name: 'Severity (required)' }).waitFor();
    await page.getByRole('combobox', { name: 'Priority' }).waitFor();
    await page.getByRole('combobox', { name: 'Assigned To' }).waitFor();
    await page.getByRole('group', { name: 'Platforms' }).waitFor();
    await page.getByRole('textbox', { name: 'Description' }).waitFor();
    await page.getByRole('toolbar', { name: 'Defect actions' }).waitFor();
    await page.getByRole('group', { name: 'Change status' }).getByRole('button', { name: 'Set status to Fixed' }).waitFor();
    const unnamed = await page.evaluate<string[]>(
      `Array.from(document.querySelectorAll('.field-input > :is(vscode-text-field, vscode-dropdown, input, .memo, .multi)')).filter((e) => !e.getAttribute('aria-label')).map((e) => e.closest('.field').dataset.field)`,
    );
    assert.deepEqual(unnamed, []);
  });

  it('marks an input with its problem for screen readers (aria-invalid, the problem as its tooltip) and clears the mark once fixed', async () => {
    const editor = await open(project());
    opened.push(editor);
    const page = editor.page;
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.locator('body[data-phase="editing"]').waitFor();
    const field = page.locator('[data-field="name"] vscode-text-field');
    const problem = page.locator('[data-field="name"] .field-problem');
    // A required field emptied: its problem shows on the row and marks the input.
    await field.locator('input').fill('');
    await problem.waitFor();
    const message = await problem.innerText();
    assert.match(message, /\S/, 'the row names the problem');
    await poll(
      async () => String(await field.getAttribute('aria-invalid')),
      (v) => v === 'true',
    );
    assert.equal(await field.getAttribute('title'), message);
    await field.locator('input').fill('Fixed again');
    await problem.waitFor({ state: 'hidden' });
    await poll(
      async () => String(await field.getAttribute('aria-invalid')),
      (v) => v === 'null',
    );
    assert.equal(await field.getAttribute('title'), null);
  });

  it('shows its texts in the display language when the host passes a bundle (markup in a translation stays text)', async () => {
    const editor = await open(project(), {
      l10n: { Edit: 'Bearbeiten', 'Defect actions': 'Fehleraktionen', Details: 'Einzelheiten', '{0} (required)': '{0} (Pflichtfeld)', Reload: 'Neu <b>laden</b> "jetzt"' },
    });
    opened.push(editor);
    const page = editor.page;
    const toolbar = page.getByRole('toolbar', { name: 'Fehleraktionen' });
    await toolbar.getByRole('button', { name: 'Bearbeiten' }).waitFor();
    await page.getByRole('heading', { name: 'Einzelheiten' }).waitFor();
    await toolbar.getByRole('button', { name: 'Bearbeiten' }).click();
    await page.getByRole('textbox', { name: 'Summary (Pflichtfeld)' }).waitFor();
    assert.deepEqual(await page.locator('.toolbar b').count(), 0);
    assert.ok((await toolbar.allTextContents()).join(' ').includes('Neu <b>laden</b> "jetzt"'));
    // Strings without a translation stay English.
    await page.getByRole('group', { name: 'Change status' }).waitFor();
    assert.deepEqual(editor.traps.pageErrors, []);
    assert.deepEqual(editor.traps.cspViolations, []);
  });

  it('finds a user in the Assigned To picker by typing the login name, though it shows the full name', async () => {
    const p = project();
    const editor = await open(p, {}, [
      { name: 'alice', fullName: 'Alice Archer' },
      { name: 'bob', fullName: 'Robert Brown' },
    ]);
    opened.push(editor);
    await editor.page.getByRole('button', { name: 'Edit' }).click();
    await editor.page.locator('body[data-phase="editing"]').waitFor();
    const owner = editor.page.locator('[data-field="owner"] vscode-dropdown');
    await owner.click();
    await editor.page.locator('[data-field="owner"] vscode-option', { hasText: 'Robert Brown (bob)' }).waitFor();
    // Issue 39: the type-ahead matched the shown text only, so a login found no one.
    await editor.page.keyboard.type('bob');
    await editor.page.keyboard.press('Enter');
    const OWNER = `document.querySelector('[data-field="owner"] vscode-dropdown')`;
    await poll(
      () => editor.page.evaluate<string>(`${OWNER}.value`),
      (v) => v === 'bob',
    );
    await poll(
      () => editor.page.evaluate<string>(`${OWNER}.shadowRoot.querySelector('.selected-value')?.textContent.trim() ?? ''`),
      (v) => v === 'Robert Brown (bob)',
    );
  });

  it('lets the user choose, field by field, between the server value and theirs', async () => {
    const p = project();
    const editor = await open(p);
    opened.push(editor);
    await editor.page.getByRole('button', { name: 'Edit' }).click();
    await editor.page.locator('body[data-phase="editing"]').waitFor();
    await editor.page.locator('[data-field="name"] vscode-text-field input').fill('Mine');
    await editor.page.locator('[data-field="priority"] vscode-dropdown').click();
    await editor.page.locator('[data-field="priority"] vscode-option', { hasText: '3-High' }).click();
    p.changeAsOther(7, { name: 'Theirs', priority: '2-Medium' });
    await editor.page.getByRole('button', { name: 'Save', exact: true }).click();
    const panel = editor.page.getByRole('region', { name: /changed on the server/ });
    await panel.waitFor();
    const row = (field: string) => panel.locator(`tr[data-field="${field}"]`);
    assert.equal(await row('name').locator('.server-value').innerText(), 'Theirs');
    assert.equal(await row('name').locator('.mine-value').innerText(), 'Mine');
    assert.equal(await row('priority').locator('.server-value').innerText(), '2-Medium');
    await editor.page.screenshot({ path: join(ui().screenshotsDir, 'editor-conflict.png'), fullPage: true });
    await row('priority').getByRole('radio', { name: 'Server' }).click();
    await panel.getByRole('button', { name: 'Save with these choices' }).click();
    await editor.page.locator('.header .notice', { hasText: 'Saved at' }).waitFor();
    assert.equal(p.store.get(7)?.name, 'Mine');
    assert.equal(p.store.get(7)?.priority, '2-Medium');
    assert.equal(await panel.count(), 0, 'the choice is gone after saving');
  });

  it('shows who holds the lock and since when, with Retry', async () => {
    const p = project();
    p.lockAsOther(7, 'bob');
    const editor = await open(p);
    opened.push(editor);
    await editor.page.getByRole('button', { name: 'Edit' }).click();
    const banner = editor.page.locator('.banner.locked-by-other');
    await banner.waitFor();
    assert.equal(await banner.innerText(), 'Read-only: bob is editing this defect (locked since 2026-01-05 09:30:00).');
    await editor.page.screenshot({ path: join(ui().screenshotsDir, 'editor-locked-by-bob.png'), fullPage: false });
    p.locks_.delete(7);
    await editor.page.getByRole('button', { name: 'Retry' }).click();
    await editor.page.locator('body[data-phase="editing"]').waitFor();
  });

  it('offers Sign In when the defect could not be read signed out, with no made-up summary; signed in, it shows the defect and its links', async () => {
    const p = project();
    const read = p.defects.get;
    let signedIn = false;
    const notSignedIn = () => Promise.reject(new NotSignedInError('Not signed in to Demo.', false));
    p.defects.get = notSignedIn;
    const links = () => (signedIn ? Promise.resolve({ items: [], linkTypes: ['Related', 'Duplicate'] }) : notSignedIn());
    const editor = await openEditorPage(ui().page.context(), ui().repoRoot, { api: p, key: KEY, user: 'alice', links });
    opened.push(editor);
    const notice = editor.page.locator('.notice[role="status"]');
    const signIn = notice.getByRole('button', { name: 'Sign In' });
    await signIn.waitFor();
    assert.equal(await notice.innerText(), 'Could not open the defect: Not signed in to Demo. Sign In');
    assert.equal(await editor.page.locator('h1').innerText(), 'Not loaded');
    assert.equal(await editor.page.locator('.summary').isVisible(), false, 'no empty status, severity, priority and owner chips');
    const linkMessage = editor.page.locator('.link-message');
    await poll(
      () => linkMessage.innerText(),
      (t) => t === 'Not signed in to Demo.',
    );
    await signIn.click();
    await eventually('the host asked to sign in', () => editor.signIns.count === 1);
    // Signed in, the host reads the defect again (registerDefectEditor reloads its editors).
    signedIn = true;
    p.defects.get = read;
    await editor.controller.reload();
    await editor.page.locator('h1', { hasText: 'Keyboard defect' }).waitFor();
    assert.equal(await editor.page.locator('.summary').isVisible(), true);
    // The Links section read again too: it kept "Not signed in" and no link types.
    await poll(
      () => linkMessage.innerText(),
      (t) => t === 'No links.',
    );
    assert.deepEqual(await editor.page.locator('select.link-type option').allInnerTexts(), ['Related', 'Duplicate']);
  });

  it('hands memo links to the host and shows attachment images from the host', async () => {
    const editor = await open(project());
    opened.push(editor);
    const memo = editor.page.locator('[data-field="description"] .memo');
    await memo.locator('img[src^="data:image/png;base64,"]').waitFor();
    await memo.getByRole('link', { name: 'the wiki' }).click();
    assert.deepEqual(editor.openedLinks, ['https://example.com/wiki']);
    assert.deepEqual(editor.traps.navigations, []);
    assert.deepEqual(editor.traps.requests, []);
  });

  it('asks again for an image it could not show when the host says the attachments changed (an upload)', async () => {
    let uploaded = false;
    const asked: string[] = [];
    const editor = await open(project(), {
      resolveImage: async (src) => {
        asked.push(src);
        return uploaded && src.endsWith('/attachments/17') ? { dataUri: PNG } : { reason: 'not an attachment' };
      },
    });
    opened.push(editor);
    const memo = editor.page.locator('[data-field="description"] .memo');
    await memo.locator('img[data-alm-missing]').waitFor();
    assert.equal(asked.length, 1);
    uploaded = true;
    editor.channel.notify('imagesChanged', {});
    await memo.locator('img[src^="data:image/png;base64,"]').waitFor();
    assert.equal(await memo.locator('img[data-alm-missing]').count(), 0);
    assert.equal(asked.length, 2);
    assert.deepEqual(editor.traps.requests, []);
  });

  it('shows an image pasted as HTML, asked of the host once it is in the memo', async () => {
    const asked: string[] = [];
    const editor = await open(project(), {
      resolveImage: async (src) => {
        asked.push(src);
        return src.endsWith('/attachments/18') ? { dataUri: PNG } : { reason: 'not an attachment' };
      },
    });
    opened.push(editor);
    await editor.controller.edit();
    const memo = editor.page.locator('[data-field="description"] .memo[contenteditable="true"]');
    await memo.click();
    await editor.page.evaluate(pasteInto('description', '<p>pasted <img src="/qcbin/rest/domains/DEFAULT/projects/Demo/defects/7/attachments/18" alt="pasted shot"></p>'));
    await memo.locator('img[alt="pasted shot"][src^="data:image/png;base64,"]').waitFor();
    assert.ok(asked.some((src) => src.endsWith('/attachments/18')));
    assert.deepEqual(editor.traps.requests, []);
  });
});
