// "Test Connection" against real parts on loopback: an HTTPS front whose CA is the entry's caFile
// (good), the same front with an unrelated caFile (wrong CA), a proxy that asks for credentials
// (refusing), and a port nothing listens on (unreachable). Each report names the failing step
// and never holds a secret.
import { strict as assert } from 'node:assert';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { reportText, testConnection } from '../../../src/auth/connectionTest';
import type { ServerEntry } from '../../../src/config/servers';
import { transportOptions } from '../../../src/config/transport';
import type { HttpSettings } from '../../../src/config/transport';
import { startTestProxy } from '../../support/proxyServer';
import type { TestProxy } from '../../support/proxyServer';
import { createTestPki } from '../../support/tlsCertificates';
import type { TestPki } from '../../support/tlsCertificates';
import { startTlsFront } from '../../support/tlsFront';
import type { TlsFront } from '../../support/tlsFront';
import { startApiTestServer } from '../api/harness';
import type { TestServer } from '../api/harness';

const HTTP: HttpSettings = { proxyStrictSSL: true, noProxy: [] };

describe('auth integration: Test Connection report', () => {
  let server: TestServer;
  let front: TlsFront;
  let pki: TestPki;
  let proxy: TestProxy;

  before(async () => {
    server = await startApiTestServer();
    pki = createTestPki('Report Test CA');
    front = await startTlsFront(server.baseUrl, pki);
    proxy = await startTestProxy({ user: 'pxuser', password: 'px-secret-9' });
  });
  after(async () => {
    await proxy.close();
    await front.close();
    await server.close();
  });

  const entry = (url: string): ServerEntry => ({ name: 'Demo', url, username: 'alice' });

  it('a good server: every step passes, the TLS step names the chain and the store that matched', async () => {
    const e = entry(front.baseUrl);
    const report = await testConnection(e, transportOptions(e, HTTP, pki.caPem), async () => ({ user: 'alice', tree: 'api' }));
    assert.ok(report.ok, reportText(report));
    assert.deepEqual(
      report.steps.map((s) => s.name),
      ['Proxy', 'DNS', 'TCP', 'TLS', 'Sign-in', 'REST tree'],
    );
    const tls = report.steps.find((s) => s.name === 'TLS');
    assert.match(tls?.detail ?? '', /"CN=localhost" ← "CN=Report Test CA"; trusted through the server entry's caFile/);
    assert.match(reportText(report), /✓ REST tree: \/api/);
  });

  it('a wrong CA: stops at TLS naming the certificate, its issuer and the stores tried', async () => {
    const e = entry(front.baseUrl);
    const report = await testConnection(e, transportOptions(e, HTTP, createTestPki('Unrelated CA').caPem), async () => assert.fail('no sign-in after a TLS failure'));
    assert.equal(report.ok, false);
    const last = report.steps.at(-1);
    assert.equal(last?.name, 'TLS');
    assert.match(last?.detail ?? '', /"CN=localhost", issued by "CN=Report Test CA"\. Stores tried: .*bundled roots.*caFile/);
  });

  it('a proxy refusing: stops at the CONNECT with its 407 and the schemes it offers; the proxy password never appears', async () => {
    const e = entry(server.baseUrl);
    const refused = await testConnection(e, transportOptions(e, { ...HTTP, proxy: proxy.url }, undefined), undefined);
    assert.equal(refused.steps.at(-1)?.name, 'Proxy CONNECT');
    assert.match(refused.steps.at(-1)?.detail ?? '', /HTTP 407 .*asks for credentials \(Basic\); none were sent/);
    assert.match(refused.steps[0].detail, new RegExp(`${proxy.url} \\(from the http.proxy setting\\)`));
    const withUrlCreds = `http://pxuser:px-secret-9@127.0.0.1:${proxy.port}`;
    const good = await testConnection(e, transportOptions(e, { ...HTTP, proxy: withUrlCreds }, undefined), undefined);
    assert.ok(good.ok, reportText(good));
    assert.ok(!reportText(good).includes('px-secret-9'), 'credentials redacted');
  });

  it('an unreachable host: stops at TCP', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const e = entry(`http://127.0.0.1:${port}/qcbin`);
    const report = await testConnection(e, transportOptions(e, HTTP, undefined), undefined);
    assert.equal(report.ok, false);
    assert.equal(report.steps.at(-1)?.name, 'TCP');
    assert.match(report.steps.at(-1)?.detail ?? '', /cannot connect to 127\.0\.0\.1:\d+: .*ECONNREFUSED/);
  });
});
