// The defects grid's selection and menus (issue 31) in the real workbench: a Shift+click from the
// first rows to the last ones selects every row in between although the grid never held most of
// them, and Update Selected takes them all; the row's right-click menu runs Update Selected on the
// selected rows (the server then has exactly those changed, but the one bob holds: skipped, reported) and Open Defect on the row clicked;
// Alt+Right widens the focused column, says so, and the width is kept when the grid opens again.
import * as assert from 'node:assert/strict';
import type { Frame } from 'playwright-core';
import type { AlmClient } from '../../../src/api/index';
import { almClientAs } from '../support/almClientAs';
import { screenshot, ui } from './context';
import { editorTab, runCommand, signInIfNeeded } from './editorWorkbench';
import { eventually } from '../../support/eventually';
import { gridTotal, headers, openGrid, painted, rowCells } from './gridWorkbench';
import { pickFieldAndValue } from '../support/updateSelected';

/** A data cell of the row at `index` (0-based in the result). */
function cellOf(frame: Frame, index: number) {
  return frame.locator(`.grid-body [role="row"][aria-rowindex="${index + 2}"]:not([hidden]) [role="gridcell"]`).first();
}

/**
 * The workbench's context menu item `name`, chosen once the menu has settled (a click while it
 * animates in is dropped). Not chooseFromContextMenu: after Enter the menu gives the focus back to
 * the grid's webview, which closes the quick input the command has opened by then; a click closes
 * the menu before the command runs.
 */
async function chooseMenuItem(name: RegExp, until: () => Promise<boolean>): Promise<void> {
  const item = ui().page.getByRole('menuitem', { name });
  await item.click();
  if (!(await until()) && (await item.isVisible())) await item.press('Enter');
}

