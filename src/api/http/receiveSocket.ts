// The connection a download into a file gets for itself (an undici Client of its own, same TLS
// settings as the shared Agent). Its socket reads into a reused buffer (Node's `onread`) instead
// of a fresh 64 KB allocation per read: on these machines faulting in 200 MB of new memory cost
// more than the transfer itself (bench/client, download ratio to curl 0.5× → ≈1×).
//
// Reusing the read buffer is only safe while nothing keeps the bytes after undici has parsed
// them, so the connection shares a ReceiveControl with the download's FileSink:
// - reads are handed on as views of the buffer only while the sink takes a body (`sinking`): it
//   copies each chunk synchronously into its writer. Headers, error bodies and anything undici
//   might keep (a header split over two reads, a body it buffers) are read as copies;
// - a view's memory is not read into again while it waits in the socket (ReadRing): not yet
//   parsed, or handed back unparsed when the sink paused undici for a slow disk;
// - while sinking, reading stops after every read; undici's next `socket.read()` starts another.
import type { Socket } from 'node:net';
import type { buildConnector as Connectors } from 'undici';
import { buildConnector } from './undici';

/** The reused read buffer, used as a ring: two loopback reads fit; TLS records are 16 KB. */
const READ_BUFFER = 512 << 10;
/** Below this much free space a fresh buffer is taken rather than a tiny read. */
const MIN_READ = 16 << 10;

export class ReceiveControl {
  /** True while the FileSink consumes every body chunk synchronously. */
  sinking = false;
}

/**
 * The reused read buffer, as a ring: each read gets the free space after the views still waiting
 * to be parsed (or before them, wrapping round); a view's space is free again once undici has
 * taken it from the socket. Pure bookkeeping, no I/O.
 */
export class ReadRing {
  private buffer: Buffer;
  /** Views handed on and maybe not parsed yet, oldest first; `upTo` counts the bytes handed on. */
  private readonly pending: { start: number; end: number; upTo: number }[] = [];
  private handedOn = 0;
  private start = 0;

  constructor(
    private readonly size = READ_BUFFER,
    private readonly minRead = MIN_READ,
  ) {
    this.buffer = Buffer.allocUnsafeSlow(size);
  }

  /**
   * Where the next read goes. `waiting`: bytes still buffered in the socket. Reads are parsed in
   * order, so everything handed on but the last `waiting` bytes is done with (copies pushed
   * meanwhile count too, which only errs on the safe side).
   */
  next(waiting: number): Buffer {
    const parsed = this.handedOn - waiting;
    while ((this.pending[0]?.upTo ?? Infinity) <= parsed) this.pending.shift();
    const first = this.pending[0]?.start;
    const end = this.pending.at(-1)?.end ?? 0;
    let from = 0;
    let to = this.size;
    if (first === undefined) {
      // all free
    } else if (first < end && this.size - end >= this.minRead) {
      from = end;
    } else if (first < end && first >= this.minRead) {
      to = first;
    } else if (first >= end && first - end >= this.minRead) {
      from = end;
      to = first;
    } else {
      // No room: a fresh buffer. The old one lives on in its views until they are parsed.
      this.buffer = Buffer.allocUnsafeSlow(this.size);
      this.pending.length = 0;
    }
    this.start = from;
    return this.buffer.subarray(from, to);
  }

  /** The last region received `n` bytes that are handed on as a view; returns the view. */
  handOn(n: number): Buffer {
    this.handedOn += n;
    this.pending.push({ start: this.start, end: this.start + n, upTo: this.handedOn });
    return this.buffer.subarray(this.start, this.start + n);
  }
}

/**
 * A connector like undici's own (it builds on it) whose sockets read into a reused buffer.
 * `newRing` makes each connection's ring (test/integration/api/undiciReadContract.test.ts passes
 * a small one that poisons what it hands out, to catch undici keeping bytes it took).
 */
export function receiveConnector(options: Connectors.BuildOptions, control: ReceiveControl, newRing = (): ReadRing => new ReadRing()): Connectors.connector {
  return (target, callback) => {
    // Set once connect() returns; the callbacks run only after that.
    const conn: { socket?: Socket } = {};
    const ring = newRing();
    const onRead = (n: number, into: Uint8Array): boolean => {
      const s = conn.socket;
      if (!s) return false; // cannot happen: nothing is read before the connection is up
      if (!control.sinking) return s.push(Buffer.from(into.subarray(0, n)));
      s.push(ring.handOn(n));
      return false;
    };
    const nextBuffer = (): Buffer => ring.next(conn.socket?.readableLength ?? 0);
    const connect = buildConnector({ ...options, onread: { buffer: nextBuffer, callback: onRead } });
    // undici's connector returns the socket it creates (its type says void).
    const socket = connect(target, callback) as unknown as Socket | undefined;
    if (!socket || typeof socket.push !== 'function') throw new Error('the connector returned no socket');
    conn.socket = socket;
  };
}
