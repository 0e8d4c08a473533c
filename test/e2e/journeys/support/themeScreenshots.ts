// Screenshots of a journey's end in the light and the dark theme, for reviewers and CI's artifacts
// (test-results/journeys/<name>-light.png, -dark.png). The theme is switched in the workspace
// settings and each screenshot waits until the workbench and every webview on screen have taken it.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { journey } from './journeyContext';
import { waitUntil } from './workbenchByHand';
import { editSettingsFile } from '../../support/settingsFile';

const THEMES = [
  { name: 'light', theme: 'Default Light Modern', workbenchClass: 'vs', webviewClass: 'vscode-light' },
  { name: 'dark', theme: 'Default Dark Modern', workbenchClass: 'vs-dark', webviewClass: 'vscode-dark' },
] as const;

function setColourTheme(theme: string): void {
  const file = join(journey().workspaceFolder, '.vscode', 'settings.json');
  editSettingsFile(file, (settings) => {
    settings['workbench.colorTheme'] = theme;
  });
}

/** Whether the workbench and every live webview frame draw in `theme`. */
async function drawnIn(theme: (typeof THEMES)[number]): Promise<boolean> {
  const { page } = journey();
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

/**
 * Saves `<name>-light.png` and `<name>-dark.png` of the workbench as it is now, and leaves it in the
 * light theme the journeys work in.
 */
export async function screenshotInBothThemes(name: string): Promise<void> {
  const { page, screenshotsDir } = journey();
  mkdirSync(screenshotsDir, { recursive: true });
  // A hover or tooltip left by the last click would cover what the screenshot is for.
  await page.mouse.move(1, 450);
  for (const theme of THEMES) {
    setColourTheme(theme.theme);
    await waitUntil(`the ${theme.name} theme everywhere on screen`, () => drawnIn(theme));
    await page.screenshot({ path: join(screenshotsDir, `${name}-${theme.name}.png`) });
  }
  setColourTheme(THEMES[0].theme);
  await waitUntil('the light theme again', () => drawnIn(THEMES[0]));
}
