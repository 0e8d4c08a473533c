// Update Selected and Export to CSV in a real VS Code, through their commands. Update Selected is
// run with the arguments the tree passes with multi-select (the clicked row, then the selected
// rows); bob, with his own client, holds one defect's lock: it is reported as locked by bob and not
// overwritten, the others are written, and the retry the result offers updates it once bob is done.
// Export to CSV is run with an ExportRequest as the grid sends it; the file's bytes are checked
// against what the server holds.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { Defect } from '../../../src/api/index';
import type { BulkReport } from '../../../src/bulk/updateSelected';
import type { ResultRow } from '../../../src/bulk/prompts';
import type { ExportResult } from '../../../src/export/register';
import { readCsv } from '../../support/csv';
import { DEMO, onDemoAsAlice, usePrompts } from './support';

/** A tree row as VS Code hands it to a command: the defect it shows, as `ref`. */
const row = (id: number) => ({ ref: { ...DEMO, id } });

describe('bulk update and CSV export', function () {
  this.timeout(120_000);
  const demo = onDemoAsAlice({ defaultProject: false });
  let defects: Defect[];
  let dir: string;

  before(async () => {
    const lists = await demo.bobDemo.listItems();
    const severity = lists.valuesOf(((await demo.bobDemo.fields('defects')).get('severity')?.dataType.source as { listId: number }).listId)[0];
    defects = [];
    for (let i = 0; i < 4; i++) {
      defects.push(await demo.bobDemo.defects.create({ name: `Bulk e2e ${i}, "quoted"`, 'detected-by': 'bob', 'creation-time': '2026-01-05', severity, priority: '1-Low' }));
    }
    dir = mkdtempSync(join(tmpdir(), 'alm-e2e-csv-'));
  });

  after(async () => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('Update Selected on several tree rows: the one bob holds is reported and not overwritten; the retry updates it', async () => {
    const held = defects[1];
    const bobsLock = await demo.bobDemo.locks.acquire({ type: 'defect', id: held.id });
    const shown: { title: string; lines: readonly string[] }[] = [];
    const results: { summary: string; rows: readonly ResultRow[] }[] = [];
    const prompts = usePrompts({
      bulk: {
        chooseChanges: async (offer) => {
          assert.equal(offer.count, 4);
          const priority = offer.fields.find((f) => f.meta.name === 'priority');
          assert.ok(priority, 'Priority is offered');
          assert.ok(offer.choices(priority)?.some((c) => c.value === '4-Very High'));
          return [{ field: 'priority', value: '4-Very High' }];
        },
        confirm: async (title, lines) => {
          shown.push({ title, lines });
          return true;
        },
        showResult: async (summary, rows) => {
          results.push({ summary, rows });
          if (results.length > 1) return [];
          // The user reads "locked by bob", bob finishes, and the user retries the failed one.
          await bobsLock.release();
          return rows.filter((r) => r.failed).map((r) => r.id);
        },
      },
    });
    let report: BulkReport | undefined;
    try {
      const rows = defects.map((d) => row(d.id));
      report = await vscode.commands.executeCommand<BulkReport | undefined>('almDefects.updateSelected', rows[0], rows);
    } finally {
      prompts.dispose();
      await bobsLock.release();
    }
    assert.deepEqual(shown, [{ title: 'Update 4 defects?', lines: ['Priority: 4-Very High'] }]);
    // The first result: bob's defect skipped and named, the others updated.
    const first = results[0];
    assert.equal(first.summary, 'Update Selected: 3 updated, 1 skipped');
    assert.deepEqual(
      first.rows.map((r) => [r.id, r.text]),
      defects.map((d) => [d.id, d === held ? 'skipped: locked by bob' : 'updated']),
    );
    // The retry took only bob's defect, and it is updated now.
    assert.equal(results.length, 2);
    assert.equal(results[1].summary, 'Update Selected: 4 updated');
    assert.ok(report);
    assert.deepEqual(
      report.outcomes.map((o) => [o.id, o.outcome]),
      defects.map((d) => [d.id, 'updated']),
    );
    for (const d of defects) assert.equal((await demo.bobDemo.defects.get(d.id)).priority, '4-Very High', `defect ${d.id} on the server`);
  });

  it('Update Selected never overwrites a defect bob holds, even when the user does not retry', async () => {
    const held = defects[3];
    const bobsLock = await demo.bobDemo.locks.acquire({ type: 'defect', id: held.id });
    const prompts = usePrompts({
      bulk: {
        chooseChanges: async () => [{ field: 'priority', value: '2-Medium' }],
        confirm: async () => true,
        showResult: async () => [],
      },
    });
    try {
      const report = await vscode.commands.executeCommand<BulkReport | undefined>('almDefects.updateSelected', {
        defects: [
          { ...DEMO, id: defects[2].id },
          { ...DEMO, id: held.id },
        ],
      });
      assert.deepEqual(
        report?.outcomes.map((o) => [o.id, o.text]),
        [
          [defects[2].id, 'updated'],
          [held.id, 'skipped: locked by bob'],
        ],
      );
    } finally {
      prompts.dispose();
      await bobsLock.release();
    }
    assert.equal((await demo.bobDemo.defects.get(held.id)).priority, '4-Very High');
    assert.equal((await demo.bobDemo.defects.get(defects[2].id)).priority, '2-Medium');
  });

  it('Export to CSV writes the whole result of an ExportRequest: BOM, labels, RFC 4180 quoting, the server values', async () => {
    const path = join(dir, 'bulk.csv');
    const prompts = usePrompts({ export: { saveTarget: async () => path } });
    let result: ExportResult | undefined;
    try {
      result = await vscode.commands.executeCommand<ExportResult | undefined>('almDefects.exportCsv', {
        query: { ...DEMO, filter: { id: defects.map((d) => d.id) }, orderBy: [{ field: 'id', direction: 'asc' }], title: 'Bulk e2e' },
        columns: ['id', 'name', 'priority'],
      });
    } finally {
      prompts.dispose();
    }
    assert.equal(result?.rows, 4);
    const expected = [
      '\uFEFFDefect ID,Summary,Priority',
      ...(await Promise.all(defects.map((d) => demo.bobDemo.defects.get(d.id)))).map((d) => `${d.id},"${String(d.name).replace(/"/g, '""')}",${String(d.priority)}`),
      '',
    ].join('\r\n');
    assert.equal(readFileSync(path, 'utf8'), expected);
  });

  it("Export to CSV from the tree's menu on a project's My Defects: that whole result with the grid's default columns", async () => {
    const path = join(dir, 'mine.csv');
    const prompts = usePrompts({ export: { saveTarget: async () => path } });
    let result: ExportResult | undefined;
    try {
      // The argument "Open as Grid" takes too: a project and its list, as the tree's nodes stand for.
      result = await vscode.commands.executeCommand<ExportResult | undefined>('almDefects.exportCsv', { ...DEMO, list: 'mine' });
    } finally {
      prompts.dispose();
    }
    const [header, ...records] = readCsv(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''));
    const fields = await demo.bobDemo.fields('defects');
    const columns = ['id', 'name', 'status', 'severity', 'priority', 'owner', 'detected-by', 'creation-time', 'last-modified'];
    assert.deepEqual(
      header,
      columns.map((c) => fields.get(c)?.label ?? c),
    );
    const mine: Defect[] = [];
    for await (const d of demo.bobDemo.defects.query({ filter: { owner: 'alice' }, fields: ['id', 'status', 'name'], pageSize: 1000 })) mine.push(d);
    assert.ok(mine.length > 0, 'alice owns defects');
    assert.equal(result?.rows, mine.length);
    assert.equal(records.length, mine.length);
    const byId = new Map(records.map((r) => [Number(r[0]), r]));
    for (const d of mine) {
      const record = byId.get(d.id);
      assert.ok(record, `defect ${d.id} is in the file`);
      assert.equal(record[1], String(d.name), `summary of ${d.id}`);
      assert.equal(record[2], String(d.status), `status of ${d.id}`);
    }
  });

  it('Export to CSV writes every defect of the result, in its order', async () => {
    const path = join(dir, 'all.csv');
    const prompts = usePrompts({ export: { saveTarget: async () => path } });
    let result: ExportResult | undefined;
    try {
      result = await vscode.commands.executeCommand<ExportResult | undefined>('almDefects.exportCsv', {
        query: { ...DEMO, filter: {}, orderBy: [{ field: 'id', direction: 'desc' }], title: 'All' },
        columns: ['id'],
      });
    } finally {
      prompts.dispose();
    }
    const ids = readFileSync(path, 'utf8').replace('\uFEFF', '').split('\r\n').slice(1, -1).map(Number);
    const total = (await demo.bobDemo.defects.page({ fields: ['id'], pageSize: 1 })).total;
    assert.equal(result?.rows, total);
    assert.equal(ids.length, total);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => b - a),
    );
  });
});
