// Core favorite-folders and favorites (issue 42, reference §17) in every --alm profile: the
// roots asked as ALI asked them, the demo's public (a lead's) and private (alice's) favorites with
// their filter XML, create/read/update/delete in XML and JSON, and the rules: a private one is
// its owner's alone (another user neither sees nor changes it), public ones are written only by
// users with the right (the demo's frank has none), roots stay, a folder holding items stays.
import assert from 'node:assert/strict';
import { ALM_VERSIONS } from '../../../server/src/profile';
import { TestClient, openProjectDb, startTestServer } from '../../support/server';
import type { RunningServer } from '../../support/server';
import { CORE, JSON_, XML, coreJson, coreXml, jsonCollection, jsonEntity, xmlCollection, xmlEntityOf } from './coreHarness';
import type { ParsedEntity } from './coreHarness';

/** Signs in on the Core tree (every profile has it) and opens the site session. */
async function coreSignIn(server: RunningServer, user: string, password = `${user}-demo`): Promise<{ client: TestClient; headers: Record<string, string> }> {
  const client = new TestClient(server.baseUrl);
  const auth = await client.request('GET', '/authentication-point/authenticate', { headers: { Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` } });
  assert.equal(auth.status, 200, auth.text);
  const session = await client.request('POST', '/rest/site-session');
  assert.ok(session.status < 300, session.text);
  return { client, headers: { 'X-XSRF-TOKEN': client.cookies.get('XSRF-TOKEN') ?? '' } };
}

const one = (e: ParsedEntity, name: string) => e.fields[name]?.[0] ?? '';
const q = (path: string, query: string) => `${CORE}/${path}?query=${encodeURIComponent(query)}`;

for (const version of ALM_VERSIONS) {
  describe(`server: favorites (Core favorite-folders, favorites), --alm ${version}`, function () {
    this.timeout(60_000);
    let server: RunningServer;
    let alice: { client: TestClient; headers: Record<string, string> };
    let bob: { client: TestClient; headers: Record<string, string> };

    const list = async (who: typeof alice, path: string, query: string) => {
      const res = await who.client.get(q(path, query), JSON_);
      assert.equal(res.status, 200, res.text);
      return jsonCollection(res.json()).entities;
    };
    const write = (who: typeof alice, method: string, path: string, fields: Record<string, string>, type: string) =>
      who.client.request(method, `${CORE}/${path}`, { json: coreJson(fields, type), headers: { ...JSON_, ...who.headers } });
    const stored = (table: string) => {
      const db = openProjectDb(server.dataDir);
      try {
        return db.prepare(`SELECT * FROM ${table} ORDER BY "id"`).all();
      } finally {
        db.close();
      }
    };

    before(async () => {
      server = await startTestServer({ defects: 20, alm: version });
      alice = await coreSignIn(server, 'alice');
      bob = await coreSignIn(server, 'bob');
    });
    after(async () => server.close());

    it('lists the Public and Private roots with {module-id[0];parent-id[-1]}, as ALI asked', async () => {
      const roots = await list(alice, 'favorite-folders', '{module-id[0];parent-id[-1]}');
      assert.deepEqual(
        roots.map((e) => [e.type, one(e, 'id'), one(e, 'name'), one(e, 'public')]),
        [
          ['favorite-folder', '1', 'Public', 'Y'],
          ['favorite-folder', '2', 'Private', 'N'],
        ],
      );
      const sub = await list(alice, 'favorite-folders', '{parent-id[1]}');
      assert.deepEqual(
        sub.map((e) => [one(e, 'name'), one(e, 'owner')]),
        [['Triage', 'bob']],
      );
    });

    it("the demo's public favorites are everyone's; alice's private ones are hers alone", async () => {
      const publicNames = (await list(bob, 'favorites', '{module-id[0];parent-id[1]}')).map((e) => one(e, 'name'));
      assert.deepEqual(publicNames, ['Open urgent', 'Awaiting retest', 'Smoke failures']);
      const mine = await list(alice, 'favorites', '{parent-id[2]}');
      assert.deepEqual(
        mine.map((e) => [one(e, 'name'), one(e, 'owner'), one(e, 'public')]),
        [
          ['My open defects', 'alice', 'N'],
          ['Installer crashes', 'alice', 'N'],
        ],
      );
      assert.deepEqual(await list(bob, 'favorites', '{parent-id[2]}'), [], "bob sees none of alice's private favorites");
      const id = one(mine[0], 'id');
      assert.equal((await bob.client.get(`${CORE}/favorites/${id}`, JSON_)).status, 404);
      const filter = one(jsonEntity((await alice.client.get(`${CORE}/favorites/${id}`, JSON_)).json()), 'filter');
      assert.match(filter, /<Field Name="owner" Value="alice"\/>/);
      assert.match(filter, /<Name>priority<\/Name><Width>90<\/Width>/);
    });

    it('reads a favorite in XML with its filter XML as the field value, and takes include-shared-with-me', async () => {
      const res = await alice.client.get(`${CORE}/favorites?query=${encodeURIComponent('{name[Smoke*]}')}&include-shared-with-me=true`, XML);
      assert.equal(res.status, 200, res.text);
      const page = xmlCollection(res.text);
      assert.equal(page.total, 1);
      assert.match(one(page.entities[0], 'filter'), /<CrossFilter Entity="test-set" Inclusive="true"><Field Name="name" Value="Smoke\*"\/><\/CrossFilter>/);
    });

    it('alice saves a private favorite (XML body), renames it, changes its filter and deletes it; bob can neither see nor change it', async () => {
      const filter = '<Filter><Where><Field Name="status" Value="Open"/></Where></Filter>';
      const created = await alice.client.request('POST', `${CORE}/favorites`, {
        body: coreXml({ name: 'Open ones', 'parent-id': '2', filter }, 'favorite'),
        headers: { ...XML, ...alice.headers, 'Content-Type': 'application/xml' },
      });
      assert.equal(created.status, 201, created.text);
      const entity = xmlEntityOf(created.text);
      const id = one(entity, 'id');
      assert.deepEqual([one(entity, 'owner'), one(entity, 'public'), one(entity, 'module-id'), one(entity, 'filter')], ['alice', 'N', '0', filter]);
      assert.match(created.headers.get('location') ?? '', new RegExp(`/favorites/${id}$`));

      const before = stored('favorites');
      const bobPut = await write(bob, 'PUT', `favorites/${id}`, { name: 'Taken' }, 'favorite');
      assert.equal(bobPut.status, 404, 'a private favorite of another user is not there for bob');
      assert.equal((await bob.client.request('DELETE', `${CORE}/favorites/${id}`, { headers: bob.headers })).status, 404);
      assert.deepEqual(stored('favorites'), before, "bob's refused writes changed nothing");

      const renamed = await write(alice, 'PUT', `favorites/${id}`, { name: 'Open, mine', filter: '<Filter/>' }, 'favorite');
      assert.equal(renamed.status, 200, renamed.text);
      assert.deepEqual([one(jsonEntity(renamed.json()), 'name'), one(jsonEntity(renamed.json()), 'filter')], ['Open, mine', '<Filter/>']);
      const deleted = await alice.client.request('DELETE', `${CORE}/favorites/${id}`, { headers: { ...JSON_, ...alice.headers } });
      assert.equal(deleted.status, 200, deleted.text);
      assert.equal((await alice.client.get(`${CORE}/favorites/${id}`, JSON_)).status, 404);
    });

    it('a public favorite needs the right: frank (no right) is refused with the reason, bob may', async () => {
      const frankPassword = server.demo?.users.find((u) => u.name === 'frank')?.password;
      assert.ok(frankPassword, 'the demo prints frank’s password');
      const frank = await coreSignIn(server, 'frank', frankPassword);
      const before = stored('favorites');
      const refused = await write(frank, 'POST', 'favorites', { name: 'Mine for all', 'parent-id': '1', filter: '<Filter/>' }, 'favorite');
      assert.equal(refused.status, 403, refused.text);
      assert.match(refused.json<{ Title: string }>().Title, /may not make or change public favorites.*save it under Private/);
      const awaiting = (await list(frank, 'favorites', '{name["Awaiting retest"]}'))[0];
      assert.equal((await write(frank, 'PUT', `favorites/${one(awaiting, 'id')}`, { name: 'x' }, 'favorite')).status, 403);
      assert.deepEqual(stored('favorites'), before, "frank's refused writes changed nothing");

      const made = await write(bob, 'POST', 'favorites', { name: 'Reopened', 'parent-id': '1', filter: '<Filter/>' }, 'favorite');
      assert.equal(made.status, 201, made.text);
      assert.equal(one(jsonEntity(made.json()), 'public'), 'Y');
      assert.equal((await list(alice, 'favorites', '{name[Reopened]}')).length, 1, 'alice sees the public one');
      const sameName = await write(bob, 'POST', 'favorites', { name: 'reopened', 'parent-id': '1' }, 'favorite');
      assert.equal(sameName.status, 409, 'a name already in the folder is refused');
    });

    it('folders: made under Private, a favorite moved into it; a root and a folder holding items are not deleted', async () => {
      const folder = await write(alice, 'POST', 'favorite-folders', { name: 'Sprint', 'parent-id': '2' }, 'favorite-folder');
      assert.equal(folder.status, 201, folder.text);
      const folderId = one(jsonEntity(folder.json()), 'id');
      const fav = await write(alice, 'POST', 'favorites', { name: 'In sprint', 'parent-id': folderId, filter: '<Filter/>' }, 'favorite');
      assert.equal(fav.status, 201, fav.text);
      assert.deepEqual(await list(bob, 'favorite-folders', `{id[${folderId}]}`), [], "bob does not see alice's private folder");
      const full = await alice.client.request('DELETE', `${CORE}/favorite-folders/${folderId}`, { headers: { ...JSON_, ...alice.headers } });
      assert.equal(full.status, 400);
      assert.match(full.json<{ Title: string }>().Title, /holds 1 item\(s\): move or delete them first/);
      const root = await alice.client.request('DELETE', `${CORE}/favorite-folders/2`, { headers: { ...JSON_, ...alice.headers } });
      assert.equal(root.status, 403);
      const toPublic = await write(alice, 'PUT', `favorites/${one(jsonEntity(fav.json()), 'id')}`, { public: 'Y' }, 'favorite');
      assert.equal(toPublic.status, 400, 'public follows the folder');
    });
  });
}
