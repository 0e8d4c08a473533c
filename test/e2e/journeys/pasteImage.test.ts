// Journey (issue 37.4): a person copies a screenshot, opens a defect, clicks Edit, clicks into the
// Description and presses Ctrl+V; the image shows. Then Cancel → Discard Changes: the server has no
// new attachment (it used to be uploaded at the paste and stay). Then again, and Save: now the
// server has it, and the stored memo names it. The image reaches the system clipboard as a person's
// copy would put it there (support/screenshotPaste.ts); everything else is keys and clicks.
import * as assert from 'node:assert/strict';
import { serverDefect } from '../ui/editorWorkbench';
import { clickButton, clickSaveAndWait, fieldInput, goToDefect, startEditing, waitForPhase } from './support/defectEditorByHand';
import { attachmentsOnServer, copyScreenshot, pasteIntoDescription } from './support/screenshotPaste';
import { screenshotInBothThemes } from './support/themeScreenshots';
import { answerDialog, closeActiveTabWithCtrlW, signInWithApiKey } from './support/workbenchByHand';
import { eventually } from '../../support/eventually';

const DEFECT = 3001;

describe('journey: paste a screenshot into a memo, then discard or save', function () {
  this.timeout(240_000);
  let attachments: () => Promise<{ id: number; name: string }[]>;

  before(async () => {
    await signInWithApiKey();
    attachments = await attachmentsOnServer(DEFECT);
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
    await answerDialog(/Discard your changes to defect 3001\?[\s\S]*the images you pasted are not attached/, 'Discard Changes');
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
    const added = await eventually('the pasted image attached on Save', async () => (await attachments()).find((a) => !before.includes(a.id)));
    assert.match(added.name, /^pasted-\d{8}-\d{6}-\d+\.png$/);
    assert.match(String((await serverDefect(DEFECT)).description), new RegExp(`<img [^>]*src="[^"]*/defects/${DEFECT}/attachments/${added.name.replace(/\./g, '\\.')}"`));
    await closeActiveTabWithCtrlW();
    frame = await goToDefect(DEFECT);
    await fieldInput(frame, 'description').locator('img[src^="data:image/png;base64,"]').waitFor({ timeout: 30_000 });
    await closeActiveTabWithCtrlW();
  });
});
