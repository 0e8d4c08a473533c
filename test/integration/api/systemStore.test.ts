// The operating system's certificate store, for real: a child process whose "OS store" is a file
// holding only a private CA (SSL_CERT_FILE, which Node 22.15+ reads for tls.getCACertificates
// ('system') and the client reads itself on older Node), against an HTTPS front signed by that CA.
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TlsError } from '../../../src/api/index';
import { createTestPki } from '../../support/tlsCertificates';
import type { TestPki } from '../../support/tlsCertificates';
import { startTlsFront } from '../../support/tlsFront';
import type { TlsFront } from '../../support/tlsFront';
import { clientFor, startApiTestServer } from './harness';
import type { TestServer } from './harness';

interface ChildAnswer {
  ok: boolean;
  user?: string;
  name?: string;
  message?: string;
  certificate?: { subject: string; issuer: string; storesTried: string[] };
}

function runChild(args: string[], env: Record<string, string | undefined>): Promise<ChildAnswer> {
  const script = join(__dirname, '../../support/systemStoreChild.ts');
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-r', 'tsx/cjs', script, ...args], { env, timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${error.message}\n${stderr}`));
      else resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as ChildAnswer);
    });
  });
}

describe('api integration: the OS certificate store', () => {
  let server: TestServer;
  let front: TlsFront;
  let pki: TestPki;
  let dir: string;
  let env: Record<string, string | undefined>;

  before(async () => {
    server = await startApiTestServer();
    pki = createTestPki('Corporate Test Root');
    front = await startTlsFront(server.baseUrl, pki);
    dir = mkdtempSync(join(tmpdir(), 'alm-os-store-'));
    writeFileSync(join(dir, 'os-store.pem'), pki.caPem);
    writeFileSync(join(dir, 'unrelated.pem'), createTestPki('Unrelated CA').caPem);
    // Only the test store: no extra CAs from the machine running the tests.
    env = { ...process.env, SSL_CERT_FILE: join(dir, 'os-store.pem'), SSL_CERT_DIR: join(dir, 'none'), NODE_EXTRA_CA_CERTS: undefined };
  });
  after(async () => {
    await front.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('connects with no caFile when the CA is in the OS store', async () => {
    assert.deepEqual(await runChild([front.baseUrl, '-', 'on'], env), { ok: true, user: 'alice' });
  });

  it('still connects with an unrelated caFile: the caFile adds to the OS store, never replaces it', async () => {
    assert.deepEqual(await runChild([front.baseUrl, join(dir, 'unrelated.pem'), 'on'], env), { ok: true, user: 'alice' });
  });

  it('with http.systemCertificates off, refuses and names the certificate, its issuer and the stores tried', async () => {
    const answer = await runChild([front.baseUrl, '-', 'off'], env);
    assert.equal(answer.ok, false);
    assert.equal(answer.name, 'TlsError');
    assert.match(answer.message ?? '', /"CN=localhost", issued by "CN=Corporate Test Root"/);
    assert.ok(answer.certificate?.storesTried.some((s) => /bundled/.test(s)));
    assert.ok(!answer.certificate?.storesTried.some((s) => /operating system/.test(s)), 'the OS store was not tried');
  });

  it('names the certificate and every store tried when no store holds its CA', async () => {
    const { client } = clientFor(front.baseUrl, 'alice', { tls: { ca: createTestPki('Some Other CA').caPem } });
    const before = front.forwarded();
    try {
      const err = await client.signIn().catch((e: unknown) => e);
      assert.ok(err instanceof TlsError, String(err));
      assert.match(err.message, /not trusted .*"CN=localhost", issued by "CN=Corporate Test Root"/);
      assert.match(err.message, /operating system's store.*bundled roots.*caFile/);
      assert.equal(err.certificate?.issuer, 'CN=Corporate Test Root');
      assert.equal(front.forwarded(), before, 'nothing was sent to the server');
    } finally {
      await client.dispose();
    }
  });
});
