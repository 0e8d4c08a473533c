// streamToTemp leaves nothing behind when the upload body fails, however early it fails: the
// temporary file may still be opening when the body errors, and removing it then would leave
// an empty file created a moment later.
import assert from 'node:assert/strict';
import fs, { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { streamToTemp } from '../../../server/src/attachments/upload';

describe('server upload: temporary file', () => {
  let dir: string;
  let made = 0;
  const store = { tempPath: () => join(dir, `.upload-${++made}`) };

  // Opens still running, so that a test can wait for them before looking at the folder: a file
  // created after streamToTemp has answered is exactly what must not happen.
  const realOpen = fs.open;
  let opening = 0;
  let settled: (() => void)[] = [];
  const opensDone = () => (opening === 0 ? Promise.resolve() : new Promise<void>((resolve) => settled.push(resolve)));
  const filesLeft = async () => {
    await opensDone();
    return readdirSync(dir);
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'alm-upload-'));
    (fs as { open: unknown }).open = (...args: unknown[]) => {
      const callback = args.pop() as (...result: unknown[]) => void;
      opening++;
      (realOpen as (...a: unknown[]) => void)(...args, (...result: unknown[]) => {
        callback(...result);
        if (--opening === 0) for (const resolve of settled.splice(0)) resolve();
      });
    };
  });
  afterEach(() => {
    fs.open = realOpen;
    settled = [];
    rmSync(dir, { recursive: true, force: true });
  });

  it('removes the file when the body fails before the file is open', async () => {
    // The error comes on the next tick, before the write stream's open() has returned.
    const source = new Readable({ read() {} });
    process.nextTick(() => source.destroy(new Error('client went away')));
    await assert.rejects(streamToTemp(source, store, 1024), /client went away/);
    assert.deepEqual(await filesLeft(), []);
  });

  it('removes the file when the body fails after content was written', async () => {
    const source = new Readable({ read() {} });
    source.push(Buffer.alloc(100, 1));
    setImmediate(() => source.destroy(new Error('reset')));
    await assert.rejects(streamToTemp(source, store, 1024), /reset/);
    assert.deepEqual(await filesLeft(), []);
  });

  it('removes the file when the body is over the limit', async () => {
    const source = Readable.from([Buffer.alloc(600), Buffer.alloc(600)]);
    await assert.rejects(streamToTemp(source, store, 1000), (err: { status?: number }) => err.status === 413);
    assert.deepEqual(await filesLeft(), []);
  });

  it('keeps the whole content of a body that ends well', async () => {
    const source = Readable.from([Buffer.from('hello '), Buffer.from('world')]);
    const stored = await streamToTemp(source, store, 1024);
    assert.equal(stored.size, 11);
    assert.equal(readFileSync(stored.tempFile, 'utf8'), 'hello world');
  });
});
