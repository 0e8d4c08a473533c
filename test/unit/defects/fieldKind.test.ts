// One classification of a field from its metadata (issue 39): every feature asks fieldKind, so a
// memo, a user field or a release reference is recognised alike by the editor, bulk, grid, chat and CSV.
import assert from 'node:assert/strict';
import type { FieldMeta } from '../../../src/api';
import { fieldKind } from '../../../src/defects/fieldKind';
import { bulkFields } from '../../../src/bulk/fields';
import { buildFieldViews } from '../../../src/editor/controller/fieldViews';
import { groupableFields } from '../../../src/grid/controller/grouping';
import { catalogOf, fieldMeta } from '../../support/fieldMeta';
import { Lists } from '../../../src/api/listItems';
import { ValueTyper } from '../../../src/api/dialect/coreValues';
import { validateEdits } from '../../../src/api/validation';

const t = (name: FieldMeta['dataType']['name'], extra: Partial<FieldMeta['dataType']> = {}): FieldMeta['dataType'] => ({ name, multiple: false, ...extra });

/** A field of each kind, as ALM 12.x `$metadata/fields` and 26.1 Core metadata describe them. */
const FIELDS: [FieldMeta, string][] = [
  [fieldMeta('description', { dataType: t('Memo'), sanitization: 'HTML' }), 'memo'],
  // A memo a server marks only by its output sanitization.
  [fieldMeta('user-09', { dataType: t('String'), sanitization: 'HTML' }), 'memo'],
  [fieldMeta('closing-date', { dataType: t('Date') }), 'date'],
  [fieldMeta('last-modified', { dataType: t('String') }), 'date'],
  [fieldMeta('user-04', { dataType: t('Float') }), 'number'],
  [fieldMeta('estimated-fix-time', { dataType: t('Integer') }), 'number'],
  [fieldMeta('run-reference', { dataType: t('Integer') }), 'text'],
  // 26.1's `subject`: a number bound to the folder list still holds a number.
  [fieldMeta('subject', { dataType: t('Float', { source: { kind: 'list', listId: 2 } }) }), 'number'],
  [fieldMeta('owner', { dataType: t('Reference', { source: { kind: 'resource', collection: 'user' } }) }), 'user'],
  [fieldMeta('user-08', { dataType: t('String', { source: { kind: 'resource', collection: 'users' } }) }), 'user'],
  // A user field whose metadata names no source is still known by its name.
  [fieldMeta('detected-by', { dataType: t('Reference') }), 'user'],
  [fieldMeta('status', { dataType: t('Reference By Value', { source: { kind: 'list', listId: 222 } }) }), 'list'],
  [fieldMeta('user-02', { dataType: t('Reference By Value', { multiple: true, source: { kind: 'list', listId: 1002 } }) }), 'multi-list'],
  [fieldMeta('target-rel', { dataType: t('Reference', { source: { kind: 'resource', collection: 'releases' } }) }), 'release'],
  [fieldMeta('user-07', { dataType: t('Reference', { source: { kind: 'resource', collection: 'release_cycles' } }) }), 'cycle'],
  [fieldMeta('environment', { dataType: t('Reference', { source: { kind: 'resource', collection: 'environments' } }) }), 'reference'],
  [fieldMeta('has-linkage', { dataType: t('String') }), 'flag'],
  [fieldMeta('name', { dataType: t('String') }), 'text'],
  // Metadata wins over a well-known name: a text field called description is text.
  [fieldMeta('description', { dataType: t('String') }), 'text'],
];

describe('fieldKind: one classification of a field', () => {
  for (const [meta, kind] of FIELDS) {
    it(`${meta.name} (${meta.dataType.name}${meta.dataType.source ? `, ${meta.dataType.source.kind}` : ''}) is ${kind}`, () => {
      assert.equal(fieldKind(meta.name, meta), kind);
    });
  }

  it('knows the well-known fields by name when there is no metadata', () => {
    assert.equal(fieldKind('description'), 'memo');
    assert.equal(fieldKind('owner'), 'user');
    assert.equal(fieldKind('target-rcyc'), 'cycle');
    assert.equal(fieldKind('creation-time'), 'date');
    assert.equal(fieldKind('attachment'), 'flag');
    assert.equal(fieldKind('status'), 'text');
  });

  it('the editor, bulk update and grid grouping agree on memos and user fields', () => {
    const memoByOutput = fieldMeta('user-09', { dataType: t('String'), sanitization: 'HTML' });
    const userByString = fieldMeta('user-08', { dataType: t('String', { source: { kind: 'resource', collection: 'users' } }) });
    const catalog = catalogOf([memoByOutput, userByString]);
    const views = buildFieldViews(catalog, new Lists([]), ['alice']);
    // Before issue 39 the editor took a field marked only by HTML sanitization for text, and a user
    // source on a String for text, while bulk and chat called them memo and user.
    assert.equal(views.find((v) => v.name === 'user-09')?.input, 'memo');
    assert.equal(views.find((v) => v.name === 'user-08')?.input, 'user');
    assert.deepEqual(
      bulkFields(catalog).map((f) => [f.meta.name, f.kind]),
      [['user-08', 'user']],
      'bulk leaves the memo out and offers the user field as users',
    );
    assert.deepEqual(
      groupableFields(catalog).map((f) => f.name),
      ['user-08'],
    );
  });

  it('the client types and checks as users exactly the resource fields the field kind calls users', () => {
    // The client (below src/defects) asks isUserCollection, as fieldKind does: a user field travels as
    // a login name, every other resource reference as {id, type}.
    for (const collection of ['user', 'users', 'releases', 'release-cycles', 'environments']) {
      const meta = fieldMeta('user-10', { dataType: t('Reference', { source: { kind: 'resource', collection } }) });
      const isUser = fieldKind(meta.name, meta) === 'user';
      const typed = new ValueTyper(catalogOf([meta])).type({ 'user-10': '42' })['user-10'];
      assert.equal(typeof typed === 'string', isUser, `${collection}: the value typer`);
      const problems = validateEdits({ 'user-10': 'alice' }, catalogOf([meta]), new Lists([]));
      assert.equal(problems.length === 0, isUser, `${collection}: validation takes a login name`);
    }
  });

  it('a reference the editor sends carries the entity type the client types it with', () => {
    // Before, the editor named an unknown collection's type by the collection (`requirements`), the
    // value typer in the singular (`requirement`).
    for (const collection of ['environments', 'environment', 'requirements', 'test-sets']) {
      const meta = fieldMeta('user-11', { dataType: t('Reference', { source: { kind: 'resource', collection } }) });
      const view = buildFieldViews(catalogOf([meta]), new Lists([]), []).find((v) => v.name === 'user-11');
      assert.equal(view?.input, 'resource', collection);
      const typed = new ValueTyper(catalogOf([meta])).type({ 'user-11': '42' })['user-11'] as { type: string };
      assert.equal(view?.resourceType, typed.type, collection);
    }
  });
});
