// The defect editor as a person drives it, for the journeys: opened with "ALM: Go to Defect…" and the
// id typed, buttons clicked, fields clicked and typed into at full speed (Ctrl+A first to type over
// what is there). The page is read only to know what it shows and when to take the next step.
import type { Frame, Locator } from 'playwright-core';
import { editorFrame, editorTab } from '../../ui/editorWorkbench';
import { journey } from './journeyContext';
import { answerQuickInput, quickInput, runCommand } from './workbenchByHand';
import { eventually } from '../../../support/eventually';

export { editorTab } from '../../ui/editorWorkbench';

/** The editor's phase as its page shows it (`read-only`, `editing`, `saving`…). */
export async function editorPhase(frame: Frame): Promise<string | null> {
  return frame.locator('body').getAttribute('data-phase');
}

export async function waitForPhase(frame: Frame, phase: string, timeoutMs = 60_000): Promise<void> {
  await eventually(`the editor in phase ${phase}`, async () => (await editorPhase(frame)) === phase, timeoutMs);
}

/**
 * Opens defect `id` with "ALM: Go to Defect…", typing the id, and waits until it shows `phase`
 * (read-only for a defect not open yet; an editor already open keeps its own).
 */
export async function goToDefect(id: number, phase = 'read-only'): Promise<Frame> {
  const { page } = journey();
  await askForDefect(id);
  // A busy machine (npm test runs three lanes at once) can take longer than a minute to open the tab.
  // The defect's tab may be there already (it was open behind another): what counts is that it is the
  // active one. An Enter pressed while the box was still taking the typed id can be lost (the box stays,
  // with the id in it): a person presses Enter again after a few seconds; if the box went without the
  // tab coming to the front, they run the command again.
  let lastTry = Date.now();
  await eventually(
    `the tab of defect ${id}, active`,
    async () => {
      const tab = editorTab(id);
      if ((await tab.isVisible()) && /\bactive\b/.test((await tab.getAttribute('class')) ?? '')) return true;
      if (Date.now() - lastTry < 5_000) return false;
      const box = quickInput().locator('input');
      if ((await quickInput().isVisible()) && (await box.inputValue()) === String(id)) await page.keyboard.press('Enter');
      else if (Date.now() - lastTry > 20_000) {
        for (let i = 0; i < 3 && (await quickInput().isVisible()); i++) await page.keyboard.press('Escape');
        await askForDefect(id);
      } else return false;
      lastTry = Date.now();
      return false;
    },
    120_000,
  );
  const frame = await editorFrame(id, 60_000);
  await waitForPhase(frame, phase);
  return frame;
}

/** Runs "ALM: Go to Defect…" and types the id into its box (Enter pressed). */
async function askForDefect(id: number): Promise<void> {
  const { page } = journey();
  // On a busy machine the palette's Enter can be taken before the command is chosen, and no id box
  // comes, or the box goes again before the id is typed (the focus went back to a webview): as a
  // person would, close what is open and run the command again (up to three times).
  for (let attempt = 1; ; attempt++) {
    await runCommand('ALM: Go to Defect…');
    const answered = await answerQuickInput(/Defect id/i, String(id), 10_000).then(
      () => true,
      () => false,
    );
    if (answered) return;
    if (attempt >= 3) throw new Error('"ALM: Go to Defect…" never asked for a defect id');
    for (let i = 0; i < 3 && (await quickInput().isVisible()); i++) await page.keyboard.press('Escape');
  }
}

/** Clicks the editor's button `name` (Edit, Save, Save & Close, Cancel, Add comment…). */
export async function clickButton(frame: Frame, name: string | RegExp): Promise<void> {
  await frame.getByRole('button', { name, exact: typeof name === 'string' }).click();
}

/** Clicks Edit and waits until the fields are editable. */
export async function startEditing(frame: Frame): Promise<void> {
  await clickButton(frame, 'Edit');
  await waitForPhase(frame, 'editing');
}

/** The input of field `name` (`data-field`) that takes the keyboard: a native input or text area, or a memo. */
export function fieldInput(frame: Frame, name: string): Locator {
  return frame.locator(`[data-field="${name}"]`).locator('input:not([type="checkbox"]), textarea:not(.memo-source), .memo').first();
}

/** The *New comment* box under Comments. */
export function newCommentBox(frame: Frame): Locator {
  return frame.getByRole('textbox', { name: /^New comment/ });
}

/** Clicks `input`, selects everything in it with Ctrl+A and types `text` at full speed. */
export async function typeOver(input: Locator, text: string): Promise<void> {
  const { page } = journey();
  await input.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

/** Clicks at the end of `input`'s text (Ctrl+End after the click) and types `text` at full speed. */
export async function typeAtEnd(input: Locator, text: string): Promise<void> {
  const { page } = journey();
  await input.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

/** Clicks near the bottom-right corner inside `input` (after its last line, where a person clicks to add to the end) and types `text`. */
export async function clickAfterLastLineAndType(input: Locator, text: string): Promise<void> {
  const { page } = journey();
  await input.scrollIntoViewIfNeeded();
  const box = await input.boundingBox();
  if (!box) throw new Error('the input is not on screen');
  await page.mouse.click(box.x + box.width - 6, box.y + box.height - 6);
  await page.keyboard.type(text);
}

/** Clicks Save and waits until the editor says it saved (the phase back to editing, nothing unsaved). */
export async function clickSaveAndWait(frame: Frame): Promise<void> {
  await clickButton(frame, 'Save');
  await frame.locator('.header .notice', { hasText: /^Saved at/ }).waitFor({ timeout: 60_000 });
}
