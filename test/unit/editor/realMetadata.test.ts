// The form against field metadata as a live 26.1 sends it (test/fixtures/alm26_1.ts): before issue
// 25 every field of such a server was a String, none required, no list had its values.
import { strict as assert } from 'node:assert';
import { parseCoreFields, parseCoreLists } from '../../../src/api/dialect/coreMetadata';
import { validateEdits } from '../../../src/api/validation';
import { buildFieldViews } from '../../../src/editor/controller/fieldViews';
import { FIELDS_26_1, USED_LISTS_26_1 } from '../../fixtures/alm26_1';
import { catalogOf, fieldMeta } from '../../support/fieldMeta';

describe('editor: field views of a 26.1 server', () => {
  const catalog = parseCoreFields('defects', FIELDS_26_1);
  const lists = parseCoreLists(USED_LISTS_26_1);
  const views = new Map(buildFieldViews(catalog, lists, ['alice', 'bob']).map((v) => [v.name, v]));

  it('shows list fields with their values, required marks and length limits', () => {
    const status = views.get('status');
    assert.equal(status?.input, 'list');
    assert.deepEqual(
      status?.options?.map((o) => o.value),
      ['Closed', 'Fixed', 'New', 'Open', 'Rejected', 'Reopen'],
    );
    assert.equal(views.get('severity')?.required, true);
    assert.equal(views.get('severity')?.options?.length, 5);
    assert.equal(views.get('name')?.maxLength, 255);
    assert.equal(views.get('owner')?.input, 'user');
    assert.equal(views.get('dev-comments')?.input, 'memo');
  });

  it('marks inactive and web-UI-hidden fields hidden, and non-editable ones read-only', () => {
    assert.equal(views.get('user-09')?.hidden, true);
    assert.equal(views.get('request-server')?.hidden, true);
    assert.equal(views.get('status')?.hidden, undefined);
    assert.equal(views.get('id')?.readOnly, true);
    assert.equal(views.get('name')?.readOnly, false);
  });

  it('keeps system fields a person does not read (version stamp, change flags, request fields) under Show all fields', () => {
    const system = buildFieldViews(
      catalogOf([fieldMeta('name'), fieldMeta('ver-stamp', { dataType: { name: 'Integer', multiple: false } }), fieldMeta('has-change'), fieldMeta('request-type'), fieldMeta('attachment')]),
      lists,
    );
    assert.deepEqual(
      system.map((v) => [v.name, v.hidden === true]),
      [
        ['name', false],
        ['ver-stamp', true],
        ['has-change', true],
        ['request-type', true],
        ['attachment', true],
      ],
    );
  });

  it('refuses an invalid value before saving', () => {
    const problems = validateEdits({ status: 'Triaged', name: 'x'.repeat(256), severity: '' }, catalog, lists);
    assert.deepEqual(problems.map((p) => [p.field, p.code]).sort(), [
      ['name', 'max-length'],
      ['severity', 'required'],
      ['status', 'not-in-list'],
    ]);
  });
});
