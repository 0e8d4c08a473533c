// The extension in German, as a German ALM user sees it (`node scripts/e2e/run.mjs --locale de`): the
// tree's rows and what a screen reader hears of them, a defect's editor, and the grid opened from the
// command palette by its German title. VS Code's own texts stay English (no language pack can be
// installed here); everything the extension shows comes from package.nls.de.json and
// l10n/bundle.l10n.de.json.
import * as assert from 'node:assert/strict';
import { expandRow, treeRow } from '../support/almTree';
import { screenshot, ui } from '../ui/context';
import { frameWithHeader, runCommand, signInFromRow } from '../ui/editorWorkbench';
import { gridFrame, painted, pickRow } from '../ui/gridWorkbench';
import { eventually } from '../../support/eventually';

describe('locale de: the tree, the editor and the grid in German', function () {
  this.timeout(180_000);
  let firstId = 0;

  it('the tree: Fehler, Meine Fehler, Listen, and rows read aloud in German', async () => {
    const { page } = ui();
    await page.getByRole('tab', { name: 'ALM' }).click();
    await expandRow(treeRow(/^Demo/, 1));
    const signIn = treeRow(/Bei Demo anmelden/, 2);
    const domain = treeRow(/^DEFAULT/, 2);
    await signIn.or(domain).first().waitFor({ timeout: 30_000 });
    await signInFromRow(signIn, domain);
    await expandRow(domain);
    await expandRow(treeRow(/^Demo/, 3));
    await treeRow(/^Meine Fehler/, 4).waitFor({ timeout: 30_000 });
    await treeRow(/^Listen/, 4).waitFor({ timeout: 30_000 });
    await expandRow(treeRow(/^Fehler/, 4));
    const first = page.locator('.part.sidebar [role="treeitem"][aria-level="5"]').first();
    await first.waitFor({ timeout: 30_000 });
    const spoken = (await first.getAttribute('aria-label')) ?? '';
    assert.match(spoken, /^Fehler \d+: .*\. Status .*, Schweregrad .*, zugewiesen an .*\.$/);
    firstId = Number(/^Fehler (\d+):/.exec(spoken)?.[1]);
    assert.match((await treeRow(/^Fehler/, 4).getAttribute('aria-label')) ?? '', /^Fehler: \d{1,3}(\.\d{3})+ Fehler, sortiert nach ID, absteigend$/);
    // Counts group their digits as German does (1.000), not as English (1,000).
    assert.match(await treeRow(/^Fehler/, 4).innerText(), /^Fehler\s*\d{1,3}(\.\d{3})+ · /);
    await screenshot('locale-de-tree');
  });

  it('the editor: header, buttons and sections in German', async () => {
    const { page } = ui();
    await page.locator('.part.sidebar [role="treeitem"][aria-level="5"]').first().click();
    const editor = await frameWithHeader(`the editor of Fehler ${firstId}`, (text) => text.startsWith(`Fehler ${firstId} ·`), 60_000);
    await eventually('the defect shown read-only', async () => (await editor.locator('body').getAttribute('data-phase')) === 'read-only', 60_000);
    await editor.getByRole('button', { name: 'Bearbeiten', exact: true }).waitFor({ timeout: 15_000 });
    await editor.getByText('Beschreibung und Kommentare').first().waitFor({ timeout: 15_000 });
    await editor.getByText('Verknüpfungen').first().waitFor({ timeout: 15_000 });
    await screenshot('locale-de-editor');
    await runCommand('View: Close All Editors');
  });

  it('the grid: opened by its German command title, with German toolbar', async () => {
    const { page } = ui();
    await runCommand('ALM: Als Tabelle öffnen');
    const which = page.locator('.quick-input-widget', { hasText: 'Welche Fehler von' });
    const project = page.locator('.quick-input-widget', { hasText: 'Die Fehler welches Projekts als Tabelle öffnen?' });
    await which.or(project).first().waitFor({ timeout: 15_000 });
    if (await project.isVisible()) await pickRow('Demo');
    await which.waitFor({ timeout: 15_000 });
    await pickRow('Fehler');
    const grid = await gridFrame();
    await painted(grid, { row: 0 });
    await grid.getByRole('button', { name: 'Ausgewählte aktualisieren…' }).waitFor({ timeout: 15_000 });
    await grid.getByRole('button', { name: 'Spalten…' }).waitFor({ timeout: 15_000 });
    await screenshot('locale-de-grid');
    await runCommand('View: Close All Editors');
  });
});
