// Page-side smoke test: a user opens the ALM view from the activity bar and sees the configured server;
// the Refresh button in the view title re-reads the servers. Screenshots go to test-results/ui/.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screenshot, ui } from './context';
import { replaceFileAtOnce } from '../support/settingsFile';

/** The Servers view's header in the ALM container. */
function serversHeader() {
  return ui().page.locator('.part.sidebar .pane-header', { hasText: 'Servers' }).first();
}

describe('ui: the ALM view in the workbench', () => {
  it('opens from the activity bar and lists the configured Demo server', async () => {
    const { page, almServer } = ui();
    await page.getByRole('tab', { name: 'ALM' }).click();
    const row = page.getByRole('treeitem', { name: /^Demo/ });
    await row.waitFor({ timeout: 30_000 });
    assert.match(await row.innerText(), new RegExp(`Demo\\s*${almServer.baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    await screenshot('alm-view');
  });

  it('shows a server added to the settings once Refresh is clicked', async () => {
    const { page, workspaceFolder } = ui();
    const settingsFile = join(workspaceFolder, '.vscode', 'settings.json');
    const original = readFileSync(settingsFile, 'utf8');
    const settings = JSON.parse(original) as { 'almDefects.servers': { name: string; url: string; username: string }[] };
    settings['almDefects.servers'].push({ name: 'Second', url: 'http://127.0.0.1:9/qcbin', username: 'bob' });
    replaceFileAtOnce(settingsFile, JSON.stringify(settings, null, 2));
    try {
      const refresh = page.locator('.part.sidebar').getByRole('button', { name: 'Refresh' });
      // The Servers view shares the container with the Inbox: its title buttons show under the pointer.
      await serversHeader().hover();
      const second = page.getByRole('treeitem', { name: /^Second/ });
      // The settings file reaches the extension host through a file watcher: refresh until it has arrived.
      const deadline = Date.now() + 20_000;
      while (!(await second.isVisible())) {
        assert.ok(Date.now() < deadline, 'the added server never appeared after Refresh');
        await refresh.click();
        await page.waitForTimeout(500);
      }
      await screenshot('alm-view-refreshed');
      assert.equal(
        await page
          .locator('.notifications-toasts .notification-toast')
          .filter({ hasText: /almDefects|failed/i })
          .count(),
        0,
        'an error notification appeared',
      );
    } finally {
      replaceFileAtOnce(settingsFile, original);
    }
    // Leave the view as the next test files expect it: one server. The restored settings arrive through
    // the same watcher, and a late refresh would re-render the tree under the next test's clicks.
    const refresh = page.locator('.part.sidebar').getByRole('button', { name: 'Refresh' });
    await serversHeader().hover();
    const second = page.getByRole('treeitem', { name: /^Second/ });
    const deadline = Date.now() + 20_000;
    while (await second.isVisible()) {
      assert.ok(Date.now() < deadline, 'the removed server stayed in the tree after Refresh');
      await refresh.click();
      await page.waitForTimeout(500);
    }
  });
});
