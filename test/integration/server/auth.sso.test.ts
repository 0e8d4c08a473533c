// `--sso` (issue 41): a site whose users sign in through SSO has no ALM password, so each way of
// signing in with a password is refused as a wrong password is, and an API key still signs in and
// reads. The same password signs in on an ordinary site (the control).
import assert from 'node:assert/strict';
import { startTestServer } from '../../support/server';
import type { RunningServer } from '../../support/server';

const DEMO_KEY = { clientId: 'alice-demo-client', secret: 'alice-demo-secret' };
const basic = `Basic ${Buffer.from('alice:alice-demo').toString('base64')}`;

/** The status of each password sign-in of ALM (reference §2.1), for alice's right password. */
async function passwordSignIns(baseUrl: string): Promise<Record<string, number>> {
  const api = await fetch(`${baseUrl}/api/authentication/sign-in`, { method: 'POST', headers: { Authorization: basic } });
  const authenticate = await fetch(`${baseUrl}/authentication-point/authenticate`, { headers: { Authorization: basic } });
  const almAuthenticate = await fetch(`${baseUrl}/authentication-point/alm-authenticate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/xml' },
    body: '<alm-authentication><user>alice</user><password>alice-demo</password></alm-authentication>',
  });
  return { api: api.status, authenticate: authenticate.status, almAuthenticate: almAuthenticate.status };
}

describe('server: a site that signs in through SSO (--sso)', function () {
  this.timeout(60_000);
  let sso: RunningServer;
  let plain: RunningServer;

  before(async () => {
    [sso, plain] = await Promise.all([startTestServer({ defects: 3, sso: true }), startTestServer({ defects: 3 })]);
  });
  after(async () => Promise.all([sso.close(), plain.close()]));

  it('refuses every password sign-in with the 401 of a wrong password; an ordinary site accepts the same password', async () => {
    assert.deepEqual(await passwordSignIns(plain.baseUrl), { api: 200, authenticate: 200, almAuthenticate: 200 });
    assert.deepEqual(await passwordSignIns(sso.baseUrl), { api: 401, authenticate: 401, almAuthenticate: 401 });
    const refused = await fetch(`${sso.baseUrl}/authentication-point/authenticate`, { headers: { Authorization: basic } });
    assert.match(refused.headers.get('www-authenticate') ?? '', /^LWSSO realm=/);
    assert.equal(refused.headers.get('set-cookie'), null, 'no session cookie for a refused password');
  });

  it('signs in with an API key and reads a project', async () => {
    const login = await fetch(`${sso.baseUrl}/rest/oauth2/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(DEMO_KEY) });
    assert.equal(login.status, 200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const defects = await fetch(`${sso.baseUrl}/rest/domains/DEFAULT/projects/Demo/defects?page-size=1`, { headers: { Cookie: cookie, Accept: 'application/json' } });
    assert.equal(defects.status, 200);
  });
});
