// Both trees over one store: a write through one is read through the other at once, and a lock
// taken through one blocks writes through the other (403 qccore.lock-failure, data unchanged).
// Also the Core lock resource itself: LockStatusEntity states, POST answering the entity, DELETE.
import assert from 'node:assert/strict';
import { TestClient, startTestServer, storedDefect } from '../../support/server';
import type { RunningServer } from '../../support/server';
import { CORE, JSON_, XML, coreJson, coreXml, jsonEntity, parseXml, xmlEntityOf } from './coreHarness';

interface LockStatus {
  LockStatus: string;
  LockedByMe: string;
  LockUser?: string;
}

describe('server: Core and api trees over the same data', function () {
  let server: RunningServer;
  let alice: TestClient;
  let bob: TestClient;
  const api = (rest: string) => `/api/domains/DEFAULT/projects/Demo${rest}`;
  const core = (rest: string) => `${CORE}${rest}`;
  const status = async (client: TestClient, id: number): Promise<LockStatus> => {
    const res = await client.get(core(`/defects/${id}/lock`), XML);
    assert.equal(res.status, 200, res.text);
    return parseXml(res.text).LockStatusEntity as LockStatus;
  };

  before(async () => {
    server = await startTestServer({ defects: 10 });
    alice = new TestClient(server.baseUrl);
    bob = new TestClient(server.baseUrl);
    await alice.signIn('alice');
    await bob.signIn('bob');
  });
  after(async () => server.close());

  it('a Core write is read through /api and an /api write through Core', async () => {
    const put = await alice.request('PUT', core('/defects/1'), { body: coreXml({ priority: '4-Very High' }), headers: { 'Content-Type': 'application/xml' } });
    assert.equal(put.status, 200, put.text);
    assert.equal((await alice.get(api('/defects/1'))).json<{ priority: string }>().priority, '4-Very High');
    assert.equal((await alice.put(api('/defects/1'), { priority: '1-Low' })).status, 200);
    assert.deepEqual(jsonEntity((await alice.get(core('/defects/1'), JSON_)).json()).fields.priority, ['1-Low']);
    const created = await alice.post(api('/defects'), { name: 'made in api', severity: '2-Medium', 'detected-by': 'alice' });
    const id = created.json<{ id: number }>().id;
    assert.deepEqual(xmlEntityOf((await alice.get(core(`/defects/${id}`), XML)).text).fields.name, ['made in api']);
  });

  it('GET lock: UNLOCKED, then LOCKED_BY_ME for the holder and LOCKED_BY_OTHER with LockUser for others', async () => {
    assert.deepEqual(await status(alice, 2), { LockStatus: 'UNLOCKED' });
    const taken = await alice.request('POST', core('/defects/2/lock'), { headers: XML });
    assert.equal(taken.status, 200, taken.text);
    assert.deepEqual(xmlEntityOf(taken.text).fields.id, ['2']);
    assert.deepEqual(await status(alice, 2), { LockStatus: 'LOCKED_BY_ME', LockedByMe: 'true', LockUser: 'alice' });
    assert.deepEqual(await status(bob, 2), { LockStatus: 'LOCKED_BY_OTHER', LockedByMe: 'false', LockUser: 'alice' });
    const json = await bob.get(core('/defects/2/lock'), JSON_);
    assert.deepEqual(json.json(), { LockStatus: 'LOCKED_BY_OTHER', LockedByMe: 'false', LockUser: 'alice' });
    const apiLocks = (await alice.get(api('/locks'))).json<{ data: { entity: { id: number }; user: string }[] }>().data;
    assert.ok(
      apiLocks.some((l) => l.entity.id === 2 && l.user === 'alice'),
      'the Core lock is in the /api locks collection',
    );
  });

  it('a Core lock refuses /api and Core writes by others, and another lock, leaving the defect unchanged', async () => {
    const before = storedDefect(server.dataDir, 2);
    const apiPut = await bob.put(api('/defects/2'), { priority: '5-Urgent' });
    assert.equal(apiPut.status, 403);
    assert.equal(apiPut.json<{ Id: string }>().Id, 'qccore.lock-failure');
    const corePut = await bob.request('PUT', core('/defects/2'), { json: coreJson({ priority: '5-Urgent' }) });
    assert.equal(corePut.status, 403);
    assert.match(corePut.json<{ Id: string; Title: string }>().Title, /alice/);
    assert.equal((await bob.request('DELETE', core('/defects/2'), { headers: JSON_ })).status, 403);
    assert.equal((await bob.request('POST', core('/defects/2/lock'), { headers: JSON_ })).status, 403);
    const release = await bob.request('DELETE', core('/defects/2/lock'), { headers: JSON_ });
    assert.equal(release.status, 403);
    assert.equal(release.json<{ Id: string }>().Id, 'qccore.lock-failure');
    assert.equal((await status(alice, 2)).LockStatus, 'LOCKED_BY_ME', 'the refused release left the lock');
    assert.deepEqual(storedDefect(server.dataDir, 2), before);
    assert.equal((await alice.request('PUT', core('/defects/2'), { json: coreJson({ priority: '3-High' }) })).status, 200, 'the holder may write');
  });

  it('DELETE lock releases it: UNLOCKED again and others may write', async () => {
    assert.equal((await alice.request('DELETE', core('/defects/2/lock'))).status, 200);
    assert.deepEqual(await status(bob, 2), { LockStatus: 'UNLOCKED' });
    assert.equal((await alice.request('DELETE', core('/defects/2/lock'))).status, 200, 'releasing an unlocked defect is fine');
    assert.equal((await bob.request('PUT', core('/defects/2'), { json: coreJson({ priority: '2-Medium' }) })).status, 200);
  });

  it('an /api lock refuses Core writes by others and shows as LOCKED_BY_OTHER', async () => {
    const lock = await alice.post(api('/locks'), { data: [{ entity: { id: 3, type: 'defect' } }] });
    assert.equal(lock.status, 201);
    const before = storedDefect(server.dataDir, 3);
    const put = await bob.request('PUT', core('/defects/3'), { body: coreXml({ status: 'Closed' }), headers: { 'Content-Type': 'application/xml', Accept: 'application/xml' } });
    assert.equal(put.status, 403);
    assert.equal((parseXml(put.text).QCRestException as { Id: string }).Id, 'qccore.lock-failure');
    const bulk = await bob.request('PUT', core('/defects'), { json: { entities: [coreJson({ id: '3', status: 'Closed' })] } });
    assert.equal(bulk.status, 500, 'the only element failed');
    assert.deepEqual(storedDefect(server.dataDir, 3), before);
    assert.equal((await status(bob, 3)).LockStatus, 'LOCKED_BY_OTHER');
    assert.equal((await status(alice, 3)).LockStatus, 'LOCKED_BY_ME');
  });

  it('answers 404 for the lock of a defect that does not exist', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await alice.request(method, core('/defects/99999/lock'), { headers: JSON_ });
      assert.equal(res.status, 404, method);
      assert.equal(res.json<{ Id: string }>().Id, 'qccore.entity-not-found');
    }
  });

  it('a lock ends with its session: signing out frees it for the other tree too', async () => {
    const carol = new TestClient(server.baseUrl);
    await carol.signIn('alice');
    assert.equal((await carol.request('POST', core('/defects/4/lock'))).status, 200);
    assert.equal((await bob.put(api('/defects/4'), { priority: '1-Low' })).status, 403);
    await carol.get('/api/authentication/sign-out');
    assert.equal((await bob.put(api('/defects/4'), { priority: '1-Low' })).status, 200);
  });
});
