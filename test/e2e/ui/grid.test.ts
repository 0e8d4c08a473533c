// The defects grid (issue 31) in the real workbench, driven as a user does: opened from the palette,
// columns chosen, sorted by header clicks, grouped with counts, scrolled deep, rows selected with the
// keyboard and the mouse, a defect opened with Enter. The server is asked directly for what the
// grid should show (totals, a group's count).
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import { signIn } from '../environment';
import { serverTotal, updateServerDefect } from '../oracle';
import { screenshot, ui } from './context';
import { editorFrame, editorTab, runCommand, signInIfNeeded } from './editorWorkbench';
import { gridTotal, headers, openGrid, painted, pickRow, rowCells } from './gridWorkbench';
import { eventually } from '../../support/eventually';

describe('ui: the defects grid (issue 31)', function () {
  this.timeout(180_000);
  let frame: Frame;
  let total: number;
  /** The defect Enter opened in the editor. */
  let opened = 0;
  let restoreSettings: (() => void) | undefined;

  before(async () => {
    await signInIfNeeded();
    const { almServer } = ui();
    total = await serverTotal(almServer, await signIn(almServer, almServer.users[1]));
  });

  after(async () => {
    restoreSettings?.();
    await runCommand('View: Close All Editors').catch(() => undefined);
  });

  it('opens from the palette with the total count, the default columns and the first rows painted', async () => {
    frame = await openGrid('Defects');
    await painted(frame, { row: 0 });
    assert.equal(await gridTotal(frame), total);
    const names = await headers(frame);
    for (const label of ['Defect ID', 'Summary', 'Status', 'Severity', 'Assigned To']) assert.ok(names.includes(label), `${label} is not among ${names.join(', ')}`);
    // The count is written in the user's number format just after the first rows' frame.
    const count = new RegExp(`${total.toLocaleString('en-US')} defects`);
    await eventually('the total count shown', async () => count.test(await frame.locator('.grid-count').innerText()));
    // The tree's default order: newest first.
    assert.equal((await rowCells(frame, 0))[names.indexOf('Defect ID')], String(total));
    await screenshot('grid-open');
  });

  it('sorts by a header click, and Shift+click adds a second key', async () => {
    const before = await painted(frame);
    await frame.locator('[role="columnheader"][data-field="status"]').click();
    const sorted = await painted(frame, { after: before.generation, row: 0 });
    assert.equal(await frame.locator('[role="columnheader"][data-field="status"]').getAttribute('aria-sort'), 'ascending');
    await frame.locator('[role="columnheader"][data-field="severity"]').click({ modifiers: ['Shift'] });
    await painted(frame, { after: sorted.generation, row: 0 });
    assert.equal(await frame.locator('[role="columnheader"][data-field="severity"]').getAttribute('aria-sort'), 'other');
    const names = await headers(frame);
    const [s, v] = [names.indexOf('Status'), names.indexOf('Severity')];
    const rows = await Promise.all(Array.from({ length: 15 }, (_, i) => rowCells(frame, i)));
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1], rows[i]];
      assert.ok(a[s] <= b[s], `status order: ${a[s]} then ${b[s]}`);
      if (a[s] === b[s]) assert.ok(a[v] <= b[v], `severity order within ${a[s]}: ${a[v]} then ${b[v]}`);
    }
  });

  it('chooses columns, and keeps the choice for the project when the grid opens again', async () => {
    const { page } = ui();
    const before = await painted(frame);
    await frame.getByRole('button', { name: 'Columns…' }).click();
    await page.locator('.quick-input-widget', { hasText: 'Columns of the defects grid' }).waitFor({ timeout: 15_000 });
    const input = page.locator('.quick-input-widget input[type="text"], .quick-input-widget input:not([type])').first();
    await input.fill('Target Release');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Target Release' }).first().locator('input[type="checkbox"], .monaco-checkbox, .quick-input-list-checkbox').first().click();
    await input.fill('');
    await page.locator('.quick-input-widget .quick-input-action, .quick-input-widget a.monaco-button', { hasText: 'OK' }).first().click();
    await painted(frame, { after: before.generation, row: 0 });
    const shown = await headers(frame);
    assert.ok(shown.includes('Target Release'));
    // The columns shown before stay.
    for (const label of ['Defect ID', 'Summary', 'Status']) assert.ok(shown.includes(label), `${label} is not among ${shown.join(', ')}`);
    // Release ids read as names, as everywhere else.
    const col = (await headers(frame)).indexOf('Target Release');
    const cells = await Promise.all(Array.from({ length: 10 }, async (_, i) => (await rowCells(frame, i))[col]));
    assert.ok(
      cells.every((c) => !/^\d+$/.test(c)),
      `release cells: ${cells.join(' | ')}`,
    );
    await runCommand('View: Close All Editors');
    frame = await openGrid('Defects');
    await painted(frame, { row: 0 });
    assert.ok((await headers(frame)).includes('Target Release'), 'the column choice is kept per project');
  });

  it('groups by a field with counts, and shows one group', async () => {
    const { page, almServer } = ui();
    await frame.getByRole('button', { name: 'Group by…' }).click();
    await page.locator('.quick-input-widget', { hasText: 'Group the defects by' }).waitFor({ timeout: 15_000 });
    const before = await painted(frame);
    await pickRow('Status');
    const groups = frame.locator('.grid-groups .grid-group');
    await groups.first().waitFor({ timeout: 30_000 });
    const labels = await groups.allInnerTexts();
    const counts = labels.map((l) => Number(/\(([\d,]+)\)$/.exec(l)?.[1].replace(/,/g, '')));
    assert.equal(labels[0].startsWith('All'), true);
    assert.equal(
      counts.slice(1).reduce((a, b) => a + b, 0),
      counts[0],
      `groups: ${labels.join(' | ')}`,
    );
    const open = labels.findIndex((l) => l.startsWith('Open ('));
    assert.ok(open > 0, `no Open group among ${labels.join(' | ')}`);
    const shown = await painted(frame, { after: before.generation });
    await groups.nth(open).click();
    await painted(frame, { after: shown.generation, row: 0 });
    const expected = await serverTotal(almServer, await signIn(almServer, almServer.users[1]), '{status["Open"]}');
    assert.equal(await gridTotal(frame), expected);
    assert.equal(counts[open], expected);
    const statusCol = (await headers(frame)).indexOf('Status');
    assert.equal((await rowCells(frame, 0))[statusCol], 'Open');
    await screenshot('grid-grouped');
    // Back to all of them.
    const grouped = await painted(frame);
    await groups.first().click();
    await painted(frame, { after: grouped.generation, row: 0 });
    assert.equal(await gridTotal(frame), total);
  });

  it('jumps deep: the scrollbar dragged to the middle shows those rows, Ctrl+End the last one', async () => {
    const middle = Math.floor(total / 2);
    // As dragging the scrollbar's thumb does: the scroll position jumps, no row in between is passed.
    await frame.locator('.grid-body').evaluate((body, row) => {
      (body as unknown as { scrollTop: number }).scrollTop = row * 24;
    }, middle);
    await painted(frame, { row: middle });
    const cells = await rowCells(frame, middle);
    const idCol = (await headers(frame)).indexOf('Defect ID');
    assert.ok(Number(cells[idCol]) > 0, `row ${middle} shows a defect: ${cells.join(' | ')}`);
    await frame.locator('[role="grid"]').focus();
    await frame.locator('[role="grid"]').press('Control+End');
    await painted(frame, { row: total - 1 });
    assert.equal(
      await frame
        .locator(`[aria-rowindex="${total + 1}"]`)
        .getAttribute('class')
        .then((c) => c?.includes('active')),
      true,
    );
  });

  it('selects rows with the keyboard and Ctrl+click, and Enter opens the focused defect in the editor', async () => {
    await frame.locator('[role="grid"]').press('Control+Home');
    await painted(frame, { row: 0 });
    await frame.locator('[role="grid"]').press('Space');
    await frame.locator('[role="grid"]').press('Shift+ArrowDown');
    await frame.locator('[role="grid"]').press('Shift+ArrowDown');
    await eventually('three rows selected', async () => (await frame.locator('.grid-body [role="row"][aria-selected="true"]').count()) === 3);
    await frame
      .locator('.grid-body [role="row"][aria-rowindex="7"] [role="gridcell"]')
      .first()
      .click({ modifiers: ['Control'] });
    await eventually('four rows selected', async () => (await frame.locator('.grid-body [role="row"][aria-selected="true"]').count()) === 4);
    assert.match(await frame.locator('.grid-count').innerText(), /4 selected/);
    const id = Number((await rowCells(frame, 5))[(await headers(frame)).indexOf('Defect ID')]);
    assert.ok(id > 0);
    opened = id;
    await frame.locator('[role="grid"]').press('Enter');
    await editorTab(id).waitFor({ timeout: 30_000 });
    // The grid stays open (its tab behind the editor's).
    await ui().page.locator('.tabs-container .tab', { hasText: 'Defects · Demo' }).first().waitFor({ state: 'attached', timeout: 30_000 });
  });

  it('shows a save made in the defect editor in its row, in place', async () => {
    const editor = await editorFrame(opened);
    await editor.getByRole('button', { name: 'Edit' }).click();
    await eventually('edit mode', async () => (await editor.locator('body').getAttribute('data-phase')) === 'editing');
    const summary = `Saved while the grid is open ${Date.now()}`;
    await editor.locator('[data-field="name"] vscode-text-field input').fill(summary);
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await eventually('the saved notice', async () => /Saved at/.test(await editor.locator('.header .notice').innerText()));
    const summaryCol = (await headers(frame)).indexOf('Summary');
    await eventually('the grid row with the saved summary', async () => (await rowCells(frame, 5))[summaryCol] === summary);
  });

  it('follows a change made elsewhere with the periodic change check (almDefects.refreshInterval)', async () => {
    const { almServer, page } = ui();
    restoreSettings = withSettings({ 'almDefects.refreshInterval': 1 });
    const summary = `Changed by bob ${Date.now()}`;
    // Row 6: not the defect the editor holds locked.
    const id = Number((await rowCells(frame, 6))[(await headers(frame)).indexOf('Defect ID')]);
    await updateServerDefect(almServer, await signIn(almServer, almServer.users[1]), id, { name: summary });
    // The check looks at visible grids: the grid's tab comes to the front.
    await page.locator('.tabs-container .tab', { hasText: 'Defects · Demo' }).first().click();
    const summaryCol = (await headers(frame)).indexOf('Summary');
    await eventually('the grid row with bob’s summary', async () => (await rowCells(frame, 6))[summaryCol] === summary, 60_000);
  });
});

function withSettings(changes: Record<string, unknown>): () => void {
  const file = join(ui().workspaceFolder, '.vscode', 'settings.json');
  const original = readFileSync(file, 'utf8');
  writeFileSync(file, JSON.stringify({ ...(JSON.parse(original) as object), ...changes }, null, 2));
  return () => writeFileSync(file, original);
}
