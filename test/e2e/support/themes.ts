// Switching the workbench between the light and the dark theme for screenshots (the journeys' and the
// README pictures): the theme is set in the workspace settings, as a user would, and a picture waits
// until the workbench and every webview on screen have taken it.
import { join } from 'node:path';
import { editSettingsFile } from './settingsFile';
import { ui } from '../ui/context';

/** A built-in theme and the classes VS Code gives the workbench and a webview's body under it. */
export interface Theme {
  readonly name: string;
  readonly theme: string;
  readonly workbenchClass: string;
  readonly webviewClass: string;
}

/** The themes screenshots are taken in. */
export const THEMES: readonly [Theme, Theme] = [
  { name: 'light', theme: 'Default Light Modern', workbenchClass: 'vs', webviewClass: 'vscode-light' },
  { name: 'dark', theme: 'Default Dark Modern', workbenchClass: 'vs-dark', webviewClass: 'vscode-dark' },
];

/** VS Code's dark high-contrast theme: the accessibility checks run in it too. */
export const HIGH_CONTRAST: Theme = { name: 'high-contrast', theme: 'Default High Contrast', workbenchClass: 'hc-black', webviewClass: 'vscode-high-contrast' };

export function setColourTheme(theme: Theme): void {
  // Written in one step (settingsFile.ts): a half-written file reads as "no ALM servers".
  editSettingsFile(join(ui().workspaceFolder, '.vscode', 'settings.json'), (settings) => {
    settings['workbench.colorTheme'] = theme.theme;
  });
}

/** Whether the workbench and every live webview frame draw in `theme`. */
export async function drawnIn(theme: Theme): Promise<boolean> {
  const { page } = ui();
  const workbench = (await page.locator('.monaco-workbench').getAttribute('class')) ?? '';
  if (!workbench.split(/\s+/).includes(theme.workbenchClass)) return false;
  for (const frame of page.frames().filter((f) => !f.isDetached() && f !== page.mainFrame())) {
    const body = await frame
      .locator('body')
      .getAttribute('class', { timeout: 500 })
      .catch(() => null);
    // Only our pages (and VS Code's webview hosts) mark their body with the theme kind.
    if (body !== null && /\bvscode-(light|dark|high-contrast)/.test(body) && !body.split(/\s+/).includes(theme.webviewClass)) return false;
  }
  return true;
}
