// Page-side proof that the filter menu's "Assigned To" picker offers the project's users from the
// server's user list (Core customization/users, whichever tree the client speaks): "me" first, then
// every user with the full name only that list carries; on an api-only server, the fallback.
import * as assert from 'node:assert/strict';
import type { E2eAlmServer } from '../environment';
import { screenshot, ui } from './context';
import { answer, eventually, runCommand, signInIfNeeded } from './editorWorkbench';

function hasCoreTree(server: E2eAlmServer): boolean {
  return !server.trees || server.trees.includes('rest');
}

describe("ui: the filter menu picks users from the project's user list", function () {
  this.timeout(120_000);

  before(() => signInIfNeeded());
  after(async () => {
    const { page } = ui();
    for (
      let i = 0;
      i < 3 &&
      (await page
        .locator('.quick-input-widget')
        .isVisible()
        .catch(() => false));
      i++
    )
      await page.keyboard.press('Escape');
  });

  it('offers "me" and each user of Demo with the full name, and leaves the filter alone when dismissed', async () => {
    const { page } = ui();
    await runCommand('ALM: Filter Defects…');
    const menu = page.locator('.quick-input-widget', { hasText: 'Filter defects of Demo' });
    // Without a project selected in the tree the command asks which one first.
    if (
      !(await menu.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      ))
    ) {
      await answer('Demo');
      await menu.waitFor({ timeout: 15_000 });
    }
    await answer('Assigned To');
    await page.locator('.quick-input-widget', { hasText: /Assigned To is any of/ }).waitFor({ timeout: 15_000 });
    const rows = page.locator('.quick-input-list .monaco-list-row');
    // Each row as "label — description" (the two are separate elements in the quick pick).
    const texts = await eventually('the user rows', async () => {
      const all: string[] = [];
      for (const r of await rows.all()) {
        const label = (
          await r
            .locator('.label-name')
            .first()
            .innerText()
            .catch(() => '')
        ).trim();
        const description = (
          await r
            .locator('.label-description')
            .first()
            .innerText()
            .catch(() => '')
        ).trim();
        all.push(description ? `${label} — ${description}` : label);
      }
      return all.some((t) => t.startsWith('bob')) ? all : undefined;
    });
    await screenshot('filter-menu-users');
    assert.equal(texts[0], 'me — alice', texts.join(' | '));
    const placeholder = await page.locator('.quick-input-widget input').getAttribute('placeholder');
    if (hasCoreTree(ui().almServer)) {
      assert.ok(
        texts.some((t) => t === 'alice — Alice Example'),
        texts.join(' | '),
      );
      assert.ok(
        texts.some((t) => t === 'bob — Bob Example'),
        texts.join(' | '),
      );
      assert.doesNotMatch(placeholder ?? '', /recent defects/);
    } else {
      // An api-only server has no user list: the users of recent defects, and the picker says so.
      assert.ok(texts.includes('alice') && texts.includes('bob'), texts.join(' | '));
      assert.match(placeholder ?? '', /users of recent defects/);
    }
    assert.ok(
      texts.some((t) => /Other Names/.test(t)),
      texts.join(' | '),
    );
    // Dismissing the picker goes back to the menu with the filter unchanged.
    await page.keyboard.press('Escape');
    await menu.waitFor({ timeout: 15_000 });
    assert.match(await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Assigned To' }).first().innerText(), /any/);
    await page.keyboard.press('Escape');
  });
});
