import { strict as assert } from 'node:assert';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { CancelledError, LockedByOtherError, NotFoundError, ValidationError } from '../../../src/api/index';
import type { AlmClient, Defect, ProjectApi, TransferProgress } from '../../../src/api/index';
import { clientFor, createDefect, startApiTestServer } from './harness';
import type { TestServer } from './harness';
import { isOpenHere } from '../../support/openFiles';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('api integration: attachments', () => {
  // Above three 1 MB read chunks, so file uploads reuse the reader's buffers.
  const MAX = 16 * 1024 * 1024;
  let server: TestServer;
  let alice: AlmClient;
  let bob: AlmClient;
  let p: ProjectApi;
  let defect: Defect;
  let dir: string;
  const content = randomBytes(300 * 1024);

  before(async () => {
    server = await startApiTestServer({ maxAttachmentBytes: MAX });
    alice = clientFor(server.baseUrl).client;
    bob = clientFor(server.baseUrl, 'bob').client;
    p = alice.project('DEFAULT', 'Playground');
    defect = await createDefect(p, 'with files');
    dir = mkdtempSync(join(tmpdir(), 'alm-att-'));
    writeFileSync(join(dir, 'trace.bin'), content);
  });
  after(async () => {
    await alice.dispose();
    await bob.dispose();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const entity = () => ({ type: 'defect', id: defect.id });

  it('uploads from a file with progress, lists, reads the descriptor and downloads the same bytes', async () => {
    const progress: TransferProgress[] = [];
    const a = await p.attachments.upload({ entity: entity(), name: 'trace.bin', source: { path: join(dir, 'trace.bin') }, description: 'core dump', onProgress: (x) => progress.push(x) });
    assert.equal(a.name, 'trace.bin');
    assert.equal(a.fileSize, content.length);
    assert.deepEqual(a.entity, entity());
    assert.match(a.description ?? '', /core dump/);
    assert.equal(progress.at(-1)?.bytes, content.length);
    assert.equal(progress.at(-1)?.total, content.length);
    assert.ok(progress.every((x, i) => i === 0 || x.bytes >= progress[i - 1].bytes));

    const listed = await p.attachments.list({ entity: { type: 'defect', ids: [defect.id] } });
    assert.deepEqual(
      listed.map((x) => x.id),
      [a.id],
    );
    assert.deepEqual(
      (await p.attachments.list({ entity: { type: 'defect', ids: [defect.id] }, name: 'trace.bin' })).map((x) => x.id),
      [a.id],
    );
    assert.deepEqual(
      (await p.attachments.list({ ids: [a.id] })).map((x) => x.name),
      ['trace.bin'],
    );
    assert.equal((await p.attachments.get(a.id)).fileSize, content.length);

    const seen: number[] = [];
    const dl = await p.attachments.download(a.id, { onProgress: (x) => seen.push(x.bytes) });
    assert.equal(dl.size, content.length);
    assert.deepEqual(await readAll(dl.stream), content);
    assert.equal(seen.at(-1), content.length);
  });

  it('uploads 12.5 MB from a file (thirteen chunks through three reused buffers) byte for byte, and closes the file', async () => {
    const big = randomBytes(12.5 * 1024 * 1024);
    const path = join(dir, 'twelve.bin');
    writeFileSync(path, big);
    const progress: TransferProgress[] = [];
    const a = await p.attachments.upload({ entity: entity(), name: 'twelve.bin', source: { path }, onProgress: (x) => progress.push(x) });
    assert.equal(a.fileSize, big.length);
    assert.equal(progress.at(-1)?.bytes, big.length);
    assert.ok(progress.length >= 13, `progress reported ${progress.length} times`);
    const saved = join(dir, 'twelve.saved');
    await p.attachments.saveTo(a.id, saved);
    const sha256 = (b: Buffer): string => createHash('sha256').update(b).digest('hex');
    assert.equal(sha256(readFileSync(saved)), sha256(big));
    assert.equal(isOpenHere(path), false, 'the source file is closed after the upload');
    await p.attachments.delete(a.id);
  });

  it('uploads from a stream, gives a same-named upload a new name, overrides content in place', async () => {
    const first = await p.attachments.upload({ entity: entity(), name: 'notes.txt', source: { stream: Readable.from([Buffer.from('v1')]) } });
    const second = await p.attachments.upload({ entity: entity(), name: 'notes.txt', source: { stream: Readable.from([Buffer.from('other')]) } });
    assert.notEqual(second.id, first.id);
    assert.notEqual(second.name, 'notes.txt');
    const replaced = await p.attachments.override({ entity: entity(), name: 'notes.txt', source: { stream: Readable.from([Buffer.from('version two')]), size: 11 } });
    assert.equal(replaced.id, first.id);
    assert.equal((await readAll((await p.attachments.download(first.id)).stream)).toString(), 'version two');
  });

  it('renames, describes and deletes', async () => {
    const a = await p.attachments.upload({ entity: entity(), name: 'old.txt', source: { stream: Readable.from([Buffer.from('x')]) } });
    assert.equal((await p.attachments.rename(a.id, 'new name.txt')).name, 'new name.txt');
    assert.match((await p.attachments.describe(a.id, 'what <it> is')).description ?? '', /what &lt;it&gt; is/);
    await p.attachments.delete(a.id);
    await assert.rejects(p.attachments.get(a.id), NotFoundError);
    assert.ok(!(await p.attachments.list({ entity: { type: 'defect', ids: [defect.id] } })).some((x) => x.id === a.id));
  });

  it('rejects an oversized upload with ValidationError (too-large), stores nothing and closes the file', async () => {
    const before = await p.attachments.list({ entity: { type: 'defect', ids: [defect.id] } });
    // 3 MB over: the server refuses before the client has read the whole file.
    writeFileSync(join(dir, 'big.bin'), randomBytes(MAX + 3 * 1024 * 1024));
    const err = await p.attachments.upload({ entity: entity(), name: 'big.bin', source: { path: join(dir, 'big.bin') } }).catch((e: unknown) => e);
    assert.ok(err instanceof ValidationError, String(err));
    assert.equal(err.problems[0].code, 'too-large');
    assert.deepEqual(await p.attachments.list({ entity: { type: 'defect', ids: [defect.id] } }), before);
    assert.equal(isOpenHere(join(dir, 'big.bin')), false, 'closed after a too-large refusal');
  });

  it('refuses an upload to a defect bob has locked', async () => {
    const lock = await bob.project('DEFAULT', 'Playground').locks.acquire(entity());
    try {
      const err = await p.attachments.upload({ entity: entity(), name: 'locked.txt', source: { stream: Readable.from([Buffer.from('x')]) } }).catch((e: unknown) => e);
      assert.ok(err instanceof LockedByOtherError, String(err));
      assert.equal(err.lockedBy, 'bob');
      const three = join(dir, 'three.bin');
      writeFileSync(three, randomBytes(3 * 1024 * 1024));
      const fromFile = await p.attachments.upload({ entity: entity(), name: 'three.bin', source: { path: three } }).catch((e: unknown) => e);
      assert.ok(fromFile instanceof LockedByOtherError, String(fromFile));
      assert.equal(isOpenHere(three), false, 'the file is closed after a lock refusal');
    } finally {
      await lock.release();
    }
  });

  it('cancels an upload in flight and stores nothing', async () => {
    const before = await p.attachments.list({ entity: { type: 'defect', ids: [defect.id] } });
    const ac = new AbortController();
    const slow = new Readable({ read() {} });
    slow.push(randomBytes(64 * 1024));
    setTimeout(() => ac.abort(), 100);
    const err = await p.attachments.upload({ entity: entity(), name: 'slow.bin', source: { stream: slow }, signal: ac.signal }).catch((e: unknown) => e);
    assert.ok(err instanceof CancelledError, String(err));
    await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(await p.attachments.list({ entity: { type: 'defect', ids: [defect.id] } }), before);
  });

  it('cancels a download while it is being read: the stream fails with CancelledError', async () => {
    const a = await p.attachments.upload({ entity: entity(), name: 'to-cancel.bin', source: { path: join(dir, 'trace.bin') } });
    const ac = new AbortController();
    const dl = await p.attachments.download(a.id, { signal: ac.signal });
    const first = await new Promise<Buffer>((resolve) => dl.stream.once('data', resolve));
    assert.ok(first.length > 0);
    ac.abort();
    const err = await readAll(dl.stream).catch((e: unknown) => e);
    assert.ok(err instanceof CancelledError, String(err));
  });

  it('saves to a file atomically: complete bytes on success, the old file untouched and no leftovers on cancel', async () => {
    const a = await p.attachments.upload({ entity: entity(), name: 'save-me.bin', source: { path: join(dir, 'trace.bin') } });
    const target = join(dir, 'saved.bin');
    assert.equal(await p.attachments.saveTo(a.id, target), content.length);
    assert.deepEqual(readFileSync(target), content);
    writeFileSync(target, 'previous version');
    const ac = new AbortController();
    const saving = p.attachments.saveTo(a.id, target, { signal: ac.signal, onProgress: () => ac.abort() });
    await assert.rejects(saving, CancelledError);
    assert.equal(readFileSync(target, 'utf8'), 'previous version');
    assert.deepEqual(
      readdirSync(dir).filter((f) => f.endsWith('.part')),
      [],
    );
  });

  it('reports unusable local files as ValidationError before sending anything', async () => {
    const missing = await p.attachments.upload({ entity: entity(), name: 'x.bin', source: { path: join(dir, 'nope.bin') } }).catch((e: unknown) => e);
    assert.ok(missing instanceof ValidationError, String(missing));
    assert.match(missing.message, /does not exist/);
    const folder = await p.attachments.upload({ entity: entity(), name: 'x.bin', source: { path: dir } }).catch((e: unknown) => e);
    assert.ok(folder instanceof ValidationError);
    const a = (await p.attachments.list({ entity: { type: 'defect', ids: [defect.id] } }))[0];
    const badTarget = await p.attachments.saveTo(a.id, join(dir, 'no-such-dir', 'f.bin')).catch((e: unknown) => e);
    assert.ok(badTarget instanceof ValidationError, String(badTarget));
  });

  it('refuses attachment filters by name without an entity', async () => {
    await assert.rejects(p.attachments.list({ name: 'x' }), ValidationError);
  });
});
