// Downloads into files (saveTo → Transport.toFile → FileSink over a connection of its own whose
// socket reads into a reused buffer) against a server that answers in awkward shapes: bodies in
// odd-sized pieces, chunked encoding, headers dribbled a few bytes at a time, gzip although
// identity was asked for, errors, a connection cut short, an expired session. Every byte is
// compared, because a read buffer reused too early corrupts data rather than failing loudly.
import { strict as assert } from 'node:assert';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { gzipSync } from 'node:zlib';
import { request } from 'undici';
import { AlmClient, NetworkError, NotFoundError, TimeoutError } from '../../../src/api/index';
import type { ProjectApi, TransferProgress } from '../../../src/api/index';
import { buildDispatcher } from '../../../src/api/http/dispatcher';
import { FileSink } from '../../../src/api/http/fileSink';
import type { WritableFile } from '../../../src/api/http/fileWriter';

const BIG = randomBytes(8 * 1024 * 1024 + 123);
const SMALL = randomBytes(300 * 1024 + 7);
// Compressible, so gzip really changes the bytes on the wire.
const TEXT = Buffer.from(Array.from({ length: 40_000 }, (_, i) => `line ${i} of a log file\n`).join(''));
const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Writes `body` in pieces of random size, now and then yielding, respecting backpressure. */
async function writeInPieces(res: ServerResponse, body: Buffer, maxPiece: number): Promise<void> {
  for (let at = 0; at < body.length;) {
    const n = Math.min(1 + Math.floor(Math.random() * maxPiece), body.length - at);
    if (!res.write(body.subarray(at, at + n))) await new Promise((r) => res.once('drain', r));
    if (Math.random() < 0.1) await new Promise((r) => setImmediate(r));
    at += n;
  }
}

interface Awkward {
  baseUrl: string;
  signIns: () => number;
  /** Every session signed in so far gets 401 from now on. */
  expireSessions(): void;
  close(): Promise<void>;
}

