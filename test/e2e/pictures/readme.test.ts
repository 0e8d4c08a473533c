// The README's pictures, made from the demo data by `node scripts/e2e/run.mjs --screenshots-to media/screenshots`
// (never part of `npm test`): each main task as a person does it — the tree and a defect, editing
// under the server's lock, the grid with Update Selected, a report from a TODO comment, the hover
// on a defect reference — in the light and the dark theme. Each PNG must stay under 300 KB, the
// size the marketplace page loads without a wait.
import * as assert from 'node:assert/strict';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import { openDemoDefects } from '../support/almTree';
import { THEMES, drawnIn, setColourTheme } from '../support/themes';
import { ui } from '../ui/context';
import { newDefectFrame, openFromRow, runCommand, signInIfNeeded } from '../ui/editorWorkbench';
import { openGrid, painted, pickRow } from '../ui/gridWorkbench';
import { eventually } from '../../support/eventually';

const MAX_BYTES = 300 * 1024;
/** Small enough for the marketplace page, large enough to read the rows. */
const VIEWPORT = { width: 1280, height: 760 };

/** Writes `<name>-light.png` and `<name>-dark.png`; `again` restores what a theme change closes (a hover, a quick pick). */
async function picture(name: string, again?: () => Promise<void>): Promise<void> {
  const { page, screenshotsDir } = ui();
  mkdirSync(screenshotsDir, { recursive: true });
  // A tooltip under the pointer left by the last click would cover part of the picture.
  await page.mouse.move(1, 450);
  for (const theme of THEMES) {
    setColourTheme(theme);
    await eventually(`the ${theme.name} theme everywhere on screen`, () => drawnIn(theme));
    await again?.();
    const file = join(screenshotsDir, `${name}-${theme.name}.png`);
    await page.screenshot({ path: file });
    const size = statSync(file).size;
    assert.ok(size < MAX_BYTES, `${file} is ${Math.round(size / 1024)} KB; the README's pictures stay under 300 KB`);
  }
  setColourTheme(THEMES[0]);
}

/** Opens `file` of the workspace through Quick Open, retrying while its search catches up with a file just written. */
async function openWorkspaceFile(file: string, shows: string): Promise<void> {
  const { page } = ui();
  const text = page.locator('.monaco-editor .view-line span', { hasText: shows }).first();
  await eventually(
    `${file} open in an editor`,
    async () => {
      if (await text.isVisible().catch(() => false)) return true;
      await runCommand('Go to File...');
      await page.locator('.quick-input-widget input').fill(file);
      const row = page.locator('.quick-input-widget .monaco-list-row', { hasText: file }).first();
      if (await row.isVisible({ timeout: 5000 }).catch(() => false)) await row.click();
      else await page.keyboard.press('Escape');
      return text.isVisible({ timeout: 5000 }).catch(() => false);
    },
    60_000,
  );
}

/** A data cell of the grid's row at `index` (0-based in the result). */
function gridCell(frame: Frame, index: number) {
  return frame.locator(`.grid-body [role="row"][aria-rowindex="${index + 2}"]:not([hidden]) [role="gridcell"]`).first();
}

describe('README pictures', function () {
  this.timeout(240_000);
  let editor: Frame;

  before(async () => {
    await ui().page.setViewportSize(VIEWPORT);
    await signInIfNeeded();
  });

  it('the tree and a defect', async () => {
    const rows = await openDemoDefects();
    const first = rows.first();
    await first.waitFor({ timeout: 30_000 });
    const id = Number(/^(\d+):/.exec(await first.innerText())?.[1]);
    editor = await openFromRow(first, id);
    await picture('tree-and-editor');
  });

  it('editing under the server lock', async () => {
    await editor.getByRole('button', { name: 'Edit', exact: true }).click();
    await eventually('the editor in edit mode', async () => (await editor.locator('body').getAttribute('data-phase')) === 'editing');
    await picture('edit-under-lock');
    await editor.getByRole('button', { name: 'Cancel', exact: true }).click();
    await runCommand('View: Close All Editors');
  });

  it('the grid with Update Selected', async () => {
    const { page } = ui();
    const grid = await openGrid('Defects');
    await painted(grid, { row: 0 });
    await gridCell(grid, 1).click();
    await gridCell(grid, 4).click({ modifiers: ['Shift'] });
    const ask = page.locator('.quick-input-widget', { hasText: 'Update 4 defects: which fields?' });
    await picture('grid-update-selected', async () => {
      if (await ask.isVisible()) return;
      await grid.getByRole('button', { name: 'Update Selected…' }).click();
      await ask.waitFor({ timeout: 30_000 });
    });
    await page.keyboard.press('Escape');
    await runCommand('View: Close All Editors');
  });

  it('a defect reported from a TODO comment', async () => {
    const { page, workspaceFolder } = ui();
    writeFileSync(
      join(workspaceFolder, 'invoice.ts'),
      '// TODO: the total ignores the discount for negative amounts\nexport function total(items: number[]): number {\n  return items.reduce((a, b) => a + b, 0);\n}\n',
    );
    await openWorkspaceFile('invoice.ts', 'TODO');
    await page.locator('.monaco-editor .view-line span', { hasText: 'TODO' }).first().click();
    await runCommand('ALM: Report ALM Defect');
    const projectPick = page.locator('.quick-input-widget', { hasText: /project/i });
    const form = newDefectFrame(60_000);
    if (await projectPick.isVisible({ timeout: 5000 }).catch(() => false)) await pickRow('Demo');
    await (await form).locator('body').waitFor();
    await picture('report-from-code');
    await runCommand('View: Close All Editors');
    // The pre-filled form holds unsaved text: closing it asks, and the answer leaves nothing behind.
    await page.getByRole('button', { name: "Don't Save" }).click({ timeout: 30_000 });
  });

  it('the hover on a defect reference', async () => {
    const { page, workspaceFolder } = ui();
    writeFileSync(join(workspaceFolder, 'checkout.ts'), '// The total ignores the discount: see defect 42.\nexport const total = 0;\n');
    await openWorkspaceFile('checkout.ts', 'defect 42');
    const reference = page.locator('.monaco-editor .view-line span', { hasText: 'defect 42' }).first();
    const hover = page.locator('.monaco-hover', { hasText: 'Status:' });
    await picture('reference-hover', async () => {
      await eventually('the hover of defect 42', async () => {
        const box = await reference.boundingBox();
        if (!box) return false;
        await page.mouse.move(box.x + box.width - 12, box.y + box.height / 2);
        return hover.isVisible({ timeout: 3000 }).catch(() => false);
      });
    });
  });
});
