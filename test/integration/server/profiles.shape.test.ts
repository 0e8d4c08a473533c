// The shape test per profile (issue 27): the requests of the client's recorded-answer suite
// (test/integration/recorded/, fixtures and their sources in fixtures/SOURCES.md) replayed against
// our server in the matching profile — `26.1` against `live-26.1/`, `12.55` against the 12.5x
// seed and vendor-doc fixtures. Status, content type, key names and nesting, value types and
// header names must match; a difference fails with the path of the first mismatch.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { rawRequest } from '../../support/rawHttp';
import { firstMismatch } from '../../support/shape';
import { TestClient, startSignedIn, startTestServer } from '../../support/server';
import type { RunningServer } from '../../support/server';
import { CORE } from './coreHarness';

const FIXTURES = join(__dirname, '..', 'recorded', 'fixtures');
const DEMO_KEY = { clientId: 'alice-demo-client', secret: 'alice-demo-secret' };
const API = '/api/domains/DEFAULT/projects/Demo';
const SEED_DEFECT_FIELDS = 'ver-stamp,name,description,status,severity,priority,owner,detected-by,creation-time,last-modified,estimated-fix-time,closing-date,detected-in-rel,dev-comments';

const xmlParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false, parseAttributeValue: false, ignoreDeclaration: true });

function fixture(name: string): unknown {
  const text = readFileSync(join(FIXTURES, name), 'utf8');
  return name.endsWith('.xml') ? xmlParser.parse(text) : JSON.parse(text);
}

interface Case {
  name: string;
  method?: string;
  path: string | (() => string);
  accept?: string;
  body?: unknown;
  /** The body's Content-Type (default application/json); a string body is sent as it is. */
  contentType?: string;
  /** Send no X-XSRF-TOKEN (the recorded 401). */
  noXsrf?: boolean;
  /** Cookies to send instead of the signed-in client's. */
  cookies?: () => string;
  status: number;
  fixture: string;
}

const field = (name: string, value: string) => ({ Name: name, values: [{ value }] });
const newDefect = (withSeverity: boolean) => ({
  Type: 'defect',
  Fields: [field('name', 'Shape test'), field('detected-by', 'alice'), field('creation-time', '2026-08-12'), ...(withSeverity ? [field('severity', '2-Medium'), field('status', 'New')] : [])],
});

async function check(server: RunningServer, client: TestClient, c: Case): Promise<void> {
  const accept = c.accept ?? 'application/json';
  const headers: Record<string, string> = { Accept: accept, Cookie: c.cookies ? c.cookies() : client.cookieHeader() };
  if (!c.noXsrf && client.cookies.get('XSRF-TOKEN')) headers['X-XSRF-TOKEN'] = client.cookies.get('XSRF-TOKEN') ?? '';
  let body: string | undefined;
  if (c.body !== undefined) {
    body = typeof c.body === 'string' ? c.body : JSON.stringify(c.body);
    headers['Content-Type'] = c.contentType ?? 'application/json';
  }
  const path = typeof c.path === 'string' ? c.path : c.path();
  const res = await rawRequest(`${server.baseUrl}${path}`, c.method ?? 'GET', headers, body);
  const where = `${c.name} (${c.method ?? 'GET'} ${path} vs ${c.fixture})`;
  assert.equal(res.status, c.status, `${where}: status; body ${res.body.slice(0, 300)}`);
  const type = res.values('Content-Type')[0] ?? '';
  const xml = c.fixture.endsWith('.xml');
  assert.match(type, xml ? /^application\/xml/ : /^application\/json/, `${where}: content type`);
  const badNames = res.names.filter((n) => !n.split('-').every((w) => /^[A-Z]/.test(w)));
  assert.deepEqual(badNames, [], `${where}: header names`);
  const ours: unknown = xml ? xmlParser.parse(res.body) : JSON.parse(res.body);
  const mismatch = firstMismatch(fixture(c.fixture), ours);
  assert.equal(mismatch, undefined, `${where}: ${mismatch}`);
}

