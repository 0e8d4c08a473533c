// The grid's sort keys and column settings: header clicks into order-by, columns chosen, moved,
// resized and kept, read back from untrusted storage.
import * as assert from 'node:assert/strict';
import type { FieldCatalog, FieldMeta } from '../../../src/api';
import {
  ColumnStore,
  DEFAULT_COLUMNS,
  FOLLOW_UP_COLUMN,
  chosen,
  fieldColumns,
  columnsKey,
  readColumnSettings,
  reordered,
  resized,
  resolveColumns,
  settingsOf,
} from '../../../src/grid/controller/columns';
import { MAX_GROUPS_SHOWN, groupingOf } from '../../../src/grid/controller/grouping';
import { fieldsFor, rowOf } from '../../../src/grid/controller/rowText';
import { nextSort, orderByOf, sortKeysOf } from '../../../src/grid/controller/sortKeys';

function meta(name: string, label: string, over: Partial<FieldMeta> = {}): FieldMeta {
  return { name, label, dataType: { name: 'String', multiple: false }, required: false, referenceMatch: false, inputValidations: [], outputValidations: [], hidden: false, editable: true, ...over };
}

function catalog(fields: FieldMeta[]): FieldCatalog {
  const byName = new Map(fields.map((f) => [f.name, f]));
  return { collection: 'defects', fields, get: (n) => byName.get(n), label: (n) => byName.get(n)?.label ?? n };
}

const CATALOG = catalog([
  meta('id', 'Defect ID', { dataType: { name: 'Integer', multiple: false } }),
  meta('name', 'Summary'),
  meta('status', 'Status', { dataType: { name: 'String', multiple: false, source: { kind: 'list', listId: 1 } } }),
  meta('severity', 'Severity'),
  meta('owner', 'Assigned To'),
  meta('description', 'Description', { dataType: { name: 'Memo', multiple: false } }),
  meta('user-09', 'Retired', { hidden: true }),
]);

describe('grid sort keys', () => {
  it('a click sorts by the field alone, ascending; again: descending', () => {
    let keys = nextSort([{ field: 'id', direction: 'desc' }], 'status', false);
    assert.deepEqual(keys, [{ field: 'status', direction: 'asc' }]);
    keys = nextSort(keys, 'status', false);
    assert.deepEqual(keys, [{ field: 'status', direction: 'desc' }]);
  });

  it('Shift+click adds a second key, and turns an existing key round in its place', () => {
    let keys = nextSort([{ field: 'status', direction: 'asc' }], 'severity', true);
    assert.deepEqual(keys, [
      { field: 'status', direction: 'asc' },
      { field: 'severity', direction: 'asc' },
    ]);
    keys = nextSort(keys, 'severity', true);
    assert.deepEqual(keys[1], { field: 'severity', direction: 'desc' });
    // A plain click on one of several keys starts over with it alone.
    assert.deepEqual(nextSort(keys, 'status', false), [{ field: 'status', direction: 'asc' }]);
  });

  it('keeps at most three keys', () => {
    let keys = nextSort([], 'a', true);
    for (const f of ['b', 'c', 'd']) keys = nextSort(keys, f, true);
    assert.deepEqual(
      keys.map((k) => k.field),
      ['a', 'b', 'd'],
    );
  });

  it('order-by ends with id so offset paging is a total order; the tie-breaker is not a key', () => {
    assert.deepEqual(orderByOf([{ field: 'status', direction: 'desc' }]), [
      { field: 'status', direction: 'desc' },
      { field: 'id', direction: 'desc' },
    ]);
    assert.deepEqual(orderByOf([{ field: 'id', direction: 'asc' }]), [{ field: 'id', direction: 'asc' }]);
    assert.deepEqual(
      sortKeysOf([
        { field: 'status', direction: 'desc' },
        { field: 'id', direction: 'desc' },
      ]),
      [{ field: 'status', direction: 'desc' }],
    );
    assert.deepEqual(sortKeysOf([{ field: 'id', direction: 'desc' }]), [{ field: 'id', direction: 'desc' }]);
  });

  it("keeps an ALM favorite's own id key the other way round (severity ↓, id ↑) and asks the server that same order", () => {
    const favorite = [
      { field: 'severity', direction: 'desc' as const },
      { field: 'id', direction: 'asc' as const },
    ];
    assert.deepEqual(sortKeysOf(favorite), favorite);
    assert.deepEqual(orderByOf(sortKeysOf(favorite)), favorite);
  });
});

