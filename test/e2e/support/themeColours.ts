// For page-side tests (test/e2e/ui) of a webview that follows VS Code's colour theme: switches the
// workbench's theme through the workspace settings, waits until the webview has taken it, and reads
// each element's drawn colour beside the colour of the theme variable it should use. A test lists
// its page's elements as ColourSpecs and calls throughThemes (every theme kind in turn, each checked)
// and restoreThemeAfter; switchThemeAndCheck does one theme. Used by the editor's theme tests; another
// webview (the grid) passes its own elements.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import { screenshot, ui } from '../ui/context';
import { closeEditorsAndShowExplorer } from '../ui/editorWorkbench';
import { editSettingsFile } from './settingsFile';
import { eventually } from '../../support/eventually';

/** A built-in theme, the short name screenshots and messages use, and the class VS Code gives a webview's body under it. */
interface ThemeCase {
  readonly theme: string;
  readonly name: string;
  readonly bodyClass: string;
}

/** The light, dark and both high-contrast themes: every kind a webview's colours must follow. */
const THEMES: readonly ThemeCase[] = [
  { theme: 'Default Light Modern', name: 'light', bodyClass: 'vscode-light' },
  { theme: 'Default Dark Modern', name: 'dark', bodyClass: 'vscode-dark' },
  { theme: 'Default High Contrast', name: 'high-contrast', bodyClass: 'vscode-high-contrast' },
  { theme: 'Default High Contrast Light', name: 'high-contrast-light', bodyClass: 'vscode-high-contrast-light' },
];

/** An element whose colour should be a theme variable's. */
export interface ColourSpec {
  /** What messages call it ("text field"). */
  readonly control: string;
  /** The element in the page. */
  readonly selector: string;
  /** Where a toolkit component draws inside its shadow root (a text field's `.root`): that element is read instead. */
  readonly part?: string;
  /** `outline-color`: a border drawn as an outline (a high-contrast theme's `--vscode-contrastActiveBorder`). */
  readonly property: 'background-color' | 'color' | 'outline-color';
  /** The VS Code variable it stands for (`--vscode-input-background`). */
  readonly variable: string;
  /** The variable used when the theme leaves `variable` unset (as the stylesheet falls back). */
  readonly fallback?: string;
}

/** An element's drawn colour and that of its theme variable, both as computed colours. */
interface ColourCheck {
  readonly control: string;
  readonly property: ColourSpec['property'];
  readonly variable: string;
  readonly drawn: string;
  readonly theme: string;
}

/** Sets `workbench.colorTheme` in the workspace settings; undefined removes it (VS Code's default theme). */
function setColourTheme(theme: string | undefined): void {
  const file = join(ui().workspaceFolder, '.vscode', 'settings.json');
  editSettingsFile(file, (settings) => {
    if (theme) settings['workbench.colorTheme'] = theme;
    else delete settings['workbench.colorTheme'];
  });
}

/**
 * Registers, in the calling describe, the after hook of a theme test: VS Code's default theme back,
 * every editor closed and the Explorer shown again, as the test files after it expect.
 */
export function restoreThemeAfter(): void {
  after(async () => {
    setColourTheme(undefined);
    await closeEditorsAndShowExplorer();
  });
}

/**
 * Reads, in the page, each spec's drawn colour beside the colour of its variable, resolved by a probe
 * element (so `#ffffff` and `rgb(255, 255, 255)` compare). A variable the theme leaves empty (and its
 * fallback) resolves to transparent, as the toolkit does for high contrast. A missing element throws.
 * DOM code as a string: the tests are type-checked without DOM types.
 */
function readColours(specs: readonly ColourSpec[]): string {
  return `((specs) => {
  const probe = document.createElement('div');
  document.body.append(probe);
  try {
    return specs.map(({ control, selector, part, property, variable, fallback }) => {
      const host = document.querySelector(selector);
      const element = part ? host?.shadowRoot?.querySelector(part) : host;
      if (!element) throw new Error('no ' + control + ' (' + selector + (part ? ' ' + part : '') + ')');
      probe.style.setProperty(property, 'var(' + variable + ', ' + (fallback ? 'var(' + fallback + ', transparent)' : 'transparent') + ')');
      return { control, property, variable, drawn: getComputedStyle(element).getPropertyValue(property), theme: getComputedStyle(probe).getPropertyValue(property) };
    });
  } finally {
    probe.remove();
  }
})(${JSON.stringify(specs)})`;
}

function describeMismatch(c: ColourCheck): string {
  return `${c.control} ${c.property} is ${c.drawn}, the theme's ${c.variable} is ${c.theme}`;
}

/**
 * Switches VS Code to `theme` and waits until the webview in `frame` has taken it (its body class)
 * and draws every spec in the theme's colours; fails naming each element that is not. Returns the
 * colours read, for the caller to check that the themes differ.
 */
async function switchThemeAndCheck(frame: Frame, theme: ThemeCase, specs: readonly ColourSpec[]): Promise<ColourCheck[]> {
  setColourTheme(theme.theme);
  await eventually(`the ${theme.name} theme on the page`, async () => ((await frame.locator('body').getAttribute('class')) ?? '').split(/\s+/).includes(theme.bodyClass));
  let checks: ColourCheck[] = [];
  const wrong = () => checks.filter((c) => c.drawn !== c.theme);
  const matched = await eventually(
    `the page in the ${theme.name} theme's colours`,
    async () => {
      checks = await frame.evaluate<ColourCheck[]>(readColours(specs));
      return wrong().length === 0;
    },
    15_000,
  ).catch(() => false);
  assert.ok(matched, `${theme.name}: ${wrong().map(describeMismatch).join('; ')}`);
  return checks;
}

/**
 * Goes through THEMES with switchThemeAndCheck, saving a screenshot `<shot>-<theme name>` in each;
 * returns the colours each theme gave `sample` (one of `specs`), which the caller expects to differ.
 */
export async function throughThemes(frame: Frame, specs: readonly ColourSpec[], shot: string, sample: ColourSpec): Promise<Set<string>> {
  assert.ok(specs.includes(sample), `the sample ${sample.control} is one of the specs`);
  const seen = new Set<string>();
  for (const theme of THEMES) {
    const checks = await switchThemeAndCheck(frame, theme, specs);
    seen.add(checks[specs.indexOf(sample)].drawn);
    await screenshot(`${shot}-${theme.name}`);
  }
  return seen;
}
