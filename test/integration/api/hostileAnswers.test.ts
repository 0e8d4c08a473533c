// The client against a small hostile HTTP server on loopback (issue 28, item 9): answers that
// announce 5 GB, never end, or unfold from 1 MB of gzip into 1 GB, as successes and as errors.
// Each must fail with a clear error naming the server and the request, and the client must stop
// reading: the server sees its connection closed long before it could send what it meant to.
import { strict as assert } from 'node:assert';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { AlmClient, ServerError } from '../../../src/api/index';

/** The client's answer limit in these tests. */
const LIMIT = 1 << 20;
/** What loopback socket buffers and undici's read-ahead may hold once the client stops reading. */
const SLACK = 16 << 20;
/** What a hostile answer sends at most before it gives up (ends or drops the connection). */
const CAP = 160 << 20;
const CHUNK = Buffer.alloc(64 << 10, 'x');
/** Half a megabyte of gzip (under the limit) that inflates to 512 MB: one member of 1 MB of zeros, repeated (multi-member gzip). */
const BOMB = Buffer.concat(Array.from({ length: 512 }, () => gzipSync(Buffer.alloc(1 << 20))));

type Scenario = (res: ServerResponse) => Promise<void>;

/** One answer as the server saw it: the bytes it handed to the socket, and its connection's end. */
interface Served {
  sent: number;
  /** Resolves when the response's connection closed (or the response ended). */
  closed: Promise<void>;
  ended: boolean;
}

class HostileServer {
  scenario: Scenario = async (res) => void res.end('{}');
  readonly served: Served[] = [];
  private readonly server: Server = createServer((req, res) => void this.answer(req, res));

  async listen(): Promise<string> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/qcbin`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    req.resume();
    if (req.url?.includes('/authentication/')) {
      res.writeHead(200, { 'set-cookie': ['LWSSO_COOKIE_KEY=k;Path=/', 'QCSession=s;Path=/'] }).end();
      return;
    }
    const served: Served = { sent: 0, ended: false, closed: new Promise((r) => res.once('close', r)) };
    this.served.push(served);
    const write = res.write.bind(res);
    res.write = ((chunk: Buffer, ...rest: never[]) => {
      served.sent += chunk.length;
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.once('finish', () => (served.ended = true));
    await this.scenario(res).catch(() => res.destroy());
  }
}

/** Writes `total` bytes (CAP by default) as fast as the client reads them; stops when the connection closes. */
async function pump(res: ServerResponse, total = CAP, data = CHUNK): Promise<void> {
  for (let sent = 0; sent < total && !res.destroyed; sent += data.length) {
    if (!res.write(data)) await drainedOrClosed(res);
  }
}

function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

describe('api integration: a hostile server cannot exhaust the client (answer size limit)', function () {
  this.timeout(60_000);
  let server: HostileServer;
  let client: AlmClient;
  let host: string;

  before(async () => {
    server = new HostileServer();
    const baseUrl = await server.listen();
    host = new URL(baseUrl).host;
    client = new AlmClient({ baseUrl, credentials: async () => ({ username: 'alice', password: 'pw' }), dialect: 'api', maxAnswerBytes: LIMIT });
  });
  after(async () => {
    await client.dispose();
    await server.close();
  });

  async function domainsFail(): Promise<ServerError> {
    const err = await client.domains().catch((e: unknown) => e);
    assert.ok(err instanceof ServerError, `expected a ServerError, got ${String(err)}`);
    return err;
  }

  /** The answer's connection closed (or it ended) before the server sent more than `bound` bytes. */
  async function assertStoppedReading(bound: number): Promise<void> {
    const served = server.served.at(-1);
    assert.ok(served);
    await served.closed;
    assert.ok(!served.ended, 'the client closed the connection before the answer was complete');
    assert.ok(served.sent <= bound, `the server sent ${served.sent} bytes before the client stopped reading (bound ${bound})`);
  }

  function assertTooLarge(err: ServerError): void {
    assert.match(err.message, new RegExp(`^${host.replace(/\./g, '\\.')} sent an answer larger than 1 MB to GET /api/domains; it was not read\\.`));
    assert.match(err.message, /almDefects\.maxAnswerMB/);
    assert.equal(err.request, 'GET /api/domains');
  }

  it('fails before reading a body whose Content-Length is over the limit (5 GB announced)', async () => {
    server.scenario = async (res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(5_000_000_000) });
      await pump(res);
      res.destroy();
    };
    assertTooLarge(await domainsFail());
    await assertStoppedReading(SLACK);
  });

  it('stops reading an endless chunked body at the limit', async () => {
    server.scenario = async (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      await pump(res);
      res.end();
    };
    assertTooLarge(await domainsFail());
    await assertStoppedReading(LIMIT + SLACK);
  });

  it('stops inflating a gzip bomb (0.5 MB → 512 MB) at the limit', async () => {
    assert.ok(BOMB.length < LIMIT, 'the bomb itself is under the limit');
    server.scenario = async (res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(BOMB.length) });
      res.end(BOMB);
    };
    const before = process.memoryUsage().arrayBuffers;
    assertTooLarge(await domainsFail());
    assert.ok(process.memoryUsage().arrayBuffers - before < 256 << 20, 'the bomb did not unfold in memory');
  });

  it('still reports an HTTP error whose body never ends, and stops reading it', async () => {
    server.scenario = async (res) => {
      res.writeHead(500, { 'content-type': 'text/html' });
      await pump(res);
      res.end();
    };
    const err = await domainsFail();
    assert.equal(err.status, 500);
    assert.doesNotMatch(err.message, /answer larger/);
    await assertStoppedReading(LIMIT + SLACK);
  });

  it('still reports an HTTP error whose body is a gzip bomb, without unfolding it', async () => {
    server.scenario = async (res) => {
      res.writeHead(503, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(BOMB);
    };
    const before = process.memoryUsage().arrayBuffers;
    const err = await domainsFail();
    assert.equal(err.status, 503);
    assert.ok(process.memoryUsage().arrayBuffers - before < 256 << 20, 'the bomb did not unfold in memory');
  });

  it('reads an answer just under the limit, compressed or not, as before', async () => {
    const names = Array.from({ length: 9000 }, (_, i) => ({ name: `DOMAIN_${String(i).padStart(90, '0')}` }));
    const json = Buffer.from(JSON.stringify({ results: names }));
    assert.ok(json.length > LIMIT * 0.8 && json.length < LIMIT, `${json.length} bytes`);
    server.scenario = async (res) => void res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(json.length) }).end(json);
    assert.equal((await client.domains()).length, names.length);
    const zipped = gzipSync(json);
    server.scenario = async (res) => void res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(zipped);
    assert.equal((await client.domains()).length, names.length);
  });
});
