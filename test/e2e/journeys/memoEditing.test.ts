// Journeys in a memo (issue 37 item 3): any memo the server returns stays editable and what is typed
// reaches the server — here one holding an unclosed `<details open>`, which swallows the rest of the
// memo; a click after its last line, text typed, saved with a click.
import * as assert from 'node:assert/strict';
import { signIn } from '../environment';
import { updateServerDefect } from '../oracle';
import { text } from '../../support/text';
import { serverDefect } from '../ui/editorWorkbench';
import { clickAfterLastLineAndType, clickSaveAndWait, fieldInput, goToDefect, startEditing, typeAtEnd } from './support/defectEditorByHand';
import { journey } from './support/journeyContext';
import { screenshotInBothThemes } from './support/themeScreenshots';
import { closeActiveTabWithCtrlW, signInWithApiKey } from './support/workbenchByHand';

const UNCLOSED_DETAILS = 1004;
const UNDO_REDO = 1007;

describe('journey: typing in a memo', function () {
  this.timeout(180_000);

  before(async () => {
    await signInWithApiKey();
  });

  it('reaches the server at the end of a memo holding an unclosed <details open>', async () => {
    const { journeyServer } = journey();
    // As another client may have stored it: the details element is never closed.
    const stored = '<html><body>\n<p>Steps to reproduce</p><details open><summary>Log</summary><p>NullPointerException at Checkout.apply</p>\n</body></html>';
    await updateServerDefect(journeyServer, await signIn(journeyServer, journeyServer.users[1]), UNCLOSED_DETAILS, { description: stored });
    const frame = await goToDefect(UNCLOSED_DETAILS);
    await startEditing(frame);
    const typed = ' Happens on every retry.';
    await clickAfterLastLineAndType(fieldInput(frame, 'description'), typed);
    await clickSaveAndWait(frame);
    const description = text((await serverDefect(UNCLOSED_DETAILS)).description);
    assert.ok(description.includes(`NullPointerException at Checkout.apply${typed}`), `the server has the typed text at the end; it has: ${description}`);
    assert.match(description, /<details open(="")?><summary>Log<\/summary>/, 'the disclosure is stored as it was');
    await screenshotInBothThemes('memo-unclosed-details');
    await closeActiveTabWithCtrlW();
  });

  it('undoes and redoes with Ctrl+Z and Ctrl+Y at once, and keeps what is typed right after', async () => {
    const { page } = journey();
    const frame = await goToDefect(UNDO_REDO);
    await startEditing(frame);
    const memo = fieldInput(frame, 'description');
    const before = await memo.innerText();
    await typeAtEnd(memo, ' alpha');
    await page.keyboard.press('Control+Z');
    await page.keyboard.type(' beta');
    await page.keyboard.press('Control+Z');
    await page.keyboard.press('Control+Y');
    await page.keyboard.type(' gamma');
    const shown = await memo.innerText();
    assert.equal(shown.slice(before.length).trim(), 'beta gamma', `the memo ends as typed, undone and redone; it shows: ${shown.slice(-120)}`);
    await clickSaveAndWait(frame);
    const description = text((await serverDefect(UNDO_REDO)).description);
    assert.ok(description.includes('beta gamma') && !description.includes('alpha'), `the server has it; it has: ${description.slice(-300)}`);
    await closeActiveTabWithCtrlW();
  });
});
