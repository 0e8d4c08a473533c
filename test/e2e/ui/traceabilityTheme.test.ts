// The Links and History sections and the release picker follow VS Code's theme (issue 30): in the
// light, dark and high-contrast themes, switched while the editor is open, the link row's input and
// type choice, the section texts and, in edit mode, the release and cycle pickers (their open list
// included) are drawn with the colours of the theme's own variables. Screenshots go to test-results/ui.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import { screenshot, ui } from './context';
import { eventually, openDefect, runCommand, serverDefect, signInIfNeeded } from './editorWorkbench';

const DEFECT = 83;

async function setTheme(theme: string | undefined): Promise<void> {
  const file = join(ui().workspaceFolder, '.vscode', 'settings.json');
  const settings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  if (theme) settings['workbench.colorTheme'] = theme;
  else delete settings['workbench.colorTheme'];
  writeFileSync(file, JSON.stringify(settings, null, 2));
}

interface ColourCheck {
  control: string;
  property: string;
  drawn: string;
  theme: string;
  variable: string;
}

/**
 * Each element's drawn colour beside the colour of the variable it stands for, resolved by a probe
 * (so `#fff` and `rgb(255, 255, 255)` compare); `fallback` is the variable used when the theme leaves
 * the first one unset. DOM code as a string: this file is type-checked without DOM types.
 */
const READ_COLOURS = `(() => {
  const probe = document.createElement('div');
  document.body.append(probe);
  const resolve = (property, variable, fallback) => {
    probe.style.setProperty(property, 'var(' + variable + ', ' + (fallback ? 'var(' + fallback + ', transparent)' : 'transparent') + ')');
    return getComputedStyle(probe).getPropertyValue(property);
  };
  const checks = [];
  const check = (control, selector, property, variable, fallback) => {
    const element = document.querySelector(selector);
    if (!element) throw new Error('no ' + control + ' (' + selector + ')');
    checks.push({ control, property, drawn: getComputedStyle(element).getPropertyValue(property), theme: resolve(property, variable, fallback), variable });
  };
  check('link id input', '.link-target', 'background-color', '--vscode-input-background');
  check('link id input', '.link-target', 'color', '--vscode-input-foreground');
  check('link type', '.link-type', 'background-color', '--vscode-dropdown-background');
  check('link type', '.link-type', 'color', '--vscode-dropdown-foreground');
  check('links heading', '.links h2', 'color', '--vscode-foreground');
  check('links message', '.link-message', 'color', '--vscode-descriptionForeground');
  check('history heading', '.history h2', 'color', '--vscode-foreground');
  const picker = document.querySelector('[data-field="target-rel"] select');
  if (picker && !picker.hidden) {
    check('release picker', '[data-field="target-rel"] select', 'background-color', '--vscode-dropdown-background');
    check('release picker', '[data-field="target-rel"] select', 'color', '--vscode-dropdown-foreground');
    check('release list', '[data-field="target-rel"] select option', 'background-color', '--vscode-dropdown-listBackground', '--vscode-dropdown-background');
    check('cycle picker', '[data-field="target-rcyc"] select', 'background-color', '--vscode-dropdown-background');
  }
  probe.remove();
  return checks;
})()`;

async function mismatches(frame: Frame): Promise<ColourCheck[]> {
  const checks = await frame.evaluate<ColourCheck[]>(READ_COLOURS);
  return checks.filter((c) => c.drawn !== c.theme);
}

const THEMES = [
  ['Default Light Modern', 'light', 'vscode-light'],
  ['Default Dark Modern', 'dark', 'vscode-dark'],
  ['Default High Contrast', 'high-contrast', 'vscode-high-contrast'],
  ['Default High Contrast Light', 'high-contrast-light', 'vscode-high-contrast-light'],
] as const;

/** Switches through the four themes; in each, every check holds. Returns the picker backgrounds seen. */
async function throughThemes(frame: Frame, shot: string): Promise<Set<string>> {
  const seen = new Set<string>();
  for (const [theme, name, bodyClass] of THEMES) {
    await setTheme(theme);
    await eventually(`the ${name} theme on the page`, async () => ((await frame.locator('body').getAttribute('class')) ?? '').split(/\s+/).includes(bodyClass));
    let wrong: ColourCheck[] = [];
    const matched = await eventually(
      `the sections in the ${name} theme's colours`,
      async () => {
        wrong = await mismatches(frame);
        return wrong.length === 0;
      },
      15_000,
    ).catch(() => false);
    assert.ok(matched, `${name}: ${wrong.map((c) => `${c.control} ${c.property} is ${c.drawn}, the theme's ${c.variable} is ${c.theme}`).join('; ')}`);
    seen.add(await frame.evaluate<string>(`getComputedStyle(document.querySelector('.link-type')).backgroundColor`));
    await screenshot(`${shot}-${name}`);
  }
  return seen;
}

describe('ui: links, history and the release picker follow the theme', function () {
  this.timeout(240_000);

  before(async () => {
    await signInIfNeeded();
  });

  after(async () => {
    await setTheme(undefined);
    await runCommand('View: Close All Editors').catch(() => undefined);
    const explorer = ui().page.getByRole('tab', { name: /^Explorer/ });
    if ((await explorer.getAttribute('aria-selected').catch(() => null)) !== 'true') await explorer.click().catch(() => undefined);
  });

  it('draws the sections in read mode and the release pickers in edit mode in the light, dark and high-contrast colours', async () => {
    const frame = await openDefect(DEFECT);
    await eventually('the read-only editor', async () => (await frame.locator('body').getAttribute('data-phase')) === 'read-only');
    await frame.locator('details.history > summary').click();
    await frame.locator('.history-entry, .history-message:not([hidden])').first().waitFor();
    await frame.locator('section.links').scrollIntoViewIfNeeded();
    const read = await throughThemes(frame, 'editor-links-history');
    assert.ok(read.size >= 3, `the link type took ${read.size} backgrounds across four themes`);

    await frame.getByRole('button', { name: 'Edit' }).click();
    await eventually('edit mode', async () => (await frame.locator('body').getAttribute('data-phase')) === 'editing');
    await frame.locator('[data-field="target-rel"] select').scrollIntoViewIfNeeded();
    await throughThemes(frame, 'editor-release-picker');
    await frame.getByRole('button', { name: 'Cancel' }).click();
    await eventually('read-only again', async () => (await frame.locator('body').getAttribute('data-phase')) === 'read-only');
    assert.deepEqual((await serverDefect(DEFECT)).__locks, [], 'Cancel released the lock');
  });
});
