// The client against the real server behind the soak's fault proxy, one planned fault at a time:
// a lock release or a sign-out that meets a dropped connection or a gateway error is tried again,
// so the lock does not stay behind until the session idles out.
import { strict as assert } from 'node:assert';
import type { AlmClient, Defect } from '../../../src/api/index';
import { FaultProxy } from '../../soak/faultProxy';
import { Rng } from '../../support/random';
import { clientFor, createDefect, startApiTestServer } from './harness';
import type { TestServer } from './harness';

const isLockDelete = (method: string, url: string) => method === 'DELETE' && /\/locks\/\d+$/.test(url);
const isSignOut = (method: string, url: string) => /\/authentication\/sign-out$/.test(url) && method === 'GET';

describe('api integration: faults on the way to the server', () => {
  let server: TestServer;
  let proxy: FaultProxy;
  let bob: AlmClient;
  let defect: Defect;
  let viaProxy: string;

  before(async () => {
    server = await startApiTestServer({ sessionIdleSeconds: 600 });
    proxy = new FaultProxy({ rng: new Rng(1), faultRate: 0, hungAfterMs: 10_000 });
    const port = await proxy.listen();
    proxy.upstreamPort = Number(new URL(server.baseUrl).port);
    viaProxy = `http://127.0.0.1:${port}${new URL(server.baseUrl).pathname}`;
    bob = clientFor(server.baseUrl, 'bob').client;
    defect = await createDefect(bob.project('DEFAULT', 'Playground'), 'faulty network');
  });
  after(async () => {
    await bob.dispose();
    await proxy.close();
    await server.close();
  });

  /** Bob can lock the defect: alice's lock is really gone on the server. */
  async function assertUnlocked(): Promise<void> {
    const bobs = await bob.project('DEFAULT', 'Playground').locks.acquire({ type: 'defect', id: defect.id });
    await bobs.release();
  }

  for (const kind of ['reset-before', '502', '503-forwarded', 'reset-after'] as const) {
    it(`releases a lock whose first DELETE meets ${kind}`, async () => {
      const { client, logs } = clientFor(viaProxy);
      try {
        const handle = await client.project('DEFAULT', 'Playground').locks.acquire({ type: 'defect', id: defect.id });
        proxy.failNext(kind, isLockDelete);
        await handle.release();
        assert.equal(handle.state, 'released');
        assert.ok(
          logs.some((l) => /releasing lock \d+ failed .*trying again/.test(l)),
          logs.join('\n'),
        );
        await assertUnlocked();
      } finally {
        await client.dispose();
      }
    });
  }

  it('gives up after a few tries and keeps the handle held, so a later release can try again', async () => {
    const { client } = clientFor(viaProxy);
    try {
      const handle = await client.project('DEFAULT', 'Playground').locks.acquire({ type: 'defect', id: defect.id });
      for (let i = 0; i < 4; i++) proxy.failNext('502', isLockDelete);
      await assert.rejects(handle.release());
      assert.equal(handle.state, 'held');
      await handle.release();
      assert.equal(handle.state, 'released');
      await assertUnlocked();
    } finally {
      await client.dispose();
    }
  });

  it('signs out even when the first sign-out request is answered 502, ending the session and its locks', async () => {
    const { client } = clientFor(viaProxy);
    const handle = await client.project('DEFAULT', 'Playground').locks.acquire({ type: 'defect', id: defect.id });
    // The release fails for good; the sign-out, tried again, still ends the session on the server.
    for (let i = 0; i < 4; i++) proxy.failNext('reset-before', isLockDelete);
    proxy.failNext('502', isSignOut);
    await client.signOut();
    assert.equal(handle.state, 'lost');
    await assertUnlocked();
    await client.dispose();
  });
});
