// The defect editor's controller as the extension builds it, over the real client against the
// project's ALM server: editing several field types under the lock and saving only them (checked
// as bob through his own client), a lock held by bob making the editor read-only until he lets go,
// a concurrent change by bob giving the field-by-field choice, releasing the lock while keeping the
// edits (what deactivation does), and creating a defect with the required fields. These were
// end-to-end tests that reached the controllers through activate()'s return value (issue 29); the
// page itself is driven in the workbench by test/e2e/ui/editor*.test.ts.
import * as assert from 'node:assert/strict';
import type { AlmClient, ProjectApi } from '../../../src/api/index';
import { DefectController } from '../../../src/editor/controller/defectController';
import type { DefectKey } from '../../../src/shared/editorProtocol';
import { signIn } from '../../e2e/environment';
import type { E2eAlmServer } from '../../e2e/environment';
import { deleteServerLock, serverLocksOn } from '../../e2e/oracle';
import { startTestServer } from '../../support/server';
import type { RunningServer } from '../../support/server';
import { clientFor } from '../api/harness';

const DEMO = { server: 'Demo', domain: 'DEFAULT', project: 'Demo' };

describe('editor integration: the defect controller against the ALM server', function () {
  this.timeout(60_000);
  let server: RunningServer;
  let alice: AlmClient;
  let bob: AlmClient;
  let aliceDemo: ProjectApi;
  let bobDemo: ProjectApi;
  const opened: DefectController[] = [];

  /** A controller of defect `id` (or a new defect) as alice, loaded. */
  async function open(id?: number): Promise<DefectController> {
    const key: DefectKey = id === undefined ? { ...DEMO } : { ...DEMO, id };
    const c = new DefectController({ api: aliceDemo, key, user: 'alice' });
    opened.push(c);
    await c.load();
    return c;
  }

  /** The server as the REST oracle of the end-to-end tests reads it (locks, as each user's own session). */
  const oracle = (): E2eAlmServer => ({
    baseUrl: server.baseUrl,
    users: [
      { username: 'alice', password: 'alice-demo' },
      { username: 'bob', password: 'bob-demo' },
    ],
    domain: 'DEFAULT',
    project: 'Demo',
  });

  /** Who holds a lock on the defect (read as bob, who sees everyone's). */
  const locksOn = async (id: number): Promise<string[]> => {
    const cookie = await signIn(oracle(), oracle().users[1]);
    return (await serverLocksOn(oracle(), cookie, id)).map((l) => l.user);
  };

  before(async () => {
    server = await startTestServer();
    ({ client: alice } = clientFor(server.baseUrl, 'alice'));
    ({ client: bob } = clientFor(server.baseUrl, 'bob'));
    aliceDemo = alice.project('DEFAULT', 'Demo');
    bobDemo = bob.project('DEFAULT', 'Demo');
  });

  afterEach(async () => {
    for (const c of opened.splice(0)) await c.dispose();
  });

  after(async () => {
    await alice?.dispose();
    await bob?.dispose();
    await server?.close();
  });

  it("offers the project's users by full name, and says why an environment shows as an id, through the one names loader", async () => {
    // Issue 39: the controller read users only from an option the extension filled apart from every
    // other view (here: none, so the pickers offered alice alone) and never named environments.
    const c = await open(41);
    const fields = c.init().fields;
    const owner = fields.find((f) => f.name === 'owner');
    const users = (await bobDemo.users()).users.filter((u) => u.fullName);
    assert.ok(users.length >= 2, 'the demo users have full names');
    for (const u of users)
      assert.ok(
        owner?.options?.some((o) => o.value === u.name && o.path === `${u.fullName} (${u.name})`),
        `owner offers ${u.name}: ${JSON.stringify(owner?.options)}`,
      );
    // This server's /api tree has no groups to name environments by (a Core one does: test/integration/api/groups.test.ts):
    // the value stays an id, and the field says why.
    const environment = fields.find((f) => f.name === 'environment');
    assert.match(environment?.note ?? '', /Shown by id: the server does not name these \(environment: the server does not group defects\)/);
  });

  it('opens read-only with the server values and the fields of the server metadata', async () => {
    const c = await open(41);
    assert.equal(c.lockPhase, 'read-only');
    assert.equal(c.title, String((await bobDemo.defects.get(41)).name));
    assert.ok(
      c.init().fields.some((f) => f.name === 'user-02' && f.multiple),
      'fields come from the server metadata',
    );
    assert.deepEqual(await locksOn(41), [], 'reading takes no lock');
  });

  it('edits several field types under the lock, saves only them, and the server has them', async () => {
    const c = await open(42);
    await c.edit();
    assert.equal(c.lockPhase, 'editing');
    assert.deepEqual(await locksOn(42), ['alice']);
    const before = await bobDemo.defects.get(42);
    const priority = before.priority === '5-Urgent' ? '1-Low' : '5-Urgent';
    c.setField('priority', priority);
    c.setField('estimated-fix-time', 13);
    c.setField('user-02', ['Linux', 'Windows']);
    c.setField('closing-date', '2026-02-03');
    c.setField('user-03', 'CR-4711');
    c.setField('owner', 'bob');
    c.setField('description', '<html><body>\n<p>Edited in <b>VS Code</b></p>\n</body></html>');
    assert.equal(await c.save(), 'saved');
    const after = await bobDemo.defects.get(42);
    assert.equal(after.priority, priority);
    assert.equal(after['estimated-fix-time'], 13);
    assert.deepEqual([...(after['user-02'] as string[])].sort(), ['Linux', 'Windows']);
    assert.equal(after['closing-date'], '2026-02-03');
    assert.equal(after['user-03'], 'CR-4711');
    assert.equal(after.owner, 'bob');
    assert.match(String(after.description), /Edited in <b>VS Code<\/b>/);
    assert.equal(after.name, before.name, 'untouched fields stay');
    assert.equal(after['ver-stamp'], (before['ver-stamp'] ?? 0) + 1, 'one update');
    assert.deepEqual(c.dirty, []);
    await c.release();
    assert.deepEqual(await locksOn(42), [], 'released');
  });

  it('stays read-only while bob holds the lock, naming him, and edits once he let go', async () => {
    const lock = await bobDemo.locks.acquire({ type: 'defect', id: 43 });
    const c = await open(43);
    try {
      await c.edit();
      assert.equal(c.lockPhase, 'locked-by-other');
      assert.equal(c.status().lock.holder, 'bob');
      assert.match(c.status().lock.since ?? '', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      c.setField('name', 'not while bob edits');
      assert.deepEqual(c.dirty, []);
    } finally {
      await lock.release();
    }
    await c.retry();
    assert.equal(c.lockPhase, 'editing');
    await c.release();
    assert.deepEqual(await locksOn(43), []);
  });

  it("offers bob's concurrent change beside alice's, field by field, and saves her choices", async () => {
    const c = await open(44);
    await c.edit();
    c.setField('name', 'Alice renamed it');
    c.setField('user-03', 'ALICE-1');
    // Alice's lock is lost (here: released by another session of hers); bob changes the defect meanwhile.
    const cookie = await signIn(oracle(), oracle().users[0]);
    const locks = await serverLocksOn(oracle(), cookie, 44);
    assert.deepEqual(
      locks.map((l) => l.user),
      ['alice'],
    );
    for (const l of locks) assert.equal(await deleteServerLock(oracle(), cookie, l), 200);
    const before = await bobDemo.defects.get(44);
    await bobDemo.defects.update(44, { name: 'Bob renamed it', priority: before.priority === '3-High' ? '2-Medium' : '3-High' });
    const bobs = await bobDemo.defects.get(44);

    assert.equal(await c.save(), 'conflict');
    const rows = new Map(c.status().conflict?.rows.map((r) => [r.field, r]));
    assert.deepEqual(rows.get('name'), { field: 'name', label: 'Summary', server: 'Bob renamed it', mine: 'Alice renamed it', changedOnServer: true, changedByMe: true });
    assert.equal(rows.get('priority')?.changedOnServer, true);
    assert.equal(rows.get('priority')?.changedByMe, false);
    assert.equal(rows.get('user-03')?.changedByMe, true);
    assert.equal((await bobDemo.defects.get(44))['ver-stamp'], bobs['ver-stamp'], 'nothing was saved before the choice');

    assert.equal(await c.resolveConflict({ name: 'mine', priority: 'server', 'user-03': 'mine' }), 'saved');
    const after = await bobDemo.defects.get(44);
    assert.equal(after.name, 'Alice renamed it');
    assert.equal(after.priority, bobs.priority, "bob's priority stays");
    assert.equal(after['user-03'], 'ALICE-1');
    await c.release();
  });

  it('releases the lock while keeping the unsaved edits (what deactivation does)', async () => {
    const c = await open(45);
    await c.edit();
    c.setField('user-03', 'kept across a reload');
    assert.deepEqual(await locksOn(45), ['alice']);
    await c.release();
    assert.deepEqual(await locksOn(45), []);
    assert.equal(c.lockPhase, 'read-only');
    assert.equal(c.value('user-03'), 'kept across a reload');
    assert.deepEqual(c.status().persist?.edits, { 'user-03': 'kept across a reload' });
    await c.cancel();
  });

  it('creates a new defect (POST) once the required fields are filled', async () => {
    const created: number[] = [];
    const c = new DefectController({
      api: aliceDemo,
      key: { ...DEMO },
      user: 'alice',
      onCreated: (id) => {
        created.push(id);
      },
    });
    opened.push(c);
    await c.load();
    assert.equal(c.lockPhase, 'editing');
    assert.equal(c.value('detected-by'), 'alice');
    assert.equal(await c.save(), 'invalid', 'Summary and Severity are required');
    assert.deepEqual(
      c
        .status()
        .problems.map((p) => p.field)
        .sort(),
      ['name', 'severity'],
    );
    c.setField('name', 'Created from the VS Code editor');
    c.setField('severity', '3-High');
    assert.equal(await c.save(), 'saved');
    const id = c.defectKey.id;
    assert.ok(id);
    assert.deepEqual(created, [id]);
    const stored = await bobDemo.defects.get(id);
    assert.equal(stored.name, 'Created from the VS Code editor');
    assert.equal(stored.severity, '3-High');
    assert.equal(stored['detected-by'], 'alice');
  });
});
