// Issue 28 item 8, the lower findings: control characters no XML document may hold are refused
// on write (both trees) and never sent in Core XML; one session may hold a bounded number of
// locks; the /api multipart/mixed answer is a download with the sandbox CSP whose description
// part is never text/html; the demo's generated passwords differ in every data directory.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { request } from 'undici';
import { TestClient, startSignedIn, startTestServer, storedDefect } from '../../support/server';
import type { RunningServer } from '../../support/server';
import { coreJson, coreXml } from './coreHarness';
import { multipart, uploadParts } from './attachmentsHarness';

const API = '/api/domains/DEFAULT/projects/Demo';
const CORE = '/rest/domains/DEFAULT/projects/Demo';
/** What XML 1.0 forbids in a document, even written as a character reference. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|&#(0*[0-8]|0*1[1-24-9]|0*2\d|0*3[01]|x0*[0-8bBcCeEfF]|x0*1[0-9a-fA-F]);/;

describe('server: lower findings of the hostile probe (issue 28 item 8)', function () {
  this.timeout(60_000);
  let server: RunningServer;
  let client: TestClient;

  before(async () => {
    ({ server, client } = await startSignedIn({ defects: 30, limits: { maxLocksPerUser: 5 } }));
  });
  after(async () => server.close());

  it('NUL, U+0001 and ESC in a field → 400 naming the field and the character, in both trees; nothing stored', async () => {
    const before = storedDefect(server.dataDir, 4);
    for (const bad of ['nul \u0000 here', 'soh \u0001', 'esc \u001b[31m red']) {
      const api = await client.put(`${API}/defects/4`, { 'dev-comments': bad });
      assert.equal(api.status, 400, api.text);
      assert.match(api.json<{ Title: string }>().Title, /'dev-comments'.*U\+00(00|01|1B)/);
      const json = await client.request('PUT', `${CORE}/defects/4`, { json: coreJson({ 'dev-comments': bad }), headers: { Accept: 'application/json' } });
      assert.equal(json.status, 400, json.text);
    }
    assert.deepEqual(storedDefect(server.dataDir, 4), before);
    // The XML form can carry one only as a character reference: never stored as it.
    const xml = await client.request('PUT', `${CORE}/defects/4`, { body: coreXml({ name: 'esc &#27; here' }).replace('&amp;#27;', '&#27;'), headers: { 'Content-Type': 'application/xml' } });
    assert.ok(xml.status === 400 || xml.status === 200, `${xml.status} ${xml.text.slice(0, 200)}`);
    assert.doesNotMatch(String(storedDefect(server.dataDir, 4)?.name), NOT_XML);
  });

  it('a value stored before the rule is sent in Core XML without the forbidden characters, so the answer is well-formed', async () => {
    const db = new Database(join(server.dataDir, 'projects', 'DEFAULT', 'Demo', 'project.db'));
    try {
      db.prepare('UPDATE defects SET "dev-comments" = ? WHERE "id" = 6').run('a \u0000 b \u0001 c \u001b d');
    } finally {
      db.close();
    }
    for (const path of [`${CORE}/defects/6`, `${CORE}/defects?query={id[6]}`]) {
      const res = await client.get(path, { Accept: 'application/xml' });
      assert.equal(res.status, 200);
      assert.doesNotMatch(res.text, NOT_XML, path);
      assert.ok(res.text.includes('a \uFFFD b \uFFFD c \uFFFD d'), path);
    }
  });

  it('a user holds at most maxLocksPerUser locks: the next lock → 409 naming the bound; after a release it can lock again', async () => {
    const lock = (id: number) => client.request('POST', `${CORE}/defects/${id}/lock`, { headers: { Accept: 'application/json' } });
    for (let id = 10; id < 15; id++) assert.equal((await lock(id)).status, 200, `lock ${id}`);
    const refused = await lock(15);
    assert.equal(refused.status, 409, refused.text);
    assert.match(refused.json<{ Title: string }>().Title, /already hold 5 locks/);
    // Through the /api tree too: the bound is the user's, whichever tree took the locks.
    const apiLock = await client.post(`${API}/locks`, { data: [{ entity: { id: 16, type: 'defect' } }] });
    assert.equal(apiLock.status, 409, apiLock.text);
    assert.equal((await client.request('DELETE', `${CORE}/defects/10/lock`)).status, 200);
    assert.equal((await lock(15)).status, 200);
    // Another user has their own allowance.
    const bob = new TestClient(server.baseUrl);
    await bob.signIn('bob');
    assert.equal((await bob.request('POST', `${CORE}/defects/20/lock`, { headers: { Accept: 'application/json' } })).status, 200);
  });

  it('the /api multipart/mixed answer is a sandboxed download and its description part is text/plain, even when it starts with <html', async () => {
    const { body, contentType } = multipart(uploadParts(8, 'page.txt', 'content', { description: '<html><body><script>alert(1)</script></body></html>' }));
    const created = await request(`${server.baseUrl}${API}/attachments`, { method: 'POST', headers: { cookie: client.cookieHeader(), 'content-type': contentType }, body });
    assert.equal(created.statusCode, 201);
    const { id } = (await created.body.json()) as { id: number };
    const res = await request(`${server.baseUrl}${API}/attachments/${id}`, { headers: { cookie: client.cookieHeader(), accept: 'multipart/mixed' } });
    const text = await res.body.text();
    assert.match(String(res.headers['content-type']), /^multipart\/mixed/);
    assert.match(String(res.headers['content-disposition']), /^attachment;/);
    assert.match(String(res.headers['content-security-policy']), /sandbox/);
    const descriptionPart = text.split(/--alm-[0-9a-f]+/).find((p) => p.includes('name="description"')) ?? '';
    assert.match(descriptionPart, /Content-Type: text\/plain/);
    assert.doesNotMatch(text, /Content-Type: text\/html/);
  });

  it('demo passwords generated for carol, dave, erin and frank differ between two data directories', async () => {
    const other = await startTestServer({ defects: 1 });
    try {
      const mine = server.demo?.users.filter((u) => !['alice', 'bob'].includes(u.name)) ?? [];
      const theirs = other.demo?.users ?? [];
      assert.ok(mine.length >= 4);
      for (const u of mine) assert.notEqual(theirs.find((t) => t.name === u.name)?.password, u.password, u.name);
    } finally {
      await other.close();
    }
  });
});
