// Journeys (issue 43, Tests): a person flags a defect for follow-up today from the editor's title bar,
// answering the date and note by typing, and finds the flag where the issue promises it: under the
// Inbox's "Follow-ups due", in the editor header's Follow-up chip and in the grid's Follow-up column;
// then clears it from the Inbox. And a VS Code link to a server the user has not added asks first
// (Add Server, with the link's URL filled in) and sends nothing to that server.
import * as assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Locator } from 'playwright-core';
import { headers, openGrid, painted } from '../ui/gridWorkbench';
import { goToDefect } from './support/defectEditorByHand';
import { closeAllEditors, ROWS_TIMEOUT_MS } from './support/gridByHand';
import { journey } from './support/journeyContext';
import { dialog, quickInput, runCommand, signInWithApiKey, waitUntil } from './support/workbenchByHand';

/** No other journey uses it (they use 12, 1006, 3001, 4001, 5001…, 5050, 5051, 5080…, 6001–6005). */
const DEFECT = 3;

function inboxPane(): Locator {
  const { page } = journey();
  return page.locator('.part.sidebar .pane', { has: page.locator('.pane-header', { hasText: /Inbox/ }) });
}

/** Unfolds the Inbox by a click on its title when it is folded (it is by default). */
async function unfoldInbox(): Promise<void> {
  const header = inboxPane().locator('.pane-header').first();
  await header.waitFor({ timeout: 30_000 });
  if ((await header.getAttribute('aria-expanded')) === 'true') return;
  await header.click();
  await waitUntil('the Inbox unfolded', async () => (await header.getAttribute('aria-expanded')) === 'true');
}

/** The Inbox's rows as "level: text", top to bottom. */
async function inboxRows(): Promise<string[]> {
  const rows = inboxPane().locator('[role="treeitem"]');
  const out: string[] = [];
  for (let i = 0; i < (await rows.count()); i++) out.push(`${await rows.nth(i).getAttribute('aria-level')}: ${(await rows.nth(i).innerText()).replace(/\s+/g, ' ').trim()}`);
  return out;
}

/** The section the Inbox lists `text` under (the nearest row above it one level up), undefined when not listed. */
async function inboxSectionOf(text: RegExp): Promise<string | undefined> {
  const rows = await inboxRows();
  const at = rows.findIndex((r) => text.test(r));
  if (at < 0) return undefined;
  const level = Number(rows[at].split(':')[0]);
  return rows
    .slice(0, at)
    .reverse()
    .find((r) => Number(r.split(':')[0]) === level - 1)
    ?.replace(/^\d+: /, '');
}

/** The grid's cell in column `column` of the row of defect `id`, if that row is painted. */
async function gridCell(frame: Frame, id: number, column: string): Promise<string | undefined> {
  const names = await headers(frame);
  const idAt = names.indexOf('Defect ID');
  const at = names.indexOf(column);
  assert.ok(idAt >= 0 && at >= 0, `the grid shows Defect ID and ${column}: ${names.join(', ')}`);
  for (const row of await frame.locator('.grid-body [role="row"]:not([hidden]):not(.loading)').all()) {
    const cells = (await row.locator('[role="gridcell"]').allInnerTexts()).map((t) => t.trim());
    if (cells[idAt] === String(id)) return cells[at];
  }
  return undefined;
}

/** Sorts the grid by Defect ID, lowest first, by clicks on its header, so that a low id is among the first rows. */
async function sortByIdAscending(frame: Frame): Promise<void> {
  const header = frame.locator('[role="columnheader"]').filter({ has: frame.locator('.grid-header-label', { hasText: /^Defect ID$/ }) });
  for (let click = 0; (await header.getAttribute('aria-sort')) !== 'ascending'; click++) {
    assert.ok(click < 3, `clicks on Defect ID do not sort it ascending (aria-sort ${await header.getAttribute('aria-sort')})`);
    const { generation } = await painted(frame, { timeoutMs: ROWS_TIMEOUT_MS });
    await header.click();
    await painted(frame, { after: generation, row: 0, timeoutMs: ROWS_TIMEOUT_MS });
  }
}

