// Journey (issue 44): a person who works with the keyboard and a screen reader uses the defect
// editor's memo toolbar, Links and History with keys only. Every control is reached with Tab and
// found by the name a screen reader announces. The memo toolbar is one Tab stop whose buttons the
// arrow keys move through (Shift+Tab from the memo lands on it; it was six stops, arrows did
// nothing); Space links a defect and the page says so; removing a link with Enter (and Enter in
// VS Code's question) leaves the focus in the Links section (it fell to the page's top) and says
// the link went; Enter opens History.
import * as assert from 'node:assert/strict';
import type { Frame, Locator } from 'playwright-core';
import { serverDefect } from '../ui/editorWorkbench';
import { fieldInput, goToDefect, waitForPhase } from './support/defectEditorByHand';
import { journey } from './support/journeyContext';
import { closeActiveTabWithCtrlW, dialog, signInWithApiKey } from './support/workbenchByHand';
import { eventually } from '../../support/eventually';

/** A demo defect with a history (server/src/demo/history.ts) that no other journey uses. */
const DEFECT = 4;
const OTHER = 7003;
/** Tabs allowed to reach a control: the editor in edit mode has about 60 stops. */
const MAX_TABS = 150;

/** The parts of a DOM element `hasFocus` reads (the journeys are compiled without the DOM's types). */
interface FocusableNode {
  readonly ownerDocument: { readonly activeElement: unknown };
  readonly shadowRoot: { readonly activeElement: unknown } | null;
  contains(other: unknown): boolean;
}

/** Whether `control` (or what it holds: a toolkit field's inner input) has the page's focus. */
async function hasFocus(control: Locator): Promise<boolean> {
  return control.evaluate((element) => {
    const el = element as unknown as FocusableNode;
    const active = el.ownerDocument.activeElement;
    return active !== null && (el === active || el.contains(active) || (el.shadowRoot?.activeElement ?? null) !== null);
  });
}

/** The focused element, described for a failure message (its tag, name or text). */
async function focusedElement(frame: Frame): Promise<string> {
  return String(
    await frame.evaluate(`(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return document.hasFocus() ? 'the page' : 'outside the page';
      return '<' + el.tagName.toLowerCase() + '> ' + (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 60);
    })()`),
  );
}

/** Presses `key` (Tab, Shift+Tab) until `control` has the focus, as a person tabs to a control. */
async function pressUntilFocused(frame: Frame, control: Locator, key = 'Tab'): Promise<void> {
  const { page } = journey();
  const trail: string[] = [];
  for (let presses = 0; presses < MAX_TABS; presses++) {
    if (await hasFocus(control)) return;
    trail.push(await focusedElement(frame));
    await page.keyboard.press(key);
  }
  assert.fail(`${MAX_TABS} presses of ${key} never reached the control; the focus went: ${trail.join(' | ')}`);
}

/** Asserts that the key `key` moves the focus onto `control`. */
async function keyFocuses(frame: Frame, key: string, control: Locator, what: string): Promise<void> {
  await journey().page.keyboard.press(key);
  await eventually(`${key} to move the focus to ${what}`, () => hasFocus(control), 10_000).catch(async () => {
    assert.fail(`${key} did not move the focus to ${what}; it is on ${await focusedElement(frame)}`);
  });
}

/** Waits until `section`'s status line (what a screen reader reads out when it changes) shows `text`. */
async function saysInStatus(section: Locator, text: string): Promise<void> {
  await section
    .getByRole('status')
    .filter({ hasText: text })
    .waitFor({ timeout: 10_000 })
    .catch(async () => {
      const shown = await section.locator('[role="status"]').allTextContents();
      assert.fail(`the status line does not say "${text}" (it holds ${JSON.stringify(shown)}, shown or hidden)`);
    });
}

