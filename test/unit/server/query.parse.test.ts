// Parsing of both filter syntaxes into the shared filter tree, and rejection of bad filters.
import assert from 'node:assert/strict';
import { FilterSyntaxError, parseFilter } from '../../../server/src/query/index.js';
import type { FilterNode } from '../../../server/src/query/index.js';

const eq = (field: string, value: string, quoted = false): FilterNode => ({
  type: 'compare',
  field,
  op: '=',
  value: { kind: 'text', value, quoted },
});

describe('query parser: bracket form {field[cond]}', () => {
  it('parses a bare value as equality', () => {
    assert.deepEqual(parseFilter('{status[Open]}'), eq('status', 'Open'));
  });

  it('joins fields with AND and alternatives with OR', () => {
    assert.deepEqual(parseFilter('{entity.type[defect];entity.id[2 or 4]}'), {
      type: 'and',
      items: [eq('entity.type', 'defect'), { type: 'or', items: [eq('entity.id', '2'), eq('entity.id', '4')] }],
    });
  });

  it('reads every comparison operator, with or without a space before the value', () => {
    for (const op of ['<', '>', '<=', '>=', '<>', '='] as const) {
      assert.deepEqual(parseFilter(`{id[${op}5]}`), { type: 'compare', field: 'id', op, value: { kind: 'text', value: '5', quoted: false } });
      assert.deepEqual(parseFilter(`{id[${op} 5]}`), { type: 'compare', field: 'id', op, value: { kind: 'text', value: '5', quoted: false } });
    }
  });

  it('handles NOT, AND and parentheses case-insensitively', () => {
    assert.deepEqual(parseFilter('{status[NOT (Ready or Design)]}'), {
      type: 'not',
      item: { type: 'or', items: [eq('status', 'Ready'), eq('status', 'Design')] },
    });
    assert.deepEqual(parseFilter('{id[>5 AnD <10]}'), {
      type: 'and',
      items: [
        { type: 'compare', field: 'id', op: '>', value: { kind: 'text', value: '5', quoted: false } },
        { type: 'compare', field: 'id', op: '<', value: { kind: 'text', value: '10', quoted: false } },
      ],
    });
    assert.deepEqual(parseFilter('{status[Not Closed]}'), { type: 'not', item: eq('status', 'Closed') });
  });

  it('keeps quoted values whole, including ; [ ] { } quotes, operators and keywords', () => {
    assert.deepEqual(parseFilter(`{name['a;b]c[d{e}']}`), eq('name', 'a;b]c[d{e}', true));
    assert.deepEqual(parseFilter(`{name["it's or not"]}`), eq('name', "it's or not", true));
    assert.deepEqual(parseFilter(`{name['say \\'hi\\'']}`), eq('name', "say 'hi'", true));
    assert.deepEqual(parseFilter(`{name['<>=()']}`), eq('name', '<>=()', true));
    assert.deepEqual(parseFilter(`{last-modified[>"2016-01-01 00:00:00"]}`), {
      type: 'compare',
      field: 'last-modified',
      op: '>',
      value: { kind: 'text', value: '2016-01-01 00:00:00', quoted: true },
    });
  });

  it('keeps backslashes that escape nothing', () => {
    assert.deepEqual(parseFilter(`{name['C:\\temp\\x']}`), eq('name', 'C:\\temp\\x', true));
  });

  it('joins unquoted words into one value and keeps wildcards', () => {
    assert.deepEqual(parseFilter('{name[Login  fails *]}'), eq('name', 'Login fails *'));
    assert.deepEqual(parseFilter("{name['X-*']}"), eq('name', 'X-*', true));
  });

  it('reads an unquoted null as the null literal but a quoted one as text', () => {
    assert.deepEqual(parseFilter('{owner[null]}'), { type: 'compare', field: 'owner', op: '=', value: { kind: 'null' } });
    assert.deepEqual(parseFilter("{owner['null']}"), eq('owner', 'null', true));
  });

  it('tolerates spaces around tokens and empty clauses', () => {
    assert.deepEqual(parseFilter(' { status [ Open ] ; ; } '), eq('status', 'Open'));
    assert.equal(parseFilter('{}'), null);
    assert.equal(parseFilter(''), null);
    assert.equal(parseFilter(undefined), null);
  });

  const bad = [
    '{status[Open]',
    '{status[Open}',
    '{[Open]}',
    '{status Open}',
    '{status[]}',
    "{name['open]}",
    '{status[Open]}x',
    '{status[(Open]}',
    '{status[Open)]}',
    '{status[or Open]}',
    '{status[Open or]}',
    '{status[a [b]]}',
    '{status[= = 1]}',
    "{status['a' b]}",
    '{status[not]}',
  ];
  for (const text of bad) {
    it(`rejects ${text}`, () => {
      assert.throws(() => parseFilter(text), FilterSyntaxError);
    });
  }

  it('rejects nesting deeper than the limit instead of overflowing the stack', () => {
    assert.throws(() => parseFilter(`{id[${'('.repeat(5000)}1${')'.repeat(5000)}]}`), /nested too deeply/);
    assert.throws(() => parseFilter(`{id[${'not '.repeat(5000)}1]}`), /nested too deeply/);
  });
});

