import { eventually } from '../../../support/eventually';
// A screenshot pasted into a memo, as a person does it: the image reaches the system clipboard as a
// person's copy would put it there (the async clipboard API in the workbench page, with the
// permissions granted); then a click at the end of the Description and Ctrl+V. And the server read
// to check which attachments the defect has.
import type { Frame } from 'playwright-core';
import { signIn } from '../../environment';
import { serverAttachments } from '../../oracle';
import { fieldInput } from './defectEditorByHand';
import { journey } from './journeyContext';

/** A 1×1 PNG: what a screenshot tool puts on the clipboard, only smaller. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Puts the PNG on the browser's clipboard, as copying a screenshot does. */
export async function copyScreenshot(): Promise<void> {
  const { page } = journey();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  // DOM code as a string: the journeys are compiled without the DOM's types.
  const write = () =>
    page.evaluate(`(async () => {
    const bytes = Uint8Array.from(atob(${JSON.stringify(PNG_BASE64)}), (c) => c.charCodeAt(0));
    await navigator.clipboard.write([new ClipboardItem({ 'image/png': new Blob([bytes], { type: 'image/png' }) })]);
  })()`);
  // The clipboard takes writes from a focused page only; the browser's focus can be elsewhere on a
  // busy machine ("Document is not focused"): bring the page to the front and copy again.
  await page.bringToFront();
  await write().catch(async () => {
    await page.bringToFront();
    await page.locator('.monaco-workbench').click({ position: { x: 5, y: 5 } });
    await write();
  });
}

/** Clicks at the end of the Description and presses Ctrl+V; waits until the image shows in the memo. */
export async function pasteIntoDescription(frame: Frame): Promise<void> {
  const { page } = journey();
  const memo = fieldInput(frame, 'description');
  const images = memo.locator('img[src^="data:image/png;base64,"]');
  // Counted, not just found: a retried journey meets the image its first try pasted.
  const before = await images.count();
  await memo.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Control+V');
  await eventually('the pasted image shown in the memo', async () => (await images.count()) > before);
}

/** Reads defect `id`'s attachments on the journeys' server (as bob, to check what a journey did). */
export async function attachmentsOnServer(id: number): Promise<() => Promise<{ id: number; name: string }[]>> {
  const { journeyServer } = journey();
  const cookie = await signIn(journeyServer, journeyServer.users[1]);
  const server = serverAttachments(journeyServer, () => cookie);
  return () => server.list(id);
}
