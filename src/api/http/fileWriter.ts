// Writes a download into a file through a few reused buffers. Every chunk is copied at once, so
// the caller may reuse the chunk's memory as soon as write() returns (the receive socket reads
// into one reused buffer, see receiveSocket.ts); full buffers are written at their own file
// position while the next one fills. Nothing is allocated per chunk: with a fresh buffer per
// socket read, a 200 MB download spent more time faulting in new memory than moving bytes.
import type { FileHandle } from 'node:fs/promises';

/** The part of a FileHandle the writer uses (tests pass slow or failing ones). */
export type WritableFile = Pick<FileHandle, 'write'>;

export interface FileWriterOptions {
  /** Size of each buffer; one positioned write per full buffer. Default 1 MB. */
  bufferSize?: number;
  /** Buffers that may be in flight at once before write() asks the caller to hold. Default 3. */
  buffers?: number;
  /** Called once, with the first failed write; later data is dropped. */
  onError?: (error: Error) => void;
}

export class FileWriter {
  private readonly bufferSize: number;
  private readonly maxInFlight: number;
  private readonly free: Buffer[] = [];
  private current: Buffer | undefined;
  private used = 0;
  /** File offset where the current buffer starts. */
  private position = 0;
  private inFlight = 0;
  private written = 0;
  private held = false;
  private failure: Error | undefined;
  private idle: (() => void)[] = [];
  private waitingForRoom: (() => void)[] = [];

  constructor(
    private readonly file: WritableFile,
    private readonly options: FileWriterOptions = {},
  ) {
    this.bufferSize = options.bufferSize ?? 1 << 20;
    this.maxInFlight = options.buffers ?? 3;
  }

  get error(): Error | undefined {
    return this.failure;
  }

  /**
   * Copies all of `chunk`. Returns false while every buffer is being written: the caller should
   * hold further data until room() resolves. A chunk offered while held is still taken (at the
   * cost of one more buffer), so nothing is ever lost or left pointing into the caller's memory.
   */
  write(chunk: Uint8Array): boolean {
    if (this.failure) return false;
    let offset = 0;
    while (offset < chunk.length) {
      const target = (this.current ??= this.free.pop() ?? Buffer.allocUnsafeSlow(this.bufferSize));
      const n = Math.min(chunk.length - offset, this.bufferSize - this.used);
      target.set(chunk.subarray(offset, offset + n), this.used);
      this.used += n;
      offset += n;
      if (this.used === this.bufferSize) this.flush();
    }
    this.held = this.inFlight >= this.maxInFlight;
    return !this.held;
  }

  /** Resolves once write() may be called again without holding (or the writer failed). */
  room(): Promise<void> {
    return !this.held || this.failure ? Promise.resolve() : new Promise((resolve) => this.waitingForRoom.push(resolve));
  }

  /** Writes what is buffered and waits for every write; resolves with the bytes written. */
  async finish(): Promise<number> {
    if (this.used > 0 && !this.failure) this.flush();
    await this.settled();
    if (this.failure) throw this.failure;
    return this.written;
  }

  /** Drops what is buffered and waits until no write is in flight (so the file can be removed). */
  async abort(): Promise<void> {
    this.current = undefined;
    this.used = 0;
    await this.settled();
  }

  private settled(): Promise<void> {
    return this.inFlight === 0 ? Promise.resolve() : new Promise((resolve) => this.idle.push(resolve));
  }

  private flush(): void {
    const buffer = this.current;
    if (!buffer) return;
    const length = this.used;
    const position = this.position;
    this.current = undefined;
    this.used = 0;
    this.position += length;
    this.inFlight++;
    this.writeAll(buffer, length, position)
      .then(
        () => {
          this.written += length;
        },
        (e: unknown) => this.fail(e instanceof Error ? e : new Error(String(e))),
      )
      .finally(() => {
        this.inFlight--;
        if (this.free.length < this.maxInFlight) this.free.push(buffer);
        if (this.inFlight === 0) for (const resolve of this.idle.splice(0)) resolve();
        if (this.held && !this.failure && this.inFlight < this.maxInFlight) {
          this.held = false;
          for (const resolve of this.waitingForRoom.splice(0)) resolve();
        }
      });
  }

  /** A positioned write may be short (a full disk, a signal); what is left is written after it. */
  private async writeAll(buffer: Buffer, length: number, position: number): Promise<void> {
    let done = 0;
    while (done < length) {
      const { bytesWritten } = await this.file.write(buffer, done, length - done, position + done);
      if (bytesWritten <= 0) throw Object.assign(new Error(`could not write at offset ${position + done}`), { code: 'EIO', syscall: 'write' });
      done += bytesWritten;
    }
  }

  private fail(e: Error): void {
    if (this.failure) return;
    this.failure = e;
    this.options.onError?.(e);
    for (const resolve of this.waitingForRoom.splice(0)) resolve();
  }
}
