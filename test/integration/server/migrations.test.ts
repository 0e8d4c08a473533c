// Project databases of every schema version this server ever shipped open in the current one and
// keep their data (issue 26): a database is built with the steps of its version (steps 5 to 7 as
// the builds of that time ran them, fixtures/projectSchemaV5toV7.sql, with their count and
// escape triggers), filled, closed and opened by ProjectStore. Then every row is still there, the
// schema is the one a new database gets, no trigger is left, and writes and totals work.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { PAGING } from '../../../server/src/config';
import { CATALOGS } from '../../../server/src/metadata/catalog';
import { compileCollectionRequest } from '../../../server/src/query/index';
import { PROJECT_MIGRATIONS } from '../../../server/src/store/projectSchema';
import { AuditStore } from '../../../server/src/store/audits';
import { LinkStore } from '../../../server/src/store/links';
import { ProjectStore } from '../../../server/src/store/project';
import { SITE_MIGRATIONS, SiteStore } from '../../../server/src/store/site';

/** The SQL of steps 5, 6 and 7 as shipped, by version. */
function shippedSteps(): Map<number, string> {
  const text = readFileSync(join(__dirname, 'fixtures', 'projectSchemaV5toV7.sql'), 'utf8');
  const steps = new Map<number, string>();
  for (const part of text.split(/^-- version /m).slice(1)) {
    const [version, ...body] = part.split('\n');
    steps.set(Number(version), body.join('\n'));
  }
  return steps;
}

/** A database at `version`, made as a build of that version made it. */
function databaseAt(file: string, version: number): Database.Database {
  const db = new Database(file);
  const shipped = shippedSteps();
  for (let v = 1; v <= version; v++) {
    const old = shipped.get(v);
    db.transaction(() => {
      if (old) db.exec(old);
      else for (const sql of PROJECT_MIGRATIONS[v - 1] ?? []) db.exec(sql);
      db.pragma(`user_version = ${v}`);
    })();
  }
  return db;
}

const TABLES = ['defects', 'list_items', 'users', 'releases', 'release_cycles', 'environments', 'attachments', 'locks'];

/** One row of everything a project holds, written with the SQL any version accepts. */
function fill(db: Database.Database): void {
  db.prepare('INSERT INTO users ("name", "full-name") VALUES (?, ?)').run('alice', 'Alice');
  db.prepare('INSERT INTO list_items ("id", "logical-identifier", "name", "parent-id", "position") VALUES (1000, ?, ?, 0, 0)').run('1000', 'Severity');
  db.prepare('INSERT INTO releases ("id", "name") VALUES (1, ?)').run('R1');
  db.prepare('INSERT INTO release_cycles ("id", "name", "parent-id") VALUES (1, ?, 1)').run('C1');
  db.prepare('INSERT INTO environments ("id", "name") VALUES (1, ?)').run('Linux');
  const insert = db.prepare(
    'INSERT INTO defects ("name", "status", "owner", "severity", "description", "user-02", "target-rel", "user-04", "ver-stamp", "last-modified") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (let i = 0; i < 30; i++) {
    insert.run(
      `defect ${i} <&>`,
      ['Open', 'Closed', 'New'][i % 3],
      i % 4 === 0 ? null : 'alice',
      '2-Medium',
      `<p>memo ${i} "q"</p>`,
      JSON.stringify(['a', `b${i}`]),
      1,
      i + 0.5,
      1,
      `2025-01-0${(i % 9) + 1} 10:00:00`,
    );
  }
  db.prepare('INSERT INTO attachments ("name", "last-modified", "parent-id", "parent-type", "file-size") VALUES (?, ?, 2, ?, 3)').run('log.txt', '2025-01-02 10:00:00', 'defect');
  db.prepare('INSERT INTO locks ("parent-type", "parent-id", "user", "session", "lock-time", "session-last-touch") VALUES (?, 3, ?, ?, ?, ?)').run(
    'defect',
    'alice',
    's1',
    '2025-01-02 10:00:00',
    '2025-01-02 10:00:00',
  );
}

function snapshot(db: Database.Database): Record<string, unknown[]> {
  return Object.fromEntries(TABLES.map((t) => [t, db.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all()]));
}

/** The schema's objects (tables, indexes, triggers) by type and name, and each table's columns. */
function schemaOf(db: Database.Database): { objects: string[]; columns: Record<string, string[]> } {
  const objects = (db.prepare("SELECT type || ' ' || name AS o FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY 1").pluck().all() as string[]).sort();
  const columns = Object.fromEntries(TABLES.map((t) => [t, db.prepare(`SELECT name || ' ' || type FROM pragma_table_info('${t}')`).pluck().all() as string[]]));
  return { objects, columns };
}

