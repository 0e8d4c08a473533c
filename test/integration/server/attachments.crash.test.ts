// A crash at any point of an attachment change leaves a consistent data dir (issue 14, item 2).
// For every crash point of store.ts and the defect delete, a CLI server started with
// ALM_SERVER_CRASH_AT=<point> kills itself with SIGKILL there; the server started again on the
// same data dir must serve exactly the old or exactly the new state: every record's file exists
// with its recorded size, no file is left that no record references, and the defects'
// attachment flags agree with their attachments.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnCli } from '../../support/cliServer';
import type { CliServer } from '../../support/cliServer';
import { TestClient, openProjectDb, startTestServer } from '../../support/server';

const OLD = 'the old content, longer than the new one\n'.repeat(50);
const NEW = 'new bytes\n';

interface Row {
  id: number;
  name: string;
  'file-size': number;
  'parent-id': number;
  'content-file': string | null;
}

async function upload(client: TestClient, defect: number, name: string, content: string, override = false): Promise<Response> {
  const form = new FormData();
  form.append('filename', name);
  form.append('entity.type', 'defect');
  form.append('entity.id', String(defect));
  if (override) form.append('override-existing-attachment', 'y');
  form.append('file', new Blob([content], { type: 'text/plain' }), name);
  return fetch(`${client.baseUrl}${client.projectPath()}/attachments`, { method: 'POST', headers: { Cookie: client.cookieHeader() }, body: form });
}

/** Sends a request to a server that is about to kill itself: the answer, or undefined when the connection died. */
async function attempt(send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch {
    // The crash cut the connection: expected.
  }
}

function rows(dataDir: string): Row[] {
  const db = openProjectDb(dataDir);
  try {
    return db.prepare('SELECT "id", "name", "file-size", "parent-id", "content-file" FROM attachments ORDER BY "id"').all() as Row[];
  } finally {
    db.close();
  }
}

/** Every record has its whole file, every file has its record, every defect's flag is right. */
function assertConsistent(dataDir: string): void {
  const dir = join(dataDir, 'projects', 'DEFAULT', 'Demo', 'attachments');
  const all = rows(dataDir);
  const referenced = new Set<string>();
  for (const row of all) {
    const file = row['content-file'] ?? String(row.id);
    referenced.add(file);
    assert.ok(existsSync(join(dir, file)), `attachment ${row.id} (${row.name}) has no content file`);
    assert.equal(statSync(join(dir, file)).size, row['file-size'], `attachment ${row.id} (${row.name}) content is cut or foreign`);
  }
  assert.deepEqual(
    readdirSync(dir).filter((f) => !referenced.has(f)),
    [],
    'files no record references',
  );
  const db = openProjectDb(dataDir);
  try {
    const wrong = db
      .prepare(
        `SELECT "id" FROM defects d WHERE d."attachment" <> CASE WHEN EXISTS
        (SELECT 1 FROM attachments a WHERE a."parent-type" = 'defect' AND a."parent-id" = d."id") THEN 'Y' ELSE 'N' END`,
      )
      .pluck()
      .all();
    assert.deepEqual(wrong, [], 'defects whose attachment flag disagrees with their attachments');
  } finally {
    db.close();
  }
}

interface Scenario {
  point: string;
  /** The change the crash interrupts. */
  act(client: TestClient, ids: { report: number; other: number }): Promise<unknown>;
  /** What the restarted server must serve. */
  check(client: TestClient, ids: { report: number; other: number }): Promise<void>;
}

const content = async (client: TestClient, id: number) => await client.get(`${client.projectPath()}/attachments/${id}`, { Accept: 'application/octet-stream' });

let dataDir = '';
const named = (name: string) => rows(dataDir).filter((r) => r.name === name);

