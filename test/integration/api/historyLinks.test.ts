// The client's project.history and project.links against this server (issue 30): history after
// writes through the client (one defect and updateMany) on a Core server, "not available" on an
// /api-only one; links added and removed from either end with both directions named, and the
// server's refusals (a defect that does not exist, a second link) reaching the caller with their
// reason, nothing stored.
import { strict as assert } from 'node:assert';
import { AlmApiError, ValidationError } from '../../../src/api/index';
import type { AlmClient, ProjectApi } from '../../../src/api/index';
import { openProjectDb } from '../../support/server';
import { clientFor, startApiTestServer } from './harness';
import type { TestServer } from './harness';

const storedLinkCount = (server: TestServer): number => {
  const db = openProjectDb(server.dataDir, 'DEFAULT', 'Playground');
  try {
    return db.prepare('SELECT COUNT(*) FROM defect_links').pluck().get() as number;
  } finally {
    db.close();
  }
};

describe('api integration: history and links on a Core server', () => {
  let server: TestServer;
  let alice: AlmClient;
  let bob: AlmClient;
  let p: ProjectApi;

  before(async () => {
    server = await startApiTestServer({ trees: ['rest'] });
    alice = clientFor(server.baseUrl).client;
    bob = clientFor(server.baseUrl, 'bob').client;
    p = alice.project('DEFAULT', 'Playground');
  });
  after(async () => {
    await alice.dispose();
    await bob.dispose();
    await server.close();
  });

  it('history.of lists the changes made through update and updateMany, newest first, with labels', async () => {
    const before = await p.defects.get(11);
    const status = before.status === 'Fixed' ? 'Reopen' : 'Fixed';
    await p.defects.update(11, { status, priority: '5-Urgent' });
    await bob.project('DEFAULT', 'Playground').defects.updateMany([{ id: 11, changes: { owner: 'carol' } }]);
    const history = await p.history.of(11);
    assert.ok(history.available);
    assert.equal(history.total, before.owner === 'carol' ? 1 : 2);
    const [newest, oldest] = history.entries;
    if (before.owner !== 'carol') {
      assert.equal(newest.user, 'bob');
      assert.deepEqual(newest.changes, [{ field: 'owner', label: 'Assigned To', oldValue: String(before.owner ?? ''), newValue: 'carol' }]);
    }
    const first = oldest ?? newest;
    assert.equal(first.user, 'alice');
    assert.equal(first.action, 'UPDATE');
    assert.match(first.time, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    assert.deepEqual(first.changes, [{ field: 'status', label: 'Status', oldValue: String(before.status), newValue: status }]);
  });

  it('links.add, links.of from both ends, links.remove; the defects’ link flags follow', async () => {
    const made = await p.links.add(12, { to: 13, linkType: 'Duplicate', comment: 'seen twice' });
    assert.deepEqual(
      { direction: made.direction, otherId: made.otherId, linkType: made.linkType, comment: made.comment, owner: made.owner },
      { direction: 'from', otherId: 13, linkType: 'Duplicate', comment: 'seen twice', owner: 'alice' },
    );
    const thirteen = await p.defects.get(13);
    assert.equal(made.otherName, thirteen.name);
    const fromTwelve = await p.links.of(12);
    assert.deepEqual(
      fromTwelve.map((l) => [l.id, l.direction, l.otherId]),
      [[made.id, 'from', 13]],
    );
    const twelve = await p.defects.get(12);
    const fromThirteen = await p.links.of(13);
    assert.deepEqual(
      fromThirteen.map((l) => [l.id, l.direction, l.otherId, l.otherName, l.otherStatus]),
      [[made.id, 'to', 12, twelve.name, twelve.status]],
    );
    assert.equal(twelve['has-linkage'], 'Y');
    assert.equal(thirteen['has-others-linkage'], 'Y');
    await p.links.remove(fromThirteen[0].id);
    assert.deepEqual(await p.links.of(12), []);
    assert.deepEqual(await p.links.of(13), []);
    assert.equal((await p.defects.get(12))['has-linkage'], 'N');
  });

  it('bad links are refused with a clear reason and store nothing', async () => {
    const count = storedLinkCount(server);
    await assert.rejects(p.links.add(14, { to: 14 }), ValidationError);
    await assert.rejects(p.links.add(14, { to: 999999 }), (err: unknown) => err instanceof AlmApiError && /Defect 999999 does not exist/.test(err.message));
    await p.links.add(14, { to: 15 });
    // The client sees the first link and refuses; another session racing it gets the server's 409.
    await assert.rejects(p.links.add(15, { to: 14 }), (err: unknown) => err instanceof ValidationError && /already linked/.test(err.message));
    assert.equal(storedLinkCount(server), count + 1);
  });
});

describe('api integration: history on an /api-only server', () => {
  let server: TestServer;
  let alice: AlmClient;

  before(async () => {
    server = await startApiTestServer({ trees: ['api'] });
    alice = clientFor(server.baseUrl).client;
  });
  after(async () => {
    await alice.dispose();
    await server.close();
  });

  it('says history is not available there, even after a write', async () => {
    const p = alice.project('DEFAULT', 'Playground');
    await p.defects.update(11, { priority: '4-Very High' });
    const history = await p.history.of(11);
    assert.equal(history.available, false);
    assert.ok(!history.available && /only the \/api tree/.test(history.reason));
  });
});

describe('api integration: history and links on a 12.5x server with both trees (the client speaks /api)', () => {
  let server: TestServer;
  let alice: AlmClient;

  before(async () => {
    server = await startApiTestServer({ trees: ['api', 'rest'] });
    alice = clientFor(server.baseUrl).client;
  });
  after(async () => {
    await alice.dispose();
    await server.close();
  });

  it('reads history and adds, lists and removes links through the Core tree beside /api, on the same session', async () => {
    const p = alice.project('DEFAULT', 'Playground');
    const status = (await p.defects.get(12)).status === 'Fixed' ? 'Reopen' : 'Fixed';
    await p.defects.update(12, { status });
    const history = await p.history.of(12);
    assert.ok(history.available, 'the history is read from the Core tree');
    assert.ok(history.entries.some((e) => e.user === 'alice' && e.changes.some((c) => c.field === 'status' && c.newValue === status)));
    const made = await p.links.add(12, { to: 13, linkType: 'Related', comment: 'both trees' });
    assert.deepEqual(
      (await p.links.of(13)).map((l) => [l.id, l.direction, l.otherId, l.linkType]),
      [[made.id, 'to', 12, 'Related']],
    );
    await p.links.remove(made.id);
    assert.deepEqual(await p.links.of(12), []);
  });
});
