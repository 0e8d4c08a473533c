// The client against servers offering the /api tree, the Core /rest tree, or both: detection, and
// every resource giving callers the same values whichever tree carries them.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { AlmClient, AuthError, LockedByOtherError, SelectionGuardError, isCancellation, like } from '../../../src/api/index';
import type { AlmClientOptions, Defect, ProjectApi } from '../../../src/api/index';
import { eventually } from '../../support/eventually';
import { MovableClock } from '../../support/server';
import { clientFor, collect, createDefect, startApiTestServer } from './harness';
import type { TestServer } from './harness';

type Trees = 'api' | 'rest' | 'api,rest';

function treesOf(t: Trees): ('api' | 'rest')[] {
  return t.split(',') as ('api' | 'rest')[];
}

/** GET lines the transport logged (`GET /path?… → status`), in order. */
function gets(logs: string[]): string[] {
  return logs
    .map((l) => l.replace(/^\[\w+\] /, ''))
    .filter((l) => /^GET \//.test(l))
    .map((l) => l.replace(/\?.*? →/, ' →').replace(/ \(\d+ ms\).*$/, ''));
}

for (const trees of ['api', 'rest', 'api,rest'] as Trees[]) {
  const expected = trees === 'rest' ? 'rest' : 'api';

  describe(`api integration: a server with --trees ${trees}`, () => {
    let server: TestServer;
    let alice: AlmClient;
    let logs: string[];
    let p: ProjectApi;

    before(async () => {
      server = await startApiTestServer({ trees: treesOf(trees) });
      ({ client: alice, logs } = clientFor(server.baseUrl));
      p = alice.project('DEFAULT', 'Playground');
    });
    after(async () => {
      await alice.dispose();
      await server.close();
    });

    it(`detects the ${expected === 'api' ? '/api' : 'Core /rest'} tree once, with the fewest requests, and says why`, async () => {
      const domains = await alice.domains();
      assert.equal(alice.tree, expected);
      assert.deepEqual(
        domains
          .find((d) => d.name === 'DEFAULT')
          ?.projects?.map((x) => x.name)
          .sort(),
        ['Demo', 'Playground'],
      );
      // The probe is the domain list itself: one GET on an /api server, two on a Core-only one.
      // On a Core-only server the /api sign-in's 404 already told: Core is probed first.
      assert.deepEqual(
        gets(logs).filter((l) => l.includes('domains')),
        expected === 'api' ? ['GET /api/domains → 200'] : ['GET /rest/domains → 200'],
      );
      assert.ok(
        logs.some((l) => l.includes(`] using ${expected === 'api' ? 'the /api tree' : 'the Core /rest tree'}`) && l.includes('(1 request)')),
        logs.join('\n'),
      );
      await alice.domains();
      await alice.projects('DEFAULT');
      assert.equal(gets(logs).filter((l) => l.includes('domains →')).length, 2, 'detection is not repeated');
    });

    it('walks, filters and orders defects with typed values', async () => {
      const a = await createDefect(p, `tree ${trees} it's ]; [x] *star*`, { 'user-02': ['Linux', 'Windows'], 'user-04': 2.5, priority: '2-Medium' });
      assert.equal(typeof a.id, 'number');
      assert.equal(typeof a['ver-stamp'], 'number');
      assert.deepEqual(a['user-02'], ['Linux', 'Windows']);
      assert.equal(a['user-04'], 2.5);
      const exact = await collect(p.defects.query({ filter: { name: `tree ${trees} it's ]; [x] *star*` }, fields: ['name', 'user-02'] }));
      assert.deepEqual(
        exact.map((d) => d.id),
        [a.id],
        'hostile literal matched exactly',
      );
      const wild = await collect(p.defects.query({ filter: { name: like(`tree ${trees}*`) }, orderBy: ['-id'] }));
      assert.ok(wild.some((d) => d.id === a.id));
      const all = await collect(p.defects.query({ fields: ['name'], pageSize: 7 }));
      const ids = all.map((d) => d.id);
      assert.deepEqual(
        ids,
        [...ids].sort((x, y) => x - y),
        'keyset walk in id order',
      );
      const page = await p.defects.page({ offset: 2, pageSize: 3, orderBy: ['-id'], fields: ['name'] });
      assert.equal(page.items.length, Math.min(3, Math.max(0, all.length - 2)));
      assert.equal(page.total, all.length);
      assert.deepEqual(
        page.items.map((d) => d.id),
        [...ids].reverse().slice(2, 5),
        'start-index/offset paging',
      );
    });

    it('updates, clears, bulk-updates and deletes; the bulk guard refuses an empty selection', async () => {
      const d = await createDefect(p, `writes ${trees}`);
      const u = await p.defects.update(d.id, { priority: '3-High', 'user-02': ['macOS'], 'user-03': 'REF-1' }, { original: d });
      assert.equal(u.priority, '3-High');
      assert.deepEqual(u['user-02'], ['macOS']);
      assert.ok((u['ver-stamp'] as number) > (d['ver-stamp'] as number));
      const cleared = await p.defects.update(d.id, { 'user-03': null, 'user-02': [] });
      assert.equal(cleared['user-03'], null);
      assert.equal(cleared['user-02'], null);
      await p.defects.updateMany([{ id: d.id, changes: { priority: '1-Low' } }]);
      assert.equal((await p.defects.get(d.id, { fields: ['priority'] })).priority, '1-Low');
      await assert.rejects(p.defects.updateMany([]), SelectionGuardError);
      await p.defects.delete(d.id);
      await assert.rejects(p.defects.get(d.id), (e: Error) => e.name === 'NotFoundError');
    });

    it('locks: the second user is refused with who holds it; release frees it', async () => {
      const d = await createDefect(p, `lock ${trees}`);
      const { client: bob } = clientFor(server.baseUrl, 'bob');
      try {
        const handle = await p.locks.acquire({ type: 'defect', id: d.id });
        const refused = await bob
          .project('DEFAULT', 'Playground')
          .locks.acquire({ type: 'defect', id: d.id })
          .catch((e: unknown) => e);
        assert.ok(refused instanceof LockedByOtherError, String(refused));
        assert.equal(refused.lockedBy, 'alice');
        await handle.release();
        assert.equal(handle.state, 'released');
        await (await bob.project('DEFAULT', 'Playground').locks.acquire({ type: 'defect', id: d.id })).release();
      } finally {
        await bob.dispose();
      }
    });

    it('uploads, lists, saves, renames and deletes attachments under the defect', async () => {
      const d = await createDefect(p, `attach ${trees}`);
      const bytes = Buffer.from(`bytes of ${trees} `.repeat(500));
      const a = await p.attachments.upload({ entity: { type: 'defect', id: d.id }, name: 'notes [1].txt', source: { stream: Readable.from([bytes]), size: bytes.length }, description: 'd' });
      assert.deepEqual(a.entity, { type: 'defect', id: d.id });
      assert.equal(a.fileSize, bytes.length);
      const listed = await p.attachments.list({ entity: { type: 'defect', ids: [d.id] } });
      assert.deepEqual(
        listed.map((x) => x.name),
        ['notes [1].txt'],
      );
      assert.deepEqual(await p.attachments.list({ entity: { type: 'defect', ids: [d.id] }, name: 'other.txt' }), []);
      const dir = mkdtempSync(join(tmpdir(), 'alm-trees-'));
      try {
        assert.equal(await p.attachments.saveTo(a.id, join(dir, 'x.txt')), bytes.length);
        assert.ok(readFileSync(join(dir, 'x.txt')).equals(bytes));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      const renamed = await p.attachments.rename(a.id, 'renamed.txt');
      assert.equal(renamed.name, 'renamed.txt');
      await p.attachments.delete(a.id);
      assert.deepEqual(await p.attachments.list({ entity: { type: 'defect', ids: [d.id] } }), []);
    });

    it('signs in with the demo API key, and refuses a wrong secret or an unknown key', async () => {
      const key = server.apiKeys.find((k) => k.user === 'alice');
      assert.ok(key, 'the demo server has a key for alice');
      if (trees === 'api') {
        // rest/oauth2/login belongs to the Core tree: without it the client says API keys are not offered.
        const c = new AlmClient({ baseUrl: server.baseUrl, credentials: async () => ({ clientId: key.clientId, secret: key.secret }) });
        await assert.rejects(c.signIn(), /offers no API-key sign-in/);
        await c.dispose();
        return;
      }
      const keyClient = new AlmClient({ baseUrl: server.baseUrl, credentials: async () => ({ clientId: key.clientId, secret: key.secret }) });
      try {
        const info = await keyClient.signIn();
        assert.deepEqual(info, { username: 'alice', flow: 'api-key' });
        assert.equal(await keyClient.detectTree(), expected);
        assert.ok((await keyClient.project('DEFAULT', 'Demo').defects.page({ pageSize: 1 })).total > 0);
      } finally {
        await keyClient.dispose();
      }
      for (const creds of [
        { clientId: key.clientId, secret: 'wrong' },
        { clientId: 'no-such-key', secret: key.secret },
      ]) {
        const c = new AlmClient({ baseUrl: server.baseUrl, credentials: async () => creds });
        await assert.rejects(c.signIn(), AuthError);
        await c.dispose();
      }
    });
  });
}

describe('api integration: both trees give callers the same values', () => {
  let server: TestServer;
  const clients: AlmClient[] = [];
  const on = (dialect: AlmClientOptions['dialect']): ProjectApi => {
    const { client } = clientFor(server.baseUrl, 'alice', { dialect });
    clients.push(client);
    return client.project('DEFAULT', 'Demo');
  };

  before(async () => {
    server = await startApiTestServer({ trees: ['api', 'rest'], defects: 60 });
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await server.close();
  });

  it('reads every defect field identically through /api and Core', async () => {
    const api = on('api');
    const rest = on('rest');
    const [a, r] = await Promise.all([collect(api.defects.query()), collect(rest.defects.query())]);
    assert.equal(r.length, a.length);
    const byId = new Map<number, Defect>(a.map((d) => [d.id, d]));
    for (const d of r) assert.deepEqual(d, byId.get(d.id), `defect ${d.id}`);
  });

  it('maps field metadata and lists to the same types', async () => {
    const [fa, fr] = await Promise.all([on('api').fields('defects'), on('rest').fields('defects')]);
    for (const f of fa.fields) {
      const g = fr.get(f.name);
      assert.ok(g, `Core lists ${f.name}`);
      assert.equal(g.label, f.label, f.name);
      assert.equal(g.required, f.required, `${f.name} required`);
      assert.equal(g.dataType.name, f.dataType.name, `${f.name} type`);
      assert.equal(g.dataType.multiple, f.dataType.multiple, `${f.name} multiple`);
      assert.deepEqual(
        g.dataType.source?.kind === 'list' ? g.dataType.source : g.dataType.source?.kind,
        f.dataType.source?.kind === 'list' ? f.dataType.source : f.dataType.source?.kind,
        `${f.name} source`,
      );
    }
    const [la, lr] = await Promise.all([on('api').listItems(), on('rest').listItems()]);
    for (const id of [222, 287, 260, 1002]) assert.deepEqual(lr.valuesOf(id), la.valuesOf(id), `list ${id}`);
  });
});

describe('api integration: XSRF enforced (16.00+) on both trees', () => {
  let server: TestServer;
  before(async () => {
    server = await startApiTestServer({ xsrf: true });
  });
  after(() => server.close());

  for (const dialect of ['api', 'rest'] as const) {
    it(`writes through the ${dialect} tree echo the server's XSRF-TOKEN`, async () => {
      const { client, logs } = clientFor(server.baseUrl, 'alice', { dialect });
      try {
        const p = client.project('DEFAULT', 'Playground');
        const d = await createDefect(p, `xsrf ${dialect}`);
        assert.equal((await p.defects.update(d.id, { priority: '2-Medium' })).priority, '2-Medium');
        await (await p.locks.acquire({ type: 'defect', id: d.id })).release();
        assert.ok(!logs.some((l) => l.includes('session expired')), 'no request was refused for a missing token');
      } finally {
        await client.dispose();
      }
    });
  }
});

describe('api integration: a Core-only server whose sessions idle out', () => {
  let server: TestServer;
  // The server's time moves on command: its 60 s idle time passes without waiting for it.
  const clock = new MovableClock();
  before(async () => {
    server = await startApiTestServer({ trees: ['rest'], sessionIdleSeconds: 60, now: clock.now });
  });
  after(() => server.close());

  it('signs in again with the key after the idle timeout and carries on', async () => {
    const key = server.apiKeys[0];
    const events: string[] = [];
    const client = new AlmClient({ baseUrl: server.baseUrl, credentials: async () => ({ clientId: key.clientId, secret: key.secret }) });
    client.onDidChangeSession((e) => events.push(e.reason));
    try {
      const p = client.project('DEFAULT', 'Demo');
      await p.defects.get(1);
      clock.advance(61_000);
      assert.equal((await p.defects.get(1)).id, 1);
      assert.deepEqual(events, ['sign-in', 're-sign-in']);
    } finally {
      await client.dispose();
    }
  });

  it('keeps the session (and the Core lock) alive while the lock is held', async () => {
    const { client, logs } = clientFor(server.baseUrl, 'alice', { keepAliveMs: 50 });
    const { client: bob } = clientFor(server.baseUrl, 'bob');
    const touches = () => logs.filter((l) => /GET \/rest\/site-session\S* → 200/.test(l)).length;
    try {
      const handle = await client.project('DEFAULT', 'Demo').locks.acquire({ type: 'defect', id: 3 });
      // 80 s of server time in steps of 20 s, each followed by keep-alive requests: three answered
      // after a step include one sent after it (a touch sent before the step may answer after it),
      // so no two touches are 60 s apart, while the lock outlives the idle time.
      for (let step = 0; step < 4; step++) {
        clock.advance(20_000);
        const seen = touches();
        await eventually('three more keep-alives', () => touches() >= seen + 3, 10_000);
      }
      assert.equal(handle.state, 'held');
      await assert.rejects(bob.project('DEFAULT', 'Demo').locks.acquire({ type: 'defect', id: 3 }), LockedByOtherError);
      await handle.release();
    } finally {
      await client.dispose();
      await bob.dispose();
    }
  });

  it('reports a cancelled walk as a cancellation, not an error', async () => {
    const { client } = clientFor(server.baseUrl);
    try {
      const controller = new AbortController();
      const walk = client.project('DEFAULT', 'Demo').defects.query({ pageSize: 5, signal: controller.signal });
      let seen = 0;
      const run = (async () => {
        for await (const d of walk) {
          assert.equal(typeof d.id, 'number');
          if (++seen === 7) controller.abort();
        }
      })();
      await assert.rejects(run, (e: unknown) => isCancellation(e));
      assert.equal(seen, 10, 'the page in hand is finished; the next one is never fetched');
    } finally {
      await client.dispose();
    }
  });
});
