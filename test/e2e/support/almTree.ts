// For page-side tests (test/e2e/ui) that work in the ALM tree as a user does: its rows, expanding
// them, and the way down to the Demo project's defects (signing in from the tree on the way).
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

/**
 * Expands a row with its twistie (a click on a defect row itself opens the defect); true when this
 * call clicked it. The row's state is checked again after each click: a row the tree unfolds on its
 * own at that moment (its state restored after a reload, a reveal) is folded again by the click, and
 * is then clicked once more instead of being waited for in vain.
 */
export async function expandRow(item: Locator): Promise<boolean> {
  await item.waitFor({ timeout: 30_000 });
  let clicked = false;
  await eventually(
    'the row to expand',
    async () => {
      if ((await item.getAttribute('aria-expanded')) === 'true') return true;
      await item.locator('.monaco-tl-twistie').click();
      clicked = true;
      // The tree marks the row unfolded once its children are read (a server row signs in first).
      return eventually('the clicked row to unfold', async () => (await item.getAttribute('aria-expanded')) === 'true', 20_000).catch(() => false);
    },
    90_000,
  );
  return clicked;
}

/**
 * Opens the ALM view, signs in from the server's "Sign in" row if the tree offers it, and expands
 * Demo → DEFAULT → Demo, so that the project's Defects and My Defects rows (depth 4) show.
 */
export async function openDemoProject(): Promise<void> {
  const { page } = ui();
  // The ALM tab toggles: a click when the view is open would hide it. Its row may not be drawn yet
  // (just after a reload, the restored view shows a moment later), so the tab's own state decides.
  const server = treeRow(/^Demo/, 1);
  const tab = page.getByRole('tab', { name: 'ALM' });
  await eventually(
    'the ALM view open',
    async () => {
      if (await server.isVisible()) return true;
      if ((await tab.getAttribute('aria-selected', { timeout: 5_000 })) !== 'true') await tab.click();
      return false;
    },
    60_000,
  );
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
