// Page-side test of attachments as a user meets them: a file dragged from the desktop and dropped on
// a defect row in the browser is uploaded, shows under the defect and opens in an editor tab; a big
// file picked after "Upload Attachment…" (the row's menu) in VS Code's own dialog is stopped with the progress
// notification's Cancel button, leaving nothing on the server.
// Screenshots go to test-results/ui/.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JSHandle, Locator } from 'playwright-core';
import { signIn } from '../environment';
import { serverAttachments, serverDefect, updateServerDefect } from '../oracle';
import { expandRow, openDemoDefects, treeRow } from '../support/almTree';
import { screenshot, ui } from './context';
import { editorFrame, editorTab, openFromRow, runCommand } from './editorWorkbench';
import { text } from '../../support/text';
import { eventually } from '../../support/eventually';
import { chooseFromContextMenu } from '../support/contextMenu';
import { allClosed, sendingTo, writingUpload } from '../support/serverProcess';

interface Stored {
  id: number;
  name: string;
}

/** A drag from the desktop: a DataTransfer holding one File, created in the page (DOM code as a string:
 * this file is type-checked without DOM types). */
async function desktopFile(name: string, text: string): Promise<JSHandle> {
  return ui().page.evaluateHandle(`(() => {
    const data = new DataTransfer();
    data.items.add(new File([${JSON.stringify(text)}], ${JSON.stringify(name)}, { type: 'text/plain' }));
    return data;
  })()`);
}

/** A 1×1 PNG dragged from the desktop. */
async function desktopPng(name: string): Promise<JSHandle> {
  return ui().page.evaluateHandle(`(() => {
    const bytes = Uint8Array.from(atob(${JSON.stringify(PNG_BASE64)}), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], ${JSON.stringify(name)}, { type: 'image/png' }));
    return data;
  })()`);
}

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Pastes a PNG into the focused memo of the editor page, as a screenshot on the clipboard arrives. */
const PASTE_PNG = `(() => {
  const bytes = Uint8Array.from(atob(${JSON.stringify(PNG_BASE64)}), (c) => c.charCodeAt(0));
  const data = new DataTransfer();
  data.items.add(new File([bytes], 'image.png', { type: 'image/png' }));
  document.querySelector('[data-field="description"] .memo').dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
})()`;

/** Writes a defect's description as another client would, through whichever tree the run's server offers. */
async function putDescription(cookie: string, id: number, description: string): Promise<void> {
  await updateServerDefect(ui().almServer, cookie, id, { description });
}

async function drop(target: Locator, data: JSHandle): Promise<void> {
  for (const type of ['dragenter', 'dragover', 'drop']) await target.dispatchEvent(type, { dataTransfer: data });
}

