// For page-side tests (test/e2e/ui) that work in the ALM tree as a user does: its rows, expanding
// them, the way down to the Demo project's defects (signing in from the tree on the way), and a
// command from a row's context menu.
import type { Locator } from 'playwright-core';
import { ui } from '../ui/context';
import { signInFromRow } from '../ui/editorWorkbench';
import { eventually } from '../../support/eventually';

/** The first row of the ALM view whose text matches `name`, at tree depth `level` (1: servers) if given. */
export function treeRow(name: RegExp, level?: number): Locator {
  const { page } = ui();
  const base = page.locator('.part.sidebar [role="treeitem"]');
  return (level ? base.and(page.locator(`[aria-level="${level}"]`)) : base).filter({ hasText: name }).first();
}

/** Expands a row with its twistie (a click on a defect row itself opens the defect); true when this call expanded it. */
export async function expandRow(item: Locator): Promise<boolean> {
  await item.waitFor({ timeout: 30_000 });
  if ((await item.getAttribute('aria-expanded')) === 'true') return false;
  await item.locator('.monaco-tl-twistie').click();
  await eventually('the row to expand', async () => (await item.getAttribute('aria-expanded')) === 'true');
  return true;
}

/**
 * Opens the ALM view, signs in from the server's "Sign in" row if the tree offers it, and expands
 * Demo → DEFAULT → Demo, so that the project's Defects and My Defects rows (depth 4) show.
 */
export async function openDemoProject(): Promise<void> {
  const { page } = ui();
  // The ALM tab toggles: a click when an earlier test left the view open would hide it.
  const server = treeRow(/^Demo/, 1);
  if (!(await server.isVisible())) await page.getByRole('tab', { name: 'ALM' }).click();
  await expandRow(server);
  const signInRow = treeRow(/Sign in to Demo|Sign-in failed/, 2);
  const domain = treeRow(/^DEFAULT/, 2);
  await signInRow.or(domain).first().waitFor({ timeout: 30_000 });
  await signInFromRow(signInRow, domain);
  await expandRow(domain);
  await expandRow(treeRow(/^Demo/, 3));
}

/** openDemoProject, then Defects expanded; returns the defect rows (depth 5), newest first. */
export async function openDemoDefects(): Promise<Locator> {
  await openDemoProject();
  await expandRow(treeRow(/^Defects/, 4));
  return ui().page.locator('.part.sidebar [role="treeitem"][aria-level="5"]');
}

/**
 * Runs `item` from the context menu of `row`. A click that lands while the menu is still animating
 * in is dropped (the menu stays open with the item highlighted); it is chosen with Enter then, as a
 * keyboard user would. The caller waits for what the command opens.
 */
export async function runFromRowMenu(row: Locator, item: RegExp): Promise<void> {
  const { page } = ui();
  await row.click({ button: 'right' });
  const menuItem = page.getByRole('menuitem', { name: item });
  await menuItem.click();
  const opened = await page
    .locator('.quick-input-widget input')
    .waitFor({ timeout: 5_000 })
    .then(
      () => true,
      () => false,
    );
  if (!opened && (await menuItem.isVisible())) await menuItem.press('Enter');
}
