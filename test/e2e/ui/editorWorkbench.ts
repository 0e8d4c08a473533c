// Helpers for page-side tests of the defect editor inside the real workbench: the command palette,
// signing in, opening a defect, finding the editor's webview frame, and reading the server.
import * as assert from 'node:assert/strict';
import type { Frame, Locator } from 'playwright-core';
import { signIn } from '../environment';
import { serverDefect as oracleDefect, serverLocksOn } from '../oracle';
import { eventually } from '../../support/eventually';
import { ui } from './context';

/** Runs a command by its palette title ("ALM: Sign In"). */
export async function runCommand(title: string): Promise<void> {
  const { page } = ui();
  const row = page.locator('.quick-input-widget .monaco-list-row', { hasText: title }).first();
  for (let attempt = 1; ; attempt++) {
    // Keys pressed while a webview has the focus stay in its frame: the title bar's command center
    // opens the quick input wherever the focus is.
    const center = page.locator('.part.titlebar .command-center .search-label, .part.titlebar .command-center').first();
    if (await center.isVisible().catch(() => false)) await center.click();
    else await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ timeout: 15_000 });
    await input.fill(`>${title}`);
    const shown = await row.waitFor({ timeout: 10_000 }).then(
      () => true,
      () => false,
    );
    if (shown) {
      await input.press('Enter');
      return;
    }
    await page.keyboard.press('Escape');
    assert.ok(attempt < 3, `the command palette does not offer "${title}"`);
  }
}

/**
 * Runs a command that opens a pick or a box of its own, until `shows` is seen: on a loaded CI machine
 * the palette once closed without the command's pick showing, and the next step typed into nothing.
 */
export async function runCommandShowing(title: string, shows: Locator, tries = 3): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await runCommand(title);
    const shown = await shows.waitFor({ timeout: 15_000 }).then(
      () => true,
      () => false,
    );
    if (shown) return;
    assert.ok(attempt < tries, `"${title}" showed nothing after ${tries} tries`);
  }
}

/**
 * Leaves the workbench as a fresh one shows it: every editor closed and the Explorer shown, so a
 * later test's click on the ALM view opens it rather than toggling it closed.
 */
export async function closeEditorsAndShowExplorer(): Promise<void> {
  await runCommand('View: Close All Editors').catch(() => undefined);
  const explorer = ui().page.getByRole('tab', { name: /^Explorer/ });
  if ((await explorer.getAttribute('aria-selected').catch(() => null)) !== 'true') await explorer.click().catch(() => undefined);
}

/** Answers a quick input: picks the row with `text` when a list shows, else types `text`. */
export async function answer(text: string): Promise<void> {
  const { page } = ui();
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: 15_000 });
  await input.fill(text);
  // In a pick, Enter takes the active row: wait until the filter has made it the one with `text`.
  const rows = page.locator('.quick-input-widget .quick-input-list .monaco-list-row:visible');
  if ((await rows.count()) > 0) await page.locator('.quick-input-widget .monaco-list-row.focused', { hasText: text }).first().waitFor({ timeout: 10_000 });
  await input.press('Enter');
}

export async function signInIfNeeded(): Promise<void> {
  const { page, almServer } = ui();
  // The extension's commands exist once the workbench has loaded it: its view container shows then.
  const view = page.getByRole('tab', { name: 'ALM' });
  await view.waitFor({ timeout: 60_000 });
  if ((await view.getAttribute('aria-selected')) !== 'true') await view.click();
  const status = page.locator('.statusbar').getByText('ALM Demo: alice');
  if (await status.isVisible().catch(() => false)) return;
  await runCommand('ALM: Sign In');
  const password = page.locator('.quick-input-widget input[type="password"]');
  await password.waitFor({ timeout: 15_000 });
  await password.fill(almServer.users[0].password);
  await password.press('Enter');
  await status.waitFor({ timeout: 20_000 });
}

/**
 * Clicks the tree's "Sign in to Demo" row and types alice's password, until the password box shows
 * or the tree shows `signedIn` (a refresh can re-render the row under the click: it is clicked again).
 */
