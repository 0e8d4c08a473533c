import * as assert from 'node:assert/strict';
import { checkServerName, checkServerUrl, credentialsFor, parseServers, secretKey, signInLabel, suggestName, treeLabel } from '../../../src/config/servers';
import { describeProxy, transportOptions } from '../../../src/config/transport';
import { anySignal, tokenToSignal } from '../../../src/util/cancellation';
import { Log } from '../../../src/util/log';
import { RecordingSink } from '../tree/fakes';

describe('server settings', () => {
  it('reads entries, normalizes URLs and skips broken or duplicate ones with a reason', () => {
    const { servers, problems } = parseServers([
      { name: 'Demo', url: 'http://localhost:8080/qcbin/', username: 'alice', domain: 'DEFAULT', project: 'Demo', rejectUnauthorized: false },
      { name: 'demo', url: 'http://other/qcbin', username: 'bob' },
      { name: 'NoUser', url: 'http://x/qcbin' },
      { name: 'BadUrl', url: 'ftp://x', username: 'a' },
      { name: 'ProjectOnly', url: 'https://x/qcbin', username: 'a', project: 'P', caFile: '/ca.pem' },
      'junk',
    ]);
    assert.deepEqual(servers, [
      { name: 'Demo', url: 'http://localhost:8080/qcbin', username: 'alice', domain: 'DEFAULT', project: 'Demo', rejectUnauthorized: false },
      { name: 'ProjectOnly', url: 'https://x/qcbin', username: 'a', caFile: '/ca.pem' },
    ]);
    assert.equal(problems.length, 4);
    assert.match(problems[0], /used twice/);
    assert.match(problems[1], /no username/);
    assert.match(problems[2], /http:\/\/ or https:\/\//);
  });

  it('checks URLs and names the way the add command does', () => {
    assert.equal(checkServerUrl('https://alm.example.com/qcbin'), undefined);
    assert.match(checkServerUrl('') ?? '', /Enter the server URL/);
    assert.match(checkServerUrl('alm.example.com') ?? '', /not a URL/);
    assert.match(checkServerUrl('https://u:p@alm/qcbin') ?? '', /Leave the user name and password out/);
    assert.match(checkServerUrl('https://alm/qcbin?x=1') ?? '', /must not contain/);
    const existing = [{ name: 'Demo', url: 'http://a/qcbin', username: 'u' }];
    assert.match(checkServerName('demo', existing) ?? '', /already exists/);
    assert.equal(checkServerName('demo', existing, 'Demo'), undefined, 'renaming to itself is fine');
    assert.equal(suggestName('https://alm.example.com/qcbin', existing), 'alm');
    assert.equal(suggestName('http://demo/qcbin', existing), 'demo 2');
    // An address is no name: not "127" for 127.0.0.1 (issue 37).
    assert.equal(suggestName('http://127.0.0.1:8080/qcbin', existing), 'ALM 127.0.0.1');
    assert.equal(suggestName('http://[::1]:8080/qcbin', existing), 'ALM [::1]');
    assert.equal(suggestName('http://localhost/qcbin', existing), 'ALM localhost');
  });

  it('keys passwords by URL and user, not by display name', () => {
    assert.equal(secretKey({ url: 'HTTP://Alm/qcbin/', username: 'alice' }), secretKey({ url: 'http://alm/qcbin', username: 'alice' }));
    assert.notEqual(secretKey({ url: 'http://alm/qcbin', username: 'alice' }), secretKey({ url: 'http://alm/qcbin', username: 'bob' }));
  });

  it('reads API-key entries and the REST tree choice, refusing incomplete ones with the reason', () => {
    const { servers, problems } = parseServers([
      { name: 'Key', url: 'https://alm/qcbin', auth: 'apiKey', clientId: 'cid-1', dialect: 'rest' },
      { name: 'Pw', url: 'https://alm/qcbin', username: 'alice', dialect: 'auto' },
      { name: 'NoId', url: 'https://alm/qcbin', auth: 'apiKey' },
      { name: 'BadTree', url: 'https://alm/qcbin', username: 'a', dialect: 'soap' },
      { name: 'BadAuth', url: 'https://alm/qcbin', username: 'a', auth: 'kerberos' },
    ]);
    assert.deepEqual(servers, [
      { name: 'Key', url: 'https://alm/qcbin', username: '', auth: 'apiKey', clientId: 'cid-1', dialect: 'rest' },
      { name: 'Pw', url: 'https://alm/qcbin', username: 'alice' },
    ]);
    assert.equal(problems.length, 3);
    assert.match(problems[0], /NoId.*no clientId/);
    assert.match(problems[1], /dialect must be/);
    assert.match(problems[2], /auth must be/);
    const key = servers[0];
    assert.deepEqual(credentialsFor(key, 's3cret'), { clientId: 'cid-1', secret: 's3cret' });
    assert.deepEqual(credentialsFor(servers[1], 'pw'), { username: 'alice', password: 'pw' });
    assert.notEqual(secretKey(key), secretKey({ ...key, clientId: 'cid-2' }), 'a secret belongs to its client id');
    assert.notEqual(secretKey(key), secretKey({ url: key.url, username: 'cid-1' }), 'and never collides with a user password');
    assert.ok(secretKey(key).startsWith('almDefects.password:'), 'secret-change events of other windows still reach the vault');
    assert.equal(signInLabel(key), 'API key cid-1');
    assert.equal(treeLabel('rest'), 'Core /rest');
  });

  it('maps VS Code proxy settings and the entry TLS options into client options', () => {
    const t = transportOptions({ rejectUnauthorized: false }, { proxy: 'http://user:pw@proxy:3128', proxyStrictSSL: false, noProxy: ['.corp'] }, 'PEM', { HTTPS_PROXY: 'x' });
    assert.deepEqual(t.tls, { ca: 'PEM', rejectUnauthorized: false });
    assert.deepEqual(t.proxy, { url: 'http://user:pw@proxy:3128', strictSSL: false, noProxy: ['.corp'], env: { HTTPS_PROXY: 'x' } });
    const same = transportOptions({ rejectUnauthorized: false }, { proxy: 'http://user:pw@proxy:3128', proxyStrictSSL: false, noProxy: ['.corp'] }, 'PEM', { HTTPS_PROXY: 'x' });
    assert.equal(t.fingerprint, same.fingerprint);
    assert.notEqual(t.fingerprint, transportOptions({}, { proxyStrictSSL: false, noProxy: ['.corp'] }, 'PEM').fingerprint);
    assert.notEqual(
      t.fingerprint,
      transportOptions({ rejectUnauthorized: false }, { proxy: 'http://user:pw@proxy:3128', proxyStrictSSL: false, noProxy: ['.corp'] }, 'PEM2', { HTTPS_PROXY: 'x' }).fingerprint,
    );
    assert.ok(!t.fingerprint.includes('PEM'), 'the fingerprint holds a digest, not the certificate');
    const limited = transportOptions({ rejectUnauthorized: false }, { proxy: 'http://user:pw@proxy:3128', proxyStrictSSL: false, noProxy: ['.corp'], maxAnswerMB: 8 }, 'PEM', { HTTPS_PROXY: 'x' });
    assert.equal(limited.maxAnswerBytes, 8 << 20, 'almDefects.maxAnswerMB reaches the client in bytes');
    assert.equal(t.maxAnswerBytes, undefined, "without the setting, the client's default applies");
    assert.notEqual(limited.fingerprint, t.fingerprint, 'a new limit rebuilds the client');
    assert.equal(describeProxy('http://user:pw@proxy:3128'), 'proxy http://proxy:3128');
  });
});

describe('logging and cancellation utilities', () => {
  it('tags components and keeps secrets and credential headers out of the log', () => {
    const sink = new RecordingSink();
    const log = Log.create(sink);
    const undo = log.redact('hunter22');
    log.child('auth').info('signing in with hunter22');
    log.child('api').debug('Authorization: Basic YWxpY2U6aHVudGVyMjI= cookie: LWSSO_COOKIE_KEY=abc; QCSession=def');
    log.warn('{"password":"p@ss"}');
    undo();
    log.info('hunter22 is now just a word');
    assert.deepEqual(sink.lines, ['info [auth] signing in with ***', 'debug [api] Authorization: *** cookie: ***', 'warn [alm] {"password":"***"}', 'info [alm] hunter22 is now just a word']);
  });

  it('turns a cancellation token into an AbortSignal', () => {
    let fire!: () => void;
    let disposed = false;
    const token = {
      isCancellationRequested: false,
      onCancellationRequested: (l: () => void) => {
        fire = l;
        return { dispose: () => (disposed = true) };
      },
    };
    const linked = tokenToSignal(token);
    assert.equal(linked.signal.aborted, false);
    fire();
    assert.equal(linked.signal.aborted, true);
    linked.dispose();
    assert.equal(disposed, true);
    assert.equal(tokenToSignal({ isCancellationRequested: true, onCancellationRequested: () => ({ dispose: () => 0 }) }).signal.aborted, true);
    const a = new AbortController();
    const any = anySignal(a.signal, undefined, new AbortController().signal);
    a.abort();
    assert.equal(any.aborted, true);
  });
});
