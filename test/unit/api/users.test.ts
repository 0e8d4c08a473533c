import { strict as assert } from 'node:assert';
import { Api12Dialect } from '../../../src/api/dialect/api12';
import { CoreDialect } from '../../../src/api/dialect/core';
import { parseCoreUsers } from '../../../src/api/dialect/coreUsers';
import type { DialectIo, WireDialect } from '../../../src/api/dialect/dialect';
import { ForbiddenError, NotFoundError, ServerError } from '../../../src/api/errors';
import type { HttpRequest } from '../../../src/api/http/transport';
import type { Defect, Page, PageRequest } from '../../../src/api/index';
import { RECENT_DEFECTS, loadProjectUsers } from '../../../src/api/users';

const scope = { domain: 'DEFAULT', project: 'My Project' };

/** A DialectIo answering every JSON GET with `answer(req)`, recording the requests. */
function fakeIo(answer: (req: HttpRequest) => unknown): DialectIo & { seen: HttpRequest[] } {
  const seen: HttpRequest[] = [];
  return {
    scope,
    seen,
    json: async (req) => {
      seen.push(req);
      return { status: 200, headers: {}, body: answer(req) };
    },
    text: () => Promise.reject(new Error('not used')),
  };
}

function recentDefects(rows: Partial<Defect>[]): { page(r?: PageRequest): Promise<Page<Defect>>; asked: PageRequest[] } {
  const asked: PageRequest[] = [];
  return {
    asked,
    page: async (r = {}) => {
      asked.push(r);
      const items = rows.map((d, i): Defect => ({ type: 'defect', id: i + 1, ...d }));
      return { items, total: items.length, offset: 0, nextOffset: items.length, hasMore: false };
    },
  };
}

function capture(): { logger: { debug(m: string): void; info(m: string): void; warn(m: string): void; error(m: string): void }; lines: string[] } {
  const lines: string[] = [];
  const push = (level: string) => (m: string) => lines.push(`${level} ${m}`);
  return { lines, logger: { debug: push('debug'), info: push('info'), warn: push('warn'), error: push('error') } };
}

describe('api/dialect/coreUsers: the project user list', () => {
  it('reads the XML tree mapped to JSON, a lone user, and a plain array; leaves inactive users out; sorts', () => {
    const many = {
      Users: {
        User: [
          { Name: 'carol', FullName: 'Carol Chen', email: 'c@x', UserActive: true },
          { Name: 'alice', FullName: 'Alice Adams', UserActive: 'true' },
          { Name: 'gone', FullName: 'Gone Away', UserActive: 'false' },
          { FullName: 'no login name' },
        ],
      },
    };
    assert.deepEqual(parseCoreUsers(many), [
      { name: 'alice', fullName: 'Alice Adams' },
      { name: 'carol', fullName: 'Carol Chen', email: 'c@x' },
    ]);
    assert.deepEqual(parseCoreUsers({ Users: { User: { Name: 'solo', FullName: '' } } }), [{ name: 'solo' }]);
    assert.deepEqual(parseCoreUsers({ users: [{ name: 'bob' }] }), [{ name: 'bob' }]);
    assert.deepEqual(parseCoreUsers({ Users: {} }), []);
  });

  it('reads every shape the collection grammar allows: the root dropped ({User:[…]}, {User:{…}}), one bare user, an empty Users', () => {
    assert.deepEqual(parseCoreUsers({ User: [{ Name: 'bob' }, { Name: 'alice', FullName: 'Alice Adams' }] }), [{ name: 'alice', fullName: 'Alice Adams' }, { name: 'bob' }]);
    assert.deepEqual(parseCoreUsers({ User: { Name: 'solo' } }), [{ name: 'solo' }]);
    assert.deepEqual(parseCoreUsers({ Name: 'alone', FullName: 'Al One', email: 'a@x', UserActive: 'true' }), [{ name: 'alone', fullName: 'Al One', email: 'a@x' }]);
    assert.deepEqual(parseCoreUsers({ Users: { Name: 'inside', FullName: '' } }), [{ name: 'inside' }]);
    assert.deepEqual(parseCoreUsers({ Users: '' }), []);
  });

  it('refuses an answer that is no user list, saying what to check', () => {
    assert.throws(
      () => parseCoreUsers({ entities: [] }),
      (e: unknown) => e instanceof ServerError && /not a valid Users answer.*qcbin/.test(e.message),
    );
    assert.throws(() => parseCoreUsers('<html>'), ServerError);
  });

  for (const dialect of [new CoreDialect(), new Api12Dialect()] as WireDialect[]) {
    it(`${dialect.tree}: asks Core's customization/users of the project, encoded`, async () => {
      const io = fakeIo(() => ({ Users: { User: [{ Name: 'alice' }] } }));
      assert.deepEqual(await dialect.loadUsers(io), [{ name: 'alice' }]);
      assert.deepEqual(
        io.seen.map((r) => `${r.method} ${r.path}`),
        ['GET /rest/domains/DEFAULT/projects/My%20Project/customization/users'],
      );
    });
  }
});

