// A defect saved in the editor with a long summary: its tree row shows the new label from its start
// (issue 29: a saved row showed only its icon, its label container scrolled 283 px to the side).
// What scrolled it was not the row's update: Chromium scrolls even an `overflow: hidden` box to bring
// a descendant into view (an automation's hover on the label text, a screen reader), and VS Code
// keeps a row's DOM across updates, so such an offset stays. The extension's update of the row
// (updateDefectRows → onDidChangeTreeData) must never be what scrolls it, nor reveal it with focus.
// The row is read with DOM probes only: a Playwright hover or click on the label's text would itself
// scroll the box it measures. Screenshot: test-results/ui/tree-saved-long-summary.png.
import * as assert from 'node:assert/strict';
import type { Frame, Locator } from 'playwright-core';
import { screenshot, ui } from './context';
import { eventually, openFromRow, runCommand, signInFromRow } from './editorWorkbench';

const LONG_SUMMARY = 'Export of the quarterly defect report drops every row after the first page of 100 rows';

function row(name: RegExp, level?: number): Locator {
  const { page } = ui();
  const base = page.locator('.part.sidebar [role="treeitem"]');
  return (level ? base.and(page.locator(`[aria-level="${level}"]`)) : base).filter({ hasText: name }).first();
}

/** Expands with the twistie: a click on a defect row itself opens the defect. */
async function expand(item: Locator): Promise<void> {
  await item.waitFor({ timeout: 30_000 });
  if ((await item.getAttribute('aria-expanded')) !== 'true') await item.locator('.monaco-tl-twistie').click();
  await eventually('the row to expand', async () => (await item.getAttribute('aria-expanded')) === 'true');
}

interface RowLook {
  text: string;
  scrollLeft: number;
  /** Where the label's first character is drawn, from the label box's left edge (0: at its start). */
  labelOffset: number;
  /** Whether the element drawn just inside the label box's left edge is the label's name. */
  nameAtStart: boolean;
}

/** How the rows of defect `id` look (DOM code as a string: this file is type-checked without DOM types). */
function rowLooks(id: number): Promise<RowLook[]> {
  return ui().page.evaluate<RowLook[]>(`(() => {
    const rows = [...document.querySelectorAll('.part.sidebar [role="treeitem"]')].filter((r) => r.innerText.startsWith('${id}: '));
    return rows.map((r) => {
      const box = r.querySelector('.monaco-icon-label-container');
      const name = r.querySelector('.label-name');
      const boxRect = box.getBoundingClientRect();
      const nameRect = name.getBoundingClientRect();
      const drawn = document.elementFromPoint(boxRect.left + 4, boxRect.top + boxRect.height / 2);
      return { text: r.innerText, scrollLeft: box.scrollLeft, labelOffset: Math.round(nameRect.left - boxRect.left), nameAtStart: !!drawn && name.contains(drawn) };
    });
  })()`);
}

async function saveSummary(frame: Frame, summary: string): Promise<void> {
  await frame.getByRole('button', { name: 'Edit' }).click();
  await eventually('edit mode', async () => (await frame.locator('body').getAttribute('data-phase')) === 'editing');
  await frame.locator('[data-field="name"] vscode-text-field input').fill(summary);
  await eventually('the header follows the summary', async () => (await frame.locator('.defect-name').innerText()) === summary);
  await frame.getByRole('button', { name: 'Save', exact: true }).click();
  await eventually('the saved notice', async () => /Saved at/.test(await frame.locator('.header .notice').innerText()));
  await frame.getByRole('button', { name: 'Cancel' }).click();
  await eventually('read-only again', async () => (await frame.locator('body').getAttribute('data-phase')) === 'read-only');
}

describe('ui: a saved defect in the tree', function () {
  this.timeout(180_000);
  let id = 0;
  let original = '';
  let frame: Frame | undefined;

  before(async () => {
    const { page } = ui();
    // The ALM tab toggles: a click when an earlier test left the view open would hide it.
    const server = row(/^Demo/, 1);
    if (!(await server.isVisible())) await page.getByRole('tab', { name: 'ALM' }).click();
    await expand(server);
    const signInRow = row(/Sign in to Demo|Sign-in failed/, 2);
    const domain = row(/^DEFAULT/, 2);
    await signInRow.or(domain).first().waitFor({ timeout: 30_000 });
    await signInFromRow(signInRow, domain);
    await expand(domain);
    await expand(row(/^Demo/, 3));
    await expand(row(/^Defects/, 4));
    // The third defect from the top: visible without scrolling.
    const third = page.locator('.part.sidebar [role="treeitem"][aria-level="5"]').nth(2);
    await third.waitFor({ timeout: 30_000 });
    const [, shownId, shownName] = /^(\d+): (.*)$/m.exec(await third.innerText()) ?? [];
    id = Number(shownId);
    original = shownName;
    assert.ok(id > 0 && original, 'a defect row near the top');
  });

  after(async () => {
    if (frame && original) await saveSummary(frame, original).catch(() => undefined);
    await runCommand('View: Close All Editors').catch(() => undefined);
  });

  it('shows the long summary saved in the editor from the start of its row', async () => {
    // As a user opens it: a click on the row (which selects it and keeps it the tree's focused row).
    frame = await openFromRow(row(new RegExp(`^${id}: `), 5), id);
    await saveSummary(frame, LONG_SUMMARY);
    const looks = await eventually('the row to show the saved summary', async () => {
      const all = await rowLooks(id);
      return all.length > 0 && all.every((l) => l.text.startsWith(`${id}: ${LONG_SUMMARY}`)) && all;
    });
    await screenshot('tree-saved-long-summary');
    for (const look of looks) {
      assert.equal(look.scrollLeft, 0, `the label box is scrolled ${look.scrollLeft} px`);
      assert.equal(look.labelOffset, 0, `the label starts ${look.labelOffset} px from the row's label box`);
      assert.ok(look.nameAtStart, 'the label is what shows at the start of the row');
    }
  });
});
