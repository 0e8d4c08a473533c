// Journey (issues 37.5, 40.12): a person opens the 100,000 defects as a grid, clicks a list field's
// header to sort by it (Shift+click adds Status after Priority) and presses Ctrl+End. The last row
// is the server's last defect in that order and no error appears: the server refused such pages
// with "too deep: no index gives the order", written into every row. Mouse and keyboard only; the
// server is read to check. (Dragging the scrollbar or flicking the wheel to the middle did not move
// the webview's rows under Playwright; the integration test covers pages in the middle.)
import * as assert from 'node:assert/strict';
import type { Frame } from 'playwright-core';
import { signIn } from '../environment';
import { gridTotal, headers, openGrid, painted, rowCells } from '../ui/gridWorkbench';
import { journey } from './support/journeyContext';
import { screenshotInBothThemes } from './support/themeScreenshots';
import { signInWithApiKey } from './support/workbenchByHand';

/** The id at 0-based `index` of every defect in the Core `order`, as the server has it. */
async function serverIdAt(cookie: string, order: string, index: number): Promise<number> {
  const { journeyServer: s } = journey();
  const path = `/rest/domains/${s.domain}/projects/${s.project}/defects?fields=id&page-size=1&start-index=${index + 1}&order-by=${encodeURIComponent(order)}`;
  const res = await fetch(`${s.baseUrl}${path}`, { headers: { cookie, accept: 'application/json' } });
  const text = await res.text();
  assert.equal(res.status, 200, `${path}: ${text.slice(0, 300)}`);
  const body = JSON.parse(text) as { entities: { Fields: { Name: string; values: { value?: string }[] }[] }[] };
  return Number(body.entities[0]?.Fields.find((f) => f.Name === 'id')?.values[0]?.value);
}

/** No row says it failed, and the problem banner is hidden. */
async function noErrorShown(frame: Frame): Promise<void> {
  assert.equal(await frame.locator('.grid-row.failed:not([hidden])').count(), 0, 'no row failed');
  assert.equal(
    await frame.locator('.grid-problem').isVisible(),
    false,
    `no problem banner: ${await frame
      .locator('.grid-problem')
      .innerText()
      .catch(() => '')}`,
  );
}

describe('journey: sort the grid of 100,000 defects by a list field, then jump deep', function () {
  this.timeout(600_000);
  let frame: Frame;
  let cookie: string;
  let idColumn: number;

  before(async () => {
    await signInWithApiKey();
    const { journeyServer } = journey();
    cookie = await signIn(journeyServer, journeyServer.users[1]);
    frame = await openGrid('Defects');
    await painted(frame, { row: 0 });
    idColumn = (await headers(frame)).indexOf('Defect ID');
    assert.ok(idColumn >= 0, 'the grid shows Defect ID');
  });

  /** Clicks a header (with Shift: adds it to the sort) and waits for the new order's first rows. */
  async function sortBy(label: string, shift = false): Promise<void> {
    const { generation } = await painted(frame);
    const cell = frame.locator('[role="columnheader"]').filter({ has: frame.locator('.grid-header-label', { hasText: new RegExp(`^${label}$`) }) });
    await cell.click({ modifiers: shift ? ['Shift'] : [] });
    await painted(frame, { after: generation, row: 0 });
  }

  /** Ctrl+End from a clicked first row: the last row is the server's last in `order`. */
  async function endIsServersLast(order: string): Promise<void> {
    const total = await gridTotal(frame);
    await frame.locator('.grid-body [role="row"][aria-rowindex="2"] [role="gridcell"]').first().click();
    await journey().page.keyboard.press('Control+End');
    await painted(frame, { row: total - 1 });
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
