import { strict as assert } from 'node:assert';
import { rootCertificates } from 'node:tls';
import { Agent, ProxyAgent } from 'undici';
import { buildDispatcher, trustedCas } from '../../../src/api/http/dispatcher';

describe('api/http/dispatcher', () => {
  const base = { target: new URL('https://alm.example.com/qcbin'), connectMs: 1000, idleMs: 1000, connections: 2 };

  it('adds a CA bundle to the system roots instead of replacing them', () => {
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
    const cas = trustedCas({ ca: pem });
    assert.ok(cas);
    assert.equal(cas.length, rootCertificates.length + 1);
    assert.equal(cas.at(-1), pem);
    assert.ok(cas.includes(rootCertificates[0]));
    assert.equal(trustedCas({}), undefined, 'without a bundle Node keeps its own defaults');
    assert.equal(trustedCas({ ca: [Buffer.from(pem)] })?.at(-1), pem);
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
