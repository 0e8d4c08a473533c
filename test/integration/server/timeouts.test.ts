// Slow and stalled requests (issue 14, item 5): a signed-in client's upload body that stops
// moving is cut after the idle timeout, headers dribbled one byte at a time are cut after the
// headers timeout, and a slow upload that keeps moving, longer than both, still goes through.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { startSignedIn } from '../../support/server';
import type { RunningServer, TestClient } from '../../support/server';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves with the ms until the server closed the socket, or null if it was still open after `waitMs`. */
function closedWithin(socket: Socket, waitMs: number): Promise<number | null> {
  const started = Date.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), waitMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
}

describe('server: header, body and idle timeouts (issue 14)', function () {
  this.timeout(60_000);
  let server: RunningServer;
  let client: TestClient;
  let url: URL;
  before(async () => {
    ({ server, client } = await startSignedIn({ defects: 5, limits: { idleTimeoutMs: 1000, headersTimeoutMs: 1500 } }));
    url = new URL(server.baseUrl);
  });
  after(async () => server.close());

  const open = async () => {
    const socket = connect(Number(url.port), url.hostname);
    socket.on('error', () => undefined);
    await new Promise((r) => socket.once('connect', r));
    return socket;
  };

  it('an upload body that stops moving is cut after the idle timeout', async () => {
    const socket = await open();
    const boundary = 'stall';
    socket.write(
      `POST ${url.pathname}${client.projectPath()}/attachments HTTP/1.1\r\nHost: ${url.host}\r\nCookie: ${client.cookieHeader()}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="filename"\r\n\r\nstall.bin\r\n--${boundary}\r\nContent-Disposition: form-data; name="entity.type"\r\n\r\ndefect\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="entity.id"\r\n\r\n1\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="stall.bin"\r\n\r\n${'x'.repeat(4096)}`,
    );
    const after = await closedWithin(socket, 8000);
    assert.notEqual(after, null, 'the stalled upload was still open after 8 s');
    assert.ok((after as number) >= 800, `closed after ${after} ms, before the idle timeout`);
  });

  it('headers dribbled a byte at a time are cut after the headers timeout', async () => {
    const socket = await open();
    const head = `GET ${url.pathname}/api/domains HTTP/1.1\r\nHost: ${url.host}\r\nX-Slow: ${'y'.repeat(200)}\r\n\r\n`;
    const closing = closedWithin(socket, 8000);
    let closed = false;
    void closing.then(() => (closed = true));
    for (let i = 0; i < head.length && !closed; i++) {
      socket.write(head[i]);
      await pause(100);
    }
    const after = await closing;
    assert.notEqual(after, null, 'slow headers were still accepted after 8 s');
  });

  it('a slow upload that keeps moving for longer than both timeouts is stored whole', async () => {
    const boundary = 'slow-but-moving';
    const chunk = Buffer.alloc(16 * 1024, 'z');
    const pieces = 20;
    async function* body(): AsyncGenerator<Buffer> {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="filename"\r\n\r\nslow.bin\r\n--${boundary}\r\nContent-Disposition: form-data; name="entity.type"\r\n\r\ndefect\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="entity.id"\r\n\r\n2\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      );
      for (let i = 0; i < pieces; i++) {
        await pause(150); // 20 × 150 ms = 3 s in all, never 1 s without bytes
        yield chunk;
      }
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    // The body takes 3 s in all (the pauses above), longer than the body and idle timeouts.
    const res = await request(`${server.baseUrl}${client.projectPath()}/attachments`, {
      method: 'POST',
      headers: { cookie: client.cookieHeader(), 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Readable.from(body()),
    });
    const answer = (await res.body.json()) as { 'file-size': number };
    assert.equal(res.statusCode, 201, JSON.stringify(answer));
    assert.equal(answer['file-size'], pieces * chunk.length);
  });
});
