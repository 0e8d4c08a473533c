// Helpers for page-side tests of the defects grid inside the real workbench: opening it from the
// palette, finding its webview frame, waiting for rows to be painted and reading them.
import type { Frame } from 'playwright-core';
import { ui } from './context';
import { runCommand } from './editorWorkbench';
import { eventually } from '../../support/eventually';

/** Picks the quick pick row whose label is exactly `label` (the first one when several match). */
export async function pickRow(label: string): Promise<void> {
  const { page } = ui();
  const row = page.locator('.quick-input-widget .monaco-list-row').filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) });
  await row.first().waitFor({ timeout: 15_000 });
  await row.first().click();
}

/** "ALM: Open as Grid" → (the project when asked) → `list` ("Defects", "My Defects", a saved filter). */
export async function openGrid(list: string, timeoutMs?: number): Promise<Frame> {
  const { page } = ui();
  await runCommand('ALM: Open as Grid');
  const listPick = page.locator('.quick-input-widget', { hasText: 'as a grid' });
  await listPick.first().waitFor({ timeout: 15_000 });
  if (await page.locator('.quick-input-widget', { hasText: 'Open the defects of which project' }).isVisible()) await pickRow('Demo');
  await page.locator('.quick-input-widget', { hasText: 'Open which defects of' }).waitFor({ timeout: 15_000 });
  await pickRow(list);
  return gridFrame(timeoutMs);
}

/**
 * The live frame of the grid webview shown now. A grid opened earlier and left open is kept, hidden
 * (its context is retained): its frame comes first in the page, and its rows are not the new grid's.
 */
export async function gridFrame(timeoutMs = 30_000): Promise<Frame> {
  const { page } = ui();
  return eventually(
    'the grid webview',
    async () => {
      for (const frame of page.frames().filter((f) => !f.isDetached())) {
        const found = await frame
          .locator('[role="grid"].grid')
          .count()
          .catch(() => 0);
        if (found && (await shown(frame))) return frame;
      }
      return undefined;
    },
    timeoutMs,
  );
}

/** Whether the frame is on screen: each iframe element up to the page is visible (a hidden webview's is not). */
async function shown(frame: Frame): Promise<boolean> {
  for (let f = frame, parent = f.parentFrame(); parent; f = parent, parent = f.parentFrame()) {
    const element = await f.frameElement();
    const visible = await element.isVisible();
    await element.dispose();
    if (!visible) return false;
  }
  return true;
}

/** Waits until the page marks rows painted for a generation after `after` (a new query) covering row `index` (0-based). */
export async function painted(frame: Frame, options: { after?: number; row?: number; timeoutMs?: number } = {}): Promise<{ generation: number; first: number; last: number }> {
  return eventually(
    `rows painted${options.row !== undefined ? ` around row ${options.row}` : ''}`,
    async () => {
      const mark = await frame.locator('body').getAttribute('data-painted', { timeout: 1000 });
      if (!mark) return undefined;
      const [generation, first, last] = mark.split(':').map(Number);
      if (options.after !== undefined && generation <= options.after) return undefined;
      if (options.row !== undefined && (options.row < first || options.row > last)) return undefined;
      return { generation, first, last };
    },
    options.timeoutMs,
  );
}

/** The texts of the header cells. */
export async function headers(frame: Frame): Promise<string[]> {
  return (await frame.locator('[role="columnheader"] .grid-header-label').allInnerTexts()).map((t) => t.trim());
}

/** The cells of the row at `index` (0-based in the result), read once it is drawn with data. */
export async function rowCells(frame: Frame, index: number): Promise<string[]> {
  const row = frame.locator(`.grid-body [role="row"][aria-rowindex="${index + 2}"]:not([hidden]):not(.loading)`);
  await row.waitFor({ timeout: 30_000 });
  return (await row.locator('[role="gridcell"]').allInnerTexts()).map((t) => t.trim());
}

/** The total the grid announces (aria-rowcount less the header row). */
export async function gridTotal(frame: Frame): Promise<number> {
  return Number(await frame.locator('[role="grid"]').getAttribute('aria-rowcount')) - 1;
}
