// Compiled filters run against a real in-memory SQLite table; every result is checked against
// a plain JavaScript predicate over the same rows, so a wrong translation cannot pass.
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { compileCollectionRequest, countQuery, pageQuery } from '../../../server/src/query/index.js';
import type { QueryCatalog, QueryField } from '../../../server/src/query/index.js';

interface Row {
  id: number;
  name: string;
  status: string | null;
  'ver-stamp': number;
  'creation-time': string;
  'last-modified': string;
  'estimated-fix-time': number | null;
  owner: string | null;
  'user-02': string[] | null;
}

const rows: Row[] = [
  {
    id: 1,
    name: 'Login fails',
    status: 'Open',
    'ver-stamp': 1,
    'creation-time': '2026-01-05',
    'last-modified': '2026-01-05 10:00:00',
    'estimated-fix-time': 1.5,
    owner: 'alice',
    'user-02': ['Alpha', 'Beta'],
  },
  { id: 2, name: 'a;b', status: 'New', 'ver-stamp': 3, 'creation-time': '2026-01-06', 'last-modified': '2026-01-06 09:30:00', 'estimated-fix-time': 4, owner: 'bob', 'user-02': ['Gamma'] },
  { id: 3, name: 'x[1]y', status: 'Closed', 'ver-stamp': 2, 'creation-time': '2026-02-01', 'last-modified': '2026-02-01 00:00:00', 'estimated-fix-time': null, owner: null, 'user-02': null },
  { id: 4, name: 'it\'s "quoted"', status: null, 'ver-stamp': 7, 'creation-time': '2025-12-31', 'last-modified': '2025-12-31 23:59:59', 'estimated-fix-time': 0, owner: 'alice', 'user-02': [] },
  { id: 5, name: '100% done_ok', status: 'Open', 'ver-stamp': 5, 'creation-time': '2026-01-05', 'last-modified': '2026-01-07 12:00:00', 'estimated-fix-time': 2, owner: 'carol', 'user-02': ['Beta'] },
  { id: 6, name: 'or', status: 'Fixed', 'ver-stamp': 1, 'creation-time': '2026-03-01', 'last-modified': '2026-03-01 08:00:00', 'estimated-fix-time': 10, owner: 'bob', 'user-02': ['alpha'] },
  { id: 7, name: 'Login page slow', status: 'Reopen', 'ver-stamp': 2, 'creation-time': '2026-01-20', 'last-modified': '2026-01-20 08:00:00', 'estimated-fix-time': 3, owner: 'alice', 'user-02': null },
  { id: 8, name: 'star*name', status: 'Open', 'ver-stamp': 9, 'creation-time': '2026-01-21', 'last-modified': '2026-01-21 08:00:00', 'estimated-fix-time': 3, owner: 'dave', 'user-02': ['Alpha'] },
  { id: 9, name: 'C:\\temp\\x', status: 'Rejected', 'ver-stamp': 4, 'creation-time': '2026-01-22', 'last-modified': '2026-01-22 08:00:00', 'estimated-fix-time': 6, owner: '', 'user-02': null },
];

const fieldList: QueryField[] = [
  { name: 'id', column: '"id"', kind: 'integer' },
  { name: 'name', column: '"name"', kind: 'string' },
  { name: 'status', column: '"status"', kind: 'string' },
  { name: 'ver-stamp', column: '"ver-stamp"', kind: 'integer' },
  { name: 'creation-time', column: '"creation-time"', kind: 'date' },
  { name: 'last-modified', column: '"last-modified"', kind: 'datetime' },
  { name: 'estimated-fix-time', column: '"estimated-fix-time"', kind: 'float' },
  { name: 'owner', column: '"owner"', kind: 'string' },
  { name: 'user-02', column: '"user-02"', kind: 'multi' },
];
const catalog: QueryCatalog = {
  field: (name) => fieldList.find((f) => f.name === name),
  always: ['type', 'id'],
};
const limits = { defaultLimit: 100, maxLimit: 2000 };

