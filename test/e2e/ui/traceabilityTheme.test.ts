// The Links and History sections and the release picker follow VS Code's theme (issue 30): in the
// light, dark and high-contrast themes, switched while the editor is open, the link row's input and
// type choice, the section texts and, in edit mode, the release and cycle pickers (their open list
// included) are drawn with the colours of the theme's own variables. Screenshots go to test-results/ui.
import * as assert from 'node:assert/strict';
import type { ColourSpec } from '../support/themeColours';
import { restoreThemeAfter, throughThemes } from '../support/themeColours';
import { openDefect, serverDefect, signInIfNeeded } from './editorWorkbench';
import { eventually } from '../../support/eventually';

const DEFECT = 83;

const LINK_TYPE_BACKGROUND: ColourSpec = { control: 'link type', selector: '.link-type', property: 'background-color', variable: '--vscode-dropdown-background' };
/** The Links and History sections, in read and edit mode, and the variables they stand for. */
const SECTIONS: readonly ColourSpec[] = [
  { control: 'link id input', selector: '.link-target', property: 'background-color', variable: '--vscode-input-background' },
  { control: 'link id input', selector: '.link-target', property: 'color', variable: '--vscode-input-foreground' },
  LINK_TYPE_BACKGROUND,
  { control: 'link type', selector: '.link-type', property: 'color', variable: '--vscode-dropdown-foreground' },
  { control: 'links heading', selector: '.links h2', property: 'color', variable: '--vscode-foreground' },
  { control: 'links message', selector: '.link-message', property: 'color', variable: '--vscode-descriptionForeground' },
  { control: 'history heading', selector: '.history h2', property: 'color', variable: '--vscode-foreground' },
];
/** Edit mode adds the release and cycle pickers; the open list falls back to the dropdown's background as the stylesheet does. */
const WITH_PICKERS: readonly ColourSpec[] = [
  ...SECTIONS,
  { control: 'release picker', selector: '[data-field="target-rel"] select', property: 'background-color', variable: '--vscode-dropdown-background' },
  { control: 'release picker', selector: '[data-field="target-rel"] select', property: 'color', variable: '--vscode-dropdown-foreground' },
  {
    control: 'release list',
    selector: '[data-field="target-rel"] select option',
    property: 'background-color',
    variable: '--vscode-dropdown-listBackground',
    fallback: '--vscode-dropdown-background',
  },
  { control: 'cycle picker', selector: '[data-field="target-rcyc"] select', property: 'background-color', variable: '--vscode-dropdown-background' },
];

describe('ui: links, history and the release picker follow the theme', function () {
  this.timeout(240_000);

  before(async () => {
    await signInIfNeeded();
  });

  restoreThemeAfter();

  it('draws the sections in read mode and the release pickers in edit mode in the light, dark and high-contrast colours', async () => {
    const frame = await openDefect(DEFECT);
    await eventually('the read-only editor', async () => (await frame.locator('body').getAttribute('data-phase')) === 'read-only');
    await frame.locator('details.history > summary').click();
    await frame.locator('.history-entry, .history-message:not([hidden])').first().waitFor();
    await frame.locator('section.links').scrollIntoViewIfNeeded();
    const read = await throughThemes(frame, SECTIONS, 'editor-links-history', LINK_TYPE_BACKGROUND);
    assert.ok(read.size >= 3, `the link type took ${read.size} backgrounds across four themes`);

    await frame.getByRole('button', { name: 'Edit' }).click();
    await eventually('edit mode', async () => (await frame.locator('body').getAttribute('data-phase')) === 'editing');
    await frame.locator('[data-field="target-rel"] select').scrollIntoViewIfNeeded();
    await throughThemes(frame, WITH_PICKERS, 'editor-release-picker', LINK_TYPE_BACKGROUND);
    await frame.getByRole('button', { name: 'Cancel' }).click();
    await eventually('read-only again', async () => (await frame.locator('body').getAttribute('data-phase')) === 'read-only');
    assert.deepEqual((await serverDefect(DEFECT)).__locks, [], 'Cancel released the lock');
  });
});
