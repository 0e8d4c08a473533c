// Journey (issue 37.4): a person copies a screenshot, opens a defect, clicks Edit, clicks into the
// Description and presses Ctrl+V; the image shows. Then Cancel → Discard Changes: the server has no
// new attachment (it used to be uploaded at the paste and stay). Then again, and Save: now the
// server has it, and the stored memo names it. The image reaches the system clipboard as a person's
// copy would put it there (the async clipboard API in the workbench page, with the permissions
// granted); everything else is keys and clicks.
import * as assert from 'node:assert/strict';
import { signIn } from '../environment';
import { serverAttachments } from '../oracle';
import { serverDefect } from '../ui/editorWorkbench';
import { clickButton, clickSaveAndWait, fieldInput, goToDefect, startEditing, waitForPhase } from './support/defectEditorByHand';
import { journey } from './support/journeyContext';
import { screenshotInBothThemes } from './support/themeScreenshots';
import { answerDialog, closeActiveTabWithCtrlW, signInWithApiKey, waitUntil } from './support/workbenchByHand';

const DEFECT = 3001;
/** A 1×1 PNG: what a screenshot tool puts on the clipboard, only smaller. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Puts the PNG on the browser's clipboard, as copying a screenshot does. */
async function copyScreenshot(): Promise<void> {
  const { page } = journey();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  // DOM code as a string: the journeys are compiled without the DOM's types.
  await page.evaluate(`(async () => {
    const bytes = Uint8Array.from(atob(${JSON.stringify(PNG_BASE64)}), (c) => c.charCodeAt(0));
    await navigator.clipboard.write([new ClipboardItem({ 'image/png': new Blob([bytes], { type: 'image/png' }) })]);
  })()`);
}

/** Clicks at the end of the Description and presses Ctrl+V; waits until the image shows in the memo. */
async function pasteIntoDescription(frame: Awaited<ReturnType<typeof goToDefect>>): Promise<void> {
  const { page } = journey();
  const memo = fieldInput(frame, 'description');
  await memo.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Control+V');
  await memo.locator('img[src^="data:image/png;base64,"]').waitFor({ timeout: 30_000 });
}

describe('journey: paste a screenshot into a memo, then discard or save', function () {
  this.timeout(240_000);
  let attachments: () => Promise<{ id: number; name: string }[]>;

  before(async () => {
    await signInWithApiKey();
    const { journeyServer } = journey();
    const cookie = await signIn(journeyServer, journeyServer.users[1]);
    const server = serverAttachments(journeyServer, () => cookie);
    attachments = () => server.list(DEFECT);
  });

  it('sends nothing when the edit is discarded, and attaches the image on Save', async () => {
    const before = (await attachments()).map((a) => a.id);
    await copyScreenshot();
    let frame = await goToDefect(DEFECT);
    await startEditing(frame);
    await pasteIntoDescription(frame);
    assert.deepEqual(
      (await attachments()).map((a) => a.id),
      before,
      'nothing reaches the server on paste',
    );

    await clickButton(frame, 'Cancel');
    await answerDialog(/Discard your changes to defect 3001\?/, 'Discard Changes');
    await waitForPhase(frame, 'read-only');
    assert.deepEqual(
      (await attachments()).map((a) => a.id),
      before,
      'Discard leaves no attachment behind',
    );
    assert.equal(await fieldInput(frame, 'description').locator('img').count(), 0, 'the memo is as it was');

    await startEditing(frame);
    await pasteIntoDescription(frame);
    await screenshotInBothThemes('paste-image-editing');
    await clickSaveAndWait(frame);
    const added = await waitUntil('the pasted image attached on Save', async () => (await attachments()).find((a) => !before.includes(a.id)));
    assert.match(added.name, /^pasted-\d{8}-\d{6}-\d+\.png$/);
    assert.match(String((await serverDefect(DEFECT)).description), new RegExp(`<img [^>]*src="[^"]*/defects/${DEFECT}/attachments/${added.name.replace(/\./g, '\\.')}"`));
    await closeActiveTabWithCtrlW();
    frame = await goToDefect(DEFECT);
    await fieldInput(frame, 'description').locator('img[src^="data:image/png;base64,"]').waitFor({ timeout: 30_000 });
    await closeActiveTabWithCtrlW();
  });
});