const SCENARIOS: Scenario[] = [
  {
    point: 'attachment.insert.before-commit',
    act: (c) => upload(c, 2, 'fresh.txt', NEW),
    check: async () => assert.deepEqual(named('fresh.txt'), []),
  },
  {
    point: 'attachment.insert.after-commit',
    act: (c) => upload(c, 2, 'fresh.txt', NEW),
    check: async (c) => {
      const [fresh] = named('fresh.txt');
      assert.ok(fresh, 'the committed upload is there');
      assert.equal((await content(c, fresh.id)).text, NEW);
    },
  },
  {
    point: 'attachment.replace.before-commit',
    act: (c) => upload(c, 2, 'report.txt', NEW, true),
    check: async (c, ids) => assert.equal((await content(c, ids.report)).text, OLD, 'the old bytes, whole'),
  },
  {
    point: 'attachment.replace.after-commit',
    act: (c) => upload(c, 2, 'report.txt', NEW, true),
    check: async (c, ids) => assert.equal((await content(c, ids.report)).text, NEW),
  },
  {
    point: 'attachment.delete.before-commit',
    act: (c, ids) => c.delete(`${c.projectPath()}/attachments/${ids.report}`),
    check: async (c, ids) => assert.equal((await content(c, ids.report)).text, OLD),
  },
  {
    point: 'attachment.delete.after-commit',
    act: (c, ids) => c.delete(`${c.projectPath()}/attachments/${ids.report}`),
    check: async (c, ids) => assert.equal((await c.get(`${c.projectPath()}/attachments/${ids.report}`)).status, 404),
  },
  {
    point: 'defect.delete.before-commit',
    act: (c) => c.delete(`${c.projectPath()}/defects/2`),
    check: async (c, ids) => {
      assert.equal((await c.get(`${c.projectPath()}/defects/2`)).status, 200, 'the defect is back');
      assert.equal((await content(c, ids.report)).text, OLD, 'with its attachments whole');
      assert.equal((await content(c, ids.other)).text, NEW);
    },
  },
  {
    point: 'defect.delete.after-commit',
    act: (c) => c.delete(`${c.projectPath()}/defects/2`),
    check: async (c, ids) => {
      assert.equal((await c.get(`${c.projectPath()}/defects/2`)).status, 404);
      assert.equal((await c.get(`${c.projectPath()}/attachments/${ids.report}`)).status, 404);
    },
  },
];

describe('server: a crash at any point of an attachment change leaves a consistent data dir (issue 14)', function () {
  this.timeout(120_000);
  let dir: string;
  let cli: CliServer | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'alm-crash-'));
    dataDir = dir;
  });
  afterEach(() => {
    if (cli && cli.child.exitCode === null && cli.child.signalCode === null) cli.child.kill('SIGKILL');
    cli = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  for (const scenario of SCENARIOS) {
    it(`killed at ${scenario.point}`, async () => {
      // A data dir with defect 2 holding report.txt (long) and other.txt (short).
      const setup = await startTestServer({ dataDir: dir, defects: 5 });
      const ids = await (async () => {
        try {
          const client = new TestClient(setup.baseUrl);
          await client.signIn('alice');
          const report = ((await (await upload(client, 2, 'report.txt', OLD)).json()) as { id: number }).id;
          const other = ((await (await upload(client, 2, 'other.txt', NEW)).json()) as { id: number }).id;
          return { report, other };
        } finally {
          await setup.close();
        }
      })();

      cli = await spawnCli(['--port', '0', '--data', dir], { ALM_SERVER_CRASH_AT: scenario.point });
      const doomed = new TestClient(cli.baseUrl);
      await doomed.signIn('alice');
      await attempt(() => scenario.act(doomed, ids));
      const ended = await Promise.race([cli.exited(), new Promise<{ signal: null }>((r) => setTimeout(() => r({ signal: null }), 30_000))]);
      assert.equal(ended.signal, 'SIGKILL', `the server reached ${scenario.point}`);

      const restarted = await startTestServer({ dataDir: dir });
      try {
        assertConsistent(dir);
        const client = new TestClient(restarted.baseUrl);
        await client.signIn('alice');
        await scenario.check(client, ids);
      } finally {
        await restarted.close();
      }
    });
  }

  it('reconcile at start removes files no record references and records whose content is missing', async () => {
    const setup = await startTestServer({ dataDir: dir, defects: 5 });
    const client = new TestClient(setup.baseUrl);
    await client.signIn('alice');
    const kept = ((await (await upload(client, 3, 'kept.txt', OLD)).json()) as { id: number }).id;
    const lost = ((await (await upload(client, 3, 'lost.txt', NEW)).json()) as { id: number }).id;
    await setup.close();
    const attachments = join(dir, 'projects', 'DEFAULT', 'Demo', 'attachments');
    rmSync(join(attachments, String(lost)));
    for (const stray of ['.upload-0123', `${kept}-abcdef`, '99999']) {
      writeFileSync(join(attachments, stray), 'stray');
    }
    const again = await startTestServer({ dataDir: dir });
    try {
      assertConsistent(dir);
      assert.deepEqual(
        named('kept.txt').map((r) => r.id),
        [kept],
      );
      assert.deepEqual(named('lost.txt'), []);
      const c = new TestClient(again.baseUrl);
      await c.signIn('alice');
      assert.equal((await content(c, kept)).text, OLD);
      assert.equal((await c.get(`${c.projectPath()}/attachments/${lost}`)).status, 404);
    } finally {
      await again.close();
    }
  });
});
