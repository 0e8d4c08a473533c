// Update Selected in the real workbench, as a user does it: three defect rows selected in the ALM
// tree (a click, then Ctrl+click), "Update Selected…" from the row's menu, Priority checked in the
// field picker, a value picked, the modal confirmation accepted. bob holds the middle defect's lock
// with his own client: the result (in the notification, then its list) says "skipped: locked by
// bob", and the server still has that defect's old priority while the other two changed.
// Screenshot: test-results/ui/tree-update-selected-result.png.
import * as assert from 'node:assert/strict';
import type { AlmClient } from '../../../src/api/index';
import { almClientAs } from '../support/almClientAs';
import { openDemoDefects, treeRow } from '../support/almTree';
import { pickFieldAndValue } from '../support/updateSelected';
import { screenshot, ui } from './context';
import { runCommand } from './editorWorkbench';
import { eventually } from '../../support/eventually';
import { chooseFromContextMenu } from '../support/contextMenu';

describe('ui: Update Selected on several tree rows', function () {
  this.timeout(180_000);
  let bob: AlmClient;
  const ids: number[] = [];
  const original = new Map<number, string>();

  before(async () => {
    const { almServer } = ui();
    const rows = await openDemoDefects();
    await rows.nth(2).waitFor({ timeout: 30_000 });
    for (let i = 0; i < 3; i++) ids.push(Number(/^(\d+): /m.exec(await rows.nth(i).innerText())?.[1]));
    assert.ok(
      ids.every((id) => id > 0),
      `three defect rows: ${ids.join(', ')}`,
    );
    const b = almServer.users[1];
    bob = almClientAs(almServer, b);
    for (const id of ids) original.set(id, String((await bob.project('DEFAULT', 'Demo').defects.get(id)).priority ?? ''));
  });

  after(async () => {
    // Put the priorities back for the tests after this one.
    const demo = bob?.project('DEFAULT', 'Demo');
    for (const [id, priority] of original) await demo?.defects.update(id, { priority: priority || null }).catch(() => undefined);
    await bob?.dispose();
    await runCommand('Notifications: Hide Notifications').catch(() => undefined);
    await runCommand('View: Close All Editors').catch(() => undefined);
  });

  it('reports the defect bob holds as locked by bob and leaves it as it was; the others change', async () => {
    const { page } = ui();
    const demo = bob.project('DEFAULT', 'Demo');
    const lock = await demo.locks.acquire({ type: 'defect', id: ids[1] });
    try {
      const rowOf = (id: number) => treeRow(new RegExp(`^${id}: `), 5);
      await rowOf(ids[0]).click();
      await rowOf(ids[1]).click({ modifiers: ['ControlOrMeta'] });
      await rowOf(ids[2]).click({ modifiers: ['ControlOrMeta'] });
      await eventually('three rows selected', async () => (await page.locator('.part.sidebar [role="treeitem"][aria-level="5"][aria-selected="true"]').count()) === 3);
      await chooseFromContextMenu(rowOf(ids[2]), /Update Selected/);
      // The field picker (several may be checked): Priority; then the priority list's values; then
      // the modal confirmation, which summarises the change.
      const dialog = await pickFieldAndValue(3, 'Priority', '5-Urgent');
      assert.match(await dialog.innerText(), /Priority: 5-Urgent/);
      await dialog.getByRole('button', { name: 'Update', exact: true }).click();
      // The result, in the notification center (this headless workbench shows no toasts).
      await page
        .locator('.statusbar')
        .getByRole('button', { name: /Notifications/ })
        .click();
      const notice = page.locator('.notifications-center .notification-list-item').filter({ hasText: 'Update Selected: 2 updated, 1 skipped' }).first();
      await notice.waitFor({ timeout: 60_000 });
      // The Notifications button's hover would take the click: move the pointer off it first.
      await page.mouse.move(700, 450);
      await notice.getByRole('button', { name: 'Show Results' }).focus();
      await page.keyboard.press('Enter');
      const locked = page
        .locator('.quick-input-list .monaco-list-row')
        .filter({ hasText: `${ids[1]}` })
        .filter({ hasText: 'skipped: locked by bob' });
      await locked.waitFor({ timeout: 15_000 });
      await screenshot('tree-update-selected-result');
      await page.keyboard.press('Escape');
    } finally {
      await lock.release();
    }
    assert.equal(String((await demo.defects.get(ids[1])).priority ?? ''), original.get(ids[1]), 'the defect bob held is unchanged');
    for (const id of [ids[0], ids[2]]) assert.equal((await demo.defects.get(id)).priority, '5-Urgent', `defect ${id}`);
  });
});
