// The defect editor's controls in edit mode follow VS Code's theme (issue 29): in the dark, light and
// high-contrast themes, switched while the editor is open and editing, every toolkit text field, text
// area, dropdown and checkbox is drawn with the colours of the theme's own variables
// (`--vscode-input-background` …), not the toolkit's built-in dark palette.
// Screenshots of edit mode in each theme go to test-results/ui.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import { screenshot, ui } from './context';
import { eventually, openDefect, runCommand, serverDefect, signInIfNeeded } from './editorWorkbench';

const DEFECT = 53;

async function setTheme(theme: string | undefined): Promise<void> {
  const file = join(ui().workspaceFolder, '.vscode', 'settings.json');
  const settings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  if (theme) settings['workbench.colorTheme'] = theme;
  else delete settings['workbench.colorTheme'];
  writeFileSync(file, JSON.stringify(settings, null, 2));
}

/** A control's drawn colours and those of the theme variables it should use, as computed colours. */
interface ColourCheck {
  control: string;
  property: 'background-color' | 'color';
  drawn: string;
  theme: string;
  variable: string;
}

/**
 * Reads, in the page, each toolkit control's drawn colours (the toolkit paints a text field's inner
 * `.root`, a text area's and checkbox's `.control`, a dropdown's host) beside the colour of the VS Code
 * variable it stands for, resolved by a probe element (so `#ffffff` and `rgb(255, 255, 255)` compare).
 * A variable a theme leaves empty resolves to transparent, as the toolkit does for high contrast.
 * DOM code as a string: this file is type-checked without DOM types.
 */
const READ_COLOURS = `(() => {
  const probe = document.createElement('div');
  document.body.append(probe);
  const resolve = (property, variable) => {
    probe.style.setProperty(property, 'var(' + variable + ', transparent)');
    return getComputedStyle(probe).getPropertyValue(property);
  };
  const checks = [];
  const check = (control, element, property, variable) => {
    if (!element) throw new Error('no ' + control + ' in edit mode');
    checks.push({ control, property, drawn: getComputedStyle(element).getPropertyValue(property), theme: resolve(property, variable), variable });
  };
  const field = document.querySelector('[data-field="name"] vscode-text-field');
  check('text field', field?.shadowRoot?.querySelector('.root'), 'background-color', '--vscode-input-background');
  check('text field', field?.shadowRoot?.querySelector('.root'), 'color', '--vscode-input-foreground');
  const area = document.querySelector('vscode-text-area');
  check('text area', area?.shadowRoot?.querySelector('.control'), 'background-color', '--vscode-input-background');
  check('text area', area?.shadowRoot?.querySelector('.control'), 'color', '--vscode-input-foreground');
  const dropdown = document.querySelector('[data-field="priority"] vscode-dropdown');
  check('dropdown', dropdown, 'background-color', '--vscode-dropdown-background');
  check('dropdown', dropdown, 'color', '--vscode-foreground');
  const checkbox = document.querySelector('vscode-checkbox');
  check('checkbox', checkbox?.shadowRoot?.querySelector('.control'), 'background-color', '--vscode-checkbox-background');
  probe.remove();
  return checks;
})()`;

async function mismatches(frame: Frame): Promise<ColourCheck[]> {
  const checks = await frame.evaluate<ColourCheck[]>(READ_COLOURS);
  return checks.filter((c) => c.drawn !== c.theme);
}

function describeMismatch(c: ColourCheck): string {
  return `${c.control} ${c.property} is ${c.drawn}, the theme's ${c.variable} is ${c.theme}`;
}

describe('ui: the defect editor follows the theme in edit mode', function () {
  this.timeout(180_000);

  before(async () => {
    await signInIfNeeded();
  });

  after(async () => {
    await setTheme(undefined);
    await runCommand('View: Close All Editors').catch(() => undefined);
    const explorer = ui().page.getByRole('tab', { name: /^Explorer/ });
    if ((await explorer.getAttribute('aria-selected').catch(() => null)) !== 'true') await explorer.click().catch(() => undefined);
  });

  it("draws text fields, text areas, dropdowns and checkboxes in the dark, light and high-contrast themes' colours, switched while editing", async () => {
    const frame = await openDefect(DEFECT);
    await eventually('the read-only editor', async () => (await frame.locator('body').getAttribute('data-phase')) === 'read-only');
    await frame.getByRole('button', { name: 'Edit' }).click();
    await eventually('edit mode', async () => (await frame.locator('body').getAttribute('data-phase')) === 'editing');
    await frame.locator('[data-field="name"] vscode-text-field').waitFor();
    const themes = [
      ['Default Light Modern', 'light', 'vscode-light'],
      ['Default Dark Modern', 'dark', 'vscode-dark'],
      ['Default High Contrast', 'high-contrast', 'vscode-high-contrast'],
      ['Default High Contrast Light', 'high-contrast-light', 'vscode-high-contrast-light'],
    ] as const;
    const seen = new Set<string>();
    for (const [theme, name, bodyClass] of themes) {
      await setTheme(theme);
      await eventually(`the ${name} theme on the page`, async () => ((await frame.locator('body').getAttribute('class')) ?? '').split(/\s+/).includes(bodyClass));
      let wrong: ColourCheck[] = [];
      const matched = await eventually(
        `the controls in the ${name} theme's colours`,
        async () => {
          wrong = await mismatches(frame);
          return wrong.length === 0;
        },
        15_000,
      ).catch(() => false);
      assert.ok(matched, `${name}: ${wrong.map(describeMismatch).join('; ')}`);
      seen.add(await frame.evaluate<string>(`getComputedStyle(document.querySelector('[data-field="name"] vscode-text-field').shadowRoot.querySelector('.root')).backgroundColor`));
      await screenshot(`editor-edit-${name}`);
    }
    // The themes differ: the fields changed colour with them (not one palette that happened to match).
    assert.ok(seen.size >= 3, `the text field's background took ${seen.size} colours across four themes`);
    await frame.getByRole('button', { name: 'Cancel' }).click();
    await eventually('read-only again', async () => (await frame.locator('body').getAttribute('data-phase')) === 'read-only');
    assert.deepEqual((await serverDefect(DEFECT)).__locks, [], 'Cancel released the lock');
  });
});
