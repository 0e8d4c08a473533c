// Page-side test of the ALM tree as a user sees it: signs in from the tree's "Sign in" row (typing
// the password into VS Code's own input box), expands server → domain → project → Defects, checks
// the rows, and saves screenshots of the tree to test-results/ui/.
import * as assert from 'node:assert/strict';
import { expandRow, treeRow } from '../support/almTree';
import { screenshot, ui } from './context';
import { answer, runCommand } from './editorWorkbench';
import { eventually } from '../../support/eventually';

describe('ui: the ALM tree', function () {
  this.timeout(120_000);

  it('signs in from the tree and shows the project defects with icons, then pages', async () => {
    const { page, almServer } = ui();
    // The focus command, not a click on the ALM tab: a click closes the side bar when an earlier
    // test file left the ALM view open.
    await page.getByRole('tab', { name: 'ALM' }).waitFor({ timeout: 60_000 });
    await runCommand('ALM: Focus on Servers View');
    await page.locator('.part.sidebar').waitFor({ timeout: 15_000 });
    // A wider side bar, so the screenshots show whole rows.
    const box = await page.locator('.part.sidebar').boundingBox();
    if (box) {
      const edge = { x: box.x + box.width + 1, y: box.y + box.height / 2 };
      await page.mouse.move(edge.x, edge.y);
      await page.mouse.down();
      await page.mouse.move(edge.x + 260, edge.y, { steps: 8 });
      await page.mouse.up();
    }
    const server = treeRow(/^Demo/, 1);
    await expandRow(server);
    // A fresh workbench has no stored password: the server's only row offers to sign in.
    const signInRow = treeRow(/Sign in to Demo|Sign-in failed/, 2);
    const domain = treeRow(/^DEFAULT/, 2);
    await signInRow.or(domain).first().waitFor({ timeout: 30_000 });
    if (await signInRow.isVisible()) {
      await signInRow.click();
      const input = page.locator('.quick-input-widget input[type="password"]');
      await input.waitFor({ timeout: 15_000 });
      await input.fill(almServer.users[0].password);
      await input.press('Enter');
    }
    await expandRow(domain);
    await page.locator('.statusbar').getByText('ALM Demo: alice').waitFor({ timeout: 15_000 });
    // The server is an account in VS Code's Accounts menu.
    await page
      .locator('.activitybar')
      .getByRole('button', { name: /Accounts/ })
      .click();
    await page
      .getByRole('menuitem', { name: /alice \(Demo\)/ })
      .first()
      .waitFor({ timeout: 15_000 });
    await screenshot('tree-accounts-menu');
    await page.keyboard.press('Escape');
    await expandRow(treeRow(/^Demo/, 3));
    await expandRow(treeRow(/^Defects/, 4));
    const newest = treeRow(/^\d+: /, 5);
    await newest.waitFor({ timeout: 30_000 });
    assert.match(await newest.innerText(), /·/, 'status · severity · owner shown');
    assert.equal((await newest.locator('.codicon').count()) > 0, true, 'severity icon');
    await newest.hover();
    await page
      .locator('.monaco-hover')
      .filter({ hasText: /Defect \d+/ })
      .first()
      .waitFor({ timeout: 10_000 });
    await screenshot('tree-defects');
    await page.mouse.move(0, 0);

    // The list is virtual: move the keyboard focus to the last row ("Load more") to render it.
    await treeRow(/^Defects/, 4).focus();
    await page.keyboard.press('End');
    const more = treeRow(/Load 100 more/, 5);
    await more.waitFor({ timeout: 10_000 });
    // 1,000 seeded defects, plus any an earlier suite created.
    const remaining = Number(/([\d,]+) remaining/.exec(await more.innerText())?.[1].replace(/,/g, ''));
    assert.ok(remaining >= 900, await more.innerText());
    await more.click();
    await eventually('the second page', async () => {
      await page.keyboard.press('End');
      return (await treeRow(new RegExp(`${(remaining - 100).toLocaleString('en-US')} remaining`), 5).count()) > 0;
    });
    await screenshot('tree-load-more');
  });

  it('sorts through its two prompts (field, then direction), both answered by keyboard', async () => {
    const { page } = ui();
    // The Inbox shares the container: fold it, so the lists' rows have the view's height.
    const inbox = page.locator('.part.sidebar .pane-header', { hasText: 'Inbox' }).first();
    if ((await inbox.getAttribute('aria-expanded')) === 'true') await inbox.click();
    const defects = treeRow(/^Defects/, 4);
    // The list is virtual and the paging test left it at its end: back to the top first.
    const top = async (): Promise<void> => {
      await page.locator('.part.sidebar .monaco-list').first().focus();
      await page.keyboard.press('Home');
    };
    const ids = async (): Promise<number[]> => {
      await top();
      return (await page.locator('.part.sidebar [role="treeitem"][aria-level="5"]').allInnerTexts()).map((t) => Number(/^(\d+):/.exec(t)?.[1])).filter((n) => n > 0);
    };
    const sortBy = async (field: string, direction: string, shown: RegExp): Promise<number[]> => {
      await runCommand('ALM: Sort Defects By…');
      await page.locator('.quick-input-widget', { hasText: 'Sort defects by' }).waitFor({ timeout: 15_000 });
      await answer(field);
      // The direction prompt follows the field's at once.
      await page.locator('.quick-input-widget', { hasText: `Sort by ${field}` }).waitFor({ timeout: 15_000 });
      await answer(direction);
      await eventually(`the Defects row to say ${shown}`, async () => {
        await top();
        return shown.test(await defects.locator('.label-description').innerText({ timeout: 2000 }));
      });
      let rows: number[] = [];
      await eventually(
        `the rows in ${direction} order`,
        async () => (rows = await ids()).length > 1 && rows.every((id, i) => i === 0 || (direction === 'Ascending' ? id > rows[i - 1] : id < rows[i - 1])),
      );
      return rows;
    };
    const ascending = await sortBy('ID', 'Ascending', /ID ↑/);
    // Back to the default order (newest first), which the tests after this one expect.
    const descending = await sortBy('ID', 'Descending', /ID ↓/);
    assert.ok(ascending[0] < descending[0], `oldest first (${ascending[0]}), then newest first (${descending[0]})`);
    // As the paging test left it: the list at its end ("Load more" rendered).
    await page.keyboard.press('End');
  });

  it('copies the selected defect id with Ctrl+C', async () => {
    const { page } = ui();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await treeRow(/Load 100 more|remaining/, 5)
      .first()
      .focus()
      .catch(() => undefined);
    await page.keyboard.press('Home');
    const first = treeRow(/^\d+: /, 5);
    await first.waitFor({ timeout: 10_000 });
    const id = /^(\d+):/.exec(await first.innerText())?.[1];
    assert.ok(id, 'a defect row is shown');
    // A click selects the row (and opens the defect, whose editor takes the focus).
    await first.click();
    await eventually('the row to be selected', async () => (await first.getAttribute('aria-selected')) === 'true');
    const copied = page.locator('.statusbar').getByText(`Copied defect id ${id}`);
    // Back to the tree and press the keys; again if the editor, still loading, took the focus back.
    // Rows take no DOM focus themselves: the list does (its focused row is the clicked one).
    const list = page.locator('.part.sidebar .monaco-list').first();
    await eventually('Ctrl+C on the selected defect row to copy its id', async () => {
      await list.focus();
      await page.keyboard.press('Control+C');
      return copied.isVisible();
    });
    assert.equal(await page.evaluate<string>('navigator.clipboard.readText()'), id);
  });

  it('shows the project lists, nested', async () => {
    const { page } = ui();
    // Back to the top of the (virtual) list, then fold the defects away. The list itself takes the
    // focus (a row scrolled out of the virtual list is not in the page to be focused).
    await page.locator('.part.sidebar .monaco-list').first().focus();
    await page.keyboard.press('Home');
    const defects = treeRow(/^Defects/, 4);
    await defects.waitFor({ timeout: 10_000 });
    if ((await defects.getAttribute('aria-expanded')) === 'true') await defects.click();
    await expandRow(treeRow(/^Lists/, 4));
    await expandRow(treeRow(/^Subject/, 5));
    await expandRow(treeRow(/^Accounts/, 6));
    await treeRow(/^Login/, 7).waitFor({ timeout: 30_000 });
    // Fold Subject again: Severity's values are below it.
    await treeRow(/^Subject/, 5).click();
    await treeRow(/^Login/, 7).waitFor({ state: 'detached', timeout: 30_000 });
    await expandRow(treeRow(/^Severity/, 5));
    await treeRow(/^5-Urgent/, 6).waitFor({ timeout: 30_000 });
    await page.mouse.move(0, 0);
    await screenshot('tree-lists');
  });
});
