import { strict as assert } from 'node:assert';
import { bypassesProxy, redactProxyUrl, resolveProxy } from '../../../src/api/http/proxyRules';

describe('api/http/proxyRules', () => {
  const u = (s: string) => new URL(s);

  it('prefers the explicit proxy URL, then HTTPS_PROXY for https, HTTP_PROXY for http', () => {
    const env = { HTTPS_PROXY: 'http://secure:1', http_proxy: 'plain:2' };
    assert.equal(resolveProxy(u('https://alm.example.com/qcbin'), { url: 'http://set:3', env }), 'http://set:3');
    assert.equal(resolveProxy(u('https://alm.example.com/qcbin'), { env }), 'http://secure:1');
    assert.equal(resolveProxy(u('http://alm.example.com/qcbin'), { env }), 'http://plain:2');
    assert.equal(resolveProxy(u('http://alm.example.com/qcbin'), {}), undefined);
    assert.equal(resolveProxy(u('http://alm.example.com/qcbin'), undefined), undefined);
  });

  it('applies no-proxy rules from settings and NO_PROXY', () => {
    const proxy = { url: 'http://p:1', noProxy: ['.corp.local'], env: { NO_PROXY: 'alm.example.com, 10.0.0.0/8,intra:8443' } };
    assert.equal(resolveProxy(u('https://alm.example.com/qcbin'), proxy), undefined);
    assert.equal(resolveProxy(u('https://sub.alm.example.com/qcbin'), proxy), undefined);
    assert.equal(resolveProxy(u('https://x.corp.local/qcbin'), proxy), undefined);
    assert.equal(resolveProxy(u('http://10.1.2.3/qcbin'), proxy), undefined);
    assert.equal(resolveProxy(u('https://intra:8443/qcbin'), proxy), undefined);
    assert.equal(resolveProxy(u('https://intra/qcbin'), proxy), 'http://p:1');
    assert.equal(resolveProxy(u('https://notalm.example.com.evil/qcbin'), proxy), 'http://p:1');
    assert.equal(resolveProxy(u('http://11.0.0.1/qcbin'), proxy), 'http://p:1');
  });

  it('matches * and IPv6 literals', () => {
    assert.equal(bypassesProxy(u('https://anything/'), ['*']), true);
    assert.equal(bypassesProxy(u('http://[::1]:8080/'), ['::1']), true);
    assert.equal(bypassesProxy(u('http://[::1]:8080/'), ['[::1]:8080']), true);
    assert.equal(bypassesProxy(u('http://[::1]:8080/'), ['[::1]:9090']), false);
  });

  it('redacts proxy credentials', () => {
    assert.equal(redactProxyUrl('http://user:s3cret@proxy.corp:3128'), 'http://proxy.corp:3128');
    assert.equal(redactProxyUrl('not a url'), '(invalid proxy URL)');
  });
});
