// HTTPS with a CA generated at test time, in front of the real server: one the client speaks the
// /api tree to, and a Core-only one.
import { strict as assert } from 'node:assert';
import { TlsError } from '../../../src/api/index';
import { createTestPki } from '../../support/tlsCertificates';
import type { TestPki } from '../../support/tlsCertificates';
import { startTlsFront } from '../../support/tlsFront';
import type { TlsFront } from '../../support/tlsFront';
import { clientFor, saveRoundTrip, startApiTestServer } from './harness';
import type { TestServer } from './harness';
import { SERVERS } from './servers';

for (const { trees, tree } of SERVERS) {
  describe(`api integration: TLS (${tree === 'api' ? 'the /api tree' : 'a Core-only server'})`, () => {
    let server: TestServer;
    let front: TlsFront;
    let pki: TestPki;

    before(async () => {
      server = await startApiTestServer({ trees });
      pki = createTestPki();
      front = await startTlsFront(server.baseUrl, pki);
    });
    after(async () => {
      await front.close();
      await server.close();
    });

    it('refuses a server certificate from an unknown CA with an actionable TlsError', async () => {
      const { client } = clientFor(front.baseUrl);
      try {
        const err = await client.signIn().catch((e: unknown) => e);
        assert.ok(err instanceof TlsError, String(err));
        assert.match(err.message, /not trusted/);
        assert.match(err.message, /caFile/);
        assert.equal(front.forwarded(), 0, 'nothing reached the server');
      } finally {
        await client.dispose();
      }
    });

    it('trusts the server once its CA bundle is added (on top of the system roots)', async () => {
      const { client } = clientFor(front.baseUrl, 'alice', { tls: { ca: pki.caPem } });
      try {
        assert.equal((await client.signIn()).username, 'alice');
        assert.ok((await client.domains()).length >= 2);
        assert.equal(client.tree, tree);
      } finally {
        await client.dispose();
      }
    });

    it('refuses a different CA even when one is configured', async () => {
      const other = createTestPki('Some Other CA');
      const { client } = clientFor(front.baseUrl, 'alice', { tls: { ca: [other.caPem] } });
      try {
        await assert.rejects(client.signIn(), TlsError);
      } finally {
        await client.dispose();
      }
    });

    it('connects without verification only on explicit opt-out, and logs a warning', async () => {
      const { client, logs } = clientFor(front.baseUrl, 'alice', { tls: { rejectUnauthorized: false } });
      try {
        assert.ok((await client.domains()).length >= 2);
        assert.equal(client.tree, tree);
        assert.ok(logs.some((l) => /certificate verification is OFF/.test(l)));
      } finally {
        await client.dispose();
      }
    });

    it('saves an attachment into a file over TLS byte for byte (several records decrypted per network read)', async () => {
      const { client } = clientFor(front.baseUrl, 'alice', { tls: { ca: pki.caPem } });
      try {
        await saveRoundTrip(client, 5 * 1024 * 1024 + 333, 2);
      } finally {
        await client.dispose();
      }
    });
  });
}
