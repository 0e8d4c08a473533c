// Issue 28 item 4: slow request bodies time out as slow headers do, even before sign-in. A body
// must arrive within bodyTimeoutMs, plus a second per minBodyBytesPerSecond bytes received: a
// sign-in body dribbled a byte at a time (every socket a held file descriptor) is answered 408
// and closed, and so is a signed-in client's dribbled write; a slow upload that keeps a real rate
// still goes through (timeouts.test.ts).
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { TestClient, startTestServer, storedDefect } from '../../support/server';
import type { RunningServer } from '../../support/server';

/** Writes `text` a byte every `everyMs` until the server closes the socket; resolves with what it answered and how long it took. */
function dribble(socket: Socket, text: string, everyMs: number, giveUpMs: number): Promise<{ answer: string; closedAfterMs: number | null }> {
  const started = Date.now();
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
  return new Promise((resolve) => {
    let i = 0;
    const tick = setInterval(() => {
      if (i < text.length && !socket.destroyed) socket.write(text[i++]);
    }, everyMs);
    const giveUp = setTimeout(() => {
      clearInterval(tick);
      socket.destroy();
      resolve({ answer, closedAfterMs: null });
    }, giveUpMs);
    socket.once('close', () => {
      clearInterval(tick);
      clearTimeout(giveUp);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
  });
}

describe('server: slow request bodies time out (issue 28 item 4)', function () {
  this.timeout(60_000);
  let server: RunningServer;
  let url: URL;

  before(async () => {
    // The idle timeout is long, so only the body rule can close these connections.
    server = await startTestServer({ defects: 5, limits: { bodyTimeoutMs: 1000, minBodyBytesPerSecond: 500, idleTimeoutMs: 60_000 } });
    url = new URL(server.baseUrl);
  });
  after(async () => server.close());

  async function open(head: string): Promise<Socket> {
    const socket = connect(Number(url.port), url.hostname);
    socket.on('error', () => undefined);
    await new Promise((r) => socket.once('connect', r));
    socket.write(head);
    return socket;
  }

  it('a sign-in body dribbled a byte at a time (no session) → 408 and closed soon after the body timeout', async () => {
    const body = '<alm-authentication><user>alice</user><password>alice-demo</password></alm-authentication>';
    const socket = await open(`POST ${url.pathname}/authentication-point/alm-authenticate HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/xml\r\nContent-Length: ${body.length}\r\n\r\n`);
    const { answer, closedAfterMs } = await dribble(socket, body, 200, 15_000);
    assert.notEqual(closedAfterMs, null, 'the dribbling connection was still open after 15 s');
    assert.match(answer, /^HTTP\/1\.1 408/);
    assert.match(answer, /arrived too slowly/);
  });

  it("a signed-in client's dribbled defect write → 408, nothing stored", async () => {
    const client = new TestClient(server.baseUrl);
    await client.signIn('alice');
    const before = storedDefect(server.dataDir, 2);
    const body = JSON.stringify({ 'dev-comments': 'dribbled' });
    const socket = await open(
      `PUT ${url.pathname}${client.projectPath()}/defects/2 HTTP/1.1\r\nHost: ${url.host}\r\nCookie: ${client.cookieHeader()}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    const { answer, closedAfterMs } = await dribble(socket, body, 200, 15_000);
    assert.notEqual(closedAfterMs, null);
    assert.match(answer, /^HTTP\/1\.1 408/);
    assert.deepEqual(storedDefect(server.dataDir, 2), before);
  });
});