const db = new Database(':memory:');
db.exec(`CREATE TABLE defect ("id" INTEGER PRIMARY KEY, "name" TEXT, "status" TEXT, "ver-stamp" INTEGER,
  "creation-time" TEXT, "last-modified" TEXT, "estimated-fix-time" REAL, "owner" TEXT, "user-02" TEXT)`);
const insert = db.prepare(`INSERT INTO defect VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
for (const r of rows) {
  insert.run(r.id, r.name, r.status, r['ver-stamp'], r['creation-time'], r['last-modified'], r['estimated-fix-time'], r.owner, r['user-02'] === null ? null : JSON.stringify(r['user-02']));
}

function run(params: Record<string, string | undefined>): number[] {
  const c = compileCollectionRequest(params, catalog, limits);
  const sql = `SELECT "id" FROM defect WHERE ${c.where} ORDER BY ${c.orderBy} LIMIT ? OFFSET ?`;
  return db
    .prepare(sql)
    .pluck()
    .all(...c.params, c.limit, c.offset) as number[];
}

function expected(pred: (r: Row) => boolean): number[] {
  return rows.filter(pred).map((r) => r.id);
}

const cases: [string, (r: Row) => boolean][] = [
  ['{status[Open]}', (r) => r.status === 'Open'],
  ['{status[Open or New]}', (r) => r.status === 'Open' || r.status === 'New'],
  ['{status[NOT (Open or New)]}', (r) => r.status !== null && r.status !== 'Open' && r.status !== 'New'],
  ['{status[<>Open]}', (r) => r.status !== null && r.status !== 'Open'],
  ['{status[Open];owner[alice]}', (r) => r.status === 'Open' && r.owner === 'alice'],
  ['{id[2 or 4]}', (r) => r.id === 2 || r.id === 4],
  ['{id[>=3 and <6]}', (r) => r.id >= 3 && r.id < 6],
  ['{id[> 7]}', (r) => r.id > 7],
  ['{id[<= 2]}', (r) => r.id <= 2],
  ['{ver-stamp[>2];status[Open]}', (r) => r['ver-stamp'] > 2 && r.status === 'Open'],
  ["{name['a;b']}", (r) => r.name === 'a;b'],
  ["{name['x[1]y']}", (r) => r.name === 'x[1]y'],
  [`{name["it's \\"quoted\\""]}`, (r) => r.name === `it's "quoted"`],
  [`{name['it\\'s "quoted"']}`, (r) => r.name === `it's "quoted"`],
  ["{name['or']}", (r) => r.name === 'or'],
  ["{name['C:\\temp\\x']}", (r) => r.name === 'C:\\temp\\x'],
  ['{name[Login*]}', (r) => r.name.toLowerCase().startsWith('login')],
  ["{name['login page*']}", (r) => r.name.toLowerCase().startsWith('login page')],
  ['{name[Login page slow]}', (r) => r.name === 'Login page slow'],
  ['{name[*%*]}', (r) => r.name.includes('%')],
  ['{name[*_*]}', (r) => r.name.includes('_')],
  ['{name[*\\*]}', (r) => r.name.includes('\\')],
  ['{name[<>Login*]}', (r) => !r.name.toLowerCase().startsWith('login')],
  ['{name[*;*]}', (r) => r.name.includes(';')],
  ['{owner[null]}', (r) => r.owner === null],
  ['{owner[not null]}', (r) => r.owner !== null],
  ["{owner['']}", (r) => r.owner === null || r.owner === ''],
  ["{owner[<>'']}", (r) => r.owner !== null && r.owner !== ''],
  ['{creation-time[2026-01-05]}', (r) => r['creation-time'] === '2026-01-05'],
  ['{creation-time[>=2026-01-20]}', (r) => r['creation-time'] >= '2026-01-20'],
  ['{last-modified[>"2026-01-06 09:30:00"]}', (r) => r['last-modified'] > '2026-01-06 09:30:00'],
  ['{last-modified[>=2026-01-21]}', (r) => r['last-modified'] >= '2026-01-21'],
  ['{estimated-fix-time[>=2.5]}', (r) => r['estimated-fix-time'] !== null && r['estimated-fix-time'] >= 2.5],
  ['{estimated-fix-time[0]}', (r) => r['estimated-fix-time'] === 0],
  ['{user-02[Alpha]}', (r) => (r['user-02'] ?? []).includes('Alpha')],
  ['{user-02[Beta or Gamma]}', (r) => (r['user-02'] ?? []).some((v) => v === 'Beta' || v === 'Gamma')],
  ['{user-02[alpha*]}', (r) => (r['user-02'] ?? []).some((v) => v.toLowerCase().startsWith('alpha'))],
  ['{user-02[<>Alpha]}', (r) => !(r['user-02'] ?? []).includes('Alpha')],
  ["status = 'Open'", (r) => r.status === 'Open'],
  ["status = 'Open' ; id > 1", (r) => r.status === 'Open' && r.id > 1],
  ["status = 'Open' || status = 'New'", (r) => r.status === 'Open' || r.status === 'New'],
  ["(id > 6 || status = 'New') ; owner = 'bob'", (r) => (r.id > 6 || r.status === 'New') && r.owner === 'bob'],
  ["!(status = 'Open')", (r) => r.status !== null && r.status !== 'Open'],
  ["status != 'Open'", (r) => r.status !== null && r.status !== 'Open'],
  ['status = null', (r) => r.status === null],
  ['status <> null', (r) => r.status !== null],
  ["name = 'it\\'s \"quoted\"'", (r) => r.name === `it's "quoted"`],
  ["name = 'a;b' || name = 'x[1]y'", (r) => r.name === 'a;b' || r.name === 'x[1]y'],
  ["name = 'login*'", (r) => r.name.toLowerCase().startsWith('login')],
  [`"owner = 'alice' ; ver-stamp >= 2"`, (r) => r.owner === 'alice' && r['ver-stamp'] >= 2],
  ["creation-time < '2026-01-06'", (r) => r['creation-time'] < '2026-01-06'],
  ['estimated-fix-time = false', (r) => r['estimated-fix-time'] === 0],
  ['', () => true],
];

