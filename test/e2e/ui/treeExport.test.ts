// Export to CSV from the ALM tree (issue 31), as a user does it: "Export to CSV…" in the context menu
// of the Demo project's My Defects row, the file named in VS Code's own save dialog. The file holds
// that row's whole result (every defect alice owns, not only the rows the tree loaded) with the
// columns the project's grid shows, checked against the server.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { almClientAs } from '../support/almClientAs';
import type { Defect } from '../../../src/api/index';
import { readCsv } from '../../support/csv';
import { openDemoProject, treeRow } from '../support/almTree';
import { screenshot, ui } from './context';
import { runCommand } from './editorWorkbench';
import { eventually } from '../../support/eventually';
import { chooseFromContextMenu } from '../support/contextMenu';

/** The Demo project's row expanded, its Defects row folded so My Defects shows. */
async function openDemoProjectWithDefectsFolded(): Promise<void> {
  await openDemoProject();
  const defects = treeRow(/^Defects/, 4);
  await defects.waitFor({ timeout: 30_000 });
  if ((await defects.getAttribute('aria-expanded')) === 'true') await defects.locator('.monaco-tl-twistie').click();
  await treeRow(/^My Defects/, 4).waitFor({ timeout: 30_000 });
}

describe('ui: Export to CSV from a tree row', function () {
  this.timeout(180_000);
  let folder: string;

  before(() => {
    folder = mkdtempSync(join(tmpdir(), 'alm-ui-csv-'));
  });

  after(async () => {
    rmSync(folder, { recursive: true, force: true });
    await runCommand('Notifications: Hide Notifications').catch(() => undefined);
  });

  it("writes My Defects' whole result with the grid's columns to the file named in VS Code's save dialog", async () => {
    const { page, almServer } = ui();
    await openDemoProjectWithDefectsFolded();
    const target = join(folder, 'my-defects.csv');
    await chooseFromContextMenu(treeRow(/^My Defects/, 4), /Export to CSV/);
    // VS Code's own save dialog (a path box in the browser workbench): once it has filled in its
    // start path, type the file's path and press Enter.
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ timeout: 15_000 });
    let last = '';
    await eventually('the save dialog to settle on its path', async () => {
      const value = await input.inputValue();
      const settled = value !== '' && value === last;
      last = value;
      return settled;
    });
    // The dialog may still put its own suggestion in after that: type ours until it stays.
    await eventually('the save dialog to hold the typed path', async () => {
      if ((await input.inputValue()) === target) return true;
      await input.fill(target);
      return false;
    });
    await input.press('Enter');
    await eventually('the CSV file', async () => existsSync(target), 60_000);
    await screenshot('tree-export-csv');
    const b = almServer.users[1];
    const bob = almClientAs(almServer, b);
    try {
      const demo = bob.project('DEFAULT', 'Demo');
      const mine: Defect[] = [];
      for await (const d of demo.defects.query({ filter: { owner: 'alice' }, fields: ['id', 'name'], pageSize: 1000 })) mine.push(d);
      const [header, ...records] = readCsv(readFileSync(target, 'utf8').replace(/^\uFEFF/, ''));
      const fields = await demo.fields('defects');
      // The grid's columns for the project (the defaults, or what earlier tests chose for it).
      for (const field of ['id', 'name', 'status', 'owner']) assert.ok(header.includes(fields.get(field)?.label ?? field), `${field} is a column: ${header.join(', ')}`);
      assert.equal(records.length, mine.length, 'every defect alice owns');
      const idCol = header.indexOf(fields.get('id')?.label ?? 'id');
      const nameCol = header.indexOf(fields.get('name')?.label ?? 'name');
      const names = new Map(records.map((r) => [Number(r[idCol]), r[nameCol]]));
      for (const d of mine) assert.equal(names.get(d.id), String(d.name), `defect ${d.id}`);
    } finally {
      await bob.dispose();
    }
  });
});