describe('query parser: api expression form', () => {
  it('parses comparisons joined by ; and ||', () => {
    assert.deepEqual(parseFilter("status = 'Open' ; id > 3"), {
      type: 'and',
      items: [eq('status', 'Open', true), { type: 'compare', field: 'id', op: '>', value: { kind: 'text', value: '3', quoted: false } }],
    });
    assert.deepEqual(parseFilter("status = 'Open' || status = 'New'"), {
      type: 'or',
      items: [eq('status', 'Open', true), eq('status', 'New', true)],
    });
  });

  it('binds ; tighter than || and honours parentheses', () => {
    const a = eq('a', '1');
    const b = eq('b', '2');
    const c = eq('c', '3');
    assert.deepEqual(parseFilter('a = 1 ; b = 2 || c = 3'), { type: 'or', items: [{ type: 'and', items: [a, b] }, c] });
    assert.deepEqual(parseFilter('a = 1 ; (b = 2 || c = 3)'), { type: 'and', items: [a, { type: 'or', items: [b, c] }] });
  });

  it('reads ! as not, and != and <> as not-equal', () => {
    assert.deepEqual(parseFilter("!(status = 'Closed')"), { type: 'not', item: eq('status', 'Closed', true) });
    assert.deepEqual(parseFilter("! status = 'Closed'"), { type: 'not', item: eq('status', 'Closed', true) });
    for (const op of ['!=', '<>']) {
      assert.deepEqual(parseFilter(`status ${op} 'Closed'`), {
        type: 'compare',
        field: 'status',
        op: '<>',
        value: { kind: 'text', value: 'Closed', quoted: true },
      });
    }
  });

  it('reads null, true and false literals, case-insensitively, but not when quoted', () => {
    assert.deepEqual(parseFilter('release-id = null'), { type: 'compare', field: 'release-id', op: '=', value: { kind: 'null' } });
    assert.deepEqual(parseFilter('flag = TRUE'), { type: 'compare', field: 'flag', op: '=', value: { kind: 'boolean', value: true } });
    assert.deepEqual(parseFilter('flag = false'), { type: 'compare', field: 'flag', op: '=', value: { kind: 'boolean', value: false } });
    assert.deepEqual(parseFilter("flag = 'true'"), eq('flag', 'true', true));
  });

  it("unescapes \\' inside single-quoted strings and keeps ; || ( ) inside them", () => {
    assert.deepEqual(parseFilter("name = 'd\\'Artagnan'"), eq('name', "d'Artagnan", true));
    assert.deepEqual(parseFilter("name = 'a ; b || (c)'"), eq('name', 'a ; b || (c)', true));
  });

  it('strips optional outer double quotes', () => {
    assert.deepEqual(parseFilter(`"parent-id = 3 ; parent-type = 'defect'"`), {
      type: 'and',
      items: [eq('parent-id', '3'), eq('parent-type', 'defect', true)],
    });
    assert.deepEqual(parseFilter('"{status[Open]}"'), eq('status', 'Open'));
  });

  it('accepts negative numbers, dates and a trailing ;', () => {
    assert.deepEqual(parseFilter('id > -1 ;'), { type: 'compare', field: 'id', op: '>', value: { kind: 'text', value: '-1', quoted: false } });
    assert.deepEqual(parseFilter("creation-time >= '2026-01-05'"), {
      type: 'compare',
      field: 'creation-time',
      op: '>=',
      value: { kind: 'text', value: '2026-01-05', quoted: true },
    });
  });

  const bad = [
    "status 'Open'",
    "status = 'Open",
    '= 3',
    'status =',
    "(status = 'Open'",
    "status = 'Open')",
    "status = 'Open' ;; id = 1",
    "status = 'Open' || ",
    '||',
    'status = Open Closed',
    'id >> 3',
    "'x' = status",
    'a = 1 b = 2',
  ];
  for (const text of bad) {
    it(`rejects ${text}`, () => {
      assert.throws(() => parseFilter(text), FilterSyntaxError);
    });
  }

  it('rejects nesting deeper than the limit', () => {
    assert.throws(() => parseFilter(`${'('.repeat(5000)}a = 1${')'.repeat(5000)}`), /nested too deeply/);
    assert.throws(() => parseFilter(`${'!'.repeat(5000)}a = 1`), /nested too deeply/);
  });
});
