// CSV export of a large result against the emulator (Core tree, as current servers offer): every
// defect of the query in the file, byte for byte what RFC 4180 and the views' value texts make of
// the server's data (checked against an encoder written here and a read of the same query), with a
// summary full of commas, quotes and line breaks among them.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AlmClient, ProjectApi } from '../../../src/api/index';
import { isEmptyValue } from '../../../src/api/index';
import { fieldText, usersByName } from '../../../src/defects/fieldText';
import { writeCsv } from '../../../src/export/writer';
import { clientFor, createDefect, startApiTestServer } from '../api/harness';
import type { TestServer } from '../api/harness';

const DEFECTS = 3000;
const COLUMNS = ['id', 'name', 'status', 'severity', 'owner', 'detected-by', 'creation-time', 'description'];

/** RFC 4180, written again here as the oracle. */
const encode = (s: string): string => (/[",\r\n]/.test(s) ? `"${s.split('"').join('""')}"` : s);

describe('CSV export against the emulator', function () {
  this.timeout(120_000);
  let server: TestServer;
  let alice: AlmClient;
  let p: ProjectApi;
  let dir: string;

  before(async () => {
    server = await startApiTestServer({ defects: DEFECTS });
    alice = clientFor(server.baseUrl, 'alice', { dialect: 'rest' }).client;
    p = alice.project('DEFAULT', 'Demo');
    await createDefect(p, 'Crash, then "hang"\non save', { description: '<html><body><p>Steps:</p><p>1, open; 2, "save"</p></body></html>' });
    dir = mkdtempSync(join(tmpdir(), 'alm-csv-it-'));
  });
  after(async () => {
    await alice.dispose();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the whole result, byte for byte, header from the labels', async () => {
    const path = join(dir, 'all.csv');
    const query = { server: 'Demo', domain: 'DEFAULT', project: 'Demo', filter: {}, orderBy: [{ field: 'id', direction: 'asc' as const }], title: 'Defects' };
    const [fields, users] = await Promise.all([p.fields('defects'), p.users()]);
    const names = { users: usersByName(users.users), locale: 'en-US' };
    const result = await writeCsv(p, { query, columns: COLUMNS, path, bom: true, names, pageSize: 700 });

    // The oracle: the same query read in one walk, each value as the views read it, encoded here.
    let expected = '\uFEFF' + COLUMNS.map((c) => encode(fields.get(c)?.label ?? c)).join(',') + '\r\n';
    let count = 0;
    for await (const d of p.defects.query({ fields: COLUMNS, orderBy: ['id'], pageSize: 2000 })) {
      // An empty value is an empty cell (the views' "—" would read as a value in a spreadsheet).
      expected += COLUMNS.map((c) => encode(isEmptyValue(d[c]) ? '' : fieldText(c, d[c], names, fields.get(c)))).join(',') + '\r\n';
      count++;
    }
    const written = readFileSync(path);
    assert.equal(count, DEFECTS + 1);
    assert.equal(result.rows, count);
    assert.equal(result.bytes, written.length);
    assert.ok(written.equals(Buffer.from(expected, 'utf8')), 'the file is byte for byte the expected CSV');
    // The labels, and the tricky row as a spreadsheet reads it.
    assert.ok(written.toString('utf8').startsWith('\uFEFFDefect ID,Summary,Status,Severity,Assigned To,Detected By,Detected on Date,Description\r\n'));
    assert.ok(written.toString('utf8').includes('"Crash, then ""hang""\non save"'));
    assert.ok(written.toString('utf8').includes('Steps: 1, open; 2, "save"'.replace(/"/g, '""')));
  });
});
