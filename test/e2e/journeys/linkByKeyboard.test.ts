// Journey: a person links two defects from the editor's Links form with the keyboard — types the
// other defect's id, Tab, Tab, types a comment and presses Enter, as in any small form. Enter in the
// comment box did nothing; only a click on Link linked.
import * as assert from 'node:assert/strict';
import { serverDefect } from '../ui/editorWorkbench';
import { goToDefect } from './support/defectEditorByHand';
import { journey } from './support/journeyContext';
import { closeActiveTabWithCtrlW, signInWithApiKey } from './support/workbenchByHand';

const DEFECT = 5050;
const OTHER = 5051;

describe('journey: link a defect with the keyboard, read empty memos', function () {
  this.timeout(180_000);

  before(async () => {
    await signInWithApiKey();
  });

  it('links on Enter in the comment box', async () => {
    const { page } = journey();
    const frame = await goToDefect(DEFECT);
    await frame.getByRole('textbox', { name: 'Defect id to link' }).click();
    await page.keyboard.type(String(OTHER));
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('found while triaging');
    await page.keyboard.press('Enter');
    const listed = frame.locator('.link-list li', { hasText: `Defect ${OTHER}` });
    await listed.waitFor({ timeout: 30_000 });
    assert.match(await listed.innerText(), /found while triaging/);
    await closeActiveTabWithCtrlW();
  });

  it('reads an empty memo as a dash, not as an empty box, with no counters or system fields', async () => {
    const stored = await serverDefect(DEFECT);
    const empty = ['request-note', 'dev-comments'].find((f) => !stored[f]);
    assert.ok(empty, `the demo defect ${DEFECT} has an empty memo`);
    const frame = await goToDefect(DEFECT);
    const box = await frame.locator(`[data-field="${empty}"] .memo`).boundingBox();
    assert.ok(box && box.height < 30, `the empty ${empty} is drawn ${box?.height} px high`);
    // Read mode shows no "46 / 255" counters and no system fields (under Show all fields only).
    assert.equal(await frame.locator('[data-field="name"] .counter').isVisible(), false, 'a length counter shows in read mode');
    assert.equal(await frame.locator('[data-field="ver-stamp"]').isVisible(), false, 'Version Stamp shows without Show all fields');
    await closeActiveTabWithCtrlW();
  });
});
