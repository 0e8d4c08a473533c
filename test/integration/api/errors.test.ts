// Every error kind the client raises, provoked against real sockets and the real server.
import { strict as assert } from 'node:assert';
import { createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { CancelledError, ServerError, TimeoutError, VersionConflictError, isCancellation } from '../../../src/api/index';
import type { AlmClient, ProjectApi } from '../../../src/api/index';
import { clientFor, createDefect, startApiTestServer } from './harness';
import type { TestServer } from './harness';

describe('api integration: error kinds', () => {
  let server: TestServer;
  let alice: AlmClient;
  let bob: AlmClient;
  let p: ProjectApi;

  before(async () => {
    server = await startApiTestServer();
    alice = clientFor(server.baseUrl).client;
    bob = clientFor(server.baseUrl, 'bob').client;
    p = alice.project('DEFAULT', 'Playground');
  });
  after(async () => {
    await alice.dispose();
    await bob.dispose();
    await server.close();
  });

  it('VersionConflictError when the defect moved since it was read (checkVersion)', async () => {
    const d = await createDefect(p, 'versioned');
    await bob.project('DEFAULT', 'Playground').defects.update(d.id, { 'dev-comments': '<p>bob was here</p>' });
    const err = await p.defects.update(d.id, { name: 'alice edit' }, { original: d, checkVersion: true }).catch((e: unknown) => e);
    assert.ok(err instanceof VersionConflictError, String(err));
    const now = await p.defects.get(d.id);
    assert.equal(now.name, 'versioned', 'nothing was written');
    const ok = await p.defects.update(d.id, { name: 'alice edit' }, { original: now, checkVersion: true });
    assert.equal(ok.name, 'alice edit');
  });

  it('CancelledError when the caller aborts a walk half way, and isCancellation says so', async () => {
    for (let i = 0; i < 6; i++) await createDefect(p, `cancel ${i}`);
    const ac = new AbortController();
    let seen = 0;
    const err = await (async () => {
      for await (const d of p.defects.query({ pageSize: 2, signal: ac.signal, fields: ['name'] })) {
        void d;
        if (++seen === 3) ac.abort();
      }
    })().catch((e: unknown) => e);
    assert.ok(err instanceof CancelledError, String(err));
    assert.ok(isCancellation(err));
    assert.equal(seen, 4, 'stopped at the page after the abort');
  });

  describe('against a server that accepts connections but never answers', () => {
    let silent: Server;
    const sockets: Socket[] = [];
    before(async () => {
      silent = createServer((s) => sockets.push(s));
      await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    });
    after(async () => {
      sockets.forEach((s) => s.destroy());
      await new Promise((r) => silent.close(r));
    });

    it('TimeoutError after the idle timeout', async () => {
      const port = (silent.address() as AddressInfo).port;
      const { client } = clientFor(`http://127.0.0.1:${port}/qcbin`, 'alice', { timeouts: { idleMs: 300 } });
      try {
        // Without the idle timeout the sign-in would wait on the silent server past the test's own timeout.
        const err = await client.signIn().catch((e: unknown) => e);
        assert.ok(err instanceof TimeoutError, String(err));
      } finally {
        await client.dispose();
      }
    });

    it('TimeoutError from the overall timeout too', async () => {
      const port = (silent.address() as AddressInfo).port;
      const { client } = clientFor(`http://127.0.0.1:${port}/qcbin`, 'alice', { timeouts: { overallMs: 250 } });
      try {
        await assert.rejects(client.signIn(), TimeoutError);
      } finally {
        await client.dispose();
      }
    });
  });

  it('ServerError with a hint when the URL is not an ALM server (wrong root path)', async () => {
    const { client } = clientFor(server.baseUrl.replace(/\/qcbin$/, '/nope'));
    try {
      const err = await client.signIn().catch((e: unknown) => e);
      assert.ok(err instanceof ServerError, String(err));
      assert.match(err.message, /qcbin/);
    } finally {
      await client.dispose();
    }
  });
});
