// Add Server checks the URL before it asks for credentials (issue 37: it asked for the user and the
// password first and only then said the URL was wrong). probeServerUrl against real servers on
// loopback: the emulator (an ALM server: nothing to say), a port nothing listens on (cannot reach
// it, with what to check), web servers that are not ALM (a 404, an HTML page, a redirect). No
// credential is ever asked for or sent.
import { strict as assert } from 'node:assert';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { almClientFactory } from '../../../src/auth/clientFactory';
import type { ClientFactory } from '../../../src/auth/connection';
import { probeServerUrl } from '../../../src/auth/serverCheck';
import type { ServerEntry } from '../../../src/config/servers';
import { transportOptions } from '../../../src/config/transport';
import { Log } from '../../../src/util/log';
import { RecordingSink } from '../../unit/tree/fakes';
import { startApiTestServer } from '../api/harness';
import type { TestServer } from '../api/harness';

/** A web server that is not ALM: every request gets `status`, `headers` and `body`. */
async function webServer(status: number, headers: Record<string, string>, body: string): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
    res.writeHead(status, headers).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/qcbin`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A port nothing listens on (taken, then given back). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('auth integration: Add Server checks the URL before asking for credentials', () => {
  let alm: TestServer;
  let credentialsAsked = 0;
  const real = almClientFactory(Log.create(new RecordingSink()));
  // Counts every time a client asks for credentials: the probe must never.
  const factory: ClientFactory = (entry, credentials, transport) =>
    real(
      entry,
      (signal) => {
        credentialsAsked++;
        return credentials(signal);
      },
      transport,
    );
  const probe = (url: string) => {
    const entry: ServerEntry = { name: 'new', url, username: 'alice' };
    return probeServerUrl(entry, transportOptions(entry, { proxyStrictSSL: true, noProxy: [] }, undefined), factory);
  };

  before(async () => {
    alm = await startApiTestServer();
  });
  after(async () => {
    await alm.close();
  });
  afterEach(() => {
    assert.equal(credentialsAsked, 0, 'no credentials asked for');
  });

  it('has nothing to say about an ALM server', async () => {
    assert.equal(await probe(alm.baseUrl), undefined);
  });

  it('says the server cannot be reached, and what to check, when nothing listens', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/qcbin`;
    const problem = await probe(url);
    assert.equal(problem?.problem, 'unreachable');
    assert.match(problem?.message ?? '', new RegExp(`Cannot reach ${url.replace(/[.]/g, '\\.')}: .*Check the URL, and that the server is running`));
  });

  for (const [what, status, headers, body] of [
    ['a 404', 404, { 'content-type': 'text/html' }, '<h1>Not Found</h1>'],
    ['an HTML page', 200, { 'content-type': 'text/html' }, '<html><body>Welcome to nginx!</body></html>'],
    ['a redirect to a login page', 302, { location: '/login' }, ''],
  ] as const) {
    it(`says it is not an ALM server for ${what}, and how the URL must end`, async () => {
      const web = await webServer(status, headers, body);
      try {
        const problem = await probe(web.url);
        assert.equal(problem?.problem, 'not-alm');
        assert.match(problem?.message ?? '', new RegExp(`No ALM server answers at .*\\(HTTP ${status}\\)\\. The URL must end with the ALM root path, e\\.g\\. /qcbin\\.`));
        assert.deepEqual(web.requests, ['GET /qcbin/rest/is-authenticated '], 'one request, without credentials');
      } finally {
        await web.close();
      }
    });
  }
});
