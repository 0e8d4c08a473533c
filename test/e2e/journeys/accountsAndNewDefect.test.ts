// Journeys of issue 37.7 and 37.9, by keyboard and mouse only:
// - the Accounts menu after an API-key sign-in lists one ALM account; Sign Out there (its menu, then
//   VS Code's confirmation) removes it; signing in again lists one again;
// - New Defect says which project it creates in (tab and header), and its title bar offers no Clone
//   Defect or Start Work, which a saved defect's title bar does offer.
import * as assert from 'node:assert/strict';
import { newDefectFrame } from '../ui/editorWorkbench';
import { goToDefect } from './support/defectEditorByHand';
import { journey } from './support/journeyContext';
import { screenshotInBothThemes } from './support/themeScreenshots';
import { answerDialog, closeActiveTabWithCtrlW, connectionStatus, dialog, runCommand, signInWithApiKey } from './support/workbenchByHand';
import { eventually } from '../../support/eventually';

/** Opens the Accounts menu (a click on the activity bar's Accounts button) and reads the ALM accounts it lists. */
async function almAccountsInMenu(): Promise<string[]> {
  const { page } = journey();
  await page
    .locator('.activitybar')
    .getByRole('button', { name: /Accounts/ })
    .click();
  await page.getByRole('menuitem').first().waitFor({ timeout: 15_000 });
  const items = await page.getByRole('menuitem').allInnerTexts();
  return items.map((t) => t.trim()).filter((t) => / \(ALM\)$/.test(t));
}

/** The items of the open context menu (not the title bar's Application Menu button, which is a menu item too). */
function menuItems() {
  return journey().page.locator('.monaco-menu [role="menuitem"]');
}

async function closeMenu(): Promise<void> {
  const { page } = journey();
  await page.keyboard.press('Escape');
  await menuItems().first().waitFor({ state: 'detached', timeout: 10_000 });
}

/** Opens the Accounts menu unless open, points at `account` (its submenu opens) and chooses its Sign Out. */
async function clickSignOutOf(account: string): Promise<void> {
  if (!(await menuItems().first().isVisible())) await almAccountsInMenu();
  // Pointing at the account opens its submenu (a click may toggle it shut again while it opens).
  await menuItems().filter({ hasText: account }).first().hover({ timeout: 10_000 });
  const signOut = menuItems()
    .filter({ hasText: /^Sign Out$/ })
    .first();
  await signOut.waitFor({ timeout: 15_000 });
  // Pointed at, then Enter once the menu shows it as the item under the mouse: a click landing while
  // the submenu is still being laid out on a busy machine ran nothing.
  await signOut.hover({ timeout: 10_000 });
  await journey()
    .page.locator('.monaco-menu .action-item.focused', { hasText: /^\s*Sign Out\s*$/ })
    .waitFor({ timeout: 5_000 });
  await journey().page.keyboard.press('Enter');
}

/** Signs out of the ALM account through the Accounts menu: its submenu's Sign Out, then the confirmation's Sign Out. */
async function signOutInAccountsMenu(account: string): Promise<void> {
  const { page } = journey();
  // A click that lands while the menu is still opening is lost, as it can be for a person, who then
  // opens the menu and clicks again: so does this, up to three times.
  // The menu also closes by itself when the workbench redraws (a theme switched just before): then
  // the account's row goes while it is pointed at, and the menu is opened again.
  for (let attempt = 1; ; attempt++) {
    const clicked = await clickSignOutOf(account).then(
      () => true,
      (e: unknown) => {
        assert.ok(attempt < 3, `Sign Out in the Accounts menu could not be clicked: ${String(e)}`);
        return false;
      },
    );
    const asked =
      clicked &&
      (await dialog()
        .filter({ hasText: /sign out/i })
        .waitFor({ timeout: 8_000 })
        .then(
          () => true,
          () => false,
        ));
    if (asked) break;
    assert.ok(attempt < 3, 'Sign Out in the Accounts menu never asked for confirmation');
    for (let i = 0; i < 3 && (await menuItems().first().isVisible()); i++) await page.keyboard.press('Escape');
  }
  await answerDialog(/sign out/i, 'Sign Out');
}

