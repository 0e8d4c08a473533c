// Journey: what changed for me (issue 43). Bob assigns a defect to alice on the server; within a
// polling period (made short by the test, as a user may set it) the ALM icon in the activity bar
// shows the unread count, and the Inbox, folded by default, lists the defect under "Assigned to me".
// A click on it opens the defect and the count goes down again. Then the link "Copy VS Code Link"
// puts on the clipboard, pasted into VS Code's "Open URL", opens the same defect again.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { signIn } from '../environment';
import { updateServerDefect } from '../oracle';
import { editSettingsFile } from '../support/settingsFile';
import { editorFrame, editorTab, serverDefect } from '../ui/editorWorkbench';
import { waitForPhase } from './support/defectEditorByHand';
import { journey } from './support/journeyContext';
import { closeActiveTabWithCtrlW, dialog, quickInput, runCommand, signInWithApiKey } from './support/workbenchByHand';
import { eventually } from '../../support/eventually';
import { chooseFromContextMenu } from '../support/contextMenu';

const POLL_SECONDS = 2;

function setPollInterval(seconds: number | undefined): void {
  editSettingsFile(join(journey().workspaceFolder, '.vscode', 'settings.json'), (settings) => {
    if (seconds === undefined) delete settings['almDefects.inbox.pollInterval'];
    else settings['almDefects.inbox.pollInterval'] = seconds;
  });
}

/** The number on the ALM icon of the activity bar (0 when it shows none). */
async function badgeCount(): Promise<number> {
  // The activity bar's item is the tab itself; its badge is inside it.
  const badge = journey().page.locator('.part.activitybar').getByRole('tab', { name: /^ALM/ }).locator('.badge-content');
  if (!(await badge.isVisible().catch(() => false))) return 0;
  return Number((await badge.innerText()).trim()) || 0;
}

function inboxHeader(): Locator {
  return journey().page.locator('.part.sidebar .pane-header', { hasText: /Inbox/ }).first();
}

function inboxRow(id: number): Locator {
  return journey()
    .page.locator('.part.sidebar .pane', { has: journey().page.locator('.pane-header', { hasText: /Inbox/ }) })
    .locator('.monaco-list-row', { hasText: new RegExp(`(^|\\s)${id}: `) })
    .first();
}

/** Folds or unfolds the Inbox by a click on its title; a tooltip left by the last click (the status bar's) is let go first. */
async function clickInboxHeader(): Promise<void> {
  const { page } = journey();
  await page.mouse.move(700, 450);
  await page
    .locator('.monaco-hover')
    .first()
    .waitFor({ state: 'hidden', timeout: 10_000 })
    .catch(() => undefined);
  await inboxHeader().click();
}

/** Each section of the Inbox is unfolded onto its entries, or says it has none (no unfolded row with nothing under it). */
async function assertNoEmptyUnfoldedSection(): Promise<void> {
  const pane = journey().page.locator('.part.sidebar .pane', { has: journey().page.locator('.pane-header', { hasText: /Inbox/ }) });
  const rows = pane.locator('[role="treeitem"]');
  await rows.first().waitFor({ timeout: 30_000 });
  const seen: { level: string | null; expanded: string | null; text: string }[] = [];
  for (const row of await rows.all()) seen.push({ level: await row.getAttribute('aria-level'), expanded: await row.getAttribute('aria-expanded'), text: (await row.textContent()) ?? '' });
  seen.forEach((row, i) => {
    if (row.level !== '1') return;
    if (row.expanded === 'true') assert.equal(seen[i + 1]?.level, '2', `"${row.text}" is unfolded onto nothing: ${JSON.stringify(seen)}`);
    else assert.match(row.text, /nothing new|none due/, `"${row.text}" is folded without saying it is empty`);
  });
}

async function waitForEditor(id: number): Promise<void> {
  await editorTab(id).waitFor({ timeout: 60_000 });
  await waitForPhase(await editorFrame(id, 60_000), 'read-only');
}

