// Journeys of the *New comment* box (issue 37 item 1): its text is an unsaved edit. Clicking Save
// (not Add comment) stores it as a comment section and empties the box; with text in it the tab shows
// unsaved changes, and closing the tab with Ctrl+W asks — answered Save by a click, it is stored.
import * as assert from 'node:assert/strict';
import { text } from '../../support/text';
import { serverDefect } from '../ui/editorWorkbench';
import { clickSaveAndWait, editorTab, goToDefect, newCommentBox, startEditing, typeAtEnd } from './support/defectEditorByHand';
import { screenshotInBothThemes } from './support/themeScreenshots';
import { answerDialog, closeActiveTabWithCtrlW, signInWithApiKey } from './support/workbenchByHand';
import { eventually } from '../../support/eventually';

const SAVED_WITH_SAVE = 1002;
const SAVED_FROM_CLOSE_PROMPT = 1003;

/** Whether the tab of defect `id` says it has unsaved changes (its title starts with "●"). */
async function tabShowsUnsaved(id: number): Promise<boolean> {
  return ((await editorTab(id).textContent()) ?? '').includes('●');
}

describe('journey: a comment typed into the New comment box', function () {
  this.timeout(180_000);

  before(async () => {
    await signInWithApiKey();
  });

  it('is stored by Save, and the box is emptied', async () => {
    const comment = `Seen again on the coupon page, build ${Date.now()}`;
    const frame = await goToDefect(SAVED_WITH_SAVE);
    await startEditing(frame);
    await typeAtEnd(newCommentBox(frame), comment);
    await eventually('the tab to show unsaved changes', () => tabShowsUnsaved(SAVED_WITH_SAVE));
    await clickSaveAndWait(frame);
    const stored = text((await serverDefect(SAVED_WITH_SAVE))['dev-comments']);
    assert.ok(stored.includes(comment), `the server's comments hold the typed comment; they end with: ${stored.slice(-300)}`);
    await eventually('the comment box to be empty', async () => (await newCommentBox(frame).inputValue()) === '');
    assert.equal(await tabShowsUnsaved(SAVED_WITH_SAVE), false, 'nothing is left unsaved');
    await screenshotInBothThemes('new-comment-saved');
    await closeActiveTabWithCtrlW();
    await editorTab(SAVED_WITH_SAVE).waitFor({ state: 'detached', timeout: 20_000 });
  });

  it('makes closing the tab ask, and Save in that prompt stores it', async () => {
    const comment = `Closing with a comment typed, build ${Date.now()}`;
    const frame = await goToDefect(SAVED_FROM_CLOSE_PROMPT);
    await startEditing(frame);
    await typeAtEnd(newCommentBox(frame), comment);
    await eventually('the tab to show unsaved changes', () => tabShowsUnsaved(SAVED_FROM_CLOSE_PROMPT));
    await closeActiveTabWithCtrlW();
    await answerDialog(`Defect ${SAVED_FROM_CLOSE_PROMPT} has unsaved changes.`, 'Save');
    await editorTab(SAVED_FROM_CLOSE_PROMPT).waitFor({ state: 'detached', timeout: 30_000 });
    // The tab goes before the prompt shows; the save runs after the answer and the lock is given back
    // after it (a request of its own). So the lock's release says the save is done: reading the
    // comments at once raced the save on a busy machine.
    await eventually('the lock to be released', async () => ((await serverDefect(SAVED_FROM_CLOSE_PROMPT)).__locks as unknown[]).length === 0);
    const stored = text((await serverDefect(SAVED_FROM_CLOSE_PROMPT))['dev-comments']);
    assert.ok(stored.includes(comment), `the server's comments hold the typed comment; they end with: ${stored.slice(-300)}`);
  });
});
