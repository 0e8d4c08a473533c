// The defect editor's controls in edit mode follow VS Code's theme (issue 29): in the dark, light and
// high-contrast themes, switched while the editor is open and editing, every toolkit text field, text
// area, dropdown and checkbox is drawn with the colours of the theme's own variables
// (`--vscode-input-background` …), not the toolkit's built-in dark palette.
// Screenshots of edit mode in each theme go to test-results/ui.
import * as assert from 'node:assert/strict';
import type { ColourSpec } from '../support/themeColours';
import { restoreThemeAfter, throughThemes } from '../support/themeColours';
import { openDefect, serverDefect, signInIfNeeded } from './editorWorkbench';
import { eventually } from '../../support/eventually';

const DEFECT = 53;

/**
 * Each toolkit control in edit mode and the VS Code variable it stands for: the toolkit paints a text
 * field's inner `.root`, a text area's and checkbox's `.control`, a dropdown's host.
 */
const FIELD_BACKGROUND: ColourSpec = { control: 'text field', selector: '[data-field="name"] vscode-text-field', part: '.root', property: 'background-color', variable: '--vscode-input-background' };
const CONTROLS: readonly ColourSpec[] = [
  FIELD_BACKGROUND,
  { control: 'text field', selector: '[data-field="name"] vscode-text-field', part: '.root', property: 'color', variable: '--vscode-input-foreground' },
  { control: 'text area', selector: 'vscode-text-area', part: '.control', property: 'background-color', variable: '--vscode-input-background' },
  { control: 'text area', selector: 'vscode-text-area', part: '.control', property: 'color', variable: '--vscode-input-foreground' },
  { control: 'dropdown', selector: '[data-field="priority"] vscode-dropdown', property: 'background-color', variable: '--vscode-dropdown-background' },
  { control: 'dropdown', selector: '[data-field="priority"] vscode-dropdown', property: 'color', variable: '--vscode-foreground' },
  { control: 'checkbox', selector: 'vscode-checkbox', part: '.control', property: 'background-color', variable: '--vscode-checkbox-background' },
];

describe('ui: the defect editor follows the theme in edit mode', function () {
  this.timeout(180_000);

  before(async () => {
    await signInIfNeeded();
  });

  restoreThemeAfter();

  it("draws text fields, text areas, dropdowns and checkboxes in the dark, light and high-contrast themes' colours, switched while editing", async () => {
    const frame = await openDefect(DEFECT);
    await eventually('the read-only editor', async () => (await frame.locator('body').getAttribute('data-phase')) === 'read-only');
    await frame.getByRole('button', { name: 'Edit' }).click();
    await eventually('edit mode', async () => (await frame.locator('body').getAttribute('data-phase')) === 'editing');
    await frame.locator('[data-field="name"] vscode-text-field').waitFor();
    const seen = await throughThemes(frame, CONTROLS, 'editor-edit', FIELD_BACKGROUND);
    // The themes differ: the fields changed colour with them (not one palette that happened to match).
    assert.ok(seen.size >= 3, `the text field's background took ${seen.size} colours across four themes`);
    await frame.getByRole('button', { name: 'Cancel' }).click();
    await eventually('read-only again', async () => (await frame.locator('body').getAttribute('data-phase')) === 'read-only');
    assert.deepEqual((await serverDefect(DEFECT)).__locks, [], 'Cancel released the lock');
  });
});
