// The defects grid follows VS Code's colour theme (issue 31): in the light, dark and both
// high-contrast themes, switched while the grid is open, its page, header, odd rows and selected row
// are drawn with the colours of the theme's own variables, as webview/grid/grid.css asks for them;
// a selected row outside the focused grid has the theme's contrast border (the high-contrast themes
// leave the selection's background unset, so that border is what shows it there).
// Screenshots of each theme go to test-results/ui.
import * as assert from 'node:assert/strict';
import type { ColourSpec } from '../support/themeColours';
import { restoreThemeAfter, throughThemes } from '../support/themeColours';
import { signInIfNeeded } from './editorWorkbench';
import { openGrid, painted } from './gridWorkbench';
import { eventually } from '../../support/eventually';

const ROW = '.grid-spacer > .grid-row:not([hidden]):not(.loading)';
// The editor's selection colours (issue 37.10: the list's were barely darker than the stripes in Light Modern).
const SELECTED: ColourSpec = { control: 'selected row', selector: `${ROW}.selected`, property: 'background-color', variable: '--vscode-editor-selectionBackground' };
const SPECS: readonly ColourSpec[] = [
  { control: 'page', selector: 'body', property: 'background-color', variable: '--vscode-editor-background' },
  { control: 'page', selector: 'body', property: 'color', variable: '--vscode-editor-foreground' },
  { control: 'header', selector: '.grid-header', property: 'background-color', variable: '--vscode-keybindingTable-headerBackground', fallback: '--vscode-editorGroupHeader-tabsBackground' },
  { control: 'header cell', selector: '.grid-header-cell', property: 'color', variable: '--vscode-editor-foreground' },
  { control: 'odd row', selector: `${ROW}.odd:not(.selected)`, property: 'background-color', variable: '--vscode-tree-tableOddRowsBackground' },
  SELECTED,
  { control: 'selected row', selector: `${ROW}.selected`, property: 'color', variable: '--vscode-editor-selectionForeground', fallback: '--vscode-editor-foreground' },
  { control: 'selected row', selector: `${ROW}.selected`, property: 'outline-color', variable: '--vscode-contrastActiveBorder' },
];

describe('ui: the defects grid follows the colour theme', function () {
  this.timeout(180_000);
  restoreThemeAfter();

  before(async () => {
    await signInIfNeeded();
  });

  it("draws the header, rows and selection in the light, dark and high-contrast themes' colours, switched while open", async () => {
    const frame = await openGrid('Defects');
    await painted(frame, { row: 0 });
    // Row 2 selected; the focus then leaves the grid, so the selection has the inactive colours, and
    // the pointer rests outside the rows (a hovered row has the hover colour).
    await frame.locator('.grid-body [role="row"][aria-rowindex="4"] [role="gridcell"]').first().click();
    await eventually('one row selected', async () => (await frame.locator(`${ROW}.selected`).count()) === 1);
    await frame.evaluate('document.activeElement && document.activeElement.blur()');
    await frame.locator('.grid-title').hover();
    const seen = await throughThemes(frame, SPECS, 'grid-theme', SELECTED);
    // The themes differ: the selection changed colour with them (not one palette that happened to match).
    assert.ok(seen.size >= 3, `the selected row's background took ${seen.size} colours across four themes`);
  });
});
