// Journey (issue 37.5): a person opens the 100,000 defects as a grid and drags the scrollbar's thumb
// with the mouse deep into the rows, then clicks Priority and drags again. The rows there are
// painted, with the server's defects in the grid's order, and no error shows: the server refused
// such pages ("too deep: no index gives the order") and the grid wrote the error into every row.
// Mouse only; the page and the server are read to check. The grid is closed at the end.
import * as assert from 'node:assert/strict';
import type { Frame } from 'playwright-core';
import { gridTotal, rowCells } from '../ui/gridWorkbench';
import { closeAllEditors, openDefectsGrid, dragThumbTo, noErrorShown, serverIdAt, sortByHeader } from './support/gridByHand';
import { signInWithApiKey } from './support/workbenchByHand';

describe("journey: drag the grid's scrollbar deep into 100,000 defects", function () {
  this.timeout(300_000);
  let frame: Frame | undefined;
  let cookie: string;
  let idColumn: number;

  before(async () => {
    await signInWithApiKey();
  });

  // Each test opens the grid afresh (the thumb at the top): a test run again after a failure finds
  // the one before closed (a failure's cleanup closes the editors).
  beforeEach(async () => {
    ({ frame, idColumn, cookie } = await openDefectsGrid());
  });

  after(async () => {
    await closeAllEditors();
  });

  /** Every row painted from `first` to `last` shows a defect id and a summary: no blank row. */
  async function rowsFilled(frame: Frame, first: number, last: number): Promise<void> {
    for (const index of [first, Math.floor((first + last) / 2), last]) {
      const cells = await rowCells(frame, index);
      assert.ok(Number(cells[idColumn]) > 0, `row ${index} shows a defect id: ${JSON.stringify(cells)}`);
    }
  }

  it('in the order it opens in: the rows at the middle are painted, no error', async () => {
    assert.ok(frame);
    const total = await gridTotal(frame);
    assert.ok(total >= 100_000, `the large project: ${total}`);
    const { first, last } = await dragThumbTo(frame, 0.5, total);
    assert.ok(first < total * 0.7, `the drag stopped near the middle: rows ${first}–${last} of ${total}`);
    await rowsFilled(frame, first, last);
    await noErrorShown(frame);
  });

  it("sorted by Priority (a header click): the rows at three quarters are the server's in that order, no error", async () => {
    assert.ok(frame);
    await sortByHeader(frame, 'Priority');
    const total = await gridTotal(frame);
    const { first, last } = await dragThumbTo(frame, 0.75, total);
    await rowsFilled(frame, first, last);
    const order = '{priority[ASC];id[ASC]}';
    assert.equal(Number((await rowCells(frame, first))[idColumn]), await serverIdAt(cookie, order, first), `row ${first} in ${order}`);
    await noErrorShown(frame);
  });
});
