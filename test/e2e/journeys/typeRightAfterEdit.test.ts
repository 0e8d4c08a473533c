// Journey (issue 37.2): a person clicks Edit and starts typing at once, before the editor has taken
// the lock and built its inputs. Every key arrives: at the end of the Summary (the first field), or
// in the field they clicked meanwhile. They used to be lost: the focus stayed on the Edit button and
// the fields were still read-only text.
import * as assert from 'node:assert/strict';
import { serverDefect } from '../ui/editorWorkbench';
import { clickButton, clickSaveAndWait, fieldInput, goToDefect, waitForPhase } from './support/defectEditorByHand';
import { journey } from './support/journeyContext';
import { closeActiveTabWithCtrlW, signInWithApiKey } from './support/workbenchByHand';
import { eventually } from '../../support/eventually';

const DEFECT = 6005;

describe('journey: typing right after clicking Edit', function () {
  this.timeout(180_000);

  before(async () => {
    await signInWithApiKey();
  });

  it('types the keys pressed before the inputs were there into the first field, or the one clicked', async () => {
    const { page } = journey();
    const before = await serverDefect(DEFECT);
    const frame = await goToDefect(DEFECT);

    await clickButton(frame, 'Edit');
    await page.keyboard.type(' on the second tap');
    await waitForPhase(frame, 'editing');
    const summary = `${String(before.name)} on the second tap`;
    await eventually('the Summary with the typed words', async () => (await fieldInput(frame, 'name').inputValue()) === summary);
    await clickSaveAndWait(frame);
    assert.equal((await serverDefect(DEFECT)).name, summary);

    await clickButton(frame, 'Cancel');
    await waitForPhase(frame, 'read-only');
    await clickButton(frame, 'Edit');
    await frame.locator('[data-field="description"]').click();
    await page.keyboard.type(' Seen on 2 of 3 tries.');
    await waitForPhase(frame, 'editing');
    await eventually('the Description with the typed words', async () => (await fieldInput(frame, 'description').innerText()).includes(' Seen on 2 of 3 tries.'));
    await clickSaveAndWait(frame);
    assert.match(String((await serverDefect(DEFECT)).description), /Seen on 2 of 3 tries\./);
    await closeActiveTabWithCtrlW();
  });
});
