// A likely duplicate used instead of a new defect, in the real workbench: the New Defect form lists
// an existing defect whose summary it shares, "Use instead…" offers VS Code's pick, and "Add a
// Comment … Instead" stores the report in that defect's comments (under its lock, which is given
// back), creates no defect, closes the form and opens the duplicate.
import * as assert from 'node:assert/strict';
import { signIn } from '../environment';
import { serverDefect, serverLocksOn, serverTotal, updateServerDefect } from '../oracle';
import { text } from '../../support/text';
import { screenshot, ui } from './context';
import { answer, editorTab, newDefectFrame, runCommand, signInIfNeeded } from './editorWorkbench';
import { eventually } from '../../support/eventually';

const DUPLICATE = 57;
const SUMMARY = 'Quokka ledger rounding drift';

describe('ui: a likely duplicate takes the report as a comment instead', function () {
  this.timeout(180_000);
  let cookie = '';
  let originalName = '';

  before(async () => {
    await signInIfNeeded();
    cookie = await signIn(ui().almServer, ui().almServer.users[1]);
    originalName = String((await serverDefect(ui().almServer, cookie, DUPLICATE)).name);
    // A summary no other defect shares, so the form lists this one.
    await updateServerDefect(ui().almServer, cookie, DUPLICATE, { name: SUMMARY });
  });

  after(async () => {
    await updateServerDefect(ui().almServer, cookie, DUPLICATE, { name: originalName });
    await ui().page.keyboard.press('Escape');
    await runCommand('View: Close All Editors');
  });

  it('lists the duplicate, and "Add a Comment … Instead" comments there and creates nothing', async () => {
    const { almServer, page } = ui();
    const total = await serverTotal(almServer, cookie);
    await runCommand('ALM: New Defect…');
    const demo = page.locator('.quick-input-widget .monaco-list-row', { hasText: /Demo/ }).first();
    // With several projects a pick comes first.
    if (await demo.isVisible({ timeout: 3_000 }).catch(() => false)) await demo.click();
    const frame = await newDefectFrame();
    await eventually('the form to be editable', async () => (await frame.locator('body').getAttribute('data-phase')) === 'editing');
    await frame.locator('[data-field="name"] vscode-text-field input').fill(`${SUMMARY} again`);
    const use = frame.locator(`.duplicates button.duplicate-use[data-id="${DUPLICATE}"]`);
    await use.waitFor({ timeout: 30_000 });
    await screenshot('report-duplicate-listed');
    await use.click();
    await page.locator('.quick-input-widget', { hasText: `${DUPLICATE}: ${SUMMARY}` }).waitFor({ timeout: 15_000 });
    await answer('Add a Comment');

    const comments = await eventually('the comment on the duplicate', async () => {
      const stored = text((await serverDefect(almServer, cookie, DUPLICATE))['dev-comments']);
      return stored.includes(`${SUMMARY} again`) ? stored : undefined;
    });
    assert.match(comments, /<b>alice, \d{4}-\d{2}-\d{2}:<\/b> Quokka ledger rounding drift again/);
    // The lock is given back right after the write that stored the comment: wait for that request too.
    await eventually('the lock taken for the comment to be given back', async () => (await serverLocksOn(almServer, cookie, DUPLICATE)).length === 0);
    assert.equal(await serverTotal(almServer, cookie), total, 'no defect was created');
    await editorTab(DUPLICATE).waitFor({ timeout: 30_000 });
    await eventually('the New Defect form to close', async () => (await page.locator('.tabs-container .tab', { hasText: 'New Defect' }).count()) === 0);
  });
});
