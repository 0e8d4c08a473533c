import { strict as assert } from 'node:assert';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileChunks } from '../../../src/api/http/fileChunks';
import { isOpenHere } from '../../support/openFiles';

describe('api/http/fileChunks', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'alm-chunks-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('yields the whole file in chunks, the last one short, reusing a ring of three buffers', async () => {
    const content = randomBytes(10 * 1000 + 123);
    const path = join(dir, 'ten.bin');
    writeFileSync(path, content);
    const copies: Buffer[] = [];
    const backing = new Set<ArrayBuffer>();
    for await (const chunk of readFileChunks(path, 1000)) {
      copies.push(Buffer.from(chunk)); // a pull consumer is done with a chunk before asking again
      backing.add(chunk.buffer as ArrayBuffer);
    }
    assert.deepEqual(Buffer.concat(copies), content);
    assert.deepEqual(copies.map((c) => c.length).slice(-2), [1000, 123]);
    assert.equal(backing.size, 3, 'eleven chunks share three buffers');
  });

  it('yields nothing for an empty file', async () => {
    const path = join(dir, 'empty.bin');
    writeFileSync(path, '');
    const chunks: Uint8Array[] = [];
    for await (const c of readFileChunks(path)) chunks.push(c);
    assert.deepEqual(chunks, []);
  });

  it('opens the file only when read, and closes it when the consumer stops early', async () => {
    const path = join(dir, 'early.bin');
    writeFileSync(path, randomBytes(5000));
    const chunks = readFileChunks(path, 1000);
    assert.ok(!isOpenHere(path), 'not opened before the first chunk is asked for');
    await chunks.next();
    assert.ok(isOpenHere(path), 'open while being read');
    await chunks.return(undefined);
    assert.ok(!isOpenHere(path), 'closed after return()');
  });

  it('fails with the file system error for a missing file', async () => {
    await assert.rejects(readFileChunks(join(dir, 'missing.bin')).next(), { code: 'ENOENT' });
  });
});
