// Page-side smoke test: a user opens the ALM view from the activity bar and sees the configured server;
// the Refresh button in the view title re-reads the servers; with no server, the view offers only Add
// Server, without title buttons that act on servers. Screenshots go to test-results/ui/.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screenshot, ui } from './context';
import type { Locator } from 'playwright-core';
import { editSettingsFile, replaceFileAtOnce } from '../support/settingsFile';
import { signInIfNeeded } from './editorWorkbench';
import { eventually } from '../../support/eventually';

/** The Servers view's header in the ALM container. */
function serversHeader() {
  return ui().page.locator('.part.sidebar .pane-header', { hasText: 'Servers' }).first();
}

/**
 * Whether `row` is shown (`shown`) or gone (not `shown`); when not yet, clicks `refresh` and waits a
 * while for the row to come or go. The settings file reaches the extension host through a file
 * watcher: a Refresh before it has arrived re-reads the old list.
 */
async function shownAfterRefresh(refresh: Locator, row: Locator, shown: boolean): Promise<boolean> {
  if ((await row.isVisible()) === shown) return true;
  await refresh.click();
  return row.waitFor({ state: shown ? 'visible' : 'hidden', timeout: 2_000 }).then(
    () => true,
    () => false,
  );
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
      await eventually('the added server after Refresh', () => shownAfterRefresh(refresh, second, true), 20_000);
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
    await eventually('the removed server gone after Refresh', () => shownAfterRefresh(refresh, second, false), 20_000);
  });

  it('shows only Add Server while no server is configured, without the title buttons that act on servers', async () => {
    const { page, workspaceFolder } = ui();
    const settingsFile = join(workspaceFolder, '.vscode', 'settings.json');
    const original = readFileSync(settingsFile, 'utf8');
    await signInIfNeeded();
    await page.getByRole('treeitem', { name: /^Demo/ }).waitFor({ timeout: 30_000 });
    const titleButtons = page
      .locator('.part.sidebar .pane-header', { hasText: 'Servers' })
      .getByRole('button', { name: /^(Refresh|Go to Defect…|Group Defects By…|Ungroup Defects|Sort Defects By…)( \(|$)/, includeHidden: true });
    assert.equal(await titleButtons.count(), 4, 'with a server: Refresh, Go to Defect, Group (or Ungroup) and Sort');
    editSettingsFile(settingsFile, (settings) => (settings['almDefects.servers'] = []));
    try {
      await page.locator('.part.sidebar .welcome-view-content').getByRole('button', { name: 'Add Server' }).waitFor({ timeout: 30_000 });
      await serversHeader().hover();
      await eventually('no title buttons without a server', async () => (await titleButtons.count()) === 0, 10_000);
      await screenshot('alm-view-no-server');
    } finally {
      replaceFileAtOnce(settingsFile, original);
    }
    await page.getByRole('treeitem', { name: /^Demo/ }).waitFor({ timeout: 30_000 });
    await eventually('the title buttons back with the server', async () => (await titleButtons.count()) === 4, 10_000);
    // The next test files start signed in, as after the tests above.
    await signInIfNeeded();
  });
});
