// Credentials parsing and the session lifecycle with a controllable clock.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { almAuthenticationBody, basicCredentials } from '../../../server/src/auth/credentials';
import { SessionService } from '../../../server/src/store/sessions';
import { ProjectRegistry } from '../../../server/src/store/registry';
import { SiteStore } from '../../../server/src/store/site';

describe('server auth: credentials', () => {
  it('reads Basic credentials, keeping colons in the password', () => {
    const header = `Basic ${Buffer.from('alice:pa:ss').toString('base64')}`;
    assert.deepEqual(basicCredentials(header), { user: 'alice', password: 'pa:ss' });
    assert.equal(basicCredentials('Bearer x'), undefined);
    assert.equal(basicCredentials(`Basic ${Buffer.from('nocolon').toString('base64')}`), undefined);
    assert.equal(basicCredentials(undefined), undefined);
  });

  it('reads the alm-authentication body as XML (with entities) or JSON', () => {
    assert.deepEqual(almAuthenticationBody('<alm-authentication><user>bob</user><password>a&amp;b&lt;</password></alm-authentication>'), { user: 'bob', password: 'a&b<' });
    assert.deepEqual(almAuthenticationBody('{"alm-authentication":{"user":"bob","password":"x"}}'), { user: 'bob', password: 'x' });
    assert.equal(almAuthenticationBody('<other/>'), undefined);
    assert.equal(almAuthenticationBody('{broken'), undefined);
  });

  it('reads the XML form as XML: CDATA, comments, a declaration, namespaces and numeric references', () => {
    const body = (inner: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<alm-authentication xmlns="http://www.hp.com/alm">\n  ${inner}\n</alm-authentication>`;
    assert.deepEqual(almAuthenticationBody(body('<user>bob</user><password><![CDATA[a<&b]]></password>')), { user: 'bob', password: 'a<&b' });
    assert.deepEqual(almAuthenticationBody(body('<!-- <user>eve</user> --><user>bob</user><password>caf&#233;</password>')), { user: 'bob', password: 'café' });
    assert.deepEqual(almAuthenticationBody(body('<user>bob</user><password/>')), { user: 'bob', password: '' });
    assert.equal(almAuthenticationBody('<alm-authentication><user>bob<user></alm-authentication>'), undefined, 'malformed');
    assert.throws(() => almAuthenticationBody(body('<user>bob</user><password>x&#0;</password>')), /names no character/);
  });
});

describe('server auth: session lifecycle', () => {
  let dir: string;
  let site: SiteStore;
  let projects: ProjectRegistry;
  let clock: number;
  let sessions: SessionService;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'alm-unit-sessions-'));
    clock = Date.UTC(2025, 0, 1, 12);
    const now = () => new Date(clock);
    site = new SiteStore(dir);
    projects = new ProjectRegistry(site, dir, now);
    sessions = new SessionService(site, projects, 60, now);
  });
  afterEach(() => {
    projects.closeAll();
    site.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a session stays alive while touched and ends after the idle time, releasing its locks', () => {
    const store = projects.create('D', 'P');
    const id = store.insertDefect({ name: 'x', severity: '1-Low', 'detected-by': 'alice' });
    const s = sessions.create('alice', true);
    store.locks.take('defect', id, 'alice', s.id);
    for (let i = 0; i < 5; i++) {
      clock += 50_000;
      const live = sessions.byQcSession(s.qcsession ?? '');
      assert.ok(live, `alive at step ${i}`);
      sessions.touch(live);
    }
    clock += 61_000;
    assert.equal(sessions.byQcSession(s.qcsession ?? ''), undefined);
    assert.equal(store.locks.find('defect', id), undefined);
    assert.equal(site.findSessionById(s.id), undefined);
  });

  it('the sweep ends idle sessions nobody asks about; closing the app session keeps the LWSSO one', () => {
    const a = sessions.create('alice', true);
    const b = sessions.create('bob', false);
    const opened = sessions.openApp(b);
    assert.ok(opened.qcsession);
    sessions.closeApp(opened);
    assert.equal(sessions.byQcSession(opened.qcsession ?? ''), undefined);
    assert.ok(sessions.byLwsso(b.lwsso));
    clock += 61_000;
    assert.equal(sessions.sweep(), 2);
    assert.equal(site.findSessionById(a.id), undefined);
  });
});
