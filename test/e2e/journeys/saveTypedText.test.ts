// Journeys of typing into a defect and saving: a person opens a defect, clicks Edit, types at full
// speed into each kind of field (text over a selection, a number, a date, the end of a memo) and
// picks a list value with the mouse, clicks Save, closes the tab with Ctrl+W and opens the defect
// again: the server and the reopened editor have exactly what was typed.
import * as assert from 'node:assert/strict';
import { text } from '../../support/text';
import { serverDefect } from '../ui/editorWorkbench';
import { clickSaveAndWait, editorTab, fieldInput, goToDefect, startEditing, typeAtEnd, typeOver } from './support/defectEditorByHand';
import { journey } from './support/journeyContext';
import { screenshotInBothThemes } from './support/themeScreenshots';
import { closeActiveTabWithCtrlW, signInWithApiKey } from './support/workbenchByHand';

const SUMMARY_ONLY = 1001;
const EVERY_KIND = 1005;

async function closeAndReopen(id: number) {
  await closeActiveTabWithCtrlW();
  await editorTab(id).waitFor({ state: 'detached', timeout: 20_000 });
  return goToDefect(id);
}

describe('journey: type into a defect, save, reopen', function () {
  this.timeout(180_000);

  before(async () => {
    await signInWithApiKey();
  });

  it('keeps exactly the summary typed at full speed over a selection', async () => {
    const summary = 'Coupon code field rejects valid codes after the 3rd attempt';
    let frame = await goToDefect(SUMMARY_ONLY);
    await startEditing(frame);
    await typeOver(fieldInput(frame, 'name'), summary);
    await clickSaveAndWait(frame);
    assert.equal((await serverDefect(SUMMARY_ONLY)).name, summary, 'the server has the summary as typed');
    frame = await closeAndReopen(SUMMARY_ONLY);
    assert.equal(await frame.locator('.defect-name').innerText(), summary, 'the reopened editor shows it');
    await screenshotInBothThemes('save-typed-text');
    await closeActiveTabWithCtrlW();
  });

  it('keeps exactly what was typed into a text field, a number, a date and a memo, and the list value picked', async () => {
    const { page } = journey();
    let frame = await goToDefect(EVERY_KIND);
    const before = await serverDefect(EVERY_KIND);
    await startEditing(frame);
    const summary = `Totals off by one cent — "rounding" & <tax> ${Date.now() % 1000}`;
    await typeOver(fieldInput(frame, 'name'), summary);
    await typeOver(fieldInput(frame, 'estimated-fix-time'), '42');
    const date = fieldInput(frame, 'closing-date');
    await date.scrollIntoViewIfNeeded();
    const box = await date.boundingBox();
    assert.ok(box, 'the date input is on screen');
    // The month part of the date input, then month, day and year typed.
    await page.mouse.click(box.x + 12, box.y + box.height / 2);
    await page.keyboard.type('03042026');
    const memoLine = ' Reproduced with two items in the cart.';
    await typeAtEnd(fieldInput(frame, 'description'), memoLine);
    const priority = before.priority === '4-Very High' ? '2-Medium' : '4-Very High';
    await frame.locator('[data-field="priority"] vscode-dropdown').click();
    await frame.locator('[data-field="priority"] vscode-option', { hasText: priority }).click();
    await clickSaveAndWait(frame);

    const after = await serverDefect(EVERY_KIND);
    assert.equal(after.name, summary);
    assert.equal(Number(after['estimated-fix-time']), 42);
    assert.equal(text(after['closing-date']).slice(0, 10), '2026-03-04');
    assert.ok(text(after.description).includes('Reproduced with two items in the cart.'), `the memo has the typed line: ${text(after.description)}`);
    assert.equal(after.priority, priority);
    frame = await closeAndReopen(EVERY_KIND);
    assert.equal(await frame.locator('.defect-name').innerText(), summary);
    assert.equal(await frame.locator('.chip[data-field="priority"] dd').innerText(), priority);
    assert.ok((await frame.locator('[data-field="description"] .memo').innerText()).includes('Reproduced with two items in the cart.'));
    await screenshotInBothThemes('save-every-kind-of-field');
    await closeActiveTabWithCtrlW();
  });
});