export async function signInFromRow(signInRow: Locator, signedIn: Locator): Promise<void> {
  const { page, almServer } = ui();
  const input = page.locator('.quick-input-widget input[type="password"]');
  for (let attempt = 1; (await signInRow.isVisible()) && !(await signedIn.isVisible()); attempt++) {
    await signInRow.click();
    const asked = await input.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (asked) {
      await input.fill(almServer.users[0].password);
      await input.press('Enter');
      return;
    }
    assert.ok(attempt < 4, 'clicking "Sign in to Demo" never asked for the password');
  }
}

/**
 * Opens a defect by id from the command palette ("ALM: Go to Defect…", which always asks for the id;
 * "Open Defect…" opens the defect selected in the tree). Picks the Demo project when asked, and
 * tries again if a focus change hid the id box.
 */
export async function openDefect(id: number): Promise<Frame> {
  const { page } = ui();
  for (let attempt = 1; ; attempt++) {
    await runCommand('ALM: Go to Defect…');
    // With several projects a pick comes first; the id box asks for a defect id.
    const prompt = page.locator('.quick-input-widget', { hasText: /defect id/i });
    const demo = page.locator('.quick-input-widget .monaco-list-row', { hasText: /Demo/ }).first();
    await prompt
      .or(demo)
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(() => undefined);
    if (!(await prompt.isVisible().catch(() => false)) && (await demo.isVisible().catch(() => false))) await demo.click();
    const typed = await prompt
      .waitFor({ timeout: 15_000 })
      .then(() => answer(String(id)))
      .then(
        () => true,
        () => false,
      );
    const frame = typed ? await editorFrame(id, 20_000).catch(() => undefined) : undefined;
    if (frame) return frame;
    await page.keyboard.press('Escape');
    assert.ok(attempt < 3, `could not open defect ${id} from the command palette`);
  }
}

/** The live editor frame whose header (`.defect-id`) satisfies `matches`. */
export async function frameWithHeader(what: string, matches: (header: string) => boolean, timeoutMs: number): Promise<Frame> {
  const { page } = ui();
  return eventually(
    what,
    async () => {
      // A closed editor's frame can linger while it is taken down: only a live one counts.
      for (const frame of page.frames().filter((f) => !f.isDetached())) {
        const text = await frame
          .locator('.defect-id')
          .first()
          .textContent({ timeout: 250 })
          .catch(() => null);
        if (text !== null && matches(text)) return frame;
      }
      return undefined;
    },
    timeoutMs,
  );
}

/** The frame of the editor webview showing defect `id`. */
export function editorFrame(id: number, timeoutMs = 45_000): Promise<Frame> {
  return frameWithHeader(`the editor of defect ${id}`, (text) => text.startsWith(`Defect ${id} `), timeoutMs);
}

/** The New Defect form's frame (its header starts "New defect"). */
export function newDefectFrame(timeoutMs = 30_000): Promise<Frame> {
  return frameWithHeader('the New Defect form', (text) => text.startsWith('New defect'), timeoutMs);
}

/**
 * Opens defect `id` by clicking its tree row, as a user does, and waits until its editor shows the
 * defect read-only: the tab is there (the click is repeated if a redraw of the tree swallowed it),
 * the page is live and has rendered the defect.
 */
export async function openFromRow(row: Locator, id: number): Promise<Frame> {
  for (let attempt = 1; ; attempt++) {
    await row.click();
    const opened = await editorTab(id)
      .waitFor({ timeout: 15_000 })
      .then(
        () => true,
        () => false,
      );
    if (opened) break;
    assert.ok(attempt < 3, `clicking the row of defect ${id} did not open its editor`);
  }
  const frame = await editorFrame(id, 60_000);
  await eventually(`the editor of defect ${id} showing it`, async () => (await frame.locator('body').getAttribute('data-phase')) === 'read-only', 60_000);
  return frame;
}

/** A defect as the server has it, read over HTTP as bob. */
export async function serverDefect(id: number): Promise<Record<string, unknown>> {
  const { almServer } = ui();
  const cookie = await signIn(almServer, almServer.users[1]);
  const body: Record<string, unknown> = { ...(await oracleDefect(almServer, cookie, id)) };
  body.__locks = (await serverLocksOn(almServer, cookie, id)).map((l) => l.user);
  return body;
}

/** The editor tab of defect `id` in the workbench. */
export function editorTab(id: number) {
  return ui()
    .page.locator('.tabs-container .tab', { hasText: new RegExp(`(^|● )${id}: `) })
    .first();
}
