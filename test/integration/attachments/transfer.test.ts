// The attachment feature's transfers against the real ALM server: downloads streamed to a temp
// file and renamed only when complete (a broken connection or a cancel leaves nothing local, and
// an existing file untouched), and upload batches with the server's own same-name, too-large and
// cancel behaviour.
import { strict as assert } from 'node:assert';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { CancelledError, NetworkError, ValidationError } from '../../../src/api/index';
import type { AlmClient, Attachment, Defect, ProjectApi, TransferProgress } from '../../../src/api/index';
import { downloadToFile } from '../../../src/attachments/transfer/download';
import { uploadBatch } from '../../../src/attachments/transfer/upload';
import type { UploadItem } from '../../../src/attachments/transfer/upload';
import { clientFor, createDefect, startApiTestServer } from '../api/harness';
import type { TestServer } from '../api/harness';
import { startCuttingProxy } from './cuttingProxy';
import type { CuttingProxy } from './cuttingProxy';

describe('attachments integration: transfers to and from disk', () => {
  const MAX = 3 * 1024 * 1024;
  const content = randomBytes(2 * 1024 * 1024);
  let server: TestServer;
  let proxy: CuttingProxy;
  let alice: AlmClient;
  let viaProxy: AlmClient;
  let p: ProjectApi;
  let defect: Defect;
  let stored: Attachment;
  let dir: string;

  before(async () => {
    server = await startApiTestServer({ maxAttachmentBytes: MAX });
    proxy = await startCuttingProxy(server.baseUrl);
    alice = clientFor(server.baseUrl).client;
    viaProxy = clientFor(proxy.baseUrl).client;
    p = alice.project('DEFAULT', 'Playground');
    defect = await createDefect(p, 'transfers');
    dir = mkdtempSync(join(tmpdir(), 'alm-att-transfer-'));
    writeFileSync(join(dir, 'source.bin'), content);
    stored = await p.attachments.upload({ entity: { type: 'defect', id: defect.id }, name: 'source.bin', source: { path: join(dir, 'source.bin') } });
  });
  after(async () => {
    await alice.dispose();
    await viaProxy.dispose();
    await proxy.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const entity = () => ({ type: 'defect', id: defect.id });
  const list = () => p.attachments.list({ entity: { type: 'defect', ids: [defect.id] } });
  const folder = () => mkdtempSync(join(dir, 'out-'));

  it('streams a download into the target with progress and leaves no temporary file', async () => {
    const out = folder();
    const progress: TransferProgress[] = [];
    const result = await downloadToFile(p.attachments, stored.id, join(out, 'copy.bin'), { onProgress: (x) => progress.push(x) });
    assert.equal(result.bytes, content.length);
    assert.ok(readFileSync(join(out, 'copy.bin')).equals(content));
    assert.deepEqual(readdirSync(out), ['copy.bin']);
    assert.ok(progress.length > 1);
    assert.deepEqual(progress[progress.length - 1], { bytes: content.length, total: content.length });
    assert.ok(progress.every((x, i) => i === 0 || x.bytes > progress[i - 1].bytes));
  });

  it('a connection lost half-way fails clearly and leaves no partial file and the old file as it was', async () => {
    const out = folder();
    writeFileSync(join(out, 'copy.bin'), 'the previous version');
    await viaProxy.project('DEFAULT', 'Playground').attachments.get(stored.id);
    proxy.cutNextResponseAfter(700 * 1024);
    const err = await downloadToFile(viaProxy.project('DEFAULT', 'Playground').attachments, stored.id, join(out, 'copy.bin')).catch((e: unknown) => e);
    assert.equal(proxy.cuts, 1);
    assert.ok(err instanceof NetworkError, String(err));
    assert.match(err.message, /connection/i);
    assert.deepEqual(readdirSync(out), ['copy.bin'], 'no .part file stays behind');
    assert.equal(readFileSync(join(out, 'copy.bin'), 'utf8'), 'the previous version');
  });

  it('a cancelled download creates nothing', async () => {
    const out = folder();
    const ac = new AbortController();
    const err = await downloadToFile(p.attachments, stored.id, join(out, 'copy.bin'), {
      signal: ac.signal,
      onProgress: (x) => (x.bytes > 256 * 1024 ? ac.abort() : undefined),
    }).catch((e: unknown) => e);
    assert.ok(err instanceof CancelledError, String(err));
    assert.deepEqual(readdirSync(out), []);
  });

  it("uploads a batch from disk: keep both gets the server's numbered name, replace keeps the id with new bytes", async () => {
    writeFileSync(join(dir, 'notes.txt'), 'first');
    const item = (name: string, path: string): UploadItem => ({ name, source: { path }, size: readFileSync(path).length });
    const first = await uploadBatch([item('notes.txt', join(dir, 'notes.txt'))], { api: p.attachments, entity: entity(), description: 'v1', resolveConflict: async () => 'skip' });
    const original = first.created[0];
    assert.equal(original.name, 'notes.txt');
    assert.match(original.description ?? '', /v1/);
    writeFileSync(join(dir, 'notes.txt'), 'second');
    const both = await uploadBatch([item('notes.txt', join(dir, 'notes.txt'))], { api: p.attachments, entity: entity(), resolveConflict: async () => 'keepBoth' });
    assert.equal(both.created[0].name, 'notes (1).txt');
    writeFileSync(join(dir, 'notes.txt'), 'third');
    const replaced = await uploadBatch([item('notes.txt', join(dir, 'notes.txt'))], { api: p.attachments, entity: entity(), resolveConflict: async () => 'replace' });
    assert.equal(replaced.replaced[0].id, original.id);
    const out = folder();
    await downloadToFile(p.attachments, original.id, join(out, 'n.txt'));
    assert.equal(readFileSync(join(out, 'n.txt'), 'utf8'), 'third');
    assert.deepEqual((await list()).map((a) => a.name).sort(), ['notes (1).txt', 'notes.txt', 'source.bin']);
  });

  it("reports a file over the server's limit as too large, stores nothing of it and still sends the others", async () => {
    const before = await list();
    writeFileSync(join(dir, 'huge.bin'), Buffer.alloc(MAX + 1024));
    writeFileSync(join(dir, 'small.txt'), 'small');
    const report = await uploadBatch(
      [
        { name: 'huge.bin', source: { path: join(dir, 'huge.bin') }, size: MAX + 1024 },
        { name: 'small.txt', source: { path: join(dir, 'small.txt') }, size: 5 },
      ],
      { api: p.attachments, entity: entity(), resolveConflict: async () => 'skip' },
    );
    assert.equal(report.failed.length, 1);
    const e = report.failed[0].error;
    assert.ok(e instanceof ValidationError, String(e));
    assert.equal(e.problems[0]?.code, 'too-large');
    assert.deepEqual(
      report.created.map((a) => a.name),
      ['small.txt'],
    );
    const after = await list();
    assert.deepEqual(after.map((a) => a.name).sort(), [...before.map((a) => a.name), 'small.txt'].sort());
  });

  it('a cancelled upload leaves nothing on the server', async () => {
    const before = await list();
    const ac = new AbortController();
    const slow = new Readable({ read() {} });
    slow.push(randomBytes(128 * 1024));
    setTimeout(() => ac.abort(), 150);
    const report = await uploadBatch([{ name: 'slow.bin', source: { stream: slow, size: 1024 * 1024 }, size: 1024 * 1024 }], {
      api: p.attachments,
      entity: entity(),
      signal: ac.signal,
      resolveConflict: async () => 'keepBoth',
    });
    assert.equal(report.cancelled, true);
    assert.deepEqual(report.created, []);
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(await list(), before);
  });
});
