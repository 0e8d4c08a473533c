// Uploads from files larger than one read chunk (1 MB): the reader reuses its buffers, so these
// check that every byte arrives intact, and that the file is closed however the upload ends.
import { strict as assert } from 'node:assert';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LockedByOtherError, ValidationError } from '../../../src/api/index';
import type { AlmClient, Defect, ProjectApi, TransferProgress } from '../../../src/api/index';
import { clientFor, createDefect, startApiTestServer } from './harness';
import type { TestServer } from './harness';

const sha256 = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

function isOpen(path: string): boolean {
  return readdirSync('/proc/self/fd').some((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === path;
    } catch {
      return false;
    }
  });
}

describe('api integration: multi-chunk uploads from files', () => {
  const MAX = 16 * 1024 * 1024;
  let server: TestServer;
  let alice: AlmClient;
  let bob: AlmClient;
  let p: ProjectApi;
  let defect: Defect;
  let dir: string;

  before(async () => {
    server = await startApiTestServer({ maxAttachmentBytes: MAX });
    alice = clientFor(server.baseUrl).client;
    bob = clientFor(server.baseUrl, 'bob').client;
    p = alice.project('DEFAULT', 'Playground');
    defect = await createDefect(p, 'with large files');
    dir = mkdtempSync(join(tmpdir(), 'alm-large-'));
  });
  after(async () => {
    await alice.dispose();
    await bob.dispose();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const entity = () => ({ type: 'defect', id: defect.id });

  it('uploads 12.5 MB (thirteen chunks through three reused buffers) byte for byte, with progress to the total', async () => {
    const content = randomBytes(12.5 * 1024 * 1024);
    const path = join(dir, 'twelve.bin');
    writeFileSync(path, content);
    const progress: TransferProgress[] = [];
    const a = await p.attachments.upload({ entity: entity(), name: 'twelve.bin', source: { path }, onProgress: (x) => progress.push(x) });
    assert.equal(a.fileSize, content.length);
    assert.equal(progress.at(-1)?.bytes, content.length);
    assert.ok(progress.length >= 13, `progress reported ${progress.length} times`);
    const saved = join(dir, 'twelve.saved');
    await p.attachments.saveTo(a.id, saved);
    assert.equal(sha256(readFileSync(saved)), sha256(content));
    assert.equal(isOpen(path), false, 'the source file is closed after the upload');
  });

  it('closes the source file when the server refuses the upload before reading it all (too large, locked)', async () => {
    const path = join(dir, 'too-big.bin');
    writeFileSync(path, randomBytes(MAX + 3 * 1024 * 1024));
    const tooLarge = await p.attachments.upload({ entity: entity(), name: 'too-big.bin', source: { path } }).catch((e: unknown) => e);
    assert.ok(tooLarge instanceof ValidationError, String(tooLarge));
    assert.equal(isOpen(path), false, 'closed after a too-large refusal');

    const small = join(dir, 'three.bin');
    writeFileSync(small, randomBytes(3 * 1024 * 1024));
    const lock = await bob.project('DEFAULT', 'Playground').locks.acquire(entity());
    try {
      const locked = await p.attachments.upload({ entity: entity(), name: 'three.bin', source: { path: small } }).catch((e: unknown) => e);
      assert.ok(locked instanceof LockedByOtherError, String(locked));
      assert.equal(isOpen(small), false, 'closed after a lock refusal');
    } finally {
      await lock.release();
    }
  });
});
