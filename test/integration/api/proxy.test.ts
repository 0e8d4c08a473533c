// Through a CONNECT proxy on loopback: from settings, from the environment, bypassed by no-proxy
// rules, with proxy authentication, and to an HTTPS server whose CA is added — on a server the
// client speaks the /api tree to, and on a Core-only one (the connection is the dialect's business
// of neither, and these tests keep it so).
import { strict as assert } from 'node:assert';
import { NetworkError } from '../../../src/api/index';
import { startTestProxy } from '../../support/proxyServer';
import type { TestProxy } from '../../support/proxyServer';
import { createTestPki } from '../../support/tlsCertificates';
import { startTlsFront } from '../../support/tlsFront';
import { clientFor, saveRoundTrip, startApiTestServer } from './harness';
import type { TestServer } from './harness';
import { SERVERS } from './servers';

for (const { trees, tree } of SERVERS) {
  describe(`api integration: proxies (${tree === 'api' ? 'the /api tree' : 'a Core-only server'})`, () => {
    let server: TestServer;
    let proxy: TestProxy;
    let port: string;

    before(async () => {
      server = await startApiTestServer({ trees });
      proxy = await startTestProxy();
      port = new URL(server.baseUrl).port;
    });
    after(async () => {
      await proxy.close();
      await server.close();
    });
    beforeEach(() => {
      proxy.seen.length = 0;
    });

    it('goes through the proxy given in settings', async () => {
      const { client, logs } = clientFor(server.baseUrl, 'alice', { proxy: { url: proxy.url } });
      try {
        assert.ok((await client.domains()).length >= 2);
        assert.equal(client.tree, tree);
        assert.ok(
          proxy.seen.some((s) => s.includes(`127.0.0.1:${port}`)),
          proxy.seen.join(),
        );
        assert.ok(logs.some((l) => l.includes(`through ${proxy.url}`)));
      } finally {
        await client.dispose();
      }
    });

    it('takes HTTP_PROXY from the environment it is given, and honours NO_PROXY', async () => {
      const viaEnv = clientFor(server.baseUrl, 'alice', { proxy: { env: { HTTP_PROXY: proxy.url } } }).client;
      try {
        await viaEnv.domains();
        assert.ok(proxy.seen.length > 0);
      } finally {
        await viaEnv.dispose();
      }
      proxy.seen.length = 0;
      const bypass = clientFor(server.baseUrl, 'alice', { proxy: { env: { HTTP_PROXY: proxy.url, NO_PROXY: 'example.com,127.0.0.1' } } }).client;
      const bySetting = clientFor(server.baseUrl, 'alice', { proxy: { url: proxy.url, noProxy: [`127.0.0.1:${port}`] } }).client;
      try {
        await bypass.domains();
        await bySetting.domains();
        assert.deepEqual(proxy.seen, [], 'no-proxy hosts connect directly');
      } finally {
        await bypass.dispose();
        await bySetting.dispose();
      }
    });

    it('authenticates to a proxy with credentials in its URL, and explains a 407', async () => {
      const authProxy = await startTestProxy({ user: 'pxuser', password: 'px-secret-9' });
      const ok = clientFor(server.baseUrl, 'alice', { proxy: { url: `http://pxuser:px-secret-9@127.0.0.1:${authProxy.port}` } });
      const denied = clientFor(server.baseUrl, 'alice', { proxy: { url: authProxy.url } });
      try {
        assert.ok((await ok.client.domains()).length >= 2);
        assert.ok(
          ok.logs.every((l) => !l.includes('px-secret-9')),
          'proxy password never logged',
        );
        const err = await denied.client.domains().catch((e: unknown) => e);
        assert.ok(err instanceof NetworkError, String(err));
        assert.match(err.message, /407/);
      } finally {
        await ok.client.dispose();
        await denied.client.dispose();
        await authProxy.close();
      }
    });

    it('tunnels to an HTTPS server and verifies it with the configured CA', async () => {
      const pki = createTestPki();
      const front = await startTlsFront(server.baseUrl, pki);
      const { client } = clientFor(front.baseUrl, 'alice', { proxy: { url: proxy.url }, tls: { ca: pki.caPem } });
      try {
        assert.ok((await client.domains()).length >= 2);
        assert.equal(client.tree, tree);
        assert.ok(
          proxy.seen.some((s) => s === `CONNECT 127.0.0.1:${front.port}`),
          proxy.seen.join(),
        );
      } finally {
        await client.dispose();
        await front.close();
      }
    });

    it('saves an attachment into a file through the proxy byte for byte', async () => {
      const { client } = clientFor(server.baseUrl, 'alice', { proxy: { url: proxy.url } });
      try {
        const id = await saveRoundTrip(client, 3 * 1024 * 1024 + 17);
        const project = `/qcbin/${tree}/domains/DEFAULT/projects/Demo`;
        const download = `GET ${project}${tree === 'api' ? `/attachments/${id}` : `/defects/1/attachments/${id}?by-id=true`} HTTP/1.1`;
        assert.ok(proxy.tunnelled.includes(download), `the download went through the proxy: ${proxy.tunnelled.join(', ')}`);
      } finally {
        await client.dispose();
      }
    });
  });
}
