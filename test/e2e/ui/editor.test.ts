// The defect editor as a user drives it in the real workbench: opened by id from the command palette,
// read-only first, edited with mouse and keyboard (text, list, date, multi-select, rich text, a
// comment) and saved — the server has the values; unsaved edits survive a window reload (the
// panel serializer restores them, the lock is released); closing with unsaved edits asks first.
// Screenshots of read and edit mode go to test-results/ui (edit mode in each theme: editorTheme.test.ts).
import * as assert from 'node:assert/strict';
import type { Frame } from 'playwright-core';
import { screenshot, ui } from './context';
import { closeEditorsAndShowExplorer, editorFrame, editorTab, openDefect, runCommand, serverDefect, signInIfNeeded } from './editorWorkbench';
import { eventually } from '../../support/eventually';
import { settled } from './editorHarness';

const EDITED = 51;
const RESTORED = 52;

async function phase(frame: Frame): Promise<string | undefined> {
  return (await frame.locator('body').getAttribute('data-phase')) ?? undefined;
}

async function waitPhase(frame: Frame, wanted: string): Promise<void> {
  await eventually(`phase ${wanted}`, async () => (await phase(frame)) === wanted);
}

/** Clicks the close button of an editor tab, as a user does (a hover left over from the title bar is moved away first). */
async function closeTab(id: number): Promise<void> {
  const { page } = ui();
  await page.mouse.move(700, 600);
  await eventually('the hover to go', async () => (await page.locator('.workbench-hover-container:visible, .monaco-hover:visible').count()) === 0);
  const tab = editorTab(id);
  await tab.hover();
  await tab.locator('.tab-actions .action-label').first().click();
}

