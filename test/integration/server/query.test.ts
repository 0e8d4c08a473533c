// Query round trips over HTTP: defects whose values hold ; [ ] quotes, `or`, * and spaces are
// found exactly, in both filter syntaxes, with order-by and paging, and bad clauses get the
// documented ALM errors.
import assert from 'node:assert/strict';
import { http, startHarness } from './attachmentsHarness';
import type { Harness } from './attachmentsHarness';

interface Page {
  data: { id: number; name?: string; [k: string]: unknown }[];
  'total-count': number;
}

const NASTY = [
  'semi;colon',
  'brackets [1] and ]',
  "single 'quote'",
  'double "quote"',
  `both ' and "`,
  'this or that',
  'or',
  'star*name',
  'two  spaces',
  'braces {x}',
  '(parens) <b>',
  'back\\slash',
  'ünïcödé ✓',
  'a;b]c[d',
];

describe('defect queries over HTTP', function () {
  this.timeout(30_000);
  let h: Harness;
  let alice: string;
  const ids = new Map<string, number>();

  before(async () => {
    h = await startHarness({}, 20);
    alice = await h.signIn('alice');
    const store = h.demo();
    for (const [i, name] of NASTY.entries()) {
      ids.set(
        name,
        store.insertDefect({
          name,
          'detected-by': 'alice',
          'creation-time': '2026-01-05',
          severity: '2-Medium',
          status: i % 2 ? 'Open' : 'New',
          owner: i % 3 ? 'bob' : null,
          'user-03': `QT-${String(i).padStart(2, '0')}`,
        }),
      );
    }
  });
  after(async () => h.close());

  const get = async (params: Record<string, string>) => {
    const res = await http('GET', `${h.projectUrl}/defects?${new URLSearchParams(params).toString()}`, { cookie: alice });
    return res;
  };
  const found = async (params: Record<string, string>) => {
    const res = await get({ fields: 'name', ...params });
    assert.equal(res.status, 200, res.body.toString());
    return res.json<Page>();
  };

  const quoteBracket = (v: string) => (v.includes("'") ? `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"` : `'${v.replace(/\\/g, '\\\\')}'`);
  const quoteExpr = (v: string) => `'${v.replace(/[\\']/g, (c) => `\\${c}`)}'`;

  for (const name of NASTY) {
    it(`finds ${JSON.stringify(name)} exactly in both syntaxes`, async () => {
      const want = [ids.get(name)];
      assert.deepEqual(
        (await found({ query: `{name[${quoteBracket(name)}]}` })).data.map((d) => d.id),
        want,
      );
      assert.deepEqual(
        (await found({ query: `name = ${quoteExpr(name)}` })).data.map((d) => d.id),
        want,
      );
    });
  }

  it('ORs several nasty values in one condition and across fields', async () => {
    const pick = ['semi;colon', 'brackets [1] and ]', 'this or that'];
    const bracket = await found({ query: `{name[${pick.map(quoteBracket).join(' or ')}]}` });
    assert.deepEqual(
      bracket.data.map((d) => d.id),
      pick.map((n) => ids.get(n)),
    );
    assert.equal(bracket['total-count'], 3);
    const expr = await found({ query: pick.map((n) => `name = ${quoteExpr(n)}`).join(' || ') });
    assert.deepEqual(
      expr.data.map((d) => d.id),
      pick.map((n) => ids.get(n)),
    );
  });

  it('treats * as a wildcard for equality and spaces as part of quoted values', async () => {
    const stars = await found({ query: "{name['star*']}" });
    assert.deepEqual(
      stars.data.map((d) => d.name),
      ['star*name'],
    );
    const spaced = await found({ query: "{name['two  spaces']}" });
    assert.deepEqual(
      spaced.data.map((d) => d.name),
      ['two  spaces'],
    );
    const contains = await found({ query: `{user-03[QT-*];name['*;*']}` });
    assert.deepEqual(
      contains.data.map((d) => d.name),
      ['semi;colon', 'a;b]c[d'],
    );
  });

  it('combines fields with ; and negation, and orders with paging and total-count', async () => {
    const open = NASTY.filter((_, i) => i % 2 === 1);
    const page = await found({ query: '{user-03[QT-*];status[Open]}', 'order-by': '-user-03', limit: '3', offset: '1' });
    assert.equal(page['total-count'], open.length);
    assert.deepEqual(
      page.data.map((d) => d.name),
      [...open].reverse().slice(1, 4),
    );
    const notOpen = await found({ query: "user-03 = 'QT-*' ; !(status = 'Open')", 'order-by': 'user-03', 'page-size': '2', 'start-index': '2' });
    assert.deepEqual(
      notOpen.data.map((d) => d.name),
      NASTY.filter((_, i) => i % 2 === 0).slice(1, 3),
    );
    const unowned = await found({ query: '{user-03[QT-*];owner[null]}' });
    assert.deepEqual(
      unowned.data.map((d) => d.name),
      NASTY.filter((_, i) => i % 3 === 0),
    );
  });

  it('returns only the asked fields plus type and id', async () => {
    const res = await found({ query: "{name['semi;colon']}", fields: 'name,status' });
    assert.deepEqual(res.data, [{ type: 'defect', id: ids.get('semi;colon'), name: 'semi;colon', status: 'New' }]);
  });

  const errors: [Record<string, string>, number, string, RegExp][] = [
    [{ query: '{name[unterminated' }, 404, 'qccore.invalid-filter-expression', /Invalid filter expression/],
    [{ query: "name = 'open" }, 404, 'qccore.invalid-filter-expression', /unterminated quoted value/],
    [{ query: '{id[abc]}' }, 404, 'qccore.invalid-filter-expression', /not an integer/],
    [{ query: '{no-such-field[1]}' }, 400, 'qccore.unknown-field-name', /no-such-field/],
    [{ 'order-by': '-no-such-field' }, 400, 'qccore.unknown-field-name', /no-such-field/],
    [{ fields: 'name,no-such-field' }, 400, 'qccore.unknown-field-name', /no-such-field/],
    [{ limit: '2001' }, 400, 'qccore.general-error', /exceeds the maximum page size of 2000/],
    [{ offset: '-1' }, 400, 'qccore.general-error', /offset '-1'/],
  ];
  for (const [params, status, id, title] of errors) {
    it(`answers ${status} ${id} for ${JSON.stringify(params)}`, async () => {
      const res = await get(params);
      assert.equal(res.status, status, res.body.toString());
      const body = res.json<{ Id: string; Title: string; StackTrace: unknown }>();
      assert.equal(body.Id, id);
      assert.match(body.Title, title);
    });
  }

  it('returns every defect with limit=max, ordered by id by default', async () => {
    const total = h.demo().countDefects();
    const all = await found({ limit: 'max' });
    assert.equal(all.data.length, total);
    assert.equal(all['total-count'], total);
    const ids_ = all.data.map((d) => d.id);
    assert.deepEqual(
      ids_,
      [...ids_].sort((a, b) => a - b),
      'default order is by id',
    );
  });
});
