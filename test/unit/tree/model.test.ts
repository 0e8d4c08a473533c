import * as assert from 'node:assert/strict';
import { orderByFor, readSort } from '../../../src/tree/model/arrangement';
import { ME, describeFilter, readFilter, readSavedFilters, toApiFilter } from '../../../src/defects/filter';
import { RawQueryError, parseRawQuery } from '../../../src/api/dialect/rawQuery';
import { defectLink, nodeId, parseDefectId } from '../../../src/defects/refs';
import { severityIcon, severityRank } from '../../../src/tree/model/severity';
import { defectDescription, defectRowLabel, defectTooltip } from '../../../src/tree/model/tooltip';
import { ViewState } from '../../../src/tree/model/viewState';
import { MapMemento } from './fakes';

describe('raw query parser', () => {
  it('parses fields, or/and/not, operators, quoted and bare values with spaces', () => {
    assert.deepEqual(parseRawQuery("{status[Open or New];severity[>='3-High'];owner[not alice]}"), {
      status: {
        op: 'or',
        conditions: [
          { op: '=', value: 'Open' },
          { op: '=', value: 'New' },
        ],
      },
      severity: { op: '>=', value: '3-High' },
      owner: { op: 'not', condition: { op: '=', value: 'alice' } },
    });
    assert.deepEqual(parseRawQuery('severity[4-Very High]'), { severity: { op: '=', value: '4-Very High' } });
    assert.deepEqual(parseRawQuery('id[>100 and <200]'), {
      id: {
        op: 'and',
        conditions: [
          { op: '>', value: 100 },
          { op: '<', value: 200 },
        ],
      },
    });
  });

  it('reads * as a wildcard, null as "no value", and keeps quoted digits as text', () => {
    assert.deepEqual(parseRawQuery("{name['*login*']}"), { name: { op: 'like', pattern: '*login*' } });
    assert.deepEqual(parseRawQuery('{name[<>*tmp]}'), { name: { op: 'not', condition: { op: 'like', pattern: '*tmp' } } });
    assert.deepEqual(parseRawQuery('{owner[null]}'), { owner: { op: '=', value: '' } });
    assert.deepEqual(parseRawQuery("{user-01['7']}"), { 'user-01': { op: '=', value: '7' } });
  });

  it('keeps ; [ ] inside quotes as data and ANDs a repeated field', () => {
    assert.deepEqual(parseRawQuery("{name['a;b[c]'];name[<>x]}"), {
      name: {
        op: 'and',
        conditions: [
          { op: '=', value: 'a;b[c]' },
          { op: '<>', value: 'x' },
        ],
      },
    });
  });

  it('reports mistakes with a clear message', () => {
    assert.throws(() => parseRawQuery('{status[Open'), RawQueryError);
    assert.throws(() => parseRawQuery('status'), /not of the form field\[condition\]/);
    assert.throws(() => parseRawQuery('1abc[x]'), /not a field name/);
    assert.throws(() => parseRawQuery("name['open"), /not closed/);
    assert.throws(() => parseRawQuery('id[>]'), /value is missing/);
    assert.throws(() => parseRawQuery('id[(1 or 2]'), /not closed/);
    assert.deepEqual(parseRawQuery('  {}  '), {});
  });
});

describe('defect filter', () => {
  it('becomes the client filter, with "me" resolved and the raw query merged', () => {
    const f = toApiFilter({ status: ['Open', 'New'], owner: [ME], detectedBy: ['bob'], name: 'crash', query: '{id[>10]}' }, 'alice');
    assert.deepEqual(f, {
      id: { op: '>', value: 10 },
      status: { op: 'in', values: ['Open', 'New'] },
      owner: { op: '=', value: 'alice' },
      'detected-by': { op: '=', value: 'bob' },
      name: { op: 'like', pattern: '*crash*' },
    });
    assert.deepEqual(toApiFilter({ status: ['Open'], query: '{status[<>Closed]}' }, 'a').status, {
      op: 'and',
      conditions: [
        { op: '<>', value: 'Closed' },
        { op: '=', value: 'Open' },
      ],
    });
  });

  it('reads as a short description', () => {
    assert.equal(describeFilter({ severity: ['5-Urgent'], owner: [ME, 'bob'], query: '{id[1]}' }), 'severity: 5-Urgent · owner: me, bob · query: {id[1]}');
    assert.equal(describeFilter(undefined), '');
  });

  it('is re-validated when read from storage or settings', () => {
    assert.deepEqual(readFilter({ status: 'Open', owner: ['x', 3, ''], name: '  ', evil: 1 }), { status: ['Open'], owner: ['x'] });
    assert.equal(readFilter({}), undefined);
    assert.equal(readFilter('nope'), undefined);
    assert.deepEqual(readSavedFilters([{ name: 'Mine', filter: { owner: [ME] } }, { name: '', filter: { owner: ['a'] } }, { name: 'Empty', filter: {} }, 7]), [
      { name: 'Mine', filter: { owner: [ME] } },
    ]);
  });
});

