// The workbench as a person drives it, for the journeys: commands from the command palette typed at
// full speed, quick inputs answered by typing, tabs closed with Ctrl+W, VS Code's dialogs answered
// by clicking their buttons, signing in by clicking the status bar and typing the API key's secret.
// Only keys and clicks act; the page is read (locators) to know when the next step can be taken.
import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { expandRow, treeRow } from '../../support/almTree';
import { eventually } from '../../../support/eventually';
import { journey } from './journeyContext';

/** The quick input (command palette, pick, input box) while it is open. */
export function quickInput(): Locator {
  return journey().page.locator('.quick-input-widget:not([style*="display: none"])');
}

/**
 * Runs a command by typing its palette title ("ALM: Go to Defect…"): clicks the title bar's command
 * center (keys pressed while a webview has the focus stay in its frame), types `>` and the title,
 * and presses Enter once the palette lists it.
 */
export async function runCommand(title: string): Promise<void> {
  const { page } = journey();
  const row = quickInput().locator('.monaco-list-row', { hasText: title }).first();
  for (let attempt = 1; ; attempt++) {
    await page.locator('.part.titlebar .command-center').first().click();
    const input = quickInput().locator('input');
    await input.waitFor({ timeout: 15_000 });
    await page.keyboard.press('Control+A');
    await page.keyboard.type(`>${title}`);
    const shown = await row.waitFor({ timeout: 10_000 }).then(
      () => true,
      () => false,
    );
    if (shown) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('Escape');
    assert.ok(attempt < 3, `the command palette does not offer "${title}"`);
  }
}

/**
 * Answers the open quick input by typing `text`: in a pick, Enter takes the row `text` brings to
 * the top (waited for); in an input box, Enter submits `text`. `prompt` (in its title, message,
 * placeholder or label) says which quick input is meant, so an answer never goes to an earlier one.
 */
export async function answerQuickInput(prompt: RegExp, text: string, timeoutMs = 30_000): Promise<void> {
  const { page } = journey();
  const input = quickInput().locator('input');
  await eventually(
    `a quick input asking ${String(prompt)}`,
    async () => {
      const shown = [await quickInput().textContent(), await input.getAttribute('placeholder'), await input.getAttribute('aria-label')].join(' ');
      return prompt.test(shown);
    },
    timeoutMs,
  );
  await page.keyboard.type(text);
  const rows = quickInput().locator('.monaco-list-row');
  if ((await rows.count()) > 0) await quickInput().locator('.monaco-list-row.focused', { hasText: text }).first().waitFor({ timeout: 10_000 });
  await page.keyboard.press('Enter');
}

/** Closes the active editor with Ctrl+W, as a person closes a tab. */
export async function closeActiveTabWithCtrlW(): Promise<void> {
  await journey().page.keyboard.press('Control+W');
}

/** A dialog VS Code shows (a modal message): its text and its buttons. */
export function dialog(): Locator {
  return journey().page.locator('.monaco-dialog-box');
}

/** Waits for VS Code's dialog with `text` and clicks its button `button`. */
export async function answerDialog(text: RegExp | string, button: RegExp | string): Promise<void> {
  const box = dialog().filter({ hasText: text });
  await box.waitFor({ timeout: 20_000 });
  await box.getByRole('button', { name: button, exact: typeof button === 'string' }).click();
  await box.waitFor({ state: 'detached', timeout: 20_000 });
}

/** The status bar's ALM item ("ALM 26.1: alice"). */
export function connectionStatus(): Locator {
  const { journeyServer } = journey();
  return journey()
    .page.locator('.statusbar-item')
    .filter({ hasText: `${journeyServer.name}:` })
    .first();
}

/**
 * Signs in as a new user does: clicks the ALM view, then the status bar's "signed out" item, and
 * types the API key's secret into the box it opens. Does nothing when already signed in.
 */
export async function signInWithApiKey(): Promise<void> {
  const { page, journeyServer } = journey();
  const view = page.getByRole('tab', { name: 'ALM' });
  await view.waitFor({ timeout: 60_000 });
  if ((await view.getAttribute('aria-selected')) !== 'true') await view.click();
  const status = connectionStatus();
  const signedIn = async () => /: (alice|API key)/.test((await status.textContent()) ?? '');
  await status.waitFor({ timeout: 60_000 });
  if (await signedIn()) return;
  await eventually('the status bar to show the server signed out', async () => /signed out|sign-in failed|unreachable/.test((await status.textContent()) ?? ''), 60_000);
  await status.click();
  await quickInput().locator('input[type="password"]').waitFor({ timeout: 15_000 });
  await page.keyboard.type(journeyServer.apiKey.secret);
  await page.keyboard.press('Enter');
  await eventually('the status bar to show the server signed in', signedIn, 30_000);
}