describe('journey: the memo toolbar, Links and History with keys only', function () {
  this.timeout(240_000);

  before(async () => {
    await signInWithApiKey();
  });

  it('formats a word from the toolbar with the arrow keys, links and unlinks a defect, opens History', async () => {
    const { page } = journey();
    const frame = await goToDefect(DEFECT);

    // Edit, then the end of the Description, where a word is typed and selected.
    await pressUntilFocused(frame, frame.getByRole('button', { name: 'Edit', exact: true }));
    await page.keyboard.press('Enter');
    await waitForPhase(frame, 'editing');
    const description = frame.getByRole('textbox', { name: /^Description/ });
    await pressUntilFocused(frame, description);
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' keyboard');
    await page.keyboard.press('Shift+Control+ArrowLeft');

    // The toolbar just before the memo: one stop, announced with its name; arrows move along it.
    const toolbar = frame.getByRole('toolbar', { name: 'Formatting of Description' });
    await keyFocuses(frame, 'Shift+Tab', toolbar.getByRole('button', { name: 'Bold', exact: true }), 'the toolbar (on Bold)');
    await keyFocuses(frame, 'ArrowRight', toolbar.getByRole('button', { name: 'Italic', exact: true }), 'Italic');
    await keyFocuses(frame, 'End', toolbar.getByRole('button', { name: 'Clear formatting', exact: true }), 'the last button');
    await keyFocuses(frame, 'ArrowRight', toolbar.getByRole('button', { name: 'Bold', exact: true }), 'Bold again (the arrows go round)');
    await keyFocuses(frame, 'ArrowLeft', toolbar.getByRole('button', { name: 'Clear formatting', exact: true }), 'the last button again');
    await keyFocuses(frame, 'Home', toolbar.getByRole('button', { name: 'Bold', exact: true }), 'Bold with Home');
    await keyFocuses(frame, 'ArrowRight', toolbar.getByRole('button', { name: 'Italic', exact: true }), 'Italic');
    await page.keyboard.press('Enter');
    const memo = fieldInput(frame, 'description');
    await memo.locator('i, em', { hasText: 'keyboard' }).waitFor({ timeout: 10_000 });
    assert.ok(await hasFocus(memo), `Italic gave the focus back to the memo; it is on ${await focusedElement(frame)}`);
    await page.keyboard.press('Control+S');
    await frame.locator('.header .notice', { hasText: /^Saved at/ }).waitFor({ timeout: 60_000 });
    assert.match(String((await serverDefect(DEFECT)).description), /<(i|em)>keyboard<\/(i|em)>/, 'the server has the word in italics');

    // Links: the id, a link type chosen with the arrow keys, a comment, and Space on Link.
    const links = frame.locator('section.links');
    const typeBox = frame.getByRole('combobox', { name: 'Link type' });
    await pressUntilFocused(frame, frame.getByRole('textbox', { name: 'Defect id to link' }));
    await page.keyboard.type(String(OTHER));
    await keyFocuses(frame, 'Tab', typeBox, 'the link type');
    const firstType = await typeBox.inputValue();
    await page.keyboard.press('ArrowDown');
    const chosenType = await typeBox.inputValue();
    assert.notEqual(chosenType, firstType, 'ArrowDown chose another link type');
    await keyFocuses(frame, 'Tab', frame.getByRole('textbox', { name: 'Link comment' }), 'the link comment');
    await page.keyboard.type('by keys only');
    await keyFocuses(frame, 'Tab', links.getByRole('button', { name: 'Link', exact: true }), 'Link');
    await page.keyboard.press('Space');
    const row = frame.locator('.link-list li', { hasText: `Defect ${OTHER}` });
    await row.waitFor({ timeout: 30_000 });
    assert.match(await row.innerText(), new RegExp(`${chosenType}[\\s\\S]*by keys only`));
    await saysInStatus(links, `Linked to defect ${OTHER}.`);

    // Its remove button, named after the link; Enter, and Enter on VS Code's question.
    const remove = row.getByRole('button', { name: new RegExp(`^Remove the link to Defect ${OTHER}: `) });
    await pressUntilFocused(frame, remove);
    await page.keyboard.press('Enter');
    await dialog()
      .filter({ hasText: `defect ${OTHER}` })
      .waitFor({ timeout: 30_000 });
    await page.keyboard.press('Enter');
    await row.waitFor({ state: 'detached', timeout: 30_000 });
    await saysInStatus(links, 'Link removed.');
    await eventually('the focus in Links', () => hasFocus(links), 10_000).catch(async () => {
      assert.fail(`the focus left Links when the row went; it is on ${await focusedElement(frame)}`);
    });

    // History: Tab to its heading, Enter opens it.
    const history = frame.locator('details.history');
    const summary = history.locator('summary');
    assert.equal((await summary.innerText()).trim(), 'History');
    await pressUntilFocused(frame, summary);
    await page.keyboard.press('Enter');
    await history.locator('.history-list li').first().waitFor({ timeout: 30_000 });
    assert.equal(await history.getAttribute('open'), '', 'Enter opened History');
    await closeActiveTabWithCtrlW();
  });
});
