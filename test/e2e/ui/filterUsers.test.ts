// Page-side proof that the filter menu's "Assigned To" picker offers the project's users from the
// server's user list (Core customization/users, whichever tree the client speaks): "me" first, then
// every user with the full name only that list carries; on an api-only server, the fallback.
import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import type { E2eAlmServer } from '../environment';
import { screenshot, ui } from './context';
import { answer, runCommand, signInIfNeeded } from './editorWorkbench';
import { eventually } from '../../support/eventually';

function hasCoreTree(server: E2eAlmServer): boolean {
  return !server.trees || server.trees.includes('rest');
}

/** The text of a row's first `selector` element, '' when it has none. */
async function partOf(row: Locator, selector: string): Promise<string> {
  const text = await row
    .locator(selector)
    .first()
    .innerText()
    .catch(() => '');
  return text.trim();
}

/** A quick pick row as "label — description" (the two are separate elements). */
async function rowText(row: Locator): Promise<string> {
  const [label, description] = await Promise.all([partOf(row, '.label-name'), partOf(row, '.label-description')]);
  return description ? `${label} — ${description}` : label;
}

function assertOffers(texts: readonly string[], ...wanted: (string | RegExp)[]): void {
  for (const w of wanted)
    assert.ok(
      texts.some((t) => (typeof w === 'string' ? t === w : w.test(t))),
      `${String(w)} is not among ${texts.join(' | ')}`,
    );
}

/** Whether `locator` shows within `timeout` ms (0: right now). */
async function shows(locator: Locator, timeout = 0): Promise<boolean> {
  if (timeout === 0) return locator.isVisible().catch(() => false);
  return locator.waitFor({ timeout }).then(
    () => true,
    () => false,
  );
}

describe("ui: the filter menu picks users from the project's user list", function () {
  this.timeout(120_000);

  before(() => signInIfNeeded());
  after(async () => {
    const { page } = ui();
    for (let i = 0; i < 3 && (await shows(page.locator('.quick-input-widget'))); i++) await page.keyboard.press('Escape');
  });

  it('offers "me" and each user of Demo with the full name, and leaves the filter alone when dismissed', async () => {
    const { page } = ui();
    await runCommand('ALM: Filter Defects…');
    const menu = page.locator('.quick-input-widget', { hasText: 'Filter defects of Demo' });
    // Without a project selected in the tree the command asks which one first.
    if (!(await shows(menu, 5_000))) {
      await answer('Demo');
      await menu.waitFor({ timeout: 15_000 });
    }
    await answer('Assigned To');
    await page.locator('.quick-input-widget', { hasText: /Assigned To is any of/ }).waitFor({ timeout: 15_000 });
    const rows = page.locator('.quick-input-list .monaco-list-row');
    const texts = await eventually('the user rows', async () => {
      const all = await Promise.all((await rows.all()).map(rowText));
      return all.some((t) => t.startsWith('bob')) ? all : undefined;
    });
    await screenshot('filter-menu-users');
    assert.equal(texts[0], 'me — alice', texts.join(' | '));
    const placeholder = await page.locator('.quick-input-widget input').getAttribute('placeholder');
    if (hasCoreTree(ui().almServer)) {
      assertOffers(texts, 'alice — Alice Example', 'bob — Bob Example');
      assert.doesNotMatch(placeholder ?? '', /recent defects/);
    } else {
      // An api-only server has no user list: the users of recent defects, and the picker says so.
      assertOffers(texts, 'alice', 'bob');
      assert.match(placeholder ?? '', /users of recent defects/);
    }
    assertOffers(texts, /Other Names/);
    // Dismissing the picker goes back to the menu with the filter unchanged.
    await page.keyboard.press('Escape');
    await menu.waitFor({ timeout: 15_000 });
    assert.match(await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Assigned To' }).first().innerText(), /any/);
    await page.keyboard.press('Escape');
  });
});
