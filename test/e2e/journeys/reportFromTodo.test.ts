// Journey (issue 37, "report from a TODO"): a person has a TODO comment in a source file, puts the
// cursor on it, presses Ctrl+. and chooses "Report ALM Defect for this TODO…". The New Defect form
// opens with the comment as its summary; they pick a Severity and click Create. The server then has
// the defect with that summary and the file's name in its description; the notice that follows
// offers to insert the reference, and a click on Insert writes it into the TODO comment, which Ctrl+S
// saves. Keyboard and mouse only; the server and the saved file are read to check.
import * as assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { text } from '../../support/text';
import { signIn } from '../environment';
import { deleteServerDefect } from '../oracle';
import { newDefectFrame, serverDefect } from '../ui/editorWorkbench';
import { waitForPhase } from './support/defectEditorByHand';
import { closeAllEditors } from './support/gridByHand';
import { journey } from './support/journeyContext';
import { answerDialog, clearNotifications, dialog, openFileByName, quickInput, runCommand, shownNotification, signInWithApiKey } from './support/workbenchByHand';
import { eventually } from '../../support/eventually';

const FILE = 'checkout-total.ts';

describe('journey: report a defect from a TODO comment (issue 37)', function () {
  this.timeout(240_000);
  /** Defects the tries created (a failed try may have created one too). */
  const created: number[] = [];

  before(async () => {
    await signInWithApiKey();
  });

  after(async () => {
    const { page, workspaceFolder } = journey();
    for (let i = 0; i < 3 && (await quickInput().isVisible()); i++) await page.keyboard.press('Escape');
    // A failure may leave the file with the reference inserted and not saved: Close All Editors asks.
    const closed = closeAllEditors();
    if (
      await dialog()
        .filter({ hasText: /Don't Save/ })
        .waitFor({ timeout: 5_000 })
        .then(
          () => true,
          () => false,
        )
    )
      await answerDialog(/Don't Save/, "Don't Save");
    await closed;
    rmSync(join(workspaceFolder, FILE), { force: true });
    await clearNotifications();
    // The defects this journey created go again (the tree selected each new one at the top of its
    // list, where the next journeys read the first rows): deleted on the server, then the tree refreshed.
    const { journeyServer } = journey();
    const cookie = await signIn(journeyServer, journeyServer.users[0]);
    for (const id of created) assert.equal(await deleteServerDefect(journeyServer, cookie, id), 200, `defect ${id} deleted`);
    const rows = page.locator('.part.sidebar [role="treeitem"]').filter({ hasText: new RegExp(`^(${created.join('|')}): `) });
    if (created.length)
      await eventually(
        'the created defects gone from the tree',
        async () => {
          if ((await rows.count()) === 0) return true;
          await runCommand('ALM: Refresh');
          return rows
            .first()
            .waitFor({ state: 'detached', timeout: 10_000 })
            .then(
              () => rows.count().then((n) => n === 0),
              () => false,
            );
        },
        60_000,
      );
  });

  it('Ctrl+. on the TODO line, Create: the defect is on the server and the comment names it', async () => {
    const { page, workspaceFolder } = journey();
    // A summary of this try's own, so the server's defect is told from any other (and no likely duplicate is listed).
    const todo = `coupon total ignores the tax on gift cards ${Date.now().toString(36)}`;
    const file = join(workspaceFolder, FILE);
    writeFileSync(file, `export function total(items: number[]): number {\n  // TODO: ${todo}\n  return items.reduce((a, b) => a + b, 0);\n}\n`);
    const todoText = page.locator('.monaco-editor .view-line', { hasText: todo }).first();
    await openFileByName(FILE, todoText);

    // The cursor on the TODO line (a click on its text), then the light bulb's actions with Ctrl+.
    const action = page.locator('.action-widget .monaco-list-row', { hasText: 'Report ALM Defect for this TODO' }).first();
    await eventually(
      'the code actions to offer Report ALM Defect for this TODO…',
      async () => {
        if (await action.isVisible()) return true;
        // What else is open (the widget saying no action is there yet, before the file's editor took the keys) goes first.
        if (await page.locator('.action-widget').isVisible()) await page.keyboard.press('Escape');
        await todoText.click();
        await page.keyboard.press('Control+.');
        return action.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        );
      },
      60_000,
    );
    await eventually(
      'the action chosen with the arrow keys',
      async () => {
        if ((await action.getAttribute('class'))?.split(/\s+/).includes('focused')) return true;
        await page.keyboard.press('ArrowDown');
        return false;
      },
      15_000,
    );
    await page.keyboard.press('Enter');

    const form = await newDefectFrame(60_000);
    await waitForPhase(form, 'editing');
    const summary = form.locator('[data-field="name"] input').first();
    await eventually('the summary filled in from the comment', async () => (await summary.inputValue()) === todo, 30_000);
    await form.locator('[data-field="severity"] vscode-dropdown').click();
    await form.locator('[data-field="severity"] vscode-option', { hasText: '2-Medium' }).click();
    await form.getByRole('button', { name: 'Create', exact: true }).click();

    // The notice after the create names the defect and offers the reference.
    const offer = await shownNotification(/Defect \d+ created\. Insert a reference/);
    const id = Number(/Defect (\d+) created/.exec(await offer.innerText())?.[1]);
    created.push(id);
    const insert = offer.getByRole('button', { name: /^Insert "/ });
    const reference = /^Insert "(.*)"$/.exec((await insert.innerText()).trim())?.[1];
    assert.ok(reference?.includes(String(id)), `the offer's reference names defect ${id}: ${reference}`);

    const stored = await serverDefect(id);
    assert.equal(stored.name, todo, 'the server has the defect with the TODO as its summary');
    assert.equal(stored.severity, '2-Medium');
    assert.ok(text(stored.description).includes(FILE), `the description names the file: ${text(stored.description)}`);

    await insert.click();
    const withReference = `// TODO (${reference}): ${todo}`;
    const line = page.locator('.monaco-editor .view-line', { hasText: withReference }).first();
    // The reference goes into the file's editor (behind the form): its tab is shown to see it, and saved.
    await page.locator('.tabs-container .tab', { hasText: FILE }).first().click();
    await line.waitFor({ timeout: 30_000 });
    await line.click();
    await page.keyboard.press('Control+S');
    await eventually('the file saved with the reference', async () => readFileSync(file, 'utf8').includes(withReference), 30_000);
  });
});