describe('ui: the grid selection, row menu and keyboard resize (issue 31)', function () {
  this.timeout(180_000);
  let frame: Frame;
  let total: number;
  let bob: AlmClient;
  const priorities = new Map<number, string>();

  before(async () => {
    await signInIfNeeded();
    const { almServer } = ui();
    const b = almServer.users[1];
    bob = almClientAs(almServer, b);
    frame = await openGrid('Defects');
    await painted(frame, { row: 0 });
    total = await gridTotal(frame);
  });

  after(async () => {
    const demo = bob?.project('DEFAULT', 'Demo');
    for (const [id, priority] of priorities) await demo?.defects.update(id, { priority: priority || null }).catch(() => undefined);
    await bob?.dispose();
    await ui()
      .page.keyboard.press('Escape')
      .catch(() => undefined);
    await runCommand('View: Close All Editors').catch(() => undefined);
  });

  it('Shift+click from the first rows to the last selects every row in between, held or not, and Update Selected takes them all', async () => {
    const { page } = ui();
    await cellOf(frame, 2).click();
    const grid = frame.locator('[role="grid"]');
    await grid.press('Control+End');
    await painted(frame, { row: total - 1 });
    // The pages between were never fetched: the grid holds the first and the last ones only.
    await cellOf(frame, total - 3).click({ modifiers: ['Shift'] });
    const expected = total - 3 - 2 + 1;
    await eventually(`${expected} selected`, async () => new RegExp(`${expected.toLocaleString('en-US')} selected`).test(await frame.locator('.grid-count').innerText()));
    assert.equal(await frame.locator(`.grid-body [role="row"][aria-rowindex="${total - 3 + 2}"]`).getAttribute('aria-selected'), 'true');
    assert.equal(await frame.locator(`.grid-body [role="row"][aria-rowindex="${total - 2 + 2}"]`).getAttribute('aria-selected'), 'false');
    // Update Selected reads the ids of the rows the grid never held: the bulk update counts them all.
    await frame.getByRole('button', { name: 'Update Selected…' }).click();
    await page.locator('.quick-input-widget', { hasText: `Update ${expected} defects: which fields?` }).waitFor({ timeout: 60_000 });
    await screenshot('grid-shift-range-update');
    await page.keyboard.press('Escape');
  });

  it("the row menu's Update Selected changes exactly the selected rows but the one bob holds; Open Defect opens the row right-clicked", async () => {
    const { page } = ui();
    const grid = frame.locator('[role="grid"]');
    await grid.press('Control+Home');
    await painted(frame, { row: 0 });
    const idCol = (await headers(frame)).indexOf('Defect ID');
    const ids = await Promise.all([0, 1, 2, 3, 5].map(async (i) => Number((await rowCells(frame, i))[idCol])));
    const demo = bob.project('DEFAULT', 'Demo');
    for (const id of ids.slice(0, 4)) priorities.set(id, String((await demo.defects.get(id)).priority ?? ''));
    // bob edits the middle one of the three: it is skipped and reported, never overwritten.
    const lock = await demo.locks.acquire({ type: 'defect', id: ids[1] });
    try {
      await cellOf(frame, 0).click();
      await cellOf(frame, 2).click({ modifiers: ['Shift'] });
      await eventually('3 selected', async () => / 3 selected/.test(await frame.locator('.grid-count').innerText()));
      await cellOf(frame, 1).click({ button: 'right' });
      const fields = page.locator('.quick-input-widget').filter({ hasText: 'Update 3 defects: which fields?' });
      await chooseMenuItem(/^Update Selected/, () =>
        fields.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        ),
      );
      const dialog = await pickFieldAndValue(3, 'Priority', '5-Urgent');
      await dialog.getByRole('button', { name: 'Update', exact: true }).click();
      await page
        .locator('.statusbar')
        .getByRole('button', { name: /Notifications/ })
        .click();
      await page.locator('.notifications-center .notification-list-item').filter({ hasText: 'Update Selected: 2 updated, 1 skipped' }).first().waitFor({ timeout: 60_000 });
      await page.mouse.move(700, 450);
      await runCommand('Notifications: Hide Notifications').catch(() => undefined);
    } finally {
      await lock.release();
    }
    for (const id of [ids[0], ids[2]]) assert.equal((await demo.defects.get(id)).priority, '5-Urgent', `defect ${id}`);
    assert.equal(String((await demo.defects.get(ids[1])).priority ?? ''), priorities.get(ids[1]), 'the defect bob held is unchanged');
    assert.equal(String((await demo.defects.get(ids[3])).priority ?? ''), priorities.get(ids[3]), 'the row after the selection is unchanged');
    // A right-click on a row outside the selection: Open Defect opens that row's defect.
    await cellOf(frame, 5).click({ button: 'right' });
    await chooseMenuItem(/^Open Defect/, () =>
      editorTab(ids[4])
        .waitFor({ timeout: 10_000 })
        .then(
          () => true,
          () => false,
        ),
    );
    await editorTab(ids[4]).waitFor({ timeout: 30_000 });
    await screenshot('grid-row-menu-open');
  });

  it('Alt+Right on a focused header widens its column, announces the width, and the width is kept', async () => {
    const { page } = ui();
    await page.locator('.tabs-container .tab', { hasText: 'Defects · Demo' }).first().click();
    const grid = frame.locator('[role="grid"]');
    await grid.focus();
    await grid.press('Control+Home');
    await grid.press('ArrowUp');
    const header = frame.locator('[role="columnheader"].active-cell');
    await header.waitFor({ timeout: 15_000 });
    const field = await header.getAttribute('data-field');
    const label = (await header.locator('.grid-header-label').innerText()).trim();
    const before = (await header.boundingBox())?.width ?? 0;
    await grid.press('Alt+ArrowRight');
    await grid.press('Alt+ArrowRight');
    await grid.press('Alt+Shift+ArrowRight');
    const cell = frame.locator(`[role="columnheader"][data-field="${field}"]`);
    await eventually('the column 70 px wider', async () => Math.round(((await cell.boundingBox())?.width ?? 0) - before) === 70);
    assert.equal(await frame.locator('.grid-announcer').innerText(), `${label}: ${Math.round(before) + 70} pixels wide`);
    // The keys stayed the grid's: VS Code did not go Back to another editor.
    assert.equal(
      await page
        .locator('.tabs-container .tab.active')
        .first()
        .innerText()
        .then((t) => t.includes('Defects · Demo')),
      true,
    );
    await grid.press('Alt+ArrowLeft');
    await eventually('the column 60 px wider', async () => Math.round(((await cell.boundingBox())?.width ?? 0) - before) === 60);
    await runCommand('View: Close All Editors');
    frame = await openGrid('Defects');
    await painted(frame, { row: 0 });
    const reopened = (await frame.locator(`[role="columnheader"][data-field="${field}"]`).boundingBox())?.width ?? 0;
    assert.equal(Math.round(reopened - before), 60, 'the width is kept for the project');
    // Back to the width it had, for the tests after this one.
    const again = frame.locator('[role="grid"]');
    await again.focus();
    await again.press('ArrowUp');
    for (let i = 0; i < 6; i++) await again.press('Alt+ArrowLeft');
    const restored = frame.locator(`[role="columnheader"][data-field="${field}"]`);
    await eventually('the column back to its width', async () => Math.round((await restored.boundingBox())?.width ?? 0) === Math.round(before));
  });
});
