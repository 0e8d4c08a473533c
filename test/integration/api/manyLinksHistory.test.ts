// Many links and a long history against this server (issue 38): a defect with 2,200 links it made
// (more than one page of 2,000) and 600 made to it lists all 2,800, each other defect named — the
// names used to be asked in one `id[a or b …]` query that the server refuses past 500 conditions,
// so 501 links broke a defect's Links and its "add"; a second link between the same two is still
// refused. History after 2,200 changes starts with the newest: unpaged, the server answered the
// oldest 2,000. Links and audit rows are written straight into the project database, as thousands
// of members' writes would have left them.
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ValidationError } from '../../../src/api/index';
import type { AlmClient, ProjectApi } from '../../../src/api/index';
import { clientFor, startApiTestServer } from './harness';
import type { TestServer } from './harness';

const DEFECTS = 3000;
const MADE = 2200;
const RECEIVED = 600;
const CHANGES = 2200;

/** Writes links of defect 1 (to 2…MADE+1, and from the next RECEIVED defects) and CHANGES audit rows of defect 5. */
function seed(server: TestServer): void {
  const db = new Database(join(server.dataDir, 'projects', 'DEFAULT', 'Demo', 'project.db'));
  try {
    db.pragma('busy_timeout = 10000');
    db.transaction(() => {
      // The demo's own links of defect 1 and changes of defect 5 go: the counts below are exact.
      db.prepare('DELETE FROM defect_links WHERE "first-endpoint-id" = 1 OR ("second-endpoint-type" = \'defect\' AND "second-endpoint-id" = 1)').run();
      db.prepare('DELETE FROM audits WHERE "parent-type" = \'defect\' AND "parent-id" = 5').run();
      const link = db.prepare(
        'INSERT INTO defect_links ("first-endpoint-id", "second-endpoint-id", "second-endpoint-type", "link-type", "comment", "owner", "creation-time") VALUES (?, ?, \'defect\', \'Related\', \'\', \'bob\', \'2026-01-05\')',
      );
      for (let i = 0; i < MADE; i++) link.run(1, 2 + i);
      for (let i = 0; i < RECEIVED; i++) link.run(2 + MADE + i, 1);
      const audit = db.prepare('INSERT INTO audits ("parent-type", "parent-id", "action", "time", "user") VALUES (\'defect\', 5, \'UPDATE\', ?, \'bob\')');
      const property = db.prepare('INSERT INTO audit_properties ("audit-id", "position", "name", "label", "old-value", "new-value") VALUES (?, 0, \'status\', \'Status\', ?, ?)');
      for (let i = 0; i < CHANGES; i++) {
        const last = i === CHANGES - 1;
        const time = `2026-02-${String(1 + Math.floor(i / 100)).padStart(2, '0')} ${String(Math.floor((i % 100) / 10)).padStart(2, '0')}:${String(i % 10).padStart(2, '0')}:00`;
        const id = Number(audit.run(time).lastInsertRowid);
        property.run(id, last ? 'Fixed' : i % 2 ? 'Open' : 'Reopen', last ? 'Closed' : i % 2 ? 'Reopen' : 'Open');
      }
    })();
  } finally {
    db.close();
  }
}

const storedNames = (server: TestServer, ids: number[]): Map<number, string> => {
  const db = new Database(join(server.dataDir, 'projects', 'DEFAULT', 'Demo', 'project.db'), { readonly: true });
  try {
    const rows = db.prepare(`SELECT "id", "name" FROM defects WHERE "id" IN (${ids.map(() => '?').join(',')})`).all(...ids) as { id: number; name: string }[];
    return new Map(rows.map((r) => [r.id, r.name]));
  } finally {
    db.close();
  }
};

describe('api integration: thousands of links and changes on a Core server', function () {
  this.timeout(120_000);
  let server: TestServer;
  let alice: AlmClient;
  let p: ProjectApi;

  before(async () => {
    server = await startApiTestServer({ trees: ['rest'], defects: DEFECTS });
    seed(server);
    alice = clientFor(server.baseUrl).client;
    p = alice.project('DEFAULT', 'Demo');
  });
  after(async () => {
    await alice?.dispose();
    await server?.close();
  });

  it('lists every link of a defect with 2,800, both ways, each other defect named', async () => {
    const links = await p.links.of(1);
    assert.equal(links.length, MADE + RECEIVED);
    assert.equal(links.filter((l) => l.direction === 'from').length, MADE);
    const received = links.filter((l) => l.direction === 'to');
    assert.equal(received.length, RECEIVED);
    const names = storedNames(server, [received[0].otherId, received[RECEIVED - 1].otherId, links[0].otherId]);
    assert.equal(received[0].otherName, names.get(received[0].otherId));
    assert.equal(received[RECEIVED - 1].otherName, names.get(received[RECEIVED - 1].otherId));
    assert.equal(links[0].otherName, names.get(links[0].otherId));
    assert.ok(
      received.every((l) => l.otherName !== ''),
      'every defect that linked here is named',
    );
  });

  it('adds a link to a defect with thousands, and still refuses a second link between the same two', async () => {
    const made = await p.links.add(1, { to: DEFECTS, linkType: 'Related', comment: '' });
    assert.equal(made.otherId, DEFECTS);
    await assert.rejects(p.links.add(1, { to: 2 }), (e: unknown) => e instanceof ValidationError && /already linked/.test(e.message));
    await assert.rejects(p.links.add(2 + MADE, { to: 1 }), (e: unknown) => e instanceof ValidationError && /already linked/.test(e.message));
    const { links, total } = await p.links.list(1);
    assert.equal(total, MADE + RECEIVED + 1);
    assert.equal(links.length, total);
  });

  it('starts a history of 2,200 changes with the newest, and counts them all', async () => {
    const history = await p.history.of(5, { limit: 50 });
    assert.ok(history.available);
    assert.equal(history.total, CHANGES);
    assert.equal(history.entries.length, 50);
    assert.deepEqual(history.entries[0].changes, [{ field: 'status', label: 'Status', oldValue: 'Fixed', newValue: 'Closed' }]);
    const all = await p.history.of(5, { limit: 5000 });
    assert.ok(all.available);
    assert.equal(all.entries.length, CHANGES);
    assert.equal(all.entries[0].changes[0].newValue, 'Closed');
    assert.equal(new Set(all.entries.map((e) => e.id)).size, CHANGES, 'each change once, across pages');
  });
});
