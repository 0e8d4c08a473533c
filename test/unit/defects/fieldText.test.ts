// The one text a field value reads as outside the editor (tooltip, hover, chat, grid, CSV).
import assert from 'node:assert/strict';
import type { FieldMeta, ReleaseCatalog } from '../../../src/api';
import { dateText, fieldText, findNamed, projectNames, releasesNote, usersByName, usersNote } from '../../../src/defects/fieldText';
import { defectTooltip } from '../../../src/tree/model/tooltip';
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

describe('projectNames: one loader of a project’s names, one refusal rule', () => {
  const refuse = (message: string) => () => Promise.reject(new Error(message));

  it('reads users and releases, with the locale the views write dates in', async () => {
    const names = await projectNames({ users: async () => ({ users: [{ name: 'alice', fullName: 'Alice Archer' }], source: 'project' }), releases: async () => catalog }, { locale: 'de-DE' });
    assert.equal(fieldText('owner', 'alice', names), 'Alice Archer (alice)');
    assert.equal(fieldText('target-rel', '1002', names), 'Release 2');
    assert.equal(names.locale, 'de-DE');
    assert.equal(usersNote(names), undefined);
    assert.equal(releasesNote(names), undefined);
  });

  it('keeps the reason of a refusal, shows ids and login names, and says why', async () => {
    // Before issue 39 the grid, CSV and bulk dropped the reason, so no view could say why.
    const names = await projectNames({ users: refuse('HTTP 403 on users'), releases: refuse('HTTP 404 on releases') });
    assert.equal(fieldText('owner', 'alice', names), 'alice');
    assert.equal(fieldText('target-rel', '1002', names), '#1002');
    assert.match(usersNote(names) ?? '', /login name.*HTTP 403 on users/);
    assert.match(releasesNote(names) ?? '', /by id.*HTTP 404 on releases/);
    assert.match(defectTooltip({ type: 'defect', id: 1, owner: 'alice' }, names), /login name: the server did not list them \\\(HTTP 403 on users\\\)/);
  });

  it('rejects when cancelled instead of passing the cancellation off as a refusal', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(projectNames({ users: refuse('aborted'), releases: async () => catalog }, { signal: controller.signal }));
  });
});

describe('findNamed: one release and cycle resolver', () => {
  const items = [
    { id: 1, name: 'rel 2' },
    { id: 2, name: 'Rel 2' },
  ];

  it('takes an id, then the exact name, then the name ignoring case', () => {
    assert.equal(findNamed(items, '#1')?.id, 1);
    assert.equal(findNamed(items, ' 2 ')?.id, 2);
    // Before issue 39 the New Defect fill took the first name ignoring case (release 1 here).
    assert.equal(findNamed(items, 'Rel 2')?.id, 2);
    assert.equal(findNamed(items, 'REL 2')?.id, 1);
    assert.equal(findNamed(items, 'Rel 3'), undefined);
  });
});
