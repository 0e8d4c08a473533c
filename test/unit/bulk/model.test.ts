// The bulk update's model: the change as the confirmation summarises it, the per-defect result
// lines and tally, the fields offered (from metadata) with their values, and the command's arguments.
import * as assert from 'node:assert/strict';
import type { FieldMeta, ListTree } from '../../../src/api/index';
import { bulkFields, typedValue, valueChoices } from '../../../src/bulk/fields';
import { changeSummary, outcomeText, tallyText } from '../../../src/bulk/outcome';
import { catalogOf, fieldMeta } from '../../support/fieldMeta';

/** A field named `name` labelled `label`, with the defaults of test/support/fieldMeta. */
const meta = (name: string, label: string, more: Partial<FieldMeta> = {}): FieldMeta => fieldMeta(name, { label, ...more });

const lists: ListTree = {
  lists: [],
  byListId: () => undefined,
  valuesOf: (id: number) => (id === 1 ? ['New', 'Open', 'Fixed'] : []),
} as unknown as ListTree;

describe('bulk: the change, the result and the fields offered', () => {
  it('summarises the change: how many defects, then each field with its value as every view writes it', () => {
    const s = changeSummary(5, [
      { field: 'status', label: 'Status', value: 'Fixed', shown: 'Fixed' },
      { field: 'owner', label: 'Assigned To', value: 'bob', shown: 'Bob Builder (bob)' },
      { field: 'target-rel', label: 'Target Release', value: null, shown: '—' },
    ]);
    assert.equal(s.title, 'Update 5 defects?');
    assert.deepEqual(s.lines, ['Status: Fixed', 'Assigned To: Bob Builder (bob)', 'Target Release: —']);
    assert.equal(changeSummary(1, []).title, 'Update 1 defect?');
  });

  it('says per defect what happened, and tallies the run', () => {
    const outcomes = [
      { id: 1, kind: 'updated' as const, defect: { type: 'defect' as const, id: 1 } },
      { id: 2, kind: 'locked' as const, by: 'bob' },
      { id: 3, kind: 'refused' as const, reason: 'Invalid owner specified: 0.' },
      { id: 4, kind: 'editing-here' as const },
      { id: 5, kind: 'not-run' as const },
    ];
    assert.deepEqual(outcomes.map(outcomeText), ['updated', 'skipped: locked by bob', 'refused: Invalid owner specified: 0.', 'skipped: being edited in this window', 'not updated: cancelled']);
    assert.equal(outcomeText({ id: 6, kind: 'locked', by: undefined }), 'skipped: locked by another user');
    assert.equal(tallyText(outcomes), '1 updated, 2 skipped, 1 refused, 1 not updated (cancelled)');
  });

  it('offers editable triage fields first and leaves out memos, server-owned, read-only and hidden fields', () => {
    const fields = bulkFields(
      catalogOf([
        meta('name', 'Summary'),
        meta('description', 'Description', { dataType: { name: 'Memo', multiple: false } }),
        meta('ver-stamp', 'Version', { dataType: { name: 'Integer', multiple: false } }),
        meta('user-09', 'Hidden', { hidden: true }),
        meta('closing-version', 'Closed in', { editable: false }),
        meta('owner', 'Assigned To', { dataType: { name: 'Reference', multiple: false, source: { kind: 'resource', collection: 'users' } } }),
        meta('status', 'Status', { dataType: { name: 'String', multiple: false, source: { kind: 'list', listId: 1 } } }),
        meta('target-rel', 'Target Release', { dataType: { name: 'Reference', multiple: false, source: { kind: 'resource', collection: 'releases' } } }),
        meta('estimated-fix-time', 'Estimated Fix Time', { dataType: { name: 'Integer', multiple: false } }),
      ]),
    );
    assert.deepEqual(
      fields.map((f) => [f.meta.name, f.kind]),
      [
        ['status', 'list'],
        ['owner', 'user'],
        ['target-rel', 'release'],
        ['estimated-fix-time', 'number'],
        ['name', 'text'],
      ],
    );
  });

  it('offers list values, users by full name, releases and cycles by name (current first), and "(empty)" unless required', () => {
    const status = {
      meta: meta('status', 'Status', { required: true, dataType: { name: 'String', multiple: false, source: { kind: 'list', listId: 1 } } }),
      kind: 'list' as const,
    };
    const owner = { meta: meta('owner', 'Assigned To'), kind: 'user' as const };
    const rel = { meta: meta('target-rel', 'Target Release'), kind: 'release' as const };
    const cyc = { meta: meta('target-rcyc', 'Target Cycle'), kind: 'cycle' as const };
    const releases = {
      releases: [
        { id: 1001, name: 'Release 1', start: '2025-01-01', end: '2025-06-30' },
        { id: 1002, name: 'Release 2', start: '2026-01-01', end: '2026-12-31' },
      ],
      cycles: [{ id: 2001, name: 'Cycle A', releaseId: 1002, start: '2026-01-01', end: '2026-03-31' }],
    };
    const users = [{ name: 'bob', fullName: 'Bob Builder' }, { name: 'carol' }];
    const today = '2026-02-01';
    assert.deepEqual(
      valueChoices(status, lists, users, releases, today)?.map((c) => c.value),
      ['New', 'Open', 'Fixed'],
    );
    assert.deepEqual(
      valueChoices(owner, lists, users, releases, today)?.map((c) => [c.label, c.value]),
      [
        ['Bob Builder', 'bob'],
        ['carol', 'carol'],
        ['(empty)', null],
      ],
    );
    assert.deepEqual(
      valueChoices(rel, lists, users, releases, today)?.map((c) => [c.label, c.value]),
      [
        ['Release 2', { id: 1002, type: 'release' }],
        ['Release 1', { id: 1001, type: 'release' }],
        ['(empty)', null],
      ],
    );
    assert.deepEqual(valueChoices(cyc, lists, users, releases, today)?.[0], { label: 'Cycle A', description: 'Release 2 · #2001', value: { id: 2001, type: 'release-cycle' } });
    const fixTime = { meta: meta('estimated-fix-time', 'Estimated Fix Time'), kind: 'number' as const };
    assert.equal(valueChoices(fixTime, lists, users, releases, today), undefined);
    assert.equal(typedValue(fixTime, ' 12 '), 12);
    assert.equal(typedValue(fixTime, ''), null);
  });
});
