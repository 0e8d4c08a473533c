// Journey (issue 37.6): a person pastes a screenshot into a defect's Description and saves, opens
// the attachment from the editor's Attachments list and renames it with "ALM: Rename Attachment…".
// They are warned that the memo shows it and choose Rename and Update Memo: the server has the new
// name, the memo names it, and the image still shows. The rename used to go through without a word
// and leave the memo's image broken.
import * as assert from 'node:assert/strict';
import { editorFrame, serverDefect } from '../ui/editorWorkbench';
import { clickButton, clickSaveAndWait, fieldInput, goToDefect, startEditing, waitForPhase } from './support/defectEditorByHand';
import { journey } from './support/journeyContext';
import { attachmentsOnServer, copyScreenshot, pasteIntoDescription } from './support/screenshotPaste';
import { answerDialog, answerQuickInput, closeActiveTabWithCtrlW, runCommand, signInWithApiKey } from './support/workbenchByHand';
import { eventually } from '../../support/eventually';

const DEFECT = 6004;

describe('journey: rename an attachment that a memo shows', function () {
  this.timeout(240_000);
  let attachments: () => Promise<{ id: number; name: string }[]>;

  before(async () => {
    await signInWithApiKey();
    attachments = await attachmentsOnServer(DEFECT);
  });

  it('warns, and renames the image in the memo too', async () => {
    const { page } = journey();
    const before = (await attachments()).map((a) => a.id);
    await copyScreenshot();
    const frame = await goToDefect(DEFECT);
    await startEditing(frame);
    await pasteIntoDescription(frame);
    await clickSaveAndWait(frame);
    const pasted = await eventually('the pasted image attached', async () => (await attachments()).find((a) => !before.includes(a.id)));
    // Done editing: Cancel with nothing unsaved gives the lock back.
    await clickButton(frame, 'Cancel');
    await waitForPhase(frame, 'read-only');

    await frame.getByRole('button', { name: pasted.name, exact: true }).click();
    await page.locator('.tabs-container .tab', { hasText: pasted.name }).waitFor({ timeout: 30_000 });
    await runCommand('ALM: Rename Attachment…');
    // The box selects the name without its extension: typing replaces it.
    // A name of its own per try: a retried journey must not meet the first try's renamed file.
    const base = `checkout-total-${pasted.id}`;
    await answerQuickInput(new RegExp(`Rename ${pasted.name.replace(/\./g, '\\.')}`), base);
    await answerDialog(/shows ".*" as an image/, 'Rename and Update Memo');

    const renamed = `${base}.png`;
    await eventually('the attachment renamed on the server', async () => (await attachments()).find((a) => a.id === pasted.id && a.name === renamed));
    const description = String((await serverDefect(DEFECT)).description);
    assert.match(description, new RegExp(`<img [^>]*src="[^"]*/defects/${DEFECT}/attachments/${base}\\.png"`), 'the memo names the new file');
    assert.doesNotMatch(description, new RegExp(`attachments/${pasted.name.replace(/\./g, '\\.')}`), `and no longer the old one: ${description}`);
    assert.deepEqual((await serverDefect(DEFECT)).__locks, [], 'the lock taken for the memo is given back');
    await closeActiveTabWithCtrlW();
    // The editor (its page built again as its tab comes back) shows the image from its new name.
    await fieldInput(await editorFrame(DEFECT), 'description')
      .locator(`img[src^="data:image/png;base64,"][data-alm-src*="${base}"]`)
      .waitFor({ timeout: 30_000 });
    await closeActiveTabWithCtrlW();
  });
});
