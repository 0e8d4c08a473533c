// Journey (issues 37.5, 40.12): a person opens the 100,000 defects as a grid, clicks a list field's
// header to sort by it (Shift+click adds Status after Priority) and presses Ctrl+End. The last row
// is the server's last defect in that order and no error appears: the server refused such pages
// with "too deep: no index gives the order", written into every row. Mouse and keyboard only; the
// server is read to check. (gridScrollbarDrag drags the scrollbar's thumb to the middle.) The grid is
// closed at the end: a grid left open, hidden, kept its deep rows in the next journey's way.
import * as assert from 'node:assert/strict';
import type { Frame } from 'playwright-core';
import { gridTotal, painted, rowCells } from '../ui/gridWorkbench';
import { closeAllEditors, openDefectsGrid, noErrorShown, ROWS_TIMEOUT_MS, serverIdAt, sortByHeader } from './support/gridByHand';
import { journey } from './support/journeyContext';
import { screenshotInBothThemes } from './support/themeScreenshots';
import { signInWithApiKey } from './support/workbenchByHand';

describe('journey: sort the grid of 100,000 defects by a list field, then jump deep', function () {
  this.timeout(600_000);
  let frame: Frame;
  let cookie: string;
  let idColumn: number;

  before(async () => {
    await signInWithApiKey();
  });

  // The grid stays open from test to test; a test run again after a failure finds it closed (a
  // failure's cleanup closes the editors) and opens it again. Each test's header click sorts
  // ascending from whatever order it finds, a fresh grid's too.
  beforeEach(async () => {
    if (!frame || frame.isDetached()) ({ frame, idColumn, cookie } = await openDefectsGrid());
  });

  after(async () => {
    await closeAllEditors();
  });

  const sortBy = (label: string, shift = false) => sortByHeader(frame, label, shift);

  /** Ctrl+End from a clicked first row: the last row is the server's last in `order`. */
  async function endIsServersLast(order: string): Promise<void> {
    const total = await gridTotal(frame);
    await frame.locator('.grid-body [role="row"][aria-rowindex="2"] [role="gridcell"]').first().click();
    await journey().page.keyboard.press('Control+End');
    await painted(frame, { row: total - 1, timeoutMs: ROWS_TIMEOUT_MS });
    assert.equal(Number((await rowCells(frame, total - 1))[idColumn]), await serverIdAt(cookie, order, total - 1), `the last row in ${order}`);
    await noErrorShown(frame);
  }

  for (const [label, field] of [
    ['Priority', 'priority'],
    ['Status', 'status'],
    ['Severity', 'severity'],
  ] as const) {
    it(`${label}: a header click sorts; Ctrl+End shows the server's last defect in that order, no error`, async () => {
      await sortBy(label);
      const order = `{${field}[ASC];id[ASC]}`;
      await endIsServersLast(order);
    });
  }

  it("Priority, then Shift+click Status (an order no index gives): Ctrl+End shows the server's last defect in that order, no error", async () => {
    await sortBy('Priority');
    await sortBy('Status', true);
    const order = '{priority[ASC];status[ASC];id[ASC]}';
    await screenshotInBothThemes('grid-sort-deep');
    await endIsServersLast(order);
  });
});