describe('tree model helpers', () => {
  it('builds ids from encoded domain keys', () => {
    assert.equal(nodeId('My/Server', 'DEFAULT', 'Demo', 7), 'alm:My%2FServer/DEFAULT/Demo/7');
  });

  it('builds the td:// link ALM clients open, tds:// for https', () => {
    const ref = { server: 'Demo', domain: 'DEFAULT', project: 'Demo', id: 42 };
    assert.equal(defectLink('http://alm.example.com:8080/qcbin', ref), 'td://Demo.DEFAULT.alm.example.com:8080/qcbin/DefectsModule-000000000?EntityType=IBug&EntityID=42');
    assert.equal(defectLink('https://alm.example.com/qcbin/', ref), 'tds://Demo.DEFAULT.alm.example.com/qcbin/DefectsModule-000000000?EntityType=IBug&EntityID=42');
  });

  it('parses defect ids typed by people', () => {
    assert.equal(parseDefectId('42'), 42);
    assert.equal(parseDefectId(' #42 '), 42);
    assert.equal(parseDefectId('Defect 42'), 42);
    assert.equal(parseDefectId('0'), undefined);
    assert.equal(parseDefectId('42a'), undefined);
    assert.equal(parseDefectId(''), undefined);
  });

  it('ranks severities by number or word and picks colored icons', () => {
    assert.equal(severityRank('5-Urgent'), 5);
    assert.equal(severityRank('Critical'), 5);
    assert.equal(severityRank('4-Very High'), 4);
    assert.equal(severityRank('High'), 3);
    assert.equal(severityRank('whatever'), undefined);
    assert.deepEqual(severityIcon('5-Urgent'), { id: 'flame', color: 'almDefects.severity.urgent' });
    assert.deepEqual(severityIcon(null), { id: 'bug' });
  });

  it('puts the status and owner before the summary, the severity after it (issue 37)', () => {
    const row = { type: 'defect', id: 1, name: 'Crash on save', status: 'New', severity: '2-Medium' } as const;
    assert.equal(defectRowLabel({ ...row, owner: null }), '1: New · unassigned — Crash on save');
    assert.equal(defectRowLabel({ ...row, owner: 'bob' }), '1: New · bob — Crash on save');
    assert.equal(defectRowLabel({ type: 'defect', id: 1, owner: 'bob' }), '1: bob');
    assert.equal(defectDescription(row), '2-Medium');
    assert.equal(defectDescription({ type: 'defect', id: 1, owner: 'bob' }), '');
  });

  it('shortens a long summary in the row label, after the status and owner, which stay in sight (issue 37)', () => {
    const long = 'Export of the quarterly defect report drops every row after the first page of 100 rows';
    const label = defectRowLabel({ type: 'defect', id: 6006, name: long, status: 'Open', owner: 'alice' });
    assert.equal(label, '6006: Open · alice — Export of the quarterly defect report…');
    assert.match(defectTooltip({ type: 'defect', id: 6006, name: long }), /drops every row after the first page of 100 rows/, 'the tooltip keeps all of it');
    const plain = { type: 'defect', id: 7, status: 'Open', owner: 'bob' } as const;
    assert.equal(defectRowLabel({ ...plain, name: 'Short summary' }), '7: Open · bob — Short summary');
    assert.equal(defectRowLabel({ ...plain, name: 'x'.repeat(40) }), `7: Open · bob — ${'x'.repeat(40)}`);
    // One long word (a path): cut in it rather than after a few characters.
    assert.equal(defectRowLabel({ ...plain, name: `See /var/log/${'a'.repeat(60)}` }), `7: Open · bob — See /var/log/${'a'.repeat(26)}…`);
  });

  it('marks a linked defect from the link flags the row was read with (either direction)', () => {
    const row = { type: 'defect', id: 1, status: 'Open', severity: '2-Medium', owner: 'bob' } as const;
    assert.equal(defectDescription({ ...row, 'has-linkage': 'N', 'has-others-linkage': 'N' }), '2-Medium');
    assert.equal(defectDescription({ ...row, 'has-linkage': 'Y', 'has-others-linkage': 'N' }), '2-Medium · linked');
    assert.equal(defectDescription({ ...row, 'has-linkage': 'N', 'has-others-linkage': 'Y' }), '2-Medium · linked');
    assert.equal(defectDescription({ ...row, 'has-linkage': true }), '2-Medium · linked');
    assert.match(defectTooltip({ ...row, 'has-linkage': 'N', 'has-others-linkage': 'Y' }), /\| Links \| other defects link to it \|/);
    assert.doesNotMatch(defectTooltip({ ...row, 'has-linkage': 'N', 'has-others-linkage': 'N' }), /Links/);
  });

  it('always ends an order-by with id so pages are stable', () => {
    assert.deepEqual(orderByFor({ field: 'severity', direction: 'desc' }), [
      { field: 'severity', direction: 'desc' },
      { field: 'id', direction: 'desc' },
    ]);
    assert.deepEqual(orderByFor({ field: 'id', direction: 'asc' }), [{ field: 'id', direction: 'asc' }]);
    assert.deepEqual(readSort({ field: 'drop table', direction: 'asc' }), { field: 'id', direction: 'desc' });
  });

  it('persists expanded nodes, filters, grouping and sort across a reload', async () => {
    const memento = new MapMemento();
    const before = new ViewState(memento);
    await before.setExpanded('alm:Demo/DEFAULT/Demo', true);
    await before.setExpanded('alm:Demo/QA/Regression', true);
    await before.setExpanded('alm:Demo/QA/Regression', false);
    await before.setFilter('alm:Demo/DEFAULT/Demo', { status: ['Open'] });
    await before.setGroupBy('severity');
    await before.setSort({ field: 'name', direction: 'asc' });
    const after = new ViewState(memento);
    assert.equal(after.isExpanded('alm:Demo/DEFAULT/Demo'), true);
    assert.equal(after.isExpanded('alm:Demo/QA/Regression'), false);
    assert.deepEqual(after.filter('alm:Demo/DEFAULT/Demo'), { status: ['Open'] });
    assert.equal(after.groupBy, 'severity');
    assert.deepEqual(after.sort, { field: 'name', direction: 'asc' });
    await after.setFilter('alm:Demo/DEFAULT/Demo', {});
    assert.equal(new ViewState(memento).filter('alm:Demo/DEFAULT/Demo'), undefined);
  });

  it('keeps at most 500 expanded ids, dropping the oldest that holds no other: the server and project expanded first stay', async () => {
    const memento = new MapMemento();
    const state = new ViewState(memento);
    const project = 'alm:Demo/DEFAULT/Demo';
    for (const id of ['alm:Demo', 'alm:Demo/DEFAULT', project, `${project}/defects`]) await state.setExpanded(id, true);
    await state.setExpanded('alm:Other', true);
    for (let i = 1; i <= 600; i++) await state.setExpanded(`${project}/defects/${i}`, true);
    const after = new ViewState(memento);
    for (const id of ['alm:Demo', 'alm:Demo/DEFAULT', project, `${project}/defects`]) assert.equal(after.isExpanded(id), true, id);
    assert.equal(after.isExpanded('alm:Other'), false, 'an old leaf drops off');
    assert.equal(after.isExpanded(`${project}/defects/104`), false, 'and so do the oldest rows');
    assert.equal(after.isExpanded(`${project}/defects/105`), true);
    assert.equal(after.isExpanded(`${project}/defects/600`), true);
    assert.equal((memento.map.get('almDefects.tree.expanded') as string[]).length, 500);
  });

  it('ignores corrupted stored state', () => {
    const memento = new MapMemento();
    memento.map.set('almDefects.tree.expanded', 'x');
    memento.map.set('almDefects.tree.filters', { a: 5, b: { status: ['Open'] } });
    memento.map.set('almDefects.tree.groupBy', 'colour');
    const state = new ViewState(memento);
    assert.equal(state.isExpanded('x'), false);
    assert.equal(state.filter('a'), undefined);
    assert.deepEqual(state.filter('b'), { status: ['Open'] });
    assert.equal(state.groupBy, 'none');
  });
});
