// Issue 28 item 8: on a full disk a write is answered 507 with a message saying what to do, never
// a bare 500, nothing is half-stored, and reads keep working, for users who sign in meanwhile too. The disk is made "full" for the
// server's own connections with SQLite's max_page_count, which fails writes with SQLITE_FULL
// exactly as a full file system does.
import assert from 'node:assert/strict';
import { startHarness, http } from './attachmentsHarness';
import type { Harness } from './attachmentsHarness';

describe('server: a full disk (issue 28 item 8)', function () {
  this.timeout(60_000);
  let h: Harness;
  let alice: string;

  before(async () => {
    h = await startHarness({}, 20);
    alice = await h.signIn('alice');
  });
  after(async () => h.close());

  function fill(db: { pragma(sql: string, opts?: { simple: boolean }): unknown }): () => void {
    const pages = db.pragma('page_count', { simple: true }) as number;
    const before = db.pragma('max_page_count', { simple: true }) as number;
    db.pragma(`max_page_count = ${pages}`);
    return () => db.pragma(`max_page_count = ${before}`);
  }

  it('a write → 507 saying the disk is full; the defect is unchanged and reads keep working, site database full too', async () => {
    const store = h.demo();
    const before = store.getDefect(3);
    const freeProject = fill(store.db);
    const freeSite = fill(h.ctx.site.db);
    try {
      // Big enough to need new pages.
      const res = await http('PUT', `${h.projectUrl}/defects/3`, {
        cookie: alice,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ 'dev-comments': 'x'.repeat(200_000) }),
      });
      assert.equal(res.status, 507, res.body.toString());
      assert.match(res.json<{ Title: string }>().Title, /disk is full.*Free disk space/);
      assert.deepEqual(store.getDefect(3), before);
      // A fresh sign-in writes a session; reading with the session already held does not need to.
      for (let i = 0; i < 3; i++) {
        const read = await http('GET', `${h.projectUrl}/defects?limit=5`, { cookie: alice, headers: { accept: 'application/json' } });
        assert.equal(read.status, 200, read.body.toString().slice(0, 200));
      }
      const core = await http('GET', `${h.baseUrl}/rest/domains/DEFAULT/projects/Demo/defects/3`, { cookie: alice, headers: { accept: 'application/xml' } });
      assert.equal(core.status, 200);
    } finally {
      freeProject();
      freeSite();
    }
    const after = await http('PUT', `${h.projectUrl}/defects/3`, { cookie: alice, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ 'dev-comments': 'space again' }) });
    assert.equal(after.status, 200);
  });

  it('while site.db is full, signing in still works (sessions move to memory) and the new session reads', async () => {
    const site = h.ctx.site;
    const free = fill(site.db);
    try {
      // Fill the last free room of the sessions table and its indexes, so the next session needs a page.
      let full = false;
      for (let i = 0; i < 10_000 && !full; i++) {
        try {
          site.insertSession({ id: `filler-${i}`, user: 'nobody', lwsso: `lw-${i}`, qcsession: null, xsrf: 'x', created: 0, lastTouch: Date.now(), apiKey: null, keyActive: true });
        } catch (err) {
          assert.equal((err as { code?: string }).code, 'SQLITE_FULL');
          full = true;
        }
      }
      assert.ok(full, 'the site database filled up');
      const bob = await h.signIn('bob');
      const read = await http('GET', `${h.projectUrl}/defects?limit=2`, { cookie: bob, headers: { accept: 'application/json' } });
      assert.equal(read.status, 200, read.body.toString().slice(0, 200));
    } finally {
      free();
    }
  });
});
