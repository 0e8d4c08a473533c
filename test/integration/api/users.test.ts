// The user pickers' list against servers offering the /api tree, the Core /rest tree, or both:
// the project's users from Core's customization/users wherever that tree answers (the /api
// dialect asks it too, on the same session), the users of recent defects only where the server
// refuses it (an api-only server: 404), said in the log.
import { strict as assert } from 'node:assert';
import type { AlmClient, ProjectApi, ProjectUser } from '../../../src/api/index';
import { openProjectDb } from '../../support/server';
import { clientFor, createDefect, startApiTestServer } from './harness';
import type { TestServer } from './harness';

/** The project's users as the server stores them, in the client's shape. */
function storedUsers(server: TestServer, project: string): ProjectUser[] {
  const db = openProjectDb(server.dataDir, 'DEFAULT', project);
  try {
    const rows = db.prepare('SELECT "name", "full-name" AS f, "email" AS e FROM users').all() as { name: string; f: string | null; e: string | null }[];
    return rows.map((r) => ({ name: r.name, ...(r.f ? { fullName: r.f } : {}), ...(r.e ? { email: r.e } : {}) })).sort((a, b) => a.name.localeCompare(b.name));
  } finally {
    db.close();
  }
}

const CASES: { trees: ('api' | 'rest')[]; dialect?: 'api' | 'rest'; source: 'project' | 'recent-defects' }[] = [
  { trees: ['rest'], source: 'project' },
  { trees: ['api', 'rest'], source: 'project' },
  { trees: ['api', 'rest'], dialect: 'rest', source: 'project' },
  { trees: ['api'], source: 'recent-defects' },
];

for (const c of CASES) {
  describe(`api integration: project users on a server with --trees ${c.trees.join(',')}${c.dialect ? ` (dialect ${c.dialect})` : ''}`, () => {
    let server: TestServer;
    let client: AlmClient;
    let logs: string[];
    let p: ProjectApi;

    before(async () => {
      server = await startApiTestServer({ trees: c.trees, defects: 30 });
      ({ client, logs } = clientFor(server.baseUrl, 'alice', c.dialect ? { dialect: c.dialect } : {}));
      p = client.project('DEFAULT', 'Playground');
    });
    after(async () => {
      await client.dispose();
      await server.close();
    });

    if (c.source === 'project') {
      it('lists every user of the project with full names, not just those on defects, and reads it once', async () => {
        const got = await p.users();
        assert.equal(got.source, 'project');
        assert.deepEqual(got.users, storedUsers(server, 'Playground'));
        assert.ok(got.users.length >= 2);
        assert.ok(!logs.some((l) => l.includes('refused the project')), logs.join('\n'));
        assert.equal(await p.users(), got, 'cached per project');
        const reads = (): number => logs.filter((l) => /GET \/rest\/.*\/customization\/users/.test(l)).length;
        const before = reads();
        await p.users({ refresh: true });
        assert.equal(reads(), before + 1, 'refresh reads it again');
      });
    } else {
      it('falls back to the users of recent defects on the 404, and says so in the log', async () => {
        await createDefect(p, 'users fallback', { owner: 'bob' });
        const got = await p.users();
        assert.equal(got.source, 'recent-defects');
        const page = await p.defects.page({ fields: ['owner', 'detected-by'], pageSize: 500, orderBy: ['-id'] });
        const names = new Set(page.items.flatMap((d) => [d.owner, d['detected-by']]).filter((v): v is string => typeof v === 'string' && v !== ''));
        assert.deepEqual(
          got.users.map((u) => u.name),
          [...names].sort((a, b) => a.localeCompare(b)),
        );
        assert.ok(got.users.some((u) => u.name === 'bob') && got.users.some((u) => u.name === 'alice'));
        const warning = logs.find((l) => l.includes("refused the project's user list"));
        assert.ok(warning, logs.join('\n'));
        assert.match(warning, /DEFAULT\/Playground: .*HTTP 404 on GET \/rest\/domains\/DEFAULT\/projects\/Playground\/customization\/users.*recent defects/);
      });
    }
  });
}
