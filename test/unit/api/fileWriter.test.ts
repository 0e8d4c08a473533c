import { strict as assert } from 'node:assert';
import { randomBytes } from 'node:crypto';
import { FileWriter } from '../../../src/api/http/fileWriter';
import type { WritableFile } from '../../../src/api/http/fileWriter';

/** A file in memory whose writes complete when the test says so (or at once). */
class FakeFile {
  content = Buffer.alloc(0);
  readonly writes: { offset: number; length: number }[] = [];
  private readonly queued: (() => void)[] = [];
  manual = false;
  /** Bytes a single write call stores at most (short writes). */
  maxPerCall = Infinity;
  failAt: number | undefined;

  readonly handle: WritableFile = {
    write: ((buffer: Buffer, offset: number, length: number, position: number) => {
      const n = Math.min(length, this.maxPerCall);
      // Copy now: the writer must not touch a buffer while its write is in flight.
      const bytes = Buffer.from(buffer.subarray(offset, offset + n));
      return new Promise((resolve, reject) => {
        const finish = () => {
          if (this.failAt !== undefined && this.writes.length >= this.failAt) {
            reject(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' }));
            return;
          }
          this.writes.push({ offset: position, length: n });
          const end = position + n;
          if (this.content.length < end) this.content = Buffer.concat([this.content, Buffer.alloc(end - this.content.length)]);
          bytes.copy(this.content, position);
          resolve({ bytesWritten: n, buffer: buffer as never });
        };
        if (this.manual) this.queued.push(finish);
        else setImmediate(finish);
      });
    }) as WritableFile['write'],
  };

  /** Completes the oldest pending write. */
  completeOne(): boolean {
    const next = this.queued.shift();
    next?.();
    return next !== undefined;
  }

  get pending(): number {
    return this.queued.length;
  }
}

const tick = () => new Promise((r) => setImmediate(r));

describe('api/http/fileWriter', () => {
  it('copies each chunk at once: the caller may overwrite it right after write() returns', async () => {
    const file = new FakeFile();
    const writer = new FileWriter(file.handle, { bufferSize: 1000, buffers: 3 });
    const expected = randomBytes(23_456);
    const scratch = Buffer.alloc(5000);
    for (let at = 0; at < expected.length;) {
      const n = Math.min(1 + Math.floor(Math.random() * 4000), expected.length - at);
      expected.copy(scratch, 0, at, at + n);
      writer.write(scratch.subarray(0, n));
      scratch.fill(0xee); // what a reused socket buffer does with the next read
      at += n;
    }
    assert.equal(await writer.finish(), expected.length);
    assert.deepEqual(file.content, expected);
    assert.ok(
      file.writes.every((w) => w.length === 1000 || w.offset === 23_000),
      'one write per full buffer, the rest at the end',
    );
  });

  it('asks the caller to hold while every buffer is being written, and says when there is room again', async () => {
    const file = new FakeFile();
    file.manual = true;
    let rooms = 0;
    const writer = new FileWriter(file.handle, { bufferSize: 100, buffers: 2 });
    const waitForRoom = () => void writer.room().then(() => rooms++);
    const data = randomBytes(450);
    assert.equal(writer.write(data.subarray(0, 100)), true, 'one buffer in flight');
    assert.equal(writer.write(data.subarray(100, 250)), false, 'two in flight: hold');
    waitForRoom();
    // Offered anyway while held: still taken whole.
    assert.equal(writer.write(data.subarray(250, 450)), false);
    assert.equal(file.pending, 4);
    assert.equal(rooms, 0);
    for (const inFlight of [3, 2]) {
      file.completeOne();
      await tick();
      assert.equal(rooms, 0, `still ${inFlight} in flight`);
    }
    file.completeOne();
    await tick();
    assert.equal(rooms, 1, 'room once fewer than two are in flight');
    const finished = writer.finish();
    while (file.completeOne() || file.pending) await tick();
    assert.equal(await finished, 450);
    assert.deepEqual(file.content, data);
  });

  it('finishes short writes with further writes at the right offsets', async () => {
    const file = new FakeFile();
    file.maxPerCall = 37;
    const writer = new FileWriter(file.handle, { bufferSize: 256, buffers: 2 });
    const data = randomBytes(1000);
    writer.write(data);
    assert.equal(await writer.finish(), 1000);
    assert.deepEqual(file.content, data);
  });

  it('reports the first failed write once, refuses more data and rejects finish with it', async () => {
    const file = new FakeFile();
    file.failAt = 2;
    const errors: Error[] = [];
    const writer = new FileWriter(file.handle, { bufferSize: 100, buffers: 4, onError: (e) => errors.push(e) });
    for (let i = 0; i < 6; i++) writer.write(randomBytes(100));
    await tick();
    await tick();
    assert.equal(errors.length, 1);
    assert.match(errors[0]?.message ?? '', /ENOSPC/);
    assert.equal(writer.write(randomBytes(10)), false);
    await assert.rejects(writer.finish(), /ENOSPC/);
    assert.equal(writer.error, errors[0]);
  });

  it('abort drops what is buffered and resolves only when no write is in flight', async () => {
    const file = new FakeFile();
    file.manual = true;
    const writer = new FileWriter(file.handle, { bufferSize: 100, buffers: 3 });
    writer.write(randomBytes(150));
    let aborted = false;
    const done = writer.abort().then(() => (aborted = true));
    await tick();
    assert.equal(aborted, false, 'a write is still in flight');
    file.completeOne();
    await done;
    assert.deepEqual(file.writes, [{ offset: 0, length: 100 }], 'the 50 buffered bytes were dropped');
  });
});