describe("api/users: the pickers' users, with the recent-defects fallback", () => {
  const failing = (e: Error): WireDialect => Object.assign(new CoreDialect(), { loadUsers: () => Promise.reject(e) });

  it("gives the server's list when it answers, without reading defects", async () => {
    const defects = recentDefects([{ owner: 'zed' }]);
    const { logger, lines } = capture();
    const got = await loadProjectUsers({ dialect: new CoreDialect(), io: fakeIo(() => ({ Users: { User: [{ Name: 'bob' }, { Name: 'alice' }] } })), defects, logger, project: 'DEFAULT/Demo' });
    assert.deepEqual(got, { users: [{ name: 'alice' }, { name: 'bob' }], source: 'project' });
    assert.equal(defects.asked.length, 0);
    assert.ok(!lines.some((l) => l.startsWith('warn')));
  });

  for (const refusal of [
    new NotFoundError('Not found', { status: 404, request: 'GET /rest/domains/DEFAULT/projects/Demo/customization/users' }),
    new ForbiddenError('No right', { status: 403, request: 'GET /rest/domains/DEFAULT/projects/Demo/customization/users' }),
  ]) {
    it(`falls back to the users of recent defects on ${refusal.status} and says so in the log`, async () => {
      const defects = recentDefects([
        { owner: 'carol', 'detected-by': 'alice' },
        { owner: null, 'detected-by': 'carol' },
        { owner: 'bob', 'detected-by': '' },
      ]);
      const { logger, lines } = capture();
      const got = await loadProjectUsers({ dialect: failing(refusal), io: fakeIo(() => undefined), defects, logger, project: 'DEFAULT/Demo' });
      assert.deepEqual(got, { users: [{ name: 'alice' }, { name: 'bob' }, { name: 'carol' }], source: 'recent-defects' });
      assert.deepEqual(
        defects.asked.map((r) => ({ fields: r.fields, orderBy: r.orderBy, pageSize: r.pageSize })),
        [{ fields: ['owner', 'detected-by'], orderBy: ['-id'], pageSize: RECENT_DEFECTS }],
      );
      const warning = lines.find((l) => l.startsWith('warn'));
      assert.ok(warning, lines.join('\n'));
      assert.match(warning, new RegExp(`DEFAULT/Demo: the server refused the project's user list \\(HTTP ${refusal.status} on GET /rest/.*/customization/users\\).*recent defects`));
    });
  }

  it('does not hide other failures behind the fallback', async () => {
    const defects = recentDefects([{ owner: 'carol' }]);
    const { logger } = capture();
    await assert.rejects(
      loadProjectUsers({ dialect: failing(new ServerError('The ALM server failed (HTTP 500).', { status: 500 })), io: fakeIo(() => undefined), defects, logger, project: 'DEFAULT/Demo' }),
      ServerError,
    );
    assert.equal(defects.asked.length, 0);
  });
});
