// The defects grid follows VS Code's colour theme (issue 31): in the light, dark and both
// high-contrast themes, switched while the grid is open, its page, header, odd rows and selected row
// are drawn with the colours of the theme's own variables, as webview/grid/grid.css asks for them;
// where a high-contrast theme leaves the selection's background unset, the selected row has the
// theme's contrast border. Screenshots of each theme go to test-results/ui.
import * as assert from 'node:assert/strict';
import type { Frame } from 'playwright-core';
import type { ColourSpec } from '../support/themeColours';
import { THEMES, setColourTheme, switchThemeAndCheck } from '../support/themeColours';
import { screenshot } from './context';
import { eventually, runCommand, signInIfNeeded } from './editorWorkbench';
import { openGrid, painted } from './gridWorkbench';

const ROW = '.grid-spacer > .grid-row:not([hidden]):not(.loading)';
const SELECTED: ColourSpec = { control: 'selected row', selector: `${ROW}.selected`, property: 'background-color', variable: '--vscode-list-inactiveSelectionBackground' };
const SPECS: readonly ColourSpec[] = [
  { control: 'page', selector: 'body', property: 'background-color', variable: '--vscode-editor-background' },
  { control: 'page', selector: 'body', property: 'color', variable: '--vscode-editor-foreground' },
  { control: 'header', selector: '.grid-header', property: 'background-color', variable: '--vscode-keybindingTable-headerBackground', fallback: '--vscode-editorGroupHeader-tabsBackground' },
  { control: 'header cell', selector: '.grid-header-cell', property: 'color', variable: '--vscode-editor-foreground' },
  { control: 'odd row', selector: `${ROW}.odd:not(.selected)`, property: 'background-color', variable: '--vscode-tree-tableOddRowsBackground' },
  SELECTED,
  { control: 'selected row', selector: `${ROW}.selected`, property: 'color', variable: '--vscode-list-inactiveSelectionForeground', fallback: '--vscode-editor-foreground' },
];

/** The selected row's outline beside the theme's contrast border (transparent where the theme has none). DOM code as a string. */
const SELECTION_BORDER = `(() => {
  const row = document.querySelector(${JSON.stringify(`${ROW}.selected`)});
  const probe = document.createElement('div');
  document.body.append(probe);
  probe.style.outlineColor = 'var(--vscode-contrastActiveBorder, transparent)';
  const theme = getComputedStyle(probe).outlineColor;
  probe.remove();
  return { style: getComputedStyle(row).outlineStyle, drawn: getComputedStyle(row).outlineColor, theme };
})()`;

describe('ui: the defects grid follows the colour theme', function () {
  this.timeout(180_000);
  let frame: Frame;

  before(async () => {
    await signInIfNeeded();
  });

  after(async () => {
    setColourTheme(undefined);
    await runCommand('View: Close All Editors').catch(() => undefined);
  });

  it("draws the header, rows and selection in the light, dark and high-contrast themes' colours, switched while open", async () => {
    frame = await openGrid('Defects');
    await painted(frame, { row: 0 });
    // Row 2 selected; the focus then leaves the grid, so the selection has the inactive colours, and
    // the pointer rests outside the rows (a hovered row has the hover colour).
    await frame.locator('.grid-body [role="row"][aria-rowindex="4"] [role="gridcell"]').first().click();
    await eventually('one row selected', async () => (await frame.locator(`${ROW}.selected`).count()) === 1);
    await frame.evaluate('document.activeElement && document.activeElement.blur()');
    await frame.locator('.grid-title').hover();
    const seen = new Set<string>();
    for (const theme of THEMES) {
      const checks = await switchThemeAndCheck(frame, theme, SPECS);
      seen.add(checks[SPECS.indexOf(SELECTED)].drawn);
      const border = await frame.evaluate<{ style: string; drawn: string; theme: string }>(SELECTION_BORDER);
      assert.equal(border.drawn, border.theme, `${theme.name}: the selected row's border is ${border.drawn}, the theme's --vscode-contrastActiveBorder is ${border.theme}`);
      if (theme.name.startsWith('high-contrast')) assert.notEqual(border.style, 'none', `${theme.name}: the selected row has a border`);
      await screenshot(`grid-theme-${theme.name}`);
    }
    // The themes differ: the selection changed colour with them (not one palette that happened to match).
    assert.ok(seen.size >= 3, `the selected row's background took ${seen.size} colours across four themes`);
  });
});
