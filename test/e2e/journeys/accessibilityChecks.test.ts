// Journey (issue 44): the defect editor and the grid pass axe-core's accessibility checks with no
// serious or critical violation, in the light, dark and high-contrast themes. The editor is checked
// as a person has it at its fullest: editing (the toolkit's fields and the memo toolbars shown), its
// Links listed and its History opened. The grid with rows painted and one selected. A violation is
// named with the elements and axe's reason; screenshots of each theme go to test-results/journeys.
import * as assert from 'node:assert/strict';
import type { Frame } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { HIGH_CONTRAST, THEMES, drawnIn, setColourTheme } from '../support/themes';
import type { Theme } from '../support/themes';
import { screenshot } from '../ui/context';
import { openGrid, painted } from '../ui/gridWorkbench';
import { clickButton, goToDefect, startEditing, waitForPhase } from './support/defectEditorByHand';
import { closeActiveTabWithCtrlW, signInWithApiKey } from './support/workbenchByHand';
import { eventually } from '../../support/eventually';

/** The project's first demo defect: it has links and a history (server/src/demo/links.ts, history.ts). */
const DEFECT = 1;
const CHECKED_THEMES: readonly Theme[] = [...THEMES, HIGH_CONTRAST];

/** Runs axe in `frame` in each theme; returns every serious violation, headed by its theme. */
async function violationsInEachTheme(frame: Frame, name: string): Promise<string[]> {
  const found: string[] = [];
  for (const theme of CHECKED_THEMES) {
    setColourTheme(theme);
    await eventually(`the ${theme.name} theme everywhere on screen`, () => drawnIn(theme), 60_000);
    await screenshot(`axe-${name}-${theme.name}`);
    const violations = await seriousViolations(frame);
    if (violations.length) found.push(`in the ${theme.name} theme:`, ...violations);
  }
  return found;
}

describe('journey: the editor and the grid pass axe-core in the light, dark and high-contrast themes', function () {
  this.timeout(240_000);

  before(async () => {
    await signInWithApiKey();
  });

  after(async () => {
    setColourTheme(THEMES[0]);
    await eventually('the light theme again', () => drawnIn(THEMES[0]), 60_000);
  });

  it('finds no serious violation in the defect editor while editing, with its links and history shown', async () => {
    const frame = await goToDefect(DEFECT);
    await frame.locator('.link-list li').first().waitFor({ timeout: 30_000 });
    await frame.locator('details.history > summary').click();
    await frame.locator('.history-list li').first().waitFor({ timeout: 30_000 });
    await startEditing(frame);
    await frame.locator('.memo-toolbar:not([hidden])').first().waitFor({ timeout: 30_000 });
    const found = await violationsInEachTheme(frame, 'editor');
    await clickButton(frame, 'Cancel');
    await waitForPhase(frame, 'read-only');
    await closeActiveTabWithCtrlW();
    assert.deepEqual(found, [], `axe-core found serious violations in the editor:\n${found.join('\n')}`);
  });

  it('finds no serious violation in the grid with rows painted and one selected', async () => {
    const frame = await openGrid('Defects');
    await painted(frame, { row: 0 });
    await frame.locator('.grid-body [role="row"][aria-rowindex="3"] [role="gridcell"]').first().click();
    const found = await violationsInEachTheme(frame, 'grid');
    await closeActiveTabWithCtrlW();
    assert.deepEqual(found, [], `axe-core found serious violations in the grid:\n${found.join('\n')}`);
  });
});