describe('ui: the defect editor in the workbench', function () {
  this.timeout(180_000);

  before(async () => {
    await signInIfNeeded();
  });

  after(async () => {
    await closeEditorsAndShowExplorer();
  });

  it('opens from the command palette, read-only, with the header, grouped fields and memos', async () => {
    const frame = await openDefect(EDITED);
    const server = await serverDefect(EDITED);
    await waitPhase(frame, 'read-only');
    assert.equal(await frame.locator('.defect-name').innerText(), server.name);
    assert.equal(await frame.locator('.chip[data-field="status"] dd').innerText(), String(server.status));
    // The field groups, in order (the attachment section of issue 7 may follow them).
    const groups = await frame.locator('.form section.group h2').allInnerTexts();
    assert.deepEqual(groups, ['Details', 'People', 'Versions & releases', 'Dates', 'References', 'User-defined fields', 'Description & comments']);
    assert.equal(await frame.locator('[data-field="name"] .field-label').innerText(), 'Summary *');
    assert.ok((await frame.locator('[data-field="description"] .memo').innerText()).length > 0, 'the description is shown');
    assert.equal(await frame.getByRole('button', { name: 'Edit' }).isVisible(), true);
    await eventually('the tab title', async () => editorTab(EDITED).isVisible());
    await screenshot('editor-read');
  });

  it('edits text, list, date, multi-select, rich text and a comment, then saves; the server has them', async () => {
    const frame = await editorFrame(EDITED);
    await frame.getByRole('button', { name: 'Edit' }).click();
    await waitPhase(frame, 'editing');
    const before = await serverDefect(EDITED);
    assert.deepEqual(before.__locks, ['alice'], 'Edit took the lock');

    // The toolkit's field wraps a native input in its shadow root; fill() types into it like a user's paste.
    await frame.locator('[data-field="name"] vscode-text-field input').fill('Edited in the workbench');
    await eventually('the header follows the summary', async () => (await frame.locator('.defect-name').innerText()) === 'Edited in the workbench');
    await eventually('the length counter', async () => (await frame.locator('[data-field="name"] .counter').innerText()) === '23 / 255');

    const priority = before.priority === '4-Very High' ? '2-Medium' : '4-Very High';
    await frame.locator('[data-field="priority"] vscode-dropdown').click();
    await frame.locator('[data-field="priority"] vscode-option', { hasText: priority }).click();

    await frame.locator('[data-field="closing-date"] input[type="date"]').fill('2026-03-04');
    const platforms = (before['user-02'] as string[] | null) ?? [];
    const platform = platforms.includes('Android') ? 'iOS' : 'Android';
    await frame.locator('[data-field="user-02"] vscode-checkbox', { hasText: platform }).click();

    const memo = frame.locator('[data-field="description"] .memo');
    await memo.click();
    await frame.page().keyboard.press('Control+End');
    await frame.page().keyboard.type(' Typed by a user.');

    await frame.locator('[data-field="dev-comments"] .comment-box vscode-text-area textarea').fill('Looked at it in VS Code');
    await frame.locator('[data-field="dev-comments"] .comment-box').getByRole('button', { name: 'Add comment' }).click();
    await eventually('the comment in the memo', async () => (await frame.locator('[data-field="dev-comments"] .memo').innerText()).includes('Looked at it in VS Code'));

    await eventually('the dirty title', async () => (await editorTab(EDITED).innerText()).startsWith('●'));
    assert.ok((await frame.locator('.field.dirty').count()) >= 5, 'changed fields are marked');
    await frame.evaluate('window.scrollTo(0, 0)');
    await screenshot('editor-edit');

    await frame.getByRole('button', { name: 'Save', exact: true }).click();
    await eventually('the saved notice', async () => /Saved at/.test(await frame.locator('.header .notice').innerText()));
    const after = await serverDefect(EDITED);
    assert.equal(after.name, 'Edited in the workbench');
    assert.equal(after.priority, priority);
    assert.equal(after['closing-date'], '2026-03-04');
    assert.deepEqual([...((after['user-02'] as string[] | null) ?? [])].sort(), [...platforms, platform].sort());
    assert.match(String(after.description), /Typed by a user\./);
    assert.match(String(after['dev-comments']), /<b>alice, \d{4}-\d{2}-\d{2}:<\/b> Looked at it in VS Code/);
    assert.equal(after['ver-stamp'], Number(before['ver-stamp']) + 1, 'one save');
    assert.equal(await frame.locator('.field.dirty').count(), 0);
    await eventually('the clean title', async () => !(await editorTab(EDITED).innerText()).startsWith('●'));

    await frame.getByRole('button', { name: 'Cancel' }).click();
    await waitPhase(frame, 'read-only');
    assert.deepEqual((await serverDefect(EDITED)).__locks, [], 'Cancel released the lock');
  });

  it("shows the demo's inline screenshot from its attachment, and its hostile defect stays inert", async () => {
    const { page } = ui();
    const dialogs: string[] = [];
    const outside: string[] = [];
    const onDialog = (d: { message(): string; dismiss(): Promise<void> }) => {
      dialogs.push(d.message());
      void d.dismiss();
    };
    const onRequest = (r: { url(): string }) => {
      if (/evil\.example/.test(r.url())) outside.push(r.url());
    };
    page.on('dialog', onDialog);
    page.on('request', onRequest);
    try {
      const image = await openDefect(2);
      const img = image.locator('[data-field="description"] .memo img');
      await eventually('the screenshot resolved to a data: URI', async () => ((await img.getAttribute('src')) ?? '').startsWith('data:image/png;base64,'));
      assert.equal(await image.evaluate(`document.querySelector('[data-field="description"] .memo img').naturalWidth > 0`), true, 'the image decodes');
      await screenshot('editor-inline-image');

      assert.match(String((await serverDefect(3)).name), /^Hostile HTML/);
      const hostile = await openDefect(3);
      await hostile.locator('[data-field="description"] .memo').waitFor();
      assert.equal(await hostile.locator('.defect-name').innerText(), (await serverDefect(3)).name, 'the hostile summary is text');
      await hostile.evaluate(`(() => { for (const el of document.querySelectorAll('.memo *')) { el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })); if (el.click) el.click(); } })()`);
      await settled(hostile);
      assert.equal(await hostile.evaluate('window.__xss'), undefined, 'no hostile script ran in the webview');
      assert.equal(await hostile.evaluate('document.querySelectorAll(".memo script, .memo iframe, .memo object, .memo embed, .memo svg, .memo form").length'), 0);
      assert.deepEqual(dialogs, []);
      assert.deepEqual(outside, [], 'nothing was requested from the hostile hosts');
      await screenshot('editor-hostile-defect');
    } finally {
      page.off('dialog', onDialog);
      page.off('request', onRequest);
    }
  });

  it('keeps unsaved edits across a window reload, with the lock released', async () => {
    const { page } = ui();
    await runCommand('View: Close All Editors');
    const frame = await openDefect(RESTORED);
    await frame.getByRole('button', { name: 'Edit' }).click();
    await waitPhase(frame, 'editing');
    await frame.locator('[data-field="user-03"] vscode-text-field input').fill('KEEP-ME');
    await eventually('the dirty title', async () => (await editorTab(RESTORED).innerText()).startsWith('●'));
    // The page writes the webview state (the host's snapshot of the edit) in the same step it marks
    // the field dirty; VS Code gets that state before anything the page posts later.
    await frame.locator('[data-field="user-03"].dirty').waitFor();

    // As a user reloads: the workbench shuts down properly (the extension deactivates, editors are saved).
    // Waited for from before the command: a quick reload could load before a later wait began.
    const loaded = page.waitForEvent('load', { timeout: 60_000 });
    await runCommand('Developer: Reload Window');
    await loaded;
    await page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: 60_000 });
    // This web workbench keeps no password across a reload: the restored editor waits for the sign-in
    // (and loads by itself once signed in). Signing in only after it shows keeps the password box focused.
    const restored = await editorFrame(RESTORED, 90_000);
    await signInIfNeeded();
    // Restored read-only (the lock was released): the value shows as text.
    await eventually('the restored edit', async () => (await restored.locator('[data-field="user-03"] .value').innerText()) === 'KEEP-ME');
    assert.match(await restored.locator('.header .notice').innerText(), /Unsaved changes were restored/);
    await waitPhase(restored, 'read-only');
    const server = await serverDefect(RESTORED);
    assert.deepEqual(server.__locks, [], 'the reload released the lock');
    assert.notEqual(server['user-03'], 'KEEP-ME', 'nothing was saved');
    await screenshot('editor-restored-after-reload');
  });

  it("asks before closing with unsaved edits: Keep Editing reopens, Don't Save closes", async () => {
    const { page } = ui();
    await closeTab(RESTORED);
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 15_000 });
    assert.match(await dialog.innerText(), new RegExp(`Defect ${RESTORED} has unsaved changes`));
    await screenshot('editor-close-asks');
    await dialog.getByRole('button', { name: 'Keep Editing' }).click();
    const again = await editorFrame(RESTORED);
    await eventually('the edit is still there', async () => (await again.locator('[data-field="user-03"] .value').innerText()) === 'KEEP-ME');
    await closeTab(RESTORED);
    await dialog.waitFor({ timeout: 15_000 });
    await dialog.getByRole('button', { name: "Don't Save" }).click();
    await eventually('the tab to close', async () => !(await editorTab(RESTORED).isVisible()));
    assert.notEqual((await serverDefect(RESTORED))['user-03'], 'KEEP-ME');
  });
});