/** Answers an input box asking `prompt` by typing `text` over what it holds, then Enter. */
async function typeIntoInputBox(prompt: RegExp, text: string): Promise<void> {
  const { page } = journey();
  await waitUntil(`an input box asking ${String(prompt)}`, async () => prompt.test((await quickInput().textContent()) ?? ''));
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
  await waitUntil(`"${text}" in the box`, async () => (await quickInput().locator('input').inputValue()) === text);
  await page.keyboard.press('Enter');
}

describe('journey: a follow-up flag due today, and a link to a server not added (issue 43)', function () {
  this.timeout(240_000);

  before(async () => {
    await signInWithApiKey();
  });

  it('a flag due today shows in the Inbox, the editor header and the grid', async () => {
    const { page } = journey();
    const flagged = new RegExp(`Defect ${DEFECT} \\(Demo\\)`);
    const frame = await goToDefect(DEFECT);
    assert.equal(await frame.locator('[data-field="follow-up"]').count(), 0, `defect ${DEFECT} has no follow-up flag yet`);
    // The editor's title bar: the bookmark button "Flag for Follow-up…".
    await page.locator('.part.editor .editor-group-container.active .editor-actions .action-label[aria-label^="Flag for Follow-up"]').click();
    await typeIntoInputBox(/Follow up on/, 'today');
    await typeIntoInputBox(/Note \(optional\)/, 'check the fix');

    const chip = frame.locator('[data-field="follow-up"] dd');
    await chip.waitFor({ timeout: 30_000 });
    assert.equal((await chip.innerText()).trim(), '⚑ due today', 'the header chip says the flag is due today');
    assert.match((await chip.getAttribute('aria-label')) ?? '', /check the fix/, 'the chip reads the note to a screen reader');

    await unfoldInbox();
    const section = await waitUntil(`defect ${DEFECT} in the Inbox`, () => inboxSectionOf(flagged), 30_000).catch(async (e: unknown) => {
      throw new Error(`${String(e)}; the Inbox shows: ${(await inboxRows()).join(' | ')}`);
    });
    assert.match(section, /^Follow-ups due/, `the Inbox lists the flag under Follow-ups due: ${(await inboxRows()).join(' | ')}`);
    assert.match(await inboxPane().locator('[role="treeitem"]', { hasText: flagged }).first().innerText(), /check the fix/);

    await closeAllEditors();
    const grid = await openGrid('Defects', ROWS_TIMEOUT_MS);
    await painted(grid, { row: 0, timeoutMs: ROWS_TIMEOUT_MS });
    await sortByIdAscending(grid);
    const cell = await waitUntil(`the grid row of defect ${DEFECT}`, () => gridCell(grid, DEFECT, 'Follow-up'), ROWS_TIMEOUT_MS);
    assert.equal(cell, '⚑ due today');

    // Cleared from the Inbox's row (its menu's Flag for Follow-up… offers Clear the flag): the grid's cell empties.
    await clearFlagFromInbox(flagged);
    await waitUntil('the Follow-up cell to empty', async () => (await gridCell(grid, DEFECT, 'Follow-up')) === '', 30_000);
    assert.equal(await inboxSectionOf(flagged), undefined, 'the Inbox no longer lists the flag');
  });

  it('a vscode:// link to a server the user has not added asks before adding it', async () => {
    const { page } = journey();
    // A server that is not among the user's: it counts what reaches it (nothing may).
    const requests: string[] = [];
    const stranger: Server = createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
    try {
      const serverUrl = `http://127.0.0.1:${(stranger.address() as AddressInfo).port}/qcbin`;
      // `vscode://` is VS Code desktop's scheme; the workbench under test (code-server) takes its own
      // (its product's urlProtocol, read from the page): a `vscode://` link there is an external link.
      const scheme = await page.evaluate<string | undefined>(
        `(() => { try { return JSON.parse(document.getElementById('vscode-workbench-web-configuration').getAttribute('data-settings')).productConfiguration.urlProtocol; } catch { return undefined; } })()`,
      );
      const link = `${scheme ?? 'vscode'}://alm-defects.alm-defects/open?server=${encodeURIComponent(serverUrl)}&domain=DEFAULT&project=Demo&id=1`;
      await runCommand('Developer: Open URL');
      const input = quickInput().locator('input');
      await input.waitFor({ timeout: 15_000 });
      await page.keyboard.press('Control+A');
      await page.keyboard.type(link);
      await waitUntil('the link in the box', async () => (await input.inputValue()) === link);
      await page.keyboard.press('Enter');

      // VS Code asks before an extension opens a link the user typed; the person allows it. Then the
      // extension says the server is not one of theirs and offers Add Server. A notice that comes while
      // VS Code's dialog is up goes to the notification center (the bell) rather than a toast.
      const offer = page.locator('.notification-list-item', { hasText: /not one of your ALM servers/ }).first();
      const ask = dialog().filter({ hasText: /Do not ask me again/i });
      await waitUntil('the extension to offer Add Server, or VS Code to ask first', async () => (await offer.isVisible()) || (await ask.isVisible()), 60_000);
      if (await ask.isVisible()) {
        await ask.getByRole('button', { name: 'Open', exact: true }).click();
        await ask.waitFor({ state: 'detached', timeout: 20_000 });
      }
      const bell = page.locator('.statusbar-item[id$="notifications"], .statusbar-item', { has: page.locator('.codicon-bell-dot, .codicon-bell') }).first();
      await waitUntil(
        'the offer to add the server',
        async () => {
          if (await offer.isVisible()) return true;
          if (!(await page.locator('.notifications-center.visible').isVisible())) await bell.click();
          return false;
        },
        60_000,
      );
      assert.match(await offer.innerText(), /Nothing was sent to it/);
      await offer.getByRole('button', { name: /^Add Server/ }).click();

      // Add Server's first step, the URL filled in from the link; the person cancels.
      await waitUntil('Add Server asking for the URL', async () => /Add ALM Server \(1\/6\)/.test((await quickInput().textContent()) ?? ''), 30_000);
      assert.equal(await input.inputValue(), serverUrl, "Add Server starts with the link's server URL");
      await page.keyboard.press('Escape');
      await quickInput().waitFor({ state: 'hidden', timeout: 15_000 });
      assert.deepEqual(requests, [], 'nothing was sent to the server the user has not added');
      assert.equal(await page.locator('.tabs-container .tab', { hasText: /^1\b/ }).count(), 0, 'no defect opened');
    } finally {
      await new Promise((resolve) => stranger.close(resolve));
    }
  });

  // A flag left by a failure would show in the next journeys' Inbox.
  after(async () => {
    await clearFlagFromInbox(new RegExp(`Defect ${DEFECT} \\(Demo\\)`)).catch(() => undefined);
    await closeAllEditors().catch(() => undefined);
  });
});

/** Clears a flag the Inbox lists, from its row's context menu; does nothing when it lists none. */
async function clearFlagFromInbox(flagged: RegExp): Promise<void> {
  const { page } = journey();
  const row = inboxPane().locator('[role="treeitem"]', { hasText: flagged }).first();
  if (!(await row.isVisible())) return;
  await row.click({ button: 'right' });
  await page.getByRole('menuitem', { name: /^Flag for Follow-up/ }).click();
  await waitUntil('the flag prompt', async () => /Clear the flag/.test((await quickInput().textContent()) ?? ''));
  await page.keyboard.type('Clear the flag');
  await quickInput().locator('.monaco-list-row.focused', { hasText: 'Clear the flag' }).waitFor({ timeout: 10_000 });
  await page.keyboard.press('Enter');
  await row.waitFor({ state: 'detached', timeout: 30_000 });
}
