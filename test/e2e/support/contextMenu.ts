// The workbench's context menu as a person uses it, for the page tests and the journeys alike.
import type { Locator } from 'playwright-core';
import { eventually } from '../../support/eventually';

/**
 * Right-clicks `target` and chooses `item` from the context menu as a person does: points at the item
 * and, once the menu shows it as the one under the mouse, presses Enter. (A click that lands while the
 * menu is still being laid out on a busy machine can leave the menu open and run nothing, or close it
 * and run nothing; a person then tries again, and so does this, until the menu has gone after Enter.)
 * The caller waits for what the command opens.
 */
export async function chooseFromContextMenu(target: Locator, item: string | RegExp): Promise<void> {
  const page = target.page();
  const menu = page.locator('.context-view .monaco-menu').first();
  await eventually(
    `"${String(item)}" chosen from the context menu`,
    async () => {
      if (!(await menu.isVisible())) {
        await target.click({ button: 'right' });
        await menu.waitFor({ timeout: 10_000 });
      }
      const entry = menu.locator('.action-item', { hasText: item }).first();
      await entry.hover();
      await menu.locator('.action-item.focused', { hasText: item }).waitFor({ timeout: 5_000 });
      await page.keyboard.press('Enter');
      return menu.waitFor({ state: 'hidden', timeout: 5_000 }).then(
        () => true,
        () => false,
      );
    },
    60_000,
  );
}