describe('server: shape of answers per profile, against the recorded suite', function () {
  this.timeout(60_000);

  describe('26.1 vs live-26.1/', function () {
    let server: RunningServer;
    let client: TestClient;
    let attachmentId = 0;
    let loggedOutCookies = '';
    before(async () => {
      server = await startTestServer({ defects: 10, alm: '26.1' });
      client = new TestClient(server.baseUrl);
      await client.signInWithKey(DEMO_KEY.clientId, DEMO_KEY.secret);
      const list = (await client.get(`${CORE}/defects/2/attachments`)).json<{ entities: { Fields: { Name: string; values: { value: string }[] }[] }[] }>();
      attachmentId = Number(list.entities[0]?.Fields.find((f) => f.Name === 'id')?.values[0]?.value);
      const other = new TestClient(server.baseUrl);
      await other.signInWithKey(DEMO_KEY.clientId, DEMO_KEY.secret);
      loggedOutCookies = other.cookieHeader();
      await other.request('POST', '/authentication-point/logout', { headers: { 'X-XSRF-TOKEN': other.cookies.get('XSRF-TOKEN') ?? '' } });
    });
    after(async () => server?.close());

    const cases: Case[] = [
      { name: 'domains', path: '/rest/domains?include-projects-info=y', status: 200, fixture: 'live-26.1/domains.json' },
      { name: 'projects', path: '/rest/domains/DEFAULT/projects', status: 200, fixture: 'live-26.1/projects.json' },
      { name: 'field metadata', path: `${CORE}/customization/entities/defect/fields`, status: 200, fixture: 'live-26.1/fields-defect.json' },
      // The recorded lists are flat; tree lists (nested Items) were never recorded.
      { name: 'used lists', path: `${CORE}/customization/used-lists?name=Severity`, status: 200, fixture: 'live-26.1/used-lists.json' },
      { name: 'users', path: `${CORE}/customization/users`, status: 200, fixture: 'live-26.1/users.json' },
      { name: 'defect page', path: `${CORE}/defects?page-size=5`, status: 200, fixture: 'live-26.1/defects-page.json' },
      { name: 'one defect', path: `${CORE}/defects/7`, status: 200, fixture: 'live-26.1/defect-7.json' },
      { name: 'created defect', method: 'POST', path: `${CORE}/defects`, body: newDefect(true), status: 201, fixture: 'live-26.1/defect-created.json' },
      { name: 'attachment list', path: `${CORE}/defects/2/attachments`, status: 200, fixture: 'live-26.1/attachments-defect-7.json' },
      { name: 'bad order-by', path: `${CORE}/defects?order-by=${encodeURIComponent('{no-such-field}')}`, status: 404, fixture: 'live-26.1/errors/invalid-order-by.json' },
      { name: 'bad page-size', path: `${CORE}/defects?page-size=-1`, status: 404, fixture: 'live-26.1/errors/invalid-page-size.json' },
      { name: 'missing severity', method: 'POST', path: `${CORE}/defects`, body: newDefect(false), status: 400, fixture: 'live-26.1/errors/required-severity.json' },
      {
        name: 'missing XSRF header',
        method: 'PUT',
        path: `${CORE}/defects/7`,
        body: { Type: 'defect', Fields: [field('priority', '2-Medium')] },
        noXsrf: true,
        status: 401,
        fixture: 'live-26.1/errors/xsrf-missing.json',
      },
    ];
    for (const c of cases) it(c.name, async () => check(server, client, c));

    // Issue 40: bulk forms and refusals (§16.4), groups (§16.11), links (§16.10), releases, history (§16.9).
    const bulk = {
      entities: [
        { Type: 'defect', Fields: [field('id', '7'), field('priority', '5-Urgent')] },
        { Type: 'defect', Fields: [field('id', '8'), field('priority', '5-Urgent')] },
      ],
    };
    const moreCases: Case[] = [
      {
        name: 'bulk in the JSON collection form',
        method: 'PUT',
        path: `${CORE}/defects`,
        body: bulk,
        contentType: 'application/json;type=collection',
        status: 200,
        fixture: 'live-26.1/defects-bulk-updated.json',
      },
      { name: 'bulk as plain JSON', method: 'PUT', path: `${CORE}/defects`, body: bulk, status: 500, fixture: 'live-26.1/errors/bulk-plain-json.json' },
      {
        name: 'bulk as plain XML',
        method: 'PUT',
        path: `${CORE}/defects`,
        body: '<Entities><Entity Type="defect"><Fields><Field Name="id"><Value>7</Value></Field></Fields></Entity></Entities>',
        contentType: 'application/xml',
        status: 400,
        fixture: 'live-26.1/errors/bulk-plain-xml.json',
      },
      { name: 'groups', path: `${CORE}/defects/groups/status`, status: 200, fixture: 'live-26.1/groups-status.json' },
      { name: 'groups (alm-web)', path: `${CORE}/defects/groups/status`, accept: 'application/json;schema=alm-web', status: 200, fixture: 'live-26.1/groups-status-almweb.json' },
      {
        name: 'link created',
        method: 'POST',
        path: `${CORE}/defect-links`,
        body: { Type: 'defect-link', Fields: [field('first-endpoint-id', '7'), field('second-endpoint-id', '8'), field('second-endpoint-type', 'defect')] },
        status: 201,
        fixture: 'live-26.1/defect-link-created.json',
      },
      { name: 'releases', path: `${CORE}/releases?page-size=5`, status: 200, fixture: 'live-26.1/releases-page.json' },
    ];
    for (const c of moreCases) it(c.name, async () => check(server, client, c));

    it('history: none, then one change', async () => {
      const created = await client.request('POST', `${CORE}/defects`, {
        body: JSON.stringify(newDefect(true)),
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-XSRF-TOKEN': client.cookies.get('XSRF-TOKEN') ?? '' },
      });
      const id = created.json<{ Fields: { Name: string; values: { value: string }[] }[] }>().Fields.find((f) => f.Name === 'id')?.values[0]?.value ?? '';
      await check(server, client, { name: 'no history', path: `${CORE}/defects/${id}/audits`, status: 200, fixture: 'live-26.1/audits-none.json' });
      await client.request('PUT', `${CORE}/defects/${id}`, {
        body: JSON.stringify({ Type: 'defect', Fields: [field('status', 'Open')] }),
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-XSRF-TOKEN': client.cookies.get('XSRF-TOKEN') ?? '' },
      });
      await check(server, client, { name: 'one change', path: `${CORE}/defects/${id}/audits`, status: 200, fixture: 'live-26.1/audits-one.json' });
    });

    it('one attachment', async () =>
      check(server, client, { name: 'one attachment', path: () => `${CORE}/defects/2/attachments/${attachmentId}?by-id=true`, status: 200, fixture: 'live-26.1/attachment-7001.json' }));
    it('logged-out cookies', async () =>
      check(server, client, { name: 'logged-out cookies', path: `${CORE}/defects/7`, cookies: () => loggedOutCookies, status: 500, fixture: 'live-26.1/errors/token-logged-out.json' }));
    it('a business-rule refusal', async () =>
      check(server, client, {
        name: 'rule',
        method: 'PUT',
        path: `${CORE}/defects/7`,
        body: { Type: 'defect', Fields: [field('target-rel', '999999')] },
        status: 500,
        fixture: 'live-26.1/errors/rule-target-rel.json',
      }));
  });

  describe('12.55 vs seed-12.5x/ and vendor-docs/', function () {
    let server: RunningServer;
    let client: TestClient;
    before(async () => {
      ({ server, client } = await startSignedIn({ defects: 10 }));
    });
    after(async () => server?.close());

    const cases: Case[] = [
      { name: 'domains', path: '/api/domains', status: 200, fixture: 'seed-12.5x/domains.json' },
      { name: 'projects', path: '/api/domains/DEFAULT/projects', status: 200, fixture: 'seed-12.5x/projects.json' },
      // Our catalog has fields the recorded instance does not list: the fields it lists are asked for.
      { name: 'one defect', path: `${API}/defects/7?fields=${SEED_DEFECT_FIELDS}`, status: 200, fixture: 'seed-12.5x/defect-7.json' },
      { name: 'lock created', method: 'POST', path: `${API}/locks`, body: { data: [{ entity: { id: 7, type: 'defect' } }] }, status: 201, fixture: 'seed-12.5x/lock-created.json' },
      { name: 'Core field metadata (XML)', path: `${CORE}/customization/entities/defect/fields`, accept: 'application/xml', status: 200, fixture: 'vendor-docs/fields-defect.xml' },
      { name: 'Core lock status (XML)', path: `${CORE}/defects/8/lock`, accept: 'application/xml', status: 200, fixture: 'vendor-docs/lock-status-unlocked.xml' },
      { name: 'Core lock taken (XML)', method: 'POST', path: `${CORE}/defects/9/lock`, accept: 'application/xml', status: 200, fixture: 'vendor-docs/lock-defect-7.xml' },
    ];
    for (const c of cases) it(c.name, async () => check(server, client, c));
  });
});
