// Journey: a person reads a defect, clicks Start Work in the editor's title bar and answers the
// question by clicking: the editor in front of them shows the defect assigned to them in the
// project's working status, as the server now has it (it kept showing the old status and owner), and
// the question named the status the project really uses instead of promising "in progress".
import * as assert from 'node:assert/strict';
import { serverDefect } from '../ui/editorWorkbench';
import { goToDefect } from './support/defectEditorByHand';
import { journey } from './support/journeyContext';
import { screenshotInBothThemes } from './support/themeScreenshots';
import { closeActiveTabWithCtrlW, dialog, signInWithApiKey } from './support/workbenchByHand';
import { eventually } from '../../support/eventually';

/** The demo project's working status (the first of In Progress, Working, Active, Assigned, Open it has). */
const WORKING = 'Open';

describe('journey: Start Work on the defect being read', function () {
  this.timeout(180_000);

  before(async () => {
    await signInWithApiKey();
  });

  it('shows the assignment and the new status in the open editor at once', async () => {
    const { page, journeyServer } = journey();
    // The first of our defects that Start Work will change (not already alice's and Open).
    let id = 5001;
    const changesOnStart = async (candidate: number) => {
      const d = await serverDefect(candidate);
      return d.status !== WORKING && d.owner !== journeyServer.apiKey.user;
    };
    while (!(await changesOnStart(id))) id++;
    const frame = await goToDefect(id);
    const chip = (field: string) => frame.locator(`.header .chip[data-field="${field}"] dd`);
    await page.locator('.editor-actions .action-label[aria-label^="Start Work on Defect"]').click();
    const question = dialog().filter({ hasText: /When you start work on a defect/ });
    await question.waitFor({ timeout: 20_000 });
    assert.match(await question.innerText(), new RegExp(`"${WORKING}"`), 'the question names the status the defect will get');
    assert.doesNotMatch(await question.innerText(), /in progress/i);
    await question.getByRole('button', { name: 'Assign to Me' }).click();
    await eventually('the server to have the defect assigned and moved', async () => {
      const d = await serverDefect(id);
      return d.owner === journeyServer.apiKey.user && d.status === WORKING;
    });
    await eventually(`the editor's header to show Status ${WORKING} and alice`, async () => (await chip('status').innerText()) === WORKING && /alice/i.test(await chip('owner').innerText()));
    // The notice names what changed the defect: Start Work, not "you … elsewhere".
    assert.match((await frame.locator('.notice').allInnerTexts()).join('\n'), /Reloaded after Start Work \((Assigned To, Status|Status, Assigned To)\)/);
    await screenshotInBothThemes('start-work-open-editor');
    await closeActiveTabWithCtrlW();
  });
});
