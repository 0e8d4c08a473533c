import { strict as assert } from 'node:assert';
import { anyOf, either, ge, like, lt, ne, not, normalizeOrderBy, totalOrder } from '../../../src/api/clauses';
import { Api12Dialect } from '../../../src/api/dialect/api12';
import { quoteValue, renderFilter } from '../../../src/api/dialect/bracketSyntax';
import { SelectionGuardError, ValidationError } from '../../../src/api/errors';

describe('api/clauses: bracket query rendering', () => {
  it('leaves plain words and numbers bare', () => {
    assert.equal(quoteValue('Open'), 'Open');
    assert.equal(quoteValue('2-Medium'), '2-Medium');
    assert.equal(quoteValue(42), '42');
  });

  it('quotes values with spaces, ;, brackets, braces and reserved words', () => {
    assert.equal(quoteValue('a b'), "'a b'");
    assert.equal(quoteValue('x;y'), "'x;y'");
    assert.equal(quoteValue('a[1]'), "'a[1]'");
    assert.equal(quoteValue('{x}'), "'{x}'");
    assert.equal(quoteValue('or'), "'or'");
    assert.equal(quoteValue('NULL'), "'NULL'");
    assert.equal(quoteValue(''), "''");
  });

  it('picks the quote the value does not contain, and escapes when it holds both', () => {
    assert.equal(quoteValue("d'Artagnan"), `"d'Artagnan"`);
    assert.equal(quoteValue('say "hi"'), `'say "hi"'`);
    assert.equal(quoteValue(`it's "x"`), `'it\\'s "x"'`);
    assert.equal(quoteValue('C:\\temp x'), `'C:\\\\temp x'`);
  });

  it('renders fields joined by ; inside braces, with or-alternatives and comparisons', () => {
    const q = renderFilter({ status: anyOf('New', 'Fixed'), id: ge(5), owner: 'alice' });
    assert.equal(q, '{status[New or Fixed];id[>=5];owner[alice]}');
    assert.equal(renderFilter({ id: lt(3) }), '{id[<3]}');
    assert.equal(renderFilter({ name: ne('x y') }), "{name[<>'x y']}");
    assert.equal(renderFilter({ status: not(anyOf('A', 'B')) }), '{status[not (A or B)]}');
    assert.equal(renderFilter({ id: either(lt(3), ge(10)) }), '{id[(<3) or (>=10)]}');
    assert.equal(renderFilter({}), undefined);
  });

  it('keeps `or` inside a value as data', () => {
    assert.equal(renderFilter({ name: 'this or that' }), "{name['this or that']}");
  });

  it('matches a literal * exactly through ordering operators, and keeps * a wildcard in like()', () => {
    assert.equal(renderFilter({ name: 'a*b' }), "{name[>='a*b' and <='a*b']}");
    assert.equal(renderFilter({ name: ne('a*') }), "{name[not (>='a*' and <='a*')]}");
    assert.equal(renderFilter({ name: like('Crash*') }), "{name['Crash*']}");
    assert.equal(renderFilter({ name: anyOf('x*', 'y') }), "{name[(>='x*' and <='x*') or y]}");
  });

  it('rejects bad field names, empty alternatives and control characters with a ValidationError', () => {
    assert.throws(() => renderFilter({ 'a]b': 'x' }), ValidationError);
    assert.throws(() => renderFilter({ status: anyOf() }), ValidationError);
    assert.throws(() => renderFilter({ name: 'a\nb' }), ValidationError);
    assert.throws(() => renderFilter({ id: Number.NaN }), ValidationError);
  });

  it('normalizes order-by strings and objects', () => {
    assert.deepEqual(normalizeOrderBy(['-id', '+name', 'status', { field: 'owner', direction: 'desc' }]), [
      { field: 'id', direction: 'desc' },
      { field: 'name', direction: 'asc' },
      { field: 'status', direction: 'asc' },
      { field: 'owner', direction: 'desc' },
    ]);
    assert.throws(() => normalizeOrderBy(['-']), ValidationError);
  });
});

describe('api/dialect: 12.5x /api paths and parameters', () => {
  const d = new Api12Dialect();
  const scope = { domain: 'DEFAULT', project: 'My Project' };

  it('encodes path segments and renders collection parameters in order', () => {
    assert.equal(d.collectionPath(scope, 'defects'), '/api/domains/DEFAULT/projects/My%20Project/defects');
    assert.deepEqual(d.collectionParams({ fields: ['id', 'name'], orderBy: [{ field: 'name', direction: 'desc' }, { field: 'id' }], filter: { status: 'New' }, offset: 10, limit: 5 }), [
      ['fields', 'id,name'],
      ['order-by', '-name,id'],
      ['query', '{status[New]}'],
      ['limit', '5'],
      ['offset', '10'],
    ]);
  });

  it('refuses an entity path without a positive integer id (no fallback to the collection)', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) assert.throws(() => d.entityPath(scope, 'defects', bad), SelectionGuardError);
    assert.equal(d.entityPath(scope, 'defects', 7), '/api/domains/DEFAULT/projects/My%20Project/defects/7');
  });

  it('unwraps envelopes', () => {
    assert.deepEqual(d.parseCollection({ data: [{ id: 1 }], 'total-count': 9 }), { items: [{ id: 1 }], total: 9 });
    assert.deepEqual(d.parseProjects({ results: [{ name: 'Demo' }] }), ['Demo']);
    assert.deepEqual(d.parseDomains({ results: [{ name: 'QA', projects: [{ name: 'R' }] }] }), [{ name: 'QA', projects: ['R'] }]);
    const bodies = d.bulkUpdateBodies('defect', [{ id: 3, changes: { status: 'Open' } }]);
    assert.deepEqual(
      bodies.map((b): [string, unknown] => [b.contentType, JSON.parse(b.text())]),
      [['application/json', { data: [{ status: 'Open', type: 'defect', id: 3 }] }]],
    );
  });
});

describe('api/clauses: totalOrder, the order every paged view reads in', () => {
  it("ends an order without id by id in the last key's direction, newest first without keys, and leaves an id key as it is", () => {
    assert.deepEqual(totalOrder(['-severity']), [
      { field: 'severity', direction: 'desc' },
      { field: 'id', direction: 'desc' },
    ]);
    assert.deepEqual(totalOrder([]), [{ field: 'id', direction: 'desc' }]);
    const own = [
      { field: 'severity', direction: 'desc' as const },
      { field: 'id', direction: 'asc' as const },
    ];
    assert.deepEqual(totalOrder(own), own);
  });
});