describe('query compiler against SQLite', () => {
  for (const [query, pred] of cases) {
    it(`query=${query}`, () => {
      assert.deepEqual(run({ query }), expected(pred));
    });
  }

  it('binds every value as a parameter and never writes it into the SQL', () => {
    const hostile = `x'); DROP TABLE defect; --`;
    const c = compileCollectionRequest({ query: `{name["${hostile}"]}` }, catalog, limits);
    assert.equal(c.where, '"name" = ?');
    assert.deepEqual(c.params, [hostile]);
    assert.deepEqual(run({ query: `{name["${hostile}"]}` }), []);
    assert.equal(db.prepare('SELECT count(*) FROM defect').pluck().get(), rows.length);
  });

  it('passes integers and floats as numbers', () => {
    const c = compileCollectionRequest({ query: '{id[>3];estimated-fix-time[<2.5]}' }, catalog, limits);
    assert.deepEqual(c.params, [3, 2.5]);
  });

  it('tolerates a malformed stored multi value instead of failing the read', () => {
    db.prepare(`UPDATE defect SET "user-02" = 'not json' WHERE id = 3`).run();
    try {
      assert.deepEqual(run({ query: '{user-02[Alpha]}' }), [1, 8]);
    } finally {
      db.prepare(`UPDATE defect SET "user-02" = NULL WHERE id = 3`).run();
    }
  });
});

/** SQLite's ascending order: nulls first, then text by code point. */
function byOwner(a: Row, b: Row): number {
  if (a.owner === b.owner) return 0;
  if (a.owner === null) return -1;
  if (b.owner === null) return 1;
  return a.owner < b.owner ? -1 : 1;
}