async function startAwkwardServer(): Promise<Awkward> {
  let signIns = 0;
  let expiredUpTo = 0;
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = req.url ?? '';
    if (url.endsWith('/authentication/sign-in')) {
      signIns++;
      res.writeHead(200, { 'set-cookie': [`QCSession=s${signIns}; Path=/`, 'XSRF-TOKEN=t; Path=/'] }).end();
      return;
    }
    const id = /\/attachments\/(\d+)$/.exec(url)?.[1];
    switch (id) {
      case '1': // Content-Length, odd pieces
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': BIG.length });
        await writeInPieces(res, BIG, 200_000);
        res.end();
        return;
      case '2': // chunked, no length
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        await writeInPieces(res, BIG, 70_000);
        res.end();
        return;
      case '3': {
        // Status line and headers a few bytes at a time, then the body: header bytes spread over many reads.
        const head = Buffer.from(`HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nX-Padding: ${randomBytes(100).toString('hex')}\r\nContent-Length: ${SMALL.length}\r\n\r\n`);
        const socket = req.socket;
        for (let at = 0; at < head.length; at += 7) {
          socket.write(head.subarray(at, at + 7));
          await pause(1);
        }
        for (let at = 0; at < SMALL.length; at += 50_000) {
          socket.write(SMALL.subarray(at, at + 50_000));
          await pause(1);
        }
        return;
      }
      case '4': // gzip although identity was asked for
        res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
        res.end(gzipSync(TEXT));
        return;
      case '6': // announces more than it sends, then drops the connection
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': 2 * SMALL.length });
        res.write(SMALL, () => setTimeout(() => res.destroy(), 20));
        return;
      case '8': // sends part of the body, then nothing more while keeping the connection open
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': 2 * SMALL.length });
        res.write(SMALL);
        return;
      case '7': {
        const session = Number(/QCSession=s(\d+)/.exec(req.headers.cookie ?? '')?.[1] ?? 0);
        if (session <= expiredUpTo) {
          res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ Id: 'qccore.session-has-timed-out', Title: 'Session timed out' }));
          return;
        }
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': SMALL.length }).end(SMALL);
        return;
      }
      default:
        if (req.method === 'GET' && id) {
          res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ Id: 'qccore.entity-not-found', Title: `Attachment ${id} not found` }));
          return;
        }
        res.writeHead(200).end(); // sign-out and the like
    }
  };
  const server: Server = createServer((req, res) => {
    void handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/qcbin`,
    signIns: () => signIns,
    expireSessions: () => {
      expiredUpTo = signIns;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

describe('api integration: downloads into files', () => {
  let server: Awkward;
  let client: AlmClient;
  let p: ProjectApi;
  let dir: string;

  before(async () => {
    server = await startAwkwardServer();
    client = new AlmClient({ baseUrl: server.baseUrl, credentials: async () => ({ username: 'alice', password: 'pw' }), dialect: 'api' });
    p = client.project('D', 'P');
    dir = mkdtempSync(join(tmpdir(), 'alm-dl-'));
  });
  after(async () => {
    await client.dispose();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const leftovers = () => readdirSync(dir).filter((f) => f.endsWith('.part'));

  it('saves a body sent in odd-sized pieces byte for byte, with progress up to the announced size', async () => {
    const progress: TransferProgress[] = [];
    const target = join(dir, 'pieces.bin');
    assert.equal(await p.attachments.saveTo(1, target, { onProgress: (x) => progress.push(x) }), BIG.length);
    assert.equal(sha(readFileSync(target)), sha(BIG));
    assert.deepEqual(progress.at(-1), { bytes: BIG.length, total: BIG.length });
    assert.ok(progress.every((x, i) => i === 0 || x.bytes > (progress[i - 1]?.bytes ?? 0)));
  });

  it('saves a chunked body (no Content-Length) byte for byte, several times over one client', async () => {
    for (let i = 0; i < 3; i++) {
      const target = join(dir, `chunked-${i}.bin`);
      assert.equal(await p.attachments.saveTo(2, target), BIG.length);
      assert.equal(sha(readFileSync(target)), sha(BIG));
    }
  });

  it('saves correctly when the headers arrive a few bytes at a time', async () => {
    const target = join(dir, 'dribbled.bin');
    assert.equal(await p.attachments.saveTo(3, target), SMALL.length);
    assert.deepEqual(readFileSync(target), SMALL);
  });

  it('decodes a gzip body the server sent although identity was asked for', async () => {
    const progress: number[] = [];
    const target = join(dir, 'log.txt');
    assert.equal(await p.attachments.saveTo(4, target, { onProgress: (x) => progress.push(x.bytes) }), TEXT.length);
    assert.deepEqual(readFileSync(target), TEXT);
    assert.equal(progress.at(-1), TEXT.length);
  });

  it('answers a server error with its typed error, keeping the old file and leaving nothing behind', async () => {
    const target = join(dir, 'kept.txt');
    writeFileSync(target, 'old');
    const err = await p.attachments.saveTo(5, target).catch((e: unknown) => e);
    assert.ok(err instanceof NotFoundError, String(err));
    assert.equal(readFileSync(target, 'utf8'), 'old');
    assert.deepEqual(leftovers(), []);
  });

  it('reports a connection cut short as NetworkError, keeping the old file and leaving nothing behind', async () => {
    const target = join(dir, 'cut.bin');
    writeFileSync(target, 'old');
    const err = await p.attachments.saveTo(6, target).catch((e: unknown) => e);
    assert.ok(err instanceof NetworkError, String(err));
    assert.match(err.message, /Try again|nothing was saved|connection/i);
    assert.equal(readFileSync(target, 'utf8'), 'old');
    assert.deepEqual(leftovers(), []);
  });

  it('a download that stops receiving bytes fails with TimeoutError after the idle time, keeping the old file (issue 14)', async () => {
    const idle = new AlmClient({ baseUrl: server.baseUrl, credentials: async () => ({ username: 'alice', password: 'pw' }), timeouts: { idleMs: 400 }, dialect: 'api' });
    try {
      const target = join(dir, 'stalled.bin');
      writeFileSync(target, 'old');
      const progress: number[] = [];
      const outcome = await Promise.race([
        idle
          .project('D', 'P')
          .attachments.saveTo(8, target, { onProgress: (x) => progress.push(x.bytes) })
          .catch((e: unknown) => e),
        pause(10_000).then(() => 'still waiting after 10 s'),
      ]);
      assert.ok(outcome instanceof TimeoutError, String(outcome));
      assert.match(outcome.message, /stopped responding \(nothing arrived within the idle timeout\)/);
      assert.ok(progress.at(-1) === SMALL.length, 'the bytes that came were received before the stall');
      assert.equal(readFileSync(target, 'utf8'), 'old');
      assert.deepEqual(leftovers(), []);
    } finally {
      await idle.dispose();
    }
  });

  it('signs in again when the session expired and saves the download it retried', async () => {
    await client.signIn();
    server.expireSessions();
    const before = server.signIns();
    const target = join(dir, 'renewed.bin');
    assert.equal(await p.attachments.saveTo(7, target), SMALL.length);
    assert.deepEqual(readFileSync(target), SMALL);
    assert.equal(server.signIns(), before + 1, 'one sign-in, then the retry');
  });
});

/** A file in memory whose every write takes a while: the disk is the slow end. */
function slowFile(delayMs: number, failAtWrite?: number): { file: WritableFile; content: () => Buffer; writes: () => number; mostInFlight: () => number } {
  const parts: { at: number; bytes: Buffer }[] = [];
  let writes = 0;
  let inFlight = 0;
  let mostInFlight = 0;
  const file: WritableFile = {
    write: (async (buffer: Buffer, offset: number, length: number, position: number) => {
      const bytes = Buffer.from(buffer.subarray(offset, offset + length));
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      await pause(delayMs);
      inFlight--;
      if (++writes === failAtWrite) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });
      parts.push({ at: position, bytes });
      return { bytesWritten: length, buffer };
    }) as WritableFile['write'],
  };
  const content = (): Buffer => {
    const out = Buffer.alloc(parts.reduce((n, p) => Math.max(n, p.at + p.bytes.length), 0));
    for (const p of parts) p.bytes.copy(out, p.at);
    return out;
  };
  return { file, content, writes: () => writes, mostInFlight: () => mostInFlight };
}

describe('api integration: FileSink on a download connection of its own', () => {
  let server: Awkward;
  before(async () => {
    server = await startAwkwardServer();
  });
  after(() => server.close());

  function receive(file: WritableFile, id: number) {
    const target = new URL(server.baseUrl);
    const receiver = buildDispatcher({ target, connectMs: 5000, idleMs: 10_000, connections: 1 }).receiver();
    assert.ok(receiver.control, 'a connection of its own');
    // Small buffers, two in flight: the writer is full most of the time, so undici is paused often
    // and hands unparsed reads back to the socket, whose reused buffer must keep them intact.
    const sink = new FileSink(file, { control: receiver.control, bufferSize: 64 * 1024, buffers: 2 });
    const done = (async () => {
      try {
        const res = await request(`${server.baseUrl}/api/domains/D/projects/P/attachments/${id}`, { dispatcher: receiver.dispatcher.compose(sink.interceptor()) });
        assert.equal(res.statusCode, 200);
        await finished(res.body.resume());
        return sink.bytesReceived;
      } finally {
        await sink.close();
        await receiver.close();
      }
    })();
    return done;
  }

  it('stops reading while a slow disk catches up and still writes every byte where it belongs', async () => {
    for (const id of [1, 2]) {
      const slow = slowFile(2);
      assert.equal(await receive(slow.file, id), BIG.length);
      // Two buffers, plus what the chunk that filled them spilled into (a 512 KB read is eight).
      assert.ok(slow.mostInFlight() <= 12, `${slow.mostInFlight()} writes in flight at once: reading went on`);
      assert.equal(sha(slow.content()), sha(BIG), `attachment ${id}`);
    }
  });

  it('stops receiving when a write fails and ends the body with that error', async () => {
    const failing = slowFile(1, 5);
    await assert.rejects(receive(failing.file, 1), /ENOSPC/);
    assert.ok(failing.writes() < BIG.length / (64 * 1024), 'stopped well before the end');
  });
});
