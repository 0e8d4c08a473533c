// For page-side tests (test/e2e/ui) of Update Selected…, wherever it was started (tree or grid):
// the field picker, one field checked and accepted, its value picked — the steps a user takes
// between the command and its modal confirmation.
import type { Locator } from 'playwright-core';
import { ui } from '../ui/context';

/**
 * With the field picker of an update of `count` defects showing, checks `field`, accepts, and
 * picks `value` in that field's value picker; returns the confirmation dialog ("Update N defects?").
 * Each step waits up to `timeout` ms for what it needs to show (a loaded machine can be slow).
 */
export async function pickFieldAndValue(count: number, field: string, value: string, timeout = 45_000): Promise<Locator> {
  const { page } = ui();
  const widget = page.locator('.quick-input-widget');
  await widget.filter({ hasText: `Update ${count} defects: which fields?` }).waitFor({ timeout });
  const input = page.locator('.quick-input-widget input');
  await input.fill(field, { timeout });
  const row = page
    .locator('.quick-input-list .monaco-list-row')
    .filter({ hasText: new RegExp(`^${field}`) })
    .first();
  await row.waitFor({ timeout });
  // A click on a row of a multi-select pick checks it.
  await row.click();
  await widget.filter({ hasText: '1 Selected' }).waitFor({ timeout });
  await widget.getByRole('button', { name: 'OK' }).click();
  await widget.filter({ hasText: `${field} for ${count} defects` }).waitFor({ timeout });
  await input.fill(value, { timeout });
  await page.locator('.quick-input-list .monaco-list-row').filter({ hasText: value }).first().waitFor({ timeout });
  await input.press('Enter');
  const dialog = page.locator('.monaco-dialog-box').filter({ hasText: `Update ${count} defects?` });
  await dialog.waitFor({ timeout });
  return dialog;
}