describe('ui: attachments', function () {
  this.timeout(180_000);
  let cookie = '';
  let defectId = 0;
  let defectRow: Locator;
  const server = serverAttachments(ui().almServer, () => cookie);
  const stored = (): Promise<Stored[]> => server.list(defectId);

  before(async () => {
    const { almServer } = ui();
    cookie = await signIn(almServer, almServer.users[0]);
    const rows = await openDemoDefects();
    // The fourth row from the top: visible without scrolling, and without attachments of its own.
    for (let i = 3; i < 12 && !defectId; i++) {
      const candidate = rows.nth(i);
      const id = Number(/^(\d+):/.exec(await candidate.innerText())?.[1]);
      defectId = id;
      if ((await stored()).length > 0) defectId = 0;
      else defectRow = treeRow(new RegExp(`^${id}: `), 5);
    }
    assert.ok(defectId > 0, 'a defect without attachments near the top');
  });

  // The page is shared with the next test files: leave no attachment, editor, notification or open row behind.
  after(async () => {
    if (defectId) for (const a of await stored()) await server.remove(a.id);
    const { page } = ui();
    await page.keyboard.press('Escape');
    await runCommand('Notifications: Clear All Notifications');
    await runCommand('View: Close All Editors');
    if (defectRow && (await defectRow.getAttribute('aria-expanded')) === 'true') await defectRow.locator('.monaco-tl-twistie').click();
  });

  it('uploads a file dropped from the desktop on a defect row; it shows under the defect and opens in a tab', async () => {
    const { page } = ui();
    await drop(defectRow, await desktopFile('dropped-note.txt', 'hello from the desktop\n'));
    await eventually('the dropped file on the server', async () => (await stored()).some((a) => a.name === 'dropped-note.txt'));
    const body = (await server.bytes((await stored())[0].id)).toString('utf8');
    assert.equal(body, 'hello from the desktop\n');
    await expandRow(defectRow);
    const attachment = treeRow(/^dropped-note\.txt/, 6);
    await attachment.waitFor({ timeout: 30_000 });
    assert.match(await attachment.innerText(), /23 B · \d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d\d/);
    await screenshot('attachments-tree');
    await attachment.click();
    await page.locator('.tabs-container .tab').filter({ hasText: 'dropped-note.txt' }).waitFor({ timeout: 30_000 });
    await page.locator('.editor-instance .view-lines').filter({ hasText: 'hello from the desktop' }).waitFor({ timeout: 30_000 });
    await screenshot('attachments-open');
    await page.keyboard.press('Control+W');
  });

  it('lists the attachments in the defect editor, which opens them in a tab', async () => {
    const { page } = ui();
    await defectRow.click();
    const frame = await editorFrame(defectId);
    const name = frame.locator('.attachments .attachment-name', { hasText: 'dropped-note.txt' });
    await name.waitFor({ timeout: 30_000 });
    assert.equal(await frame.locator('.attachments .attachment-count').innerText(), '(1)');
    assert.match(await frame.locator('.attachments .attachment').first().innerText(), /23 B · \d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d\d/);
    assert.equal(await frame.locator('.attachments button.attachment-upload').getAttribute('disabled'), null);
    await name.scrollIntoViewIfNeeded();
    await screenshot('attachments-editor');
    await name.click();
    await page.locator('.tabs-container .tab').filter({ hasText: 'dropped-note.txt' }).waitFor({ timeout: 30_000 });
    await page.locator('.editor-instance .view-lines').filter({ hasText: 'hello from the desktop' }).waitFor({ timeout: 30_000 });
    await runCommand('View: Close All Editors');
    await editorTab(defectId).waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('shows a memo image dropped on the defect while its editor is open, without reopening it', async () => {
    const original = text((await serverDefect(ui().almServer, cookie, defectId)).description);
    // The absolute attachment URL: the form a 26.1 server keeps on read (a bare name is stripped, §16.6 of the reference).
    const { baseUrl, domain, project } = ui().almServer;
    const src = `${baseUrl}/rest/domains/${encodeURIComponent(domain)}/projects/${encodeURIComponent(project)}/defects/${defectId}/attachments/dropped-shot.png`;
    await putDescription(cookie, defectId, `<html><body><p>Before the upload:</p><p><img src="${src}" alt="dropped-shot.png"></p></body></html>`);
    try {
      // As the other page tests do: the editor is open and shows the defect before the drop.
      const frame = await openFromRow(defectRow, defectId);
      const memo = frame.locator('[data-field="description"] .memo');
      await memo.locator('img[data-alm-missing]').waitFor({ timeout: 30_000 });
      await drop(defectRow, await desktopPng('dropped-shot.png'));
      await memo.locator('img[src^="data:image/png;base64,"]').waitFor({ timeout: 30_000 });
      assert.equal(await memo.locator('img[data-alm-missing]').count(), 0);
      await screenshot('attachments-editor-image');
    } finally {
      await putDescription(cookie, defectId, original);
      await runCommand('View: Close All Editors');
    }
  });

  it('attaches a PNG pasted into the description while editing; after Save and reopening, the memo shows it from the server', async () => {
    const original = text((await serverDefect(ui().almServer, cookie, defectId)).description);
    const { baseUrl, domain, project } = ui().almServer;
    try {
      const frame = await openFromRow(defectRow, defectId);
      await frame.getByRole('button', { name: 'Edit' }).click();
      await eventually('edit mode', async () => (await frame.locator('body').getAttribute('data-phase')) === 'editing');
      const memo = frame.locator('[data-field="description"] .memo');
      await memo.click();
      await frame.page().keyboard.press('Control+End');
      // A screenshot on the clipboard: one image/png file, named "image.png" by the browser.
      await frame.evaluate(PASTE_PNG);
      await memo.locator('img[src^="data:image/png;base64,"]').waitFor({ timeout: 30_000 });
      const isPasted = (a: { name: string }) => /^pasted-\d{8}-\d{6}-\d+\.png$/.test(a.name);
      assert.equal((await stored()).filter(isPasted).length, 0, 'nothing reaches the server before Save (issue 37.4)');
      await frame.getByRole('button', { name: 'Save', exact: true }).click();
      await eventually('the saved notice', async () => /Saved at/.test(await frame.locator('.header .notice').innerText()));
      const pasted = await eventually('the pasted image as an attachment', async () => (await stored()).find(isPasted));
      assert.ok((await server.bytes(pasted.id)).equals(Buffer.from(PNG_BASE64, 'base64')), 'the attachment holds the pasted bytes');
      // The absolute attachment URL: what a real server keeps (26.1 strips a bare name on read).
      const src = `${baseUrl}/rest/domains/${encodeURIComponent(domain)}/projects/${encodeURIComponent(project)}/defects/${defectId}/attachments/${pasted.name}`;
      const saved = String((await serverDefect(ui().almServer, cookie, defectId)).description);
      assert.ok(saved.includes(`src="${src}"`), `the stored memo names the attachment: ${saved}`);
      await frame.getByRole('button', { name: 'Cancel' }).click();
      await runCommand('View: Close All Editors');
      await editorTab(defectId).waitFor({ state: 'detached', timeout: 15_000 });
      const reopened = await openFromRow(defectRow, defectId);
      const shown = reopened.locator('[data-field="description"] .memo img');
      await shown.and(reopened.locator('img[src^="data:image/png;base64,"]')).waitFor({ timeout: 30_000 });
      assert.equal(await reopened.locator('[data-field="description"] .memo img[data-alm-missing]').count(), 0);
      await screenshot('attachments-pasted-image');
    } finally {
      await putDescription(cookie, defectId, original);
      await runCommand('View: Close All Editors');
    }
  });

  it('uploads with "Upload Attachment…" from the row\'s menu, picking a big file in VS Code\'s dialog, and Cancel leaves nothing', async () => {
    const { page } = ui();
    const folder = mkdtempSync(join(tmpdir(), 'alm-ui-att-'));
    const big = join(folder, 'big-upload.bin');
    writeFileSync(big, Buffer.alloc(200 * 1024 * 1024, 7));
    try {
      const before = (await stored()).map((a) => a.id);
      // VS Code's own file dialog (a path box in the browser workbench): type the path, press Enter.
      const input = page.locator('.quick-input-widget input');
      // The dialog is a quick input, which closes when it loses the focus: when the menu gives the
      // focus back to the tree only after the dialog has opened (seen on busy runs: no dialog, the
      // tree focused, nothing uploaded), the command ends as cancelled. A person then chooses the
      // item again; so does this. The dialog reads its start folder first: on a machine running
      // three test lanes that took over 15 s.
      await eventually(
        "VS Code's file dialog",
        async () => {
          if (!(await input.isVisible())) await chooseFromContextMenu(defectRow, /Upload Attachment/);
          return input.waitFor({ timeout: 30_000 }).then(
            () => true,
            () => false,
          );
        },
        100_000,
      );
      // The dialog fills in its start folder and lists it first; typing before that gets mixed in.
      await page.locator('.quick-input-list .monaco-list-row').first().waitFor({ timeout: 15_000 });
      let last = '';
      await eventually('the file dialog to settle on its folder', async () => {
        const value = await input.inputValue();
        const settled = value.endsWith('/') && value === last;
        last = value;
        return settled;
      });
      await input.fill(big);
      // The dialog has taken the typed path once its list is filtered to the file (as the connection journey's CA file).
      await page.locator('.quick-input-list').filter({ hasText: 'big-upload.bin' }).waitFor({ timeout: 15_000 });
      await input.press('Enter');
      await page
        .locator('.quick-input-widget')
        .filter({ hasText: /Description of big-upload\.bin/ })
        .waitFor({ timeout: 15_000 });
      await input.press('Enter');
      // 200 MB reach the server in about a second, sooner than a person clicks Cancel: freeze the
      // server once it writes the upload, so it is certainly in flight (its socket full and
      // waiting) when Cancel comes.
      const pid = ui().almServer.pid;
      assert.ok(pid, 'the launcher hands the page tests the ALM server pid');
      const port = Number(new URL(ui().almServer.baseUrl).port);
      await eventually('the server writing the upload', () => writingUpload(pid), 60_000);
      process.kill(pid, 'SIGSTOP');
      try {
        // This headless workbench shows no toasts: the progress is in the notification center.
        await page
          .locator('.statusbar')
          .getByRole('button', { name: /Notifications/ })
          .click();
        const progress = page.locator('.notifications-center .notification-list-item').filter({ hasText: /Uploading big-upload\.bin/ });
        await progress.waitFor({ timeout: 30_000 });
        await screenshot('attachments-upload-progress');
        const upload = await eventually('the upload waiting on the frozen server', () => {
          const sending = sendingTo(port);
          return sending.size > 0 && sending;
        });
        await progress.getByRole('button', { name: /Cancel/ }).click();
        // The cancel aborts the request in the extension host, which needs nothing from the server:
        // its connection is closed while the server still sleeps.
        await eventually('the extension to close the upload connection', () => allClosed(port, upload));
      } finally {
        process.kill(pid, 'SIGCONT');
      }
      await page
        .locator('.notifications-center .notification-list-item')
        .filter({ hasText: /was cancelled/ })
        .first()
        .waitFor({ timeout: 60_000 });
      await page.keyboard.press('Escape');
      await page.locator('.notifications-center').waitFor({ state: 'hidden', timeout: 15_000 });
      // The summary comes after the extension removed whatever the server kept: the server is final now.
      assert.deepEqual(
        (await stored()).map((a) => a.id),
        before,
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
