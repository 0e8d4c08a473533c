// compileCollectionRequest as a route sees it: fields, paging rules, and the ALM errors raised
// for bad filters, unknown fields and bad paging.
import assert from 'node:assert/strict';
import { AlmError } from '../../../server/src/errors.js';
import { compileCollectionRequest, pageQuery, pageWithinTotal } from '../../../server/src/query/index.js';
import type { QueryCatalog, QueryField } from '../../../server/src/query/index.js';

const fields: QueryField[] = [
  { name: 'id', column: '"id"', kind: 'integer' },
  { name: 'name', column: '"name"', kind: 'string' },
  { name: 'status', column: '"status"', kind: 'string' },
  { name: 'creation-time', column: '"creation-time"', kind: 'date' },
  { name: 'last-modified', column: '"last-modified"', kind: 'datetime' },
  { name: 'estimated-fix-time', column: '"estimated-fix-time"', kind: 'float' },
  { name: 'detected-in-rel', column: '"detected-in-rel"', kind: 'reference' },
];
const catalog: QueryCatalog = { field: (n) => fields.find((f) => f.name === n), always: ['type', 'id'] };
const limits = { defaultLimit: 100, maxLimit: 2000 };

function compile(params: Record<string, string | undefined>) {
  return compileCollectionRequest(params, catalog, limits);
}

function almError(params: Record<string, string | undefined>): AlmError {
  try {
    compile(params);
  } catch (err) {
    assert.ok(err instanceof AlmError, `expected an AlmError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected an AlmError');
}

describe('compileCollectionRequest: defaults and fields', () => {
  it('returns no filter, order by id and the default page when nothing is asked', () => {
    assert.deepEqual(compile({}), { fields: null, where: '1=1', params: [], orderBy: '"id" ASC', limit: 100, offset: 0 });
  });

  it('returns the always-returned fields first, then the requested ones without duplicates', () => {
    assert.deepEqual(compile({ fields: 'name,status,id,name' }).fields, ['type', 'id', 'name', 'status']);
    assert.deepEqual(compile({ fields: ' name , status ' }).fields, ['type', 'id', 'name', 'status']);
    assert.equal(compile({ fields: '' }).fields, null);
    assert.equal(compile({ fields: ' , ' }).fields, null);
  });

  it('maps limit=max and page-size=max to the maximum, case-insensitively', () => {
    assert.equal(compile({ limit: 'max' }).limit, 2000);
    assert.equal(compile({ 'page-size': 'MAX' }).limit, 2000);
    assert.equal(compile({ limit: '2000' }).limit, 2000);
  });

  it('compares resource references by integer id', () => {
    const c = compile({ query: '{detected-in-rel[1001 or 1002]}' });
    assert.equal(c.where, '("detected-in-rel" = ? OR "detected-in-rel" = ?)');
    assert.deepEqual(c.params, [1001, 1002]);
  });

  it('prefers limit/offset over page-size/start-index when both are sent', () => {
    const c = compile({ limit: '5', offset: '10', 'page-size': '7', 'start-index': '3' });
    assert.deepEqual([c.limit, c.offset], [5, 10]);
  });
});

describe('pageWithinTotal', () => {
  it('asks for no rows (LIMIT 0, which SQLite answers without searching) when the total leaves none at the offset', () => {
    const c = compile({ query: "{status['']}", limit: '1' });
    assert.match(pageQuery('defects', '"id"', pageWithinTotal(c, 0)).sql, /LIMIT 0 OFFSET 0\)/);
    const far = compile({ limit: '100', offset: '300' });
    assert.equal(pageWithinTotal(far, 300).limit, 0);
    assert.equal(pageWithinTotal(far, 301).limit, 100, 'one row left at the offset');
    assert.equal(pageWithinTotal(c, 1), c, 'a match: the request as asked');
  });
});

describe('compileCollectionRequest: errors', () => {
  const invalidFilters = [
    '{status[Open]',
    "status = 'Open",
    '{id[abc]}',
    "id = 'x'",
    '{id[1.5]}',
    '{estimated-fix-time[abc]}',
    '{creation-time[05/01/2026]}',
    "creation-time = '2026-01-05 10:00:00'",
    '{last-modified[yesterday]}',
    '{id[< null]}',
    'id > null',
    '{detected-in-rel[Release 1]}',
    `{id[${Array.from({ length: 501 }, (_, i) => i).join(' or ')}]}`,
  ];
  for (const query of invalidFilters) {
    it(`answers 404 qccore.invalid-filter-expression for query=${query.slice(0, 60)}`, () => {
      const err = almError({ query });
      assert.equal(err.status, 404);
      assert.equal(err.id, 'qccore.invalid-filter-expression');
      assert.match(err.title, /^Invalid filter expression: /);
    });
  }

  it('names the problem and its position in the Title', () => {
    assert.match(almError({ query: "{name['open]}" }).title, /unterminated quoted value at position 7/);
    assert.match(almError({ query: '{id[abc]}' }).title, /'abc' is not an integer for field 'id'/);
  });

  for (const params of [{ query: '{nosuch[1]}' }, { query: "status = 'Open' ; nosuch = 1" }, { 'order-by': 'name,-nosuch' }, { 'order-by': '{nosuch[DESC]}' }, { fields: 'name,nosuch' }]) {
    it(`answers 400 qccore.unknown-field-name for ${JSON.stringify(params)}`, () => {
      const err = almError(params);
      assert.equal(err.status, 400);
      assert.equal(err.id, 'qccore.unknown-field-name');
      assert.match(err.title, /nosuch/);
      assert.deepEqual(err.properties, [{ Name: 'field', Value: 'nosuch' }]);
    });
  }

  const badPaging: [Record<string, string>, RegExp][] = [
    [{ limit: '2001' }, /limit 2001 exceeds the maximum page size of 2000/],
    [{ 'page-size': '5000' }, /page-size 5000 exceeds the maximum page size of 2000/],
    [{ limit: '-1' }, /limit '-1' is not a non-negative integer or 'max'/],
    [{ limit: 'ten' }, /limit 'ten'/],
    [{ limit: '1.5' }, /limit '1.5'/],
    [{ offset: '-3' }, /offset '-3'/],
    [{ offset: 'x' }, /offset 'x'/],
    [{ 'start-index': '0' }, /start-index '0' is not a positive integer/],
    [{ 'start-index': 'first' }, /start-index 'first'/],
    [{ 'order-by': 'name,,status' }, /empty field name/],
    [{ 'order-by': '{name[SIDEWAYS]}' }, /direction 'SIDEWAYS'/],
    [{ 'order-by': '{name[ASC]' }, /not of the form/],
  ];
  for (const [params, title] of badPaging) {
    it(`answers 400 with a clear Title for ${JSON.stringify(params)}`, () => {
      const err = almError(params);
      assert.equal(err.status, 400);
      assert.equal(err.id, 'qccore.general-error');
      assert.match(err.title, title);
    });
  }
});
