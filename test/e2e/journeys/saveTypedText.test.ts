// Journey: a person opens a defect, clicks Edit, types over the Summary at full speed, clicks Save,
// closes the tab with Ctrl+W and opens the defect again: the server and the reopened editor have
// exactly what was typed.
import * as assert from 'node:assert/strict';
import { serverDefect } from '../ui/editorWorkbench';
import { clickSaveAndWait, editorTab, fieldInput, goToDefect, startEditing, typeOver } from './support/defectEditorByHand';
import { screenshotInBothThemes } from './support/themeScreenshots';
import { closeActiveTabWithCtrlW, signInWithApiKey } from './support/workbenchByHand';

const DEFECT = 1001;

describe('journey: type into a defect, save, reopen', function () {
  this.timeout(180_000);

  before(async () => {
    await signInWithApiKey();
  });

  it('keeps exactly the summary typed at full speed', async () => {
    const summary = 'Coupon code field rejects valid codes after the 3rd attempt';
    let frame = await goToDefect(DEFECT);
    await startEditing(frame);
    await typeOver(fieldInput(frame, 'name'), summary);
    await clickSaveAndWait(frame);
    assert.equal((await serverDefect(DEFECT)).name, summary, 'the server has the summary as typed');
    await closeActiveTabWithCtrlW();
    await editorTab(DEFECT).waitFor({ state: 'detached', timeout: 20_000 });
    frame = await goToDefect(DEFECT);
    assert.equal(await frame.locator('.defect-name').innerText(), summary, 'the reopened editor shows it');
    await screenshotInBothThemes('save-typed-text');
    await closeActiveTabWithCtrlW();
  });
});
