// The promise about undici that downloads into files rely on and undici does not document: once
// its parser has taken bytes from the socket (`socket.read()`), it is done with them by the time
// the handler's onResponseData returns, except for what it hands back with `socket.unshift()`.
// The receive socket (src/api/http/receiveSocket.ts) reuses its read buffer on that promise. This
// test holds undici to it as hard as it can: a small ring that reuses memory on nearly every read
// and overwrites everything it hands out with poison first, a disk slow enough that the sink
// pauses undici mid-read, and a byte-for-byte comparison. If an undici update keeps a chunk (or
// unparsed bytes) past that point, the file differs and this fails: then receiveConnector must
// hand on copies (or go, see bench/client's "shared Agent" figure).
import { strict as assert } from 'node:assert';
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { finished } from 'node:stream/promises';
import { request } from 'undici';
import type { Dispatcher } from 'undici';
import { FileSink } from '../../../src/api/http/fileSink';
import type { WritableFile } from '../../../src/api/http/fileWriter';
import { ReadRing, ReceiveControl, receiveConnector } from '../../../src/api/http/receiveSocket';
import { Client } from '../../../src/api/http/undici';

const BODY = randomBytes(6 * 1024 * 1024 + 333);
const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A ring that fills every region with poison before a read may land in it, and keeps count. */
class PoisonRing extends ReadRing {
  readonly memory = new Set<ArrayBufferLike>();
  reads = 0;
  /** Reads that went into memory an earlier read had used. */
  reused = 0;
  /** Most bytes ever waiting in the socket (handed back unparsed) when a read was due. */
  mostWaiting = 0;

  override next(waiting: number): Buffer {
    const region = super.next(waiting);
    if (this.memory.has(region.buffer)) this.reused++;
    this.memory.add(region.buffer);
    this.reads++;
    this.mostWaiting = Math.max(this.mostWaiting, waiting);
    region.fill(0xee);
    return region;
  }
}

/** Writes `body` in pieces of random size, yielding now and then, so reads come in all sizes. */
async function writeInPieces(res: ServerResponse, body: Buffer): Promise<void> {
  for (let at = 0; at < body.length;) {
    const n = Math.min(1 + Math.floor(Math.random() * 90_000), body.length - at);
    if (!res.write(body.subarray(at, at + n))) await new Promise((r) => res.once('drain', r));
    if (Math.random() < 0.2) await new Promise((r) => setImmediate(r));
    at += n;
  }
}

/** A file whose writes take a while, so the sink's writer fills up and pauses undici. */
function slowFile(): { file: WritableFile; content: () => Buffer } {
  const out = Buffer.alloc(BODY.length);
  let end = 0;
  const file: WritableFile = {
    write: (async (buffer: Buffer, offset: number, length: number, position: number) => {
      const bytes = Buffer.from(buffer.subarray(offset, offset + length));
      await pause(Math.random() * 3);
      bytes.copy(out, position);
      end = Math.max(end, position + length);
      return { bytesWritten: length, buffer };
    }) as WritableFile['write'],
  };
  return { file, content: () => out.subarray(0, end) };
}

describe('api integration: undici is done with the bytes it parsed (the receive socket relies on it)', () => {
  let server: Server;
  let origin: string;
  before(async () => {
    server = createServer((req, res) => {
      // /length: Content-Length; /chunked: chunked transfer encoding (chunk framing inside reads).
      const headers = req.url === '/length' ? { 'content-length': BODY.length } : {};
      res.writeHead(200, { 'content-type': 'application/octet-stream', ...headers });
      void writeInPieces(res, BODY).then(() => res.end());
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  for (const path of ['/length', '/chunked']) {
    it(`saves every byte of ${path} through reused, poisoned read memory while a slow disk pauses undici`, async () => {
      const control = new ReceiveControl();
      const rings: PoisonRing[] = [];
      // 192 KB ring (room for two loopback reads), 4 KB minimum read: memory comes round every few reads.
      const connect = receiveConnector({}, control, () => {
        const ring = new PoisonRing(192 << 10, 4 << 10);
        rings.push(ring);
        return ring;
      });
      const client = new Client(origin, { pipelining: 1, connect });
      const slow = slowFile();
      const sink = new FileSink(slow.file, { control, bufferSize: 64 << 10, buffers: 1 });
      let viewBytes = 0;
      // Sees each chunk as undici hands it over, before the sink copies it.
      const watch: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (opts, handler) =>
        dispatch(opts, {
          ...handler,
          onRequestStart: (c, context: unknown) => handler.onRequestStart?.(c, context),
          onResponseStart: (c, status, headers, message) => handler.onResponseStart?.(c, status, headers, message),
          onResponseData: (c, chunk: Buffer) => {
            if (rings.some((r) => r.memory.has(chunk.buffer))) viewBytes += chunk.length;
            return handler.onResponseData?.(c, chunk);
          },
          onResponseEnd: (c, trailers) => handler.onResponseEnd?.(c, trailers),
          onResponseError: (c, e) => handler.onResponseError?.(c, e),
        });
      try {
        const res = await request(`${origin}${path}`, { dispatcher: client.compose(watch, sink.interceptor()) });
        assert.equal(res.statusCode, 200);
        // The body undici hands back is empty; it ends once the sink has written everything.
        await finished(res.body.resume());
        assert.ok(sink.taken, 'the sink took the body');
        assert.equal(sink.bytesReceived, BODY.length);
        assert.equal(sha(slow.content()), sha(BODY), 'the saved bytes differ: undici used bytes after it was done with them');
      } finally {
        await sink.close();
        await client.destroy();
      }
      // The test proves something only if undici really parsed straight out of the reused memory.
      const ring = rings[0];
      assert.ok(ring, 'the connection was made through the ring');
      // Bytes handed back unparsed come out of socket.read() as a concatenated copy; a chunked body,
      // paused mid-framing, goes mostly that way, so only the Content-Length case counts views.
      if (path !== '/length') return;
      assert.ok(viewBytes > BODY.length / 2, `only ${viewBytes} bytes were parsed in place: undici copies now, so receiveSocket.ts gains little`);
      assert.ok(ring.reused > 0, `memory was never reused in ${ring.reads} reads`);
      assert.ok(ring.mostWaiting > 0, 'the slow disk never left unparsed bytes waiting in the socket');
    });
  }
});
