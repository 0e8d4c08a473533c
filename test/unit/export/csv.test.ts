// RFC 4180 quoting: a field is quoted only when it holds a comma, a double quote, CR or LF, its
// quotes doubled; records end with CRLF. A small reader written here from the RFC's grammar reads
// back what was written, for text with every special character.
import * as assert from 'node:assert/strict';
import { csvField, csvRecord } from '../../../src/export/csv';
import { asExportRequest, suggestedFileName } from '../../../src/export/request';
import { readCsv } from '../../support/csv';

describe('export: CSV as RFC 4180 writes it', () => {
  it('quotes only the fields that need it, doubling quotes', () => {
    assert.equal(csvField('plain text'), 'plain text');
    assert.equal(csvField(''), '');
    assert.equal(csvField('a,b'), '"a,b"');
    assert.equal(csvField('say "hi"'), '"say ""hi"""');
    assert.equal(csvField('two\r\nlines'), '"two\r\nlines"');
    assert.equal(csvField('line\nfeed'), '"line\nfeed"');
    assert.equal(csvField('Ünïcödé 日本'), 'Ünïcödé 日本');
    assert.equal(csvRecord(['1', 'a,b', '']), '1,"a,b",\r\n');
  });

  it('reads back exactly what it wrote, whatever the text holds', () => {
    const rows = [
      ['id', 'Summary', 'Comments'],
      ['7', 'Crash, then "hang"', 'first line\r\nsecond line\nthird'],
      ['8', '', '""'],
      ['9', ' leading and trailing ', ',,,'],
    ];
    assert.deepEqual(readCsv(rows.map((r) => csvRecord(r)).join('')), rows);
  });

  it('keeps spreadsheets from running a value as a formula when asked, leaving numbers and other text alone', () => {
    const guard = { guardFormulas: true };
    assert.equal(csvField('=HYPERLINK("http://evil.example","open")', guard), '"\'=HYPERLINK(""http://evil.example"",""open"")"');
    assert.equal(csvField('+1 crash', guard), "'+1 crash");
    assert.equal(csvField('-cmd|calc', guard), "'-cmd|calc");
    assert.equal(csvField('@SUM(A1)', guard), "'@SUM(A1)");
    assert.equal(csvField('\tindented', guard), "'\tindented");
    assert.equal(csvField('-5', guard), '-5', 'a negative number stays a number');
    assert.equal(csvField('+3.25e2', guard), '+3.25e2');
    assert.equal(csvField('a = b', guard), 'a = b');
    assert.equal(csvField('=1+1'), '=1+1', 'without the option the value is exact');
    assert.equal(csvRecord(['7', '=1+1'], guard), "7,'=1+1\r\n");
  });

  it('takes an ExportRequest as the grid sends it, and refuses anything else', () => {
    const query = { server: 'Demo', domain: 'DEFAULT', project: 'Demo', filter: { status: ['Open'] }, orderBy: [{ field: 'id', direction: 'asc' }], title: 'My Defects · Demo/DEFAULT' };
    assert.deepEqual(asExportRequest({ query, columns: ['id', 'name', 'id', ''] }), { query, columns: ['id', 'name'] });
    assert.equal(asExportRequest({ query, columns: [] }), undefined);
    assert.equal(asExportRequest({ query: { ...query, server: 3 }, columns: ['id'] }), undefined);
    assert.equal(asExportRequest(undefined), undefined);
    assert.equal(suggestedFileName('My Defects · Demo/DEFAULT'), 'My Defects - Demo-DEFAULT.csv');
    assert.equal(suggestedFileName(''), 'defects.csv');
  });
});
