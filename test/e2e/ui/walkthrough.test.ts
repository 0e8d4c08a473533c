// The Getting Started walkthrough: opened from the command palette, it lists its six steps, and
// "Open My Defects" is ticked by its own button, which shows the ALM view. (The first step's
// almDefects.signedIn is not checked here: VS Code ticks an onContext step only when the key changes
// after the walkthrough service started, and earlier test files have signed in by then; the unit
// test checks that the extension sets that key.)
import * as assert from 'node:assert/strict';
import { screenshot, ui } from './context';
import { closeEditorsAndShowExplorer, runCommand, signInIfNeeded } from './editorWorkbench';
import { eventually } from '../../support/eventually';

const STEPS = ['Add your ALM server', 'Choose your default project', 'Open My Defects', 'See defects as a grid', 'Report a defect from code', 'Start work on a defect'];

describe('ui: the Getting Started walkthrough', function () {
  this.timeout(120_000);

  after(() => closeEditorsAndShowExplorer());

  it('lists its steps and ticks "Open My Defects" by its button', async () => {
    const { page } = ui();
    await signInIfNeeded();
    // The ALM view hidden, so that only the step's button can show it.
    await closeEditorsAndShowExplorer();
    await runCommand('Welcome: Open Walkthrough...');
    const choice = page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Get started with ALM Defects' }).first();
    await choice.waitFor({ timeout: 15_000 });
    await choice.click();
    const step = (title: string) => page.locator('button.getting-started-step', { hasText: title }).first();
    for (const title of STEPS) await step(title).waitFor({ timeout: 30_000 });
    assert.equal(await page.locator('button.getting-started-step').count(), STEPS.length, 'six steps, no other');
    await step(STEPS[2]).click();
    const button = page.locator('.getting-started-step a, .getting-started-step button', { hasText: 'Show the ALM View' }).first();
    await button.click();
    await eventually('"Open My Defects" ticked', async () => (await step(STEPS[2]).getAttribute('aria-checked')) === 'true');
    await page.locator('.part.sidebar [role="treeitem"]', { hasText: /^Demo/ }).first().waitFor({ timeout: 15_000 });
    // The step's picture takes the theme's text colour (a style the page's CSP blocks would leave it black).
    const picture = await eventually('the step picture', async () => {
      for (const frame of page.frames().filter((f) => !f.isDetached()))
        if (
          await frame
            .locator('svg text')
            .count()
            .catch(() => 0)
        )
          return frame;
      return undefined;
    });
    // Page code as a string: the test's TypeScript has no DOM types.
    const colours = await picture.evaluate<{ text: string; theme: string }>(`(() => {
      const text = document.querySelector('svg text[fill="var(--vscode-foreground)"]');
      const probe = document.createElement('span');
      probe.style.color = 'var(--vscode-foreground)';
      document.body.append(probe);
      return { text: text ? getComputedStyle(text).fill : '', theme: getComputedStyle(probe).color };
    })()`);
    assert.equal(colours.text, colours.theme, 'the picture draws its text in the theme foreground');
    await screenshot('walkthrough');
  });
});
