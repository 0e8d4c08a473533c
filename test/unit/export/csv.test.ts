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
    assert.deepEqual(readCsv(rows.map(csvRecord).join('')), rows);
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
