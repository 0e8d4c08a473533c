import { strict as assert } from 'node:assert';
import { Agent, ProxyAgent } from 'undici';
import { buildDispatcher, trustedContext } from '../../../src/api/http/dispatcher';
import { bundledStore, systemStore } from '../../../src/api/http/trustStore';
import { createTestPki } from '../../support/tlsCertificates';

describe('api/http/dispatcher', () => {
  const base = { target: new URL('https://alm.example.com/qcbin'), connectMs: 1000, idleMs: 1000, connections: 2 };

  it('adds a CA bundle to the OS store and the bundled roots instead of replacing them', () => {
    const pem = createTestPki('Unit CA').caPem;
    const withCa = trustedContext({ ca: pem });
    assert.deepEqual(
      withCa.stores.map((s) => s.name).filter((n) => n !== 'extra'),
      ['system', 'bundled', 'caFile'],
    );
    assert.ok(withCa.ca.includes(pem));
    assert.ok(withCa.ca.includes(bundledStore().certs[0]), 'bundled roots kept');
    const system = systemStore().certs;
    if (system.length) assert.ok(withCa.ca.includes(system[0]), 'OS store kept');
    assert.equal(trustedContext({ ca: [Buffer.from(pem)] }).ca.at(-1), pem);
    assert.ok(!trustedContext({ systemCertificates: false }).stores.some((s) => s.name === 'system'), 'http.systemCertificates=false leaves the OS store out');
  });

  it('leaves unreadable caFile entries out rather than failing every connection', () => {
    const bad = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
    const good = createTestPki('Good CA').caPem;
    const t = trustedContext({ ca: bad + good });
    assert.equal(t.unreadableCas, 1);
    assert.ok(t.ca.includes(good));
    assert.ok(!t.ca.includes(bad));
  });

  it('uses an Agent without a proxy and a ProxyAgent with one; strictSSL=false turns verification off', async () => {
    const direct = buildDispatcher(base);
    assert.ok(direct.dispatcher instanceof Agent);
    assert.equal(direct.rejectUnauthorized, true);
    const proxied = buildDispatcher({ ...base, proxy: { url: 'http://u:secret@proxy:3128', strictSSL: false } });
    assert.ok(proxied.dispatcher instanceof ProxyAgent);
    assert.equal(proxied.proxy, 'http://proxy:3128');
    assert.equal(proxied.rejectUnauthorized, false);
    const bypass = buildDispatcher({ ...base, proxy: { url: 'http://proxy:3128', noProxy: ['example.com'] } });
    assert.ok(bypass.dispatcher instanceof Agent);
    assert.equal(buildDispatcher({ ...base, tls: { rejectUnauthorized: false } }).rejectUnauthorized, false);
    await Promise.all([direct, proxied, bypass].map((d) => d.dispatcher.close()));
  });
});
