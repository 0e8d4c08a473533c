// The defects grid as a person drives it, for the journeys: a header clicked to sort, the scrollbar's
// thumb dragged with the mouse, the grid closed from the palette. Reading the page and the server
// (to check what a step showed) is fine; nothing acts through our objects.
import * as assert from 'node:assert/strict';
import type { Frame } from 'playwright-core';
import { signIn } from '../../environment';
import { headers, openGrid, painted } from '../../ui/gridWorkbench';
import { journey } from './journeyContext';
import { runCommand } from './workbenchByHand';
import { eventually } from '../../../support/eventually';

/** Rows can take long to come on a loaded machine (a deep page of a new order, three CI lanes at once). */
export const ROWS_TIMEOUT_MS = 60_000;

/** Opens the project's Defects as a grid from the palette; its frame, the Defect ID column, and bob's session for reading the server. */
export async function openDefectsGrid(): Promise<{ frame: Frame; idColumn: number; cookie: string }> {
  const { journeyServer, page } = journey();
  // Another grid left open (hidden behind a tab, its page kept) would be read instead of this one.
  if (await page.locator('.tabs-container .tab').count()) await closeAllEditors();
  const cookie = await signIn(journeyServer, journeyServer.users[1]);
  const frame = await openGrid('Defects', ROWS_TIMEOUT_MS);
  await painted(frame, { row: 0, timeoutMs: ROWS_TIMEOUT_MS });
  const idColumn = (await headers(frame)).indexOf('Defect ID');
  assert.ok(idColumn >= 0, 'the grid shows Defect ID');
  return { frame, idColumn, cookie };
}

/** The id at 0-based `index` of every defect in the Core `order`, as the server has it. */
export async function serverIdAt(cookie: string, order: string, index: number): Promise<number> {
  const { journeyServer: s } = journey();
  const path = `/rest/domains/${s.domain}/projects/${s.project}/defects?fields=id&page-size=1&start-index=${index + 1}&order-by=${encodeURIComponent(order)}`;
  const res = await fetch(`${s.baseUrl}${path}`, { headers: { cookie, accept: 'application/json' } });
  const text = await res.text();
  assert.equal(res.status, 200, `${path}: ${text.slice(0, 300)}`);
  const body = JSON.parse(text) as { entities: { Fields: { Name: string; values: { value?: string }[] }[] }[] };
  return Number(body.entities[0]?.Fields.find((f) => f.Name === 'id')?.values[0]?.value);
}

/** No row says it failed, and the problem banner is hidden. */
export async function noErrorShown(frame: Frame): Promise<void> {
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

/** Clicks a header (with Shift: adds it to the sort) and waits for the new order's first rows. */
export async function sortByHeader(frame: Frame, label: string, shift = false): Promise<void> {
  const { generation } = await painted(frame, { timeoutMs: ROWS_TIMEOUT_MS });
  const cell = frame.locator('[role="columnheader"]').filter({ has: frame.locator('.grid-header-label', { hasText: new RegExp(`^${label}$`) }) });
  await cell.click({ modifiers: shift ? ['Shift'] : [] });
  await painted(frame, { after: generation, row: 0, timeoutMs: ROWS_TIMEOUT_MS });
}

/**
 * Drags the grid's vertical scrollbar thumb from the top of its track to `fraction` of the body's
 * height, as a person does with the mouse, and returns the rows then painted (the first of them past
 * `fraction` less a tenth of all rows). The thumb is at the top: the grid was just opened or sorted.
 */
export async function dragThumbTo(frame: Frame, fraction: number, total: number): Promise<{ first: number; last: number }> {
  const { page } = journey();
  const scroller = frame.locator('.grid-body');
  const body = await scroller.boundingBox();
  assert.ok(body, 'the grid body is on screen');
  // The scrollbar at the body's right edge: an arrow button as tall as the bar is wide, then the
  // thumb (at least as long as the bar is wide). Its width is read from the page, not assumed.
  const bar = await frame.evaluate<number>(`(() => { const e = document.querySelector('.grid-body'); return e.offsetWidth - e.clientWidth; })()`);
  assert.ok(bar > 0, 'the grid body shows a vertical scrollbar (the browser draws scrollbars)');
  const x = body.x + body.width - bar / 2;
  const grab = body.y + bar * 1.5;
  await page.mouse.move(x, grab);
  await page.mouse.down();
  await page.mouse.move(x, grab + body.height * fraction, { steps: 12 });
  await page.mouse.up();
  // The rows painted once the scroll has come to rest: a mark set half-way through the drag names
  // rows the page has dropped again by now.
  const least = Math.floor(total * (fraction - 0.1));
  const drawn = (index: number) => frame.locator(`.grid-body [role="row"][aria-rowindex="${index + 2}"]:not([hidden]):not(.loading)`).count();
  return eventually(
    `rows painted past row ${least} after the drag`,
    async () => {
      const shown = await painted(frame, { timeoutMs: 1_000 }).catch(() => undefined);
      return shown && shown.first >= least && (await drawn(shown.first)) > 0 && (await drawn(shown.last)) > 0 ? shown : undefined;
    },
    ROWS_TIMEOUT_MS,
  );
}

/** Closes every editor from the palette, so that the next journey opens its grid afresh. */
export async function closeAllEditors(): Promise<void> {
  await runCommand('View: Close All Editors');
  await eventually('no editor tab left', async () => (await journey().page.locator('.tabs-container .tab').count()) === 0, ROWS_TIMEOUT_MS);
}
