// Recorded answers: signing in (password on 12.5x and on a live 26.1, API key on 26.1), deciding
// the REST tree, and the domain and project lists, over HTTP against the replay server.
import { strict as assert } from 'node:assert';
import { AuthError } from '../../../src/api/index';
import type { AlmClient } from '../../../src/api/index';
import type { ReplayServer } from './replayServer';
import { API_KEY, USER, api125, clientOf, live261 } from './sites';

const basic = `Basic ${Buffer.from(`${USER.username}:${USER.password}`).toString('base64')}`;
const DEMO_PROJECTS = [
  { domain: 'DEFAULT', name: 'Demo' },
  { domain: 'DEFAULT', name: 'Playground' },
];
const ALL_DOMAINS = [
  { name: 'DEFAULT', projects: DEMO_PROJECTS },
  { name: 'QA', projects: [{ domain: 'QA', name: 'Release_2026' }] },
];

describe('recorded answers: sign-in, tree detection, domains and projects', () => {
  let api: ReplayServer;
  let live: ReplayServer;
  const clients: AlmClient[] = [];
  const open = (replay: ReplayServer, credentials: Parameters<typeof clientOf>[1]): AlmClient => {
    const { client } = clientOf(replay, credentials);
    clients.push(client);
    return client;
  };

  before(async () => {
    api = await api125();
    live = await live261();
  });
  beforeEach(() => {
    api.reset();
    live.reset();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
  });
  after(async () => {
    await api.close();
    await live.close();
  });

  describe('12.5x with the /api tree', () => {
    it('signs in with one POST /api/authentication/sign-in (Basic) and sends back the four cookies it set', async () => {
      const client = open(api, USER);
      assert.deepEqual(await client.signIn(), { username: 'alice', flow: 'api' });
      const [signIn, ...more] = api.sent('POST', '/api/authentication/sign-in');
      assert.equal(more.length, 0);
      assert.equal(signIn.headers.authorization, basic);
      assert.equal(signIn.status, 200);
      assert.equal(api.sent('GET', '/authentication-point/authenticate').length, 0, 'no second sign-in flow');

      await client.domains();
      const [probe] = api.sent('GET', '/api/domains');
      const s = api.sessions[0];
      assert.equal(probe.cookies.get('LWSSO_COOKIE_KEY'), s.lwsso);
      assert.equal(probe.cookies.get('QCSession'), s.qcSession);
      assert.equal(probe.cookies.get('XSRF-TOKEN'), s.xsrf);
      assert.equal(probe.cookies.get('ALM_USER'), 'alice');
    });

    it('detects the /api tree with one probe, and the domains() call that caused it reuses that probe', async () => {
      const client = open(api, USER);
      assert.deepEqual(await client.domains(), ALL_DOMAINS);
      assert.equal(client.tree, 'api');
      assert.equal(api.sent('GET', '/api/domains').length, 1, 'the probe was the domain list');
      assert.equal(api.sent('GET', /^\/rest\/domains/).length, 0, 'Core was not probed');
    });

    it("lists a domain's projects from the /api tree's results list", async () => {
      const client = open(api, USER);
      assert.deepEqual(await client.projects('DEFAULT'), DEMO_PROJECTS);
      assert.equal(api.sent('GET', '/api/domains/DEFAULT/projects').length, 1);
    });

    it('signs out through GET /api/authentication/sign-out, which ends the session', async () => {
      const client = open(api, USER);
      await client.domains();
      const s = api.sessions[0];
      await client.signOut();
      const [signOut] = api.sent('GET', '/api/authentication/sign-out');
      assert.equal(signOut.cookies.get('LWSSO_COOKIE_KEY'), s.lwsso);
      assert.equal(s.state, 'logged-out');
      assert.equal(client.session, undefined);
    });

    it('a wrong password: AuthError from the 401, and no second attempt', async () => {
      const client = open(api, { username: 'alice', password: 'wrong-password' });
      const err = await client.signIn().catch((e: unknown) => e);
      assert.ok(err instanceof AuthError, String(err));
      assert.equal(api.sent('POST', '/api/authentication/sign-in').length, 1);
      assert.equal(api.sessions.length, 0);
    });
  });

  describe('live 26.1 (Core tree only)', () => {
    it('password: /api sign-in 404, then Basic authenticate and POST rest/site-session (201); requests carry both answers\u2019 cookies', async () => {
      const client = open(live, USER);
      assert.deepEqual(await client.signIn(), { username: 'alice', flow: 'authentication-point' });
      const order = live.requests.map((r) => `${r.method} ${r.path} ${r.status}`);
      assert.deepEqual(order, ['POST /api/authentication/sign-in 404', 'GET /authentication-point/authenticate 200', 'POST /rest/site-session 201']);
      const [auth] = live.sent('GET', '/authentication-point/authenticate');
      assert.equal(auth.headers.authorization, basic);
      const [site] = live.sent('POST', '/rest/site-session');
      const s = live.sessions[0];
      assert.equal(site.cookies.get('LWSSO_COOKIE_KEY'), s.lwsso, 'site-session opened on the authenticated session');

      assert.deepEqual(await client.domains(), ALL_DOMAINS);
      const [probe] = live.sent('GET', '/rest/domains');
      assert.equal(probe.query.get('include-projects-info'), 'y');
      assert.equal(probe.cookies.get('LWSSO_COOKIE_KEY'), s.lwsso);
      assert.equal(probe.cookies.get('QCSession'), s.qcSession, 'the QCSession site-session set');
      assert.equal(probe.cookies.get('JSESSIONID'), s.jsession);
    });

    it('password: Core detected with one probe (the sign-in already showed no /api tree)', async () => {
      const client = open(live, USER);
      assert.equal(await client.detectTree(), 'rest');
      assert.equal(live.sent('GET', /^\/api\//).length, 0);
      assert.equal(live.sent('GET', '/rest/domains').length, 1);
    });

    it('API key: POST rest/oauth2/login with JSON {clientId, secret} → 200 with five cookies; no site-session; the user from ALM_USER', async () => {
      const client = open(live, API_KEY);
      assert.deepEqual(await client.signIn(), { username: 'alice', flow: 'api-key' });
      const [login] = live.sent('POST', '/rest/oauth2/login');
      assert.match(String(login.headers['content-type']), /^application\/json/);
      assert.deepEqual(JSON.parse(login.body.toString('utf8')), API_KEY);
      assert.equal(login.headers.authorization, undefined);
      assert.equal(live.sent('POST', '/rest/site-session').length, 0, 'not needed after oauth2 (§16.1)');

      await client.projects('DEFAULT');
      const [projects] = live.sent('GET', '/rest/domains/DEFAULT/projects');
      const s = live.sessions[0];
      const sent = Object.fromEntries(projects.cookies);
      assert.deepEqual(sent, { LWSSO_COOKIE_KEY: s.lwsso, QCSession: s.qcSession, 'XSRF-TOKEN': s.xsrf, ALM_USER: 'alice', JSESSIONID: s.jsession });
      assert.equal(projects.status, 200);
    });

    it('API key: /api/domains answers 404, so Core is chosen after two probes', async () => {
      const client = open(live, API_KEY);
      assert.equal(await client.detectTree(), 'rest');
      assert.deepEqual(
        live.requests.filter((r) => r.path.endsWith('/domains')).map((r) => `${r.path} ${r.status}`),
        ['/api/domains 404', '/rest/domains 200'],
      );
    });

    it("lists a domain's projects from {Projects:{Project:[…]}}", async () => {
      const client = open(live, API_KEY);
      assert.deepEqual(await client.projects('DEFAULT'), DEMO_PROJECTS);
    });

    it('a wrong API-key secret: AuthError from the 401', async () => {
      const client = open(live, { clientId: API_KEY.clientId, secret: 'not-the-secret' });
      const err = await client.signIn().catch((e: unknown) => e);
      assert.ok(err instanceof AuthError, String(err));
      assert.equal(live.sessions.length, 0);
    });
  });
});
