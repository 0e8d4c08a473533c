// Journey: closing a tab with unsaved edits. Ctrl+W asks; Keep Editing (clicked) brings the editor
// back with the typed text intact; Ctrl+W again and Don't Save (clicked) closes it: the server keeps
// its value and the lock is released. And Cancel on typed text: it asks, naming what is lost (no
// pasted images when there are none), and Discard Changes shows the server's value again.
import * as assert from 'node:assert/strict';
import { editorFrame, serverDefect } from '../ui/editorWorkbench';
import { clickButton, editorTab, fieldInput, goToDefect, startEditing, typeOver, waitForPhase } from './support/defectEditorByHand';
import { answerDialog, closeActiveTabWithCtrlW, signInWithApiKey } from './support/workbenchByHand';
import { eventually } from '../../support/eventually';

const DEFECT = 1006;

describe('journey: close a tab with unsaved edits', function () {
  this.timeout(180_000);

  before(async () => {
    await signInWithApiKey();
  });

  it("asks; Keep Editing keeps the typed text, Don't Save leaves the server as it was", async () => {
    const before = await serverDefect(DEFECT);
    let frame = await goToDefect(DEFECT);
    await startEditing(frame);
    const typed = 'Half-typed summary the user may still want';
    await typeOver(fieldInput(frame, 'name'), typed);
    await eventually('the tab to show unsaved changes', async () => ((await editorTab(DEFECT).textContent()) ?? '').includes('●'));
    await closeActiveTabWithCtrlW();
    await answerDialog(`Defect ${DEFECT} has unsaved changes.`, 'Keep Editing');
    frame = await editorFrame(DEFECT, 30_000);
    await eventually('the summary input to hold the typed text again', async () => (await fieldInput(frame, 'name').inputValue()) === typed);
    await waitForPhase(frame, 'editing');
    await closeActiveTabWithCtrlW();
    await answerDialog(`Defect ${DEFECT} has unsaved changes.`, "Don't Save");
    await editorTab(DEFECT).waitFor({ state: 'detached', timeout: 30_000 });
    const after = await serverDefect(DEFECT);
    assert.equal(after.name, before.name, 'nothing was saved');
    await eventually('the lock to be released', async () => ((await serverDefect(DEFECT)).__locks as string[]).length === 0);
  });

  it('Cancel asks before discarding typed text, names no images when none were pasted, and shows the server value again', async () => {
    const before = await serverDefect(DEFECT);
    const frame = await goToDefect(DEFECT);
    await startEditing(frame);
    await typeOver(fieldInput(frame, 'name'), 'A summary typed and then thrown away');
    await clickButton(frame, 'Cancel');
    // "…stays as it was." ends the sentence: no pasted images are named.
    await answerDialog(new RegExp(`Discard your changes to defect ${DEFECT}\\?\\s*None of these changes are on the server: the defect stays as it was\\.`), 'Discard Changes');
    await waitForPhase(frame, 'read-only');
    assert.equal(await frame.locator('.defect-name').innerText(), before.name, 'the editor shows the server value');
    assert.equal((await serverDefect(DEFECT)).name, before.name, 'nothing was saved');
    await eventually('the lock to be released', async () => ((await serverDefect(DEFECT)).__locks as string[]).length === 0);
    await closeActiveTabWithCtrlW();
    await editorTab(DEFECT).waitFor({ state: 'detached', timeout: 30_000 });
  });
});
