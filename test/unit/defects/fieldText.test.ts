// The one text a field value reads as outside the editor (tooltip, hover, chat, grid, CSV).
import assert from 'node:assert/strict';
import type { FieldMeta, ReleaseCatalog } from '../../../src/api';
import { dateText, fieldText, usersByName } from '../../../src/defects/fieldText';
import { fieldMeta } from '../../support/fieldMeta';

const catalog: ReleaseCatalog = {
  releases: [{ id: 1002, name: 'Release 2', start: '2026-01-01', end: '2026-12-31' }],
  cycles: [{ id: 2005, name: 'Cycle 2.1', releaseId: 1002 }],
};
const users = usersByName([{ name: 'alice', fullName: 'Alice Archer' }, { name: 'bob' }]);

function meta(name: string, dataType: FieldMeta['dataType'], extra: Partial<FieldMeta> = {}): FieldMeta {
  return fieldMeta(name, { dataType, ...extra });
}

describe('fieldText: one way to read a field value', () => {
  it('names releases and cycles by id, from Core strings, /api references and plain numbers', () => {
    assert.equal(fieldText('target-rel', '1002', { releases: catalog }), 'Release 2');
    assert.equal(fieldText('target-rel', { type: 'release', id: 1002 }, { releases: catalog }), 'Release 2');
    assert.equal(fieldText('detected-in-rcyc', 2005, { releases: catalog }), 'Cycle 2.1');
    assert.equal(fieldText('target-rel', '77', { releases: catalog }), '#77', 'an unknown id stays visible as an id');
    assert.equal(fieldText('target-rel', '1002', {}), '#1002', 'without a catalog the id is shown');
  });

  it('shows users with their full names and keeps the login name', () => {
    assert.equal(fieldText('owner', 'alice', { users }), 'Alice Archer (alice)');
    assert.equal(fieldText('owner', 'bob', { users }), 'bob');
    assert.equal(fieldText('owner', 'carol', { users }), 'carol');
  });

  it('reads memo fields as one line of plain text and lists as joined values', () => {
    const memo = meta('description', { name: 'Memo', multiple: false }, { sanitization: 'HTML' });
    assert.equal(fieldText('description', '<html><body><p>First &amp; <b>second</b></p><p>line</p></body></html>', {}, memo), 'First & second line');
    assert.equal(fieldText('user-03', ['a', 'b'], {}), 'a; b');
    assert.equal(fieldText('name', null), '—');
    assert.equal(fieldText('name', undefined), '—');
    assert.equal(fieldText('estimated-fix-time', 3), '3');
  });

  it('writes dates in the locale without shifting server times into another zone', () => {
    assert.equal(dateText('2026-03-04', 'en-US'), '3/4/2026');
    assert.equal(dateText('2026-03-04', 'de-DE'), '4.3.2026');
    assert.equal(dateText('2026-03-04 23:59:58', 'en-GB'), '04/03/2026, 23:59:58');
    assert.equal(dateText('not a date', 'en-US'), 'not a date');
    const date = meta('closing-date', { name: 'Date', multiple: false });
    assert.equal(fieldText('closing-date', '2026-03-04', { locale: 'en-US' }, date), '3/4/2026');
  });
});
