// Journey: a person edits a defect, forgets it is open, and opens it again with "ALM: Go to Defect…".
// They must land in the editor they were typing in — one tab, their words still there, still editing
// under the one lock they hold — not in a second editor that shows the server's text, asks for the
// lock again and saves over the first.
import * as assert from 'node:assert/strict';
import { serverDefect } from '../ui/editorWorkbench';
import { clickSaveAndWait, editorPhase, fieldInput, goToDefect, startEditing, typeOver } from './support/defectEditorByHand';
import { journey } from './support/journeyContext';
import { closeActiveTabWithCtrlW, signInWithApiKey } from './support/workbenchByHand';
import { eventually } from '../../support/eventually';

const DEFECT = 6002;

describe('journey: the same defect opened twice', function () {
  this.timeout(180_000);

  before(async () => {
    await signInWithApiKey();
  });

  it('brings back the editor being typed in, with one tab and one lock', async () => {
    const { page } = journey();
    const typed = 'Voucher field accepts expired codes on the second try';
    const first = await goToDefect(DEFECT);
    await startEditing(first);
    await typeOver(fieldInput(first, 'name'), typed);
    const tabs = page.locator('.tabs-container .tab', { hasText: new RegExp(`(^|● )${DEFECT}: `) });
    await eventually('the tab to show unsaved changes', async () => ((await tabs.first().textContent()) ?? '').includes('●'));

    // Another editor takes the focus, then the defect is asked for again.
    await goToDefect(DEFECT + 1);
    const again = await goToDefect(DEFECT, 'editing');
    assert.equal(await tabs.count(), 1, 'one tab for the defect');
    assert.equal(await editorPhase(again), 'editing');
    assert.equal(await fieldInput(again, 'name').inputValue(), typed, 'the typed words are still there');
    assert.deepEqual((await serverDefect(DEFECT)).__locks, ['alice'], 'one lock, held by the editor');

    await clickSaveAndWait(again);
    const stored = await serverDefect(DEFECT);
    assert.equal(stored.name, typed);
    await closeActiveTabWithCtrlW();
    await eventually('the lock to be given back', async () => ((await serverDefect(DEFECT)).__locks as unknown[]).length === 0);
    // The other defect's tab, read-only.
    await closeActiveTabWithCtrlW();
  });
});
