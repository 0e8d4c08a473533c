// Journey: a person types into a defect and clicks Save while the ALM server is down. They get one
// clear message, keep every word they typed and the unsaved mark; once the server is back (it
// restarted: their session is gone), clicking Save again stores exactly what they typed. The editor
// used to turn read-only after the failed save (lock released, Summary showing the server's text), so
// the Save button was gone and the typed words were not in the field.
import * as assert from 'node:assert/strict';
import { serverDefect } from '../ui/editorWorkbench';
import { clickButton, clickSaveAndWait, editorPhase, editorTab, fieldInput, goToDefect, startEditing, typeOver } from './support/defectEditorByHand';
import { journey } from './support/journeyContext';
import { screenshotInBothThemes } from './support/themeScreenshots';
import { closeActiveTabWithCtrlW, signInWithApiKey } from './support/workbenchByHand';
import { eventually } from '../../support/eventually';

const DEFECT = 6001;

describe('journey: save while the server is down, then when it is back', function () {
  this.timeout(240_000);

  before(async () => {
    await signInWithApiKey();
  });

  after(async () => {
    // Whatever happened, the next journeys need the server.
    await journey()
      .journeyServer.restart()
      .catch(() => undefined);
  });

  it('keeps the typed text with one clear message, and saves it once the server answers', async () => {
    const { journeyServer } = journey();
    const typed = 'Checkout total rounds 0.005 up twice when the server was down';
    const frame = await goToDefect(DEFECT);
    await startEditing(frame);
    await typeOver(fieldInput(frame, 'name'), typed);
    await eventually('the tab to show unsaved changes', async () => ((await editorTab(DEFECT).textContent()) ?? '').includes('●'));

    await journeyServer.stop();
    await clickButton(frame, 'Save');
    const shown = frame.locator('.header .problems:visible, .header .banner:visible, .header .notice:visible');
    const message = await eventually('a message that the save failed', async () => {
      const texts = (await shown.allInnerTexts()).filter((t) => /not saved|could not|cannot|unreachable|refused|connect/i.test(t));
      return texts.length > 0 ? texts : undefined;
    });
    assert.equal(message.length, 1, `one message, not ${message.length}: ${JSON.stringify(message)}`);
    assert.doesNotMatch(message[0], /^Saved at/);
    assert.equal(await editorPhase(frame), 'editing', 'the form stays editable, with Save to click again');
    assert.equal(await fieldInput(frame, 'name').inputValue(), typed, 'the typed text is still in the field');
    assert.ok(((await editorTab(DEFECT).textContent()) ?? '').includes('●'), 'the tab still shows unsaved changes');
    await screenshotInBothThemes('save-while-server-down');

    await journeyServer.restart();
    await clickSaveAndWait(frame);
    assert.equal((await serverDefect(DEFECT)).name, typed, 'the server has the text as typed');
    await closeActiveTabWithCtrlW();
  });
});