/** Expands the ALM view's way down to the journeys' project (server → DEFAULT → Demo) by its twisties; the project's Defects row. */
export async function expandJourneyProject(): Promise<Locator> {
  const { journeyServer } = journey();
  await expandRow(treeRow(new RegExp(`^${journeyServer.name}`), 1));
  await expandRow(treeRow(/^DEFAULT/, 2));
  await expandRow(treeRow(/^Demo/, 3));
  return treeRow(/^Defects/, 4);
}

/** The sidebar's view `title` (a pane of the ALM container: Inbox…): its header says whether it is unfolded. */
export function sidebarPane(title: RegExp): Locator {
  const { page } = journey();
  return page.locator('.part.sidebar .pane', { has: page.locator('.pane-header', { hasText: title }) });
}

/** Folds or unfolds the sidebar's view `title` by clicks on its header until it is as asked. */
export async function setPaneUnfolded(title: RegExp, unfolded: boolean): Promise<void> {
  const { page } = journey();
  const header = sidebarPane(title).locator('.pane-header').first();
  await header.waitFor({ timeout: 30_000 });
  const want = String(unfolded);
  await eventually(
    `${String(title)} ${unfolded ? 'unfolded' : 'folded'}`,
    async () => {
      if ((await header.getAttribute('aria-expanded')) === want) return true;
      // A tooltip left by the last click (the status bar's) is let go first: it can cover the header.
      await page.mouse.move(700, 450);
      await header.click();
      // The click's answer is awaited before another click, which would fold it back.
      return eventually('the header to answer the click', async () => (await header.getAttribute('aria-expanded')) === want, 5_000).catch(() => false);
    },
    30_000,
  );
}

/**
 * Opens the workspace's file `name` with Go to File (its name typed), until `shown` (a part of its
 * text) is on screen: a file written a moment ago is found once the search has caught up.
 */
export async function openFileByName(name: string, shown: Locator): Promise<void> {
  const { page } = journey();
  await eventually(
    `${name} open in an editor`,
    async () => {
      if (await shown.isVisible()) return true;
      await runCommand('Go to File...');
      await page.keyboard.type(name);
      const row = quickInput().locator('.monaco-list-row', { hasText: name }).first();
      if (
        await row.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        )
      )
        await page.keyboard.press('Enter');
      else await page.keyboard.press('Escape');
      return shown.waitFor({ timeout: 10_000 }).then(
        () => true,
        () => false,
      );
    },
    60_000,
  );
}

/**
 * The notification whose text matches `text`, once shown: as a toast, or in the notification center,
 * which is opened from the palette when it is not shown (a notice that came while a dialog was up,
 * or whose toast has hidden again, is listed only there). `meanwhile` runs while it is awaited (it
 * answers what may come first, such as VS Code's own question).
 */
export async function shownNotification(text: RegExp, timeoutMs = 60_000, meanwhile?: () => Promise<void>): Promise<Locator> {
  const { page } = journey();
  const item = page.locator('.notification-list-item', { hasText: text }).first();
  let lastLook = Date.now();
  await eventually(
    `a notification saying ${String(text)}`,
    async () => {
      if (await item.isVisible()) return true;
      await meanwhile?.();
      if (Date.now() - lastLook > 3_000 && !(await quickInput().isVisible()) && !(await dialog().isVisible()) && !(await page.locator('.notifications-center.visible').isVisible())) {
        await runCommand('Notifications: Show Notifications');
        lastLook = Date.now();
      }
      return false;
    },
    timeoutMs,
  );
  return item;
}

/** Clears every notification and hides the notification center, so that none is in the next journey's way. */
export async function clearNotifications(): Promise<void> {
  const { page } = journey();
  await runCommand('Notifications: Clear All Notifications');
  await eventually('no notification left on screen', async () => (await page.locator('.notification-list-item:visible').count()) === 0, 15_000);
  if (await page.locator('.notifications-center.visible').isVisible()) {
    await runCommand('Notifications: Hide Notifications');
    await page.locator('.notifications-center.visible').waitFor({ state: 'hidden', timeout: 15_000 });
  }
}
