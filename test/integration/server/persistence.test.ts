// Durability: data, sessions and locks survive a restart on the same data dir, and a write the
// server acknowledged survives `kill -9` of the server process (WAL + synchronous=FULL).
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exited, spawnCli } from '../../support/cli';
import { TestClient, startTestServer, storedDefect } from '../../support/server';

describe('server: persistence', function () {
  this.timeout(60_000);
  let dir: string;
  const children: ChildProcess[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'alm-persist-'));
  });
  afterEach(() => {
    for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('data, sessions and locks survive a restart; the demo is not seeded twice', async () => {
    const first = await startTestServer({ dataDir: dir, defects: 15 });
    const alice = new TestClient(first.baseUrl);
    await alice.signIn('alice');
    const path = alice.projectPath();
    assert.equal((await alice.put(`${path}/defects/3`, { 'user-03': 'before restart' })).status, 200);
    const created = (await alice.post(`${path}/defects`, { name: 'Survivor', severity: '1-Low', 'detected-by': 'alice' })).json<{ id: number }>();
    assert.equal((await alice.post(`${path}/locks`, { data: [{ entity: { id: 3, type: 'defect' } }] })).status, 201);
    await first.close();

    const second = await startTestServer({ dataDir: dir, defects: 15 });
    try {
      const client = new TestClient(second.baseUrl);
      // The old cookies still name a live session.
      for (const [k, v] of alice.cookies) client.cookies.set(k, v);
      const page = (await client.get(`${path}/defects?limit=1`)).json<{ 'total-count': number }>();
      assert.equal(page['total-count'], 16);
      assert.equal((await client.get(`${path}/defects/3`)).json<Record<string, unknown>>()['user-03'], 'before restart');
      assert.equal((await client.get(`${path}/defects/${created.id}`)).json<Record<string, unknown>>().name, 'Survivor');
      const bob = new TestClient(second.baseUrl);
      await bob.signIn('bob');
      assert.equal((await bob.put(`${path}/defects/3`, { 'user-03': 'bob' })).status, 403);
    } finally {
      await second.close();
    }
  });

  it('an acknowledged PUT and POST survive kill -9 of the server process', async () => {
    const run1 = await spawnCli(['--port', '0', '--data', dir, '--demo', '--defects', '20']);
    children.push(run1.child);
    assert.match(run1.output(), /Demo users: alice \/ alice-demo, bob \/ bob-demo/);
    const client = new TestClient(run1.baseUrl);
    await client.signIn('alice');
    const path = client.projectPath();
    const put = await client.put(`${path}/defects/7`, { 'user-03': 'acknowledged', status: 'Fixed' });
    assert.equal(put.status, 200);
    const post = await client.post(`${path}/defects`, { name: 'Posted before the crash', severity: '2-Medium', 'detected-by': 'alice' });
    assert.equal(post.status, 201);
    const newId = post.json<{ id: number }>().id;
    run1.child.kill('SIGKILL');
    assert.equal((await exited(run1.child)).signal, 'SIGKILL');

    // Read straight from the files a dead server left behind, then through a restarted server.
    assert.equal(storedDefect(dir, 7)?.['user-03'], 'acknowledged');
    const run2 = await spawnCli(['--port', '0', '--data', dir, '--demo', '--defects', '20']);
    children.push(run2.child);
    const again = new TestClient(run2.baseUrl);
    await again.signIn('bob');
    const d7 = (await again.get(`${path}/defects/7`)).json<Record<string, unknown>>();
    assert.equal(d7['user-03'], 'acknowledged');
    assert.equal(d7.status, 'Fixed');
    assert.equal((await again.get(`${path}/defects/${newId}`)).json<Record<string, unknown>>().name, 'Posted before the crash');
    assert.equal((await again.get(`${path}/defects?limit=1`)).json<{ 'total-count': number }>()['total-count'], 21);
    run2.child.kill('SIGTERM');
    assert.deepEqual(await exited(run2.child), { code: 0, signal: null });
  });
});
