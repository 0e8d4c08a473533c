// Page-side views of the developer workflow, with screenshots for reviewers (test-results/ui): the
// hover of a defect reference in a source file, the defect completion in the Source Control commit
// box, and a defect editor that reloaded itself after bob changed the defect.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { signIn } from '../environment';
import { updateServerDefect } from '../oracle';
import { screenshot, ui } from './context';
import { closeEditorsAndShowExplorer, editorFrame, openDefect, runCommand, signInIfNeeded } from './editorWorkbench';
import { replaceFileAtOnce } from '../support/settingsFile';
import { eventually } from '../../support/eventually';

const RELOADED = 71;

function settingsFile(): string {
  return join(ui().workspaceFolder, '.vscode', 'settings.json');
}

/** Changes workspace settings for the rest of the file; returns a function that restores them. */
function withSettings(changes: Record<string, unknown>): () => void {
  const original = readFileSync(settingsFile(), 'utf8');
  replaceFileAtOnce(settingsFile(), JSON.stringify({ ...(JSON.parse(original) as object), ...changes }, null, 2));
  return () => replaceFileAtOnce(settingsFile(), original);
}

/** Bob's change of a defect through the REST API (another user, another session). */
async function changeAsBob(id: number, fields: Record<string, string>): Promise<void> {
  const { almServer } = ui();
  await updateServerDefect(almServer, await signIn(almServer, almServer.users[1]), id, fields);
}

describe('ui: workflow: defects where developers work', function () {
  this.timeout(180_000);
  let restore: (() => void) | undefined;

  before(async () => {
    await signInIfNeeded();
    // A repository one level down, where Git's scan finds it once this file turns Git on (the
    // launcher turns it off), with a short refresh interval, for this file only.
    const repo = join(ui().workspaceFolder, 'ui-repo');
    mkdirSync(repo, { recursive: true });
    writeFileSync(join(repo, 'app.js'), 'console.log(1);\n');
    execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: repo });
    restore = withSettings({ 'git.enabled': true, 'almDefects.refreshInterval': 2 });
  });

  after(async () => {
    restore?.();
    await closeEditorsAndShowExplorer();
    rmSync(join(ui().workspaceFolder, 'ui-repo'), { recursive: true, force: true });
  });

  it('shows a hover with the defect over a reference in a source file', async () => {
    const { page, workspaceFolder } = ui();
    writeFileSync(join(workspaceFolder, 'checkout.ts'), '// The total ignores the discount: see defect 42.\nexport const total = 0;\n');
    const reference = page.locator('.monaco-editor .view-line span', { hasText: 'defect 42' }).first();
    // Quick Open finds a file written a moment ago once its search has caught up: pick the row, retrying.
    await eventually(
      'checkout.ts open in an editor',
      async () => {
        if (await reference.isVisible().catch(() => false)) return true;
        await runCommand('Go to File...');
        const input = page.locator('.quick-input-widget input');
        await input.fill('checkout.ts');
        const row = page.locator('.quick-input-widget .monaco-list-row', { hasText: 'checkout.ts' }).first();
        if (
          await row.waitFor({ timeout: 5000 }).then(
            () => true,
            () => false,
          )
        )
          await row.click();
        else await page.keyboard.press('Escape');
        return reference.waitFor({ timeout: 5000 }).then(
          () => true,
          () => false,
        );
      },
      60_000,
    );
    const hover = page.locator('.monaco-hover', { hasText: 'Defect 42' });
    await eventually('the hover of defect 42', async () => {
      const box = await reference.boundingBox();
      if (!box) return false;
      await page.mouse.move(box.x + box.width - 12, box.y + box.height / 2);
      return hover.isVisible({ timeout: 3000 }).catch(() => false);
    });
    const text = await eventually('the defect in the hover', async () => {
      const shown = await hover.innerText();
      return /Status: /.test(shown) && shown;
    });
    assert.match(text, /Status: .* · Severity: .* · Assigned to: /);
    assert.match(text, /Open · Copy Link/);
    await screenshot('workflow-hover');
  });

  it("completes the commit message in Source Control with the user's defects", async () => {
    const { page } = ui();
    const input = page.locator('.scm-editor .monaco-editor').first();
    await eventually(
      'the commit message box',
      async () => {
        if (await input.isVisible().catch(() => false)) return true;
        await page.keyboard.press('Escape');
        await page.keyboard.press('Control+Shift+G');
        // The view opens after the key, or not at all when a webview kept the key: then press again.
        return input.waitFor({ state: 'visible', timeout: 5_000 }).then(
          () => true,
          () => false,
        );
      },
      60_000,
    );
    await input.click();
    await page.keyboard.type('Fix ');
    const suggest = page.locator('.suggest-widget .monaco-list-row', { hasText: 'My Defects' }).first();
    await eventually('the defect completion', async () => {
      await page.keyboard.press('Control+Space');
      return suggest.isVisible({ timeout: 3000 }).catch(() => false);
    });
    await screenshot('workflow-commit-completion');
    await page.keyboard.press('Enter');
    await eventually('the reference inserted', async () => /^Fix defect \d+/.test((await input.innerText()).replace(/\u00a0/g, ' ').trim()));
    await page.keyboard.press('Escape');
  });

  it('reloads a defect editor in read mode when bob changed the defect, saying so', async () => {
    const frame = await openDefect(RELOADED);
    await eventually('read mode', async () => (await frame.locator('body').getAttribute('data-phase')) === 'read-only');
    const name = `Reloaded after bob's change ${Date.now() % 100000}`;
    await changeAsBob(RELOADED, { name });
    const current = await editorFrame(RELOADED);
    await eventually('the reloaded summary', async () => (await current.locator('.defect-name').innerText()) === name, 45_000);
    assert.match(await current.locator('.notice').first().innerText(), /Reloaded: .* changed this defect on the server \(Summary\)/);
    await screenshot('workflow-reloaded-editor');
  });
});