describe('server: project databases of every shipped schema version', function () {
  let dir: string;
  let fresh: ReturnType<typeof schemaOf>;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'alm-migrations-'));
    const store = new ProjectStore('DEFAULT', 'Fresh', join(dir, 'fresh'), () => new Date());
    fresh = schemaOf(store.db);
    store.close();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('a new database has a column for every catalog field and no trigger', () => {
    const columns = fresh.columns.defects.map((c) => c.split(' ')[0]);
    assert.deepEqual(
      CATALOGS.defects.fields.map((def) => def.name).filter((name) => !columns.includes(name)),
      [],
    );
    assert.deepEqual(
      fresh.objects.filter((o) => o.startsWith('trigger ')),
      [],
    );
  });

  for (let version = 1; version < PROJECT_MIGRATIONS.length; version++) {
    it(`version ${version} opens in version ${PROJECT_MIGRATIONS.length} with its data, the new schema and working writes`, () => {
      const projectDir = join(dir, `v${version}`);
      mkdirSync(projectDir, { recursive: true });
      const old = databaseAt(join(projectDir, 'project.db'), version);
      let before: Record<string, unknown[]>;
      try {
        fill(old);
        before = snapshot(old);
      } finally {
        old.close();
      }
      const store = new ProjectStore('DEFAULT', `V${version}`, projectDir, () => new Date('2026-01-01T00:00:00Z'));
      try {
        assert.equal(store.db.pragma('user_version', { simple: true }), PROJECT_MIGRATIONS.length);
        const after = snapshot(store.db);
        // A version before 4 had no content-file column: the migration adds it empty.
        if (version < 4)
          after.attachments = after.attachments.map((row) => {
            const { 'content-file': file, ...rest } = row as Record<string, unknown>;
            assert.equal(file, null);
            return rest;
          });
        // Version 12 gives every user the right to publish favorites ('Y', as ALM's standard groups).
        after.users = after.users.map((row) => {
          const { 'public-favorites': right, ...rest } = row as Record<string, unknown>;
          assert.equal(right, 'Y');
          return rest;
        });
        assert.deepEqual(after, before);
        assert.deepEqual(schemaOf(store.db), fresh);
        // Writes work (a trigger left behind would fail them on its dropped table) and totals follow.
        const total = () => store.countDefectMatches(compileCollectionRequest({ query: '{status[Open]}' }, CATALOGS.defects, PAGING));
        const open = total();
        const id = store.insertDefect({ name: 'new', status: 'Open', severity: '2-Medium', 'detected-by': 'alice' });
        assert.equal(total(), open + 1);
        assert.ok(store.updateDefect(id, { status: 'Closed' }));
        assert.equal(total(), open);
        assert.ok(store.deleteDefect(1));
        assert.equal(store.getDefect(2)?.description, '<p>memo 1 "q"</p>');
        // History and links (version 10) work on an upgraded database too.
        new LinkStore(store, () => new Date()).insert({ firstId: 2, secondId: 3, secondType: 'defect', linkType: 'Related', comment: null, owner: 'alice' });
        assert.equal(store.getDefect(2)?.['has-linkage'], 'Y');
        assert.equal(store.getDefect(3)?.['has-others-linkage'], 'Y');
        const audits = new AuditStore(store);
        audits.insert({
          parentType: 'defect',
          parentId: 2,
          action: 'UPDATE',
          time: '2026-01-01 10:00:00',
          user: 'alice',
          properties: [{ name: 'status', label: 'Status', oldValue: 'New', newValue: 'Open' }],
        });
        const everything = compileCollectionRequest({}, { always: ['id'], field: () => undefined }, PAGING);
        assert.deepEqual(
          audits.page('defect', 2, everything).map((a) => a.properties),
          [[{ name: 'status', label: 'Status', oldValue: 'New', newValue: 'Open' }]],
        );
      } finally {
        store.close();
      }
    });
  }
});

describe('server: site databases of every shipped schema version', function () {
  for (let version = 1; version < SITE_MIGRATIONS.length; version++) {
    it(`version ${version} opens in version ${SITE_MIGRATIONS.length}: sessions kept, key deactivation works`, () => {
      const dir = mkdtempSync(join(tmpdir(), 'alm-site-migrations-'));
      try {
        const db = new Database(join(dir, 'site.db'));
        for (let v = 1; v <= version; v++) {
          db.transaction(() => {
            for (const sql of SITE_MIGRATIONS[v - 1] ?? []) db.exec(sql);
            db.pragma(`user_version = ${v}`);
          })();
        }
        db.prepare('INSERT INTO users ("name", "password-hash") VALUES (?, ?)').run('alice', 'scrypt$00$00');
        db.prepare('INSERT INTO sessions ("id", "user", "lwsso", "qcsession", "xsrf", "created", "last-touch") VALUES (?, ?, ?, ?, ?, ?, ?)').run('s1', 'alice', 'lw', 'qc', 'x', 1, 2);
        db.close();
        const site = new SiteStore(dir);
        try {
          assert.equal(site.db.pragma('user_version', { simple: true }), SITE_MIGRATIONS.length);
          assert.deepEqual(site.findSessionByQcSession('qc'), { id: 's1', user: 'alice', lwsso: 'lw', qcsession: 'qc', xsrf: 'x', created: 1, lastTouch: 2, apiKey: null, keyActive: true });
          site.addApiKey('k1', 'alice', 'secret', 3);
          site.insertSession({ id: 's2', user: 'alice', lwsso: 'lw2', qcsession: 'qc2', xsrf: 'y', created: 3, lastTouch: 3, apiKey: 'k1', keyActive: true });
          assert.equal(site.findSessionByQcSession('qc2')?.keyActive, true);
          site.setApiKeyActive('k1', false);
          assert.equal(site.findSessionByQcSession('qc2')?.keyActive, false);
          assert.deepEqual(
            site.sessionsOfApiKey('k1').map((s) => s.id),
            ['s2'],
          );
        } finally {
          site.close();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