describe('order-by and paging against SQLite', () => {
  const byDefault = rows.map((r) => r.id);

  it('sorts by id when order-by is absent', () => {
    assert.deepEqual(run({}), byDefault);
  });

  it('sorts by several fields with + and - and breaks ties by id', () => {
    const want = [...rows].sort((a, b) => byOwner(a, b) || b['ver-stamp'] - a['ver-stamp'] || b.id - a.id);
    assert.deepEqual(
      run({ 'order-by': 'owner,-ver-stamp' }),
      want.map((r) => r.id),
    );
    assert.deepEqual(
      run({ 'order-by': '+owner, -ver-stamp' }),
      want.map((r) => r.id),
    );
    assert.deepEqual(
      run({ 'order-by': ' owner,-ver-stamp' }),
      want.map((r) => r.id),
      'a decoded + is a space',
    );
  });

  it('accepts the Core form {f[ASC];g[DESC]} and {f;g[DESC]}', () => {
    const want = [...rows].sort((a, b) => byOwner(a, b) || b['ver-stamp'] - a['ver-stamp'] || b.id - a.id);
    assert.deepEqual(
      run({ 'order-by': '{owner[ASC];ver-stamp[DESC]}' }),
      want.map((r) => r.id),
    );
    assert.deepEqual(
      run({ 'order-by': '{owner;ver-stamp[desc]}' }),
      want.map((r) => r.id),
    );
  });

  it('does not add a second id key when id is sorted explicitly', () => {
    const c = compileCollectionRequest({ 'order-by': '-id' }, catalog, limits);
    assert.equal(c.orderBy, '"id" DESC');
    assert.deepEqual(run({ 'order-by': '-id' }), [...byDefault].reverse());
  });

  it('breaks ties by id in the direction of the last key, so an index can give the whole order', () => {
    const rank = (r: Row) => r.status ?? '';
    const asc = [...rows].sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : a.id - b.id)).map((r) => r.id);
    const desc = [...rows].sort((a, b) => (rank(a) < rank(b) ? 1 : rank(a) > rank(b) ? -1 : b.id - a.id)).map((r) => r.id);
    assert.deepEqual(run({ 'order-by': 'status' }), asc);
    assert.deepEqual(run({ 'order-by': '-status' }), desc);
    assert.equal(compileCollectionRequest({ 'order-by': 'name,-status' }, catalog, limits).orderBy, '"name" ASC, "status" DESC, "id" DESC');
    assert.equal(compileCollectionRequest({ 'order-by': '-status,name' }, catalog, limits).orderBy, '"status" DESC, "name" ASC, "id" ASC');
  });

  it('pageQuery (ids first, then rows) returns exactly the rows of the direct query', () => {
    for (const params of [
      { query: '{status[Open or New]}', 'order-by': '-ver-stamp', limit: '2', offset: '1' },
      { 'order-by': 'owner,-creation-time', limit: '4', offset: '3' },
      { query: "name = 'login*'", limit: '100' },
    ]) {
      const c = compileCollectionRequest(params, catalog, limits);
      const page = pageQuery('defect', '"id", "name"', c);
      const got = db.prepare(page.sql).all(...page.params) as { id: number }[];
      assert.deepEqual(
        got.map((r) => r.id),
        run(params),
      );
      const count = countQuery('defect', c);
      const total = db
        .prepare(count.sql)
        .pluck()
        .get(...count.params);
      assert.equal(total, run({ ...params, limit: 'max', offset: '0' }).length);
    }
  });

  it('pages with limit/offset (0-based) and page-size/start-index (1-based)', () => {
    assert.deepEqual(run({ limit: '3', offset: '2' }), byDefault.slice(2, 5));
    assert.deepEqual(run({ 'page-size': '3', 'start-index': '3' }), byDefault.slice(2, 5));
    assert.deepEqual(run({ limit: '0' }), []);
    assert.deepEqual(run({ limit: '4', offset: '8' }), byDefault.slice(8));
  });

  it('pages a filtered, ordered result', () => {
    const want = rows
      .filter((r) => r.status === 'Open')
      .sort((a, b) => b['ver-stamp'] - a['ver-stamp'])
      .map((r) => r.id);
    assert.deepEqual(run({ query: '{status[Open]}', 'order-by': '-ver-stamp', limit: '2' }), want.slice(0, 2));
    assert.deepEqual(run({ query: '{status[Open]}', 'order-by': '-ver-stamp', limit: '2', offset: '2' }), want.slice(2));
  });
});
