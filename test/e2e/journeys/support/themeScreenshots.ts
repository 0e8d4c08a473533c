// Screenshots of a journey's end in the light and the dark theme, for reviewers and CI's artifacts
// (test-results/journeys/<name>-light.png, -dark.png). The theme is switched in the workspace
// settings and each screenshot waits until the workbench and every webview on screen have taken it.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { THEMES, drawnIn, setColourTheme } from '../../support/themes';
import { journey } from './journeyContext';
import { eventually } from '../../../support/eventually';

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
    setColourTheme(theme);
    await eventually(`the ${theme.name} theme everywhere on screen`, () => drawnIn(theme));
    await page.screenshot({ path: join(screenshotsDir, `${name}-${theme.name}.png`) });
  }
  setColourTheme(THEMES[0]);
  await eventually('the light theme again', () => drawnIn(THEMES[0]));
}