describe('journey: the Accounts menu after an API-key sign-in (issue 37.7)', function () {
  this.timeout(180_000);

  it('lists one account per sign-in, none after Sign Out, and one again after signing in again', async () => {
    const { journeyServer } = journey();
    await signInWithApiKey();
    await eventually('the status bar to name alice', async () => /: alice/.test((await connectionStatus().textContent()) ?? ''));
    // The server's name says ALM already: the status bar does not say it twice ("ALM ALM 26.1").
    assert.equal((await connectionStatus().innerText()).trim(), `${journeyServer.name}: alice`);
    let accounts = await almAccountsInMenu();
    assert.deepEqual(accounts, [`alice (${journeyServer.name}) (ALM)`], 'one sign-in, one account');
    await screenshotInBothThemes('journey-accounts-signed-in');
    await signOutInAccountsMenu(accounts[0]);
    await eventually('the status bar to show the server signed out', async () => /signed out/i.test((await connectionStatus().textContent()) ?? ''));
    accounts = await almAccountsInMenu();
    assert.deepEqual(accounts, [], 'signed out: no ALM account left to sign out of');
    await closeMenu();
    await signInWithApiKey();
    await eventually('the status bar to name alice again', async () => /: alice/.test((await connectionStatus().textContent()) ?? ''));
    assert.deepEqual(await almAccountsInMenu(), [`alice (${journeyServer.name}) (ALM)`], 'signed in again: one account');
    await closeMenu();
  });
});

/** The title bar actions of the active editor group, by their labels. */
async function titleBarActions(): Promise<string[]> {
  const { page } = journey();
  const actions = page.locator('.part.editor .editor-group-container.active .editor-actions .action-label');
  const labels: string[] = [];
  for (const action of await actions.all()) labels.push((await action.getAttribute('aria-label')) ?? '');
  return labels.filter(Boolean);
}

describe('journey: New Defect names its project and offers only what applies to an unsaved form (issue 37.9)', function () {
  this.timeout(180_000);

  it('shows "New Defect (Demo)" and the project in the header, and no Clone Defect or Start Work', async () => {
    const { page, journeyServer } = journey();
    await signInWithApiKey();
    // A saved defect's title bar offers both (so their absence below is not a missed render).
    await goToDefect(4001);
    await eventually('Clone Defect on the saved defect', async () => (await titleBarActions()).some((l) => /Clone Defect/.test(l)));
    assert.ok((await titleBarActions()).some((l) => /Start Work/.test(l)));

    await runCommand('ALM: New Defect…');
    const form = await newDefectFrame();
    // A person types the summary as soon as the form shows, without a click: it lands in Summary.
    const typed = 'Typed as soon as the form showed';
    await page.keyboard.type(typed);
    const summary = form.locator('[data-field="name"] vscode-text-field');
    await eventually('the summary typed at once in Summary', async () => (await summary.evaluate((e) => (e as unknown as { value: string }).value).catch(() => '')) === typed);
    assert.equal(await form.locator('.defect-id').first().textContent(), `New defect in DEFAULT / Demo · ${journeyServer.name}`);
    await page.locator('.tabs-container .tab.active', { hasText: 'New Defect (Demo)' }).waitFor({ timeout: 15_000 });
    await eventually('the title bar of the New Defect form', async () => {
      const actions = await titleBarActions();
      return !actions.some((l) => /Clone Defect|Start Work/.test(l));
    });
    await screenshotInBothThemes('journey-new-defect-project');

    // Back on the saved defect, they are offered again.
    await page.locator('.tabs-container .tab', { hasText: /^4001/ }).first().click();
    await eventually('Clone Defect back on the saved defect', async () => (await titleBarActions()).some((l) => /Clone Defect/.test(l)));

    // A form with unsaved values (its tab reads "● New Defect") asks once its tab has gone: Don't Save.
    const tab = page.locator('.tabs-container .tab', { hasText: 'New Defect (Demo)' });
    await tab.click();
    const dirty = ((await tab.getAttribute('aria-label')) ?? '').startsWith('●');
    await closeActiveTabWithCtrlW();
    if (dirty) {
      // Ctrl+W pressed while the webview takes the focus back can be lost; a person presses it again.
      const asked = dialog().filter({ hasText: /Don't Save/ });
      for (
        let attempt = 1;
        !(await asked.waitFor({ timeout: 8_000 }).then(
          () => true,
          () => false,
        ));
        attempt++
      ) {
        assert.ok(attempt < 3, 'Ctrl+W on the unsaved New Defect form never asked');
        await tab.click();
        await closeActiveTabWithCtrlW();
      }
      await answerDialog(/Don't Save/, "Don't Save");
    }
    await tab.waitFor({ state: 'detached', timeout: 15_000 });
    await page.locator('.tabs-container .tab', { hasText: /^4001/ }).first().click();
    await closeActiveTabWithCtrlW();
  });
});