describe('grid columns', () => {
  it('start from the defaults the project has, labelled from its metadata; memos cannot sort', () => {
    const cols = resolveColumns(undefined, CATALOG);
    assert.deepEqual(
      cols.map((c) => c.name),
      DEFAULT_COLUMNS.filter((n) => CATALOG.get(n) || n === FOLLOW_UP_COLUMN),
    );
    assert.equal(cols.find((c) => c.name === 'owner')?.label, 'Assigned To');
    // The follow-up flags have a column of their own (issue 43): the extension's, not the server's, never sorted.
    assert.deepEqual(cols.at(-1), { name: FOLLOW_UP_COLUMN, label: 'Follow-up', width: 130, sortable: false });
    const withMemo = resolveColumns([{ name: 'description', width: 200 }], CATALOG);
    assert.equal(withMemo[0].sortable, false);
  });

  it("fill the Follow-up column with the defect's flag and never ask the server or an export for it", () => {
    const columns = ['id', 'status', FOLLOW_UP_COLUMN];
    const names = { catalog: CATALOG, names: { users: new Map(), releases: new Map(), lists: new Map() } } as unknown as Parameters<typeof rowOf>[2];
    const flagged = rowOf({ type: 'defect', id: 7, status: 'Open' }, columns, names, (id) => (id === 7 ? '⚑ due today' : undefined));
    assert.deepEqual(flagged.cells.slice(0, 1).concat(flagged.cells.slice(2)), ['7', '⚑ due today']);
    assert.equal(rowOf({ type: 'defect', id: 8, status: 'Open' }, columns, names, () => undefined).cells[2], '');
    assert.deepEqual(fieldsFor(columns), ['status']);
    assert.deepEqual(fieldColumns(columns), ['id', 'status']);
  });

  it('leave out fields the project lacks or hides, and never end up with none', () => {
    assert.deepEqual(
      resolveColumns(
        [
          { name: 'gone', width: 100 },
          { name: 'user-09', width: 100 },
          { name: 'status', width: 90 },
        ],
        CATALOG,
      ).map((c) => c.name),
      ['status'],
    );
    assert.deepEqual(
      resolveColumns([{ name: 'gone', width: 100 }], CATALOG).map((c) => c.name),
      ['id'],
    );
  });

  it('are chosen (keeping widths), moved and resized within bounds', () => {
    const start = settingsOf(
      resolveColumns(
        [
          { name: 'id', width: 70 },
          { name: 'status', width: 155 },
        ],
        CATALOG,
      ),
    );
    assert.deepEqual(chosen(start, ['status', 'owner', 'nope'], CATALOG), [
      { name: 'status', width: 155 },
      { name: 'owner', width: 130 },
    ]);
    assert.deepEqual(
      reordered(start, ['status', 'id']).map((c) => c.name),
      ['status', 'id'],
    );
    assert.deepEqual(
      reordered(start, ['status']).map((c) => c.name),
      ['status', 'id'],
    );
    assert.equal(resized(start, 'status', 5)[1].width, 40);
    assert.equal(resized(start, 'status', 99_999)[1].width, 1200);
  });

  it('read stored settings as untrusted JSON', () => {
    assert.equal(readColumnSettings('x'), undefined);
    assert.equal(readColumnSettings([]), undefined);
    assert.deepEqual(readColumnSettings([{ name: 'id', width: 70 }, { name: 'id', width: 80 }, { name: 3, width: 1 }, { name: 'x', width: 'wide' }, null]), [{ name: 'id', width: 70 }]);
  });

  it('are kept per project and per saved filter', async () => {
    const data = new Map<string, unknown>();
    const store = new ColumnStore({ get: <T>(k: string) => data.get(k) as T | undefined, update: async (k, v) => void data.set(k, v) });
    const demo = { server: 'Demo', domain: 'DEFAULT', project: 'Demo' };
    await store.set(columnsKey(demo), [{ name: 'id', width: 70 }]);
    await store.set(columnsKey(demo, 'Open bugs'), [{ name: 'status', width: 90 }]);
    assert.deepEqual(store.get(columnsKey(demo)), [{ name: 'id', width: 70 }]);
    assert.deepEqual(store.get(columnsKey(demo, 'Open bugs')), [{ name: 'status', width: 90 }]);
    assert.equal(store.get(columnsKey({ ...demo, project: 'Other' })), undefined);
  });
});

describe('grid grouping', () => {
  it('shows the first 500 groups of a field with 200,000 values and counts the rest (issue 38.7: the page overflowed its stack)', () => {
    const counts = Array.from({ length: 200_000 }, (_, i) => ({ value: `v${i}`, count: 1 + (i % 3) }));
    const grouping = groupingOf('status', counts, { catalog: CATALOG, names: {} });
    assert.equal(grouping.groups.length, MAX_GROUPS_SHOWN);
    assert.equal(grouping.groups[0].label, 'v0');
    const shown = grouping.groups.reduce((n, g) => n + g.count, 0);
    assert.deepEqual(grouping.more, { values: 200_000 - MAX_GROUPS_SHOWN, count: counts.reduce((n, g) => n + g.count, 0) - shown });
    // A field of few values has no `more`.
    assert.equal(groupingOf('status', counts.slice(0, 3), { catalog: CATALOG, names: {} }).more, undefined);
  });
});
