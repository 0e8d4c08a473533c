// The Getting Started walkthrough as a new user meets it: opened from the command palette, it lists
// its six steps; the first is ticked once a server is signed in (the almDefects.signedIn context
// key), and "Open My Defects" is ticked by its own button, which shows the ALM view.
import * as assert from 'node:assert/strict';
import { screenshot, ui } from './context';
import { closeEditorsAndShowExplorer, eventually, runCommand, signInIfNeeded } from './editorWorkbench';

const STEPS = ['Add your ALM server', 'Choose your default project', 'Open My Defects', 'See defects as a grid', 'Report a defect from code', 'Start work on a defect'];

describe('ui: the Getting Started walkthrough', function () {
  this.timeout(120_000);

  after(() => closeEditorsAndShowExplorer());

  it('lists its steps, ticks "Add your ALM server" once signed in and "Open My Defects" by its button', async () => {
    const { page } = ui();
    await signInIfNeeded();
    await runCommand('Welcome: Open Walkthrough...');
    const choice = page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Get started with ALM Defects' }).first();
    await choice.waitFor({ timeout: 15_000 });
    await choice.click();
    const step = (title: string) => page.locator('button.getting-started-step', { hasText: title }).first();
    for (const title of STEPS) await step(title).waitFor({ timeout: 30_000 });
    await eventually('the first step ticked by the sign-in', async () => (await step(STEPS[0]).getAttribute('aria-checked')) === 'true');
    assert.equal(await step(STEPS[2]).getAttribute('aria-checked'), 'false', 'My Defects is open before its button is used');
    await step(STEPS[2]).click();
    const button = page.locator('.getting-started-step a, .getting-started-step button', { hasText: 'Show the ALM View' }).first();
    await button.click();
    await eventually('"Open My Defects" ticked', async () => (await step(STEPS[2]).getAttribute('aria-checked')) === 'true');
    await screenshot('walkthrough');
  });
});