describe('journey: the Inbox and VS Code links', function () {
  this.timeout(240_000);
  let id = 5080;

  before(async () => {
    await signInWithApiKey();
    setPollInterval(POLL_SECONDS);
  });

  after(() => setPollInterval(undefined));

  it('shows a defect another user assigned to me with a badge, and opening it reads it', async () => {
    const { journeyServer } = journey();
    const me = journeyServer.apiKey.user;
    while ((await serverDefect(id)).owner === me) id++;
    const header = inboxHeader();
    await header.waitFor({ timeout: 30_000 });
    assert.equal(await header.getAttribute('aria-expanded'), 'false', 'the Inbox is folded by default: the tree keeps the container');
    // Unfolded, the Inbox says when it last checked: from then on, changes are news. Folded again, it
    // leaves the container to the tree.
    await clickInboxHeader();
    await eventually('the Inbox to say it checked the server', async () => /checked/i.test(await header.innerText()), 60_000);
    await assertNoEmptyUnfoldedSection();
    await clickInboxHeader();
    await eventually('the Inbox folded', async () => (await header.getAttribute('aria-expanded')) === 'false');
    const before = await badgeCount();

    const bob = journeyServer.users.find((u) => u.username !== me) ?? journeyServer.users[1];
    await updateServerDefect(journeyServer, await signIn(journeyServer, bob), id, { owner: me });
    // Within a polling period (×4 while the browser window is unfocused), even with the Inbox folded.
    await eventually(`the ALM icon's badge to count the assignment (was ${before})`, async () => (await badgeCount()) === before + 1, 90_000).catch(async (e: unknown) => {
      // What the Inbox shows then tells whether the check or the badge failed.
      await clickInboxHeader();
      const pane = journey().page.locator('.part.sidebar .pane', { has: journey().page.locator('.pane-header', { hasText: /Inbox/ }) });
      throw new Error(`${String(e)}; the Inbox shows: ${await pane.innerText().catch(() => '?')}`);
    });

    await clickInboxHeader();
    const row = inboxRow(id);
    await row.waitFor({ timeout: 30_000 });
    assert.match(await row.innerText(), new RegExp(`assigned by ${bob.username}`, 'i'));
    assert.match((await row.getAttribute('aria-label')) ?? '', /unread/i, 'an unread entry says so to a screen reader');
    await row.click();
    await waitForEditor(id);
    await eventually('the badge to go back down once the defect is open', async () => (await badgeCount()) === before, 30_000);
    assert.doesNotMatch((await row.getAttribute('aria-label')) ?? '', /unread/i);
    await closeActiveTabWithCtrlW();
    await editorTab(id).waitFor({ state: 'detached', timeout: 30_000 });
  });

  it('opens the defect from the link Copy VS Code Link copied', async () => {
    const { page } = journey();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.bringToFront();
    const row = inboxRow(id);
    await chooseFromContextMenu(row, 'Copy VS Code Link');
    await page.locator('.statusbar').getByText(`Copied the VS Code link to defect ${id}`).waitFor({ timeout: 30_000 });
    const link = await page.evaluate<string>('navigator.clipboard.readText()');
    assert.match(link, new RegExp(`^[a-z-]+://alm-defects\\.alm-defects/open\\?server=[^&]+&domain=DEFAULT&project=Demo&id=${id}$`));
    // The editor the click on the row opened was closed: the link must open it again.
    await editorTab(id).waitFor({ state: 'detached', timeout: 30_000 });

    // As a person opens a link from a chat in the browser's VS Code: Developer: Open URL, paste, Enter.
    await runCommand('Developer: Open URL');
    const input = quickInput().locator('input');
    await input.waitFor({ timeout: 15_000 });
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Control+V');
    await eventually('the pasted link in the box', async () => (await input.inputValue()) === link);
    await page.keyboard.press('Enter');
    // VS Code asks before an extension opens a link the user typed; the person allows it.
    const ask = dialog().filter({ hasText: /open|URI/i });
    await eventually('the defect to open or VS Code to ask first', async () => (await editorTab(id).isVisible()) || (await ask.isVisible()), 60_000);
    if (await ask.isVisible()) await ask.getByRole('button', { name: /^Open/ }).first().click();
    await waitForEditor(id);
    await closeActiveTabWithCtrlW();
  });
});
