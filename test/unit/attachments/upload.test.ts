import * as assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { CancelledError, NetworkError, ValidationError } from '../../../src/api';
import type { UploadItem } from '../../../src/attachments/transfer/upload';
import { summarize, uploadBatch } from '../../../src/attachments/transfer/upload';
import type { BatchProgress, ConflictChoice } from '../../../src/attachments/transfer/upload';
import { FakeAttachments } from './fakeAttachments';

const DEFECT = { type: 'defect', id: 7 };
const item = (name: string, text = `content of ${name}`): UploadItem => ({ name, source: { stream: Readable.from([Buffer.from(text)]) }, size: Buffer.byteLength(text) });
const names = (api: FakeAttachments) => [...api.stored.values()].map((s) => s.attachment.name).sort();

describe('attachments: upload batches', () => {
  it('uploads every file with the description and reports progress over the whole batch', async () => {
    const api = new FakeAttachments();
    const progress: BatchProgress[] = [];
    const report = await uploadBatch([item('a.txt', 'aaaa'), item('b.txt', 'bbbbbb')], {
      api,
      entity: DEFECT,
      description: 'from the test',
      resolveConflict: async () => assert.fail('no conflict expected'),
      onProgress: (p) => progress.push(p),
    });
    assert.deepEqual(
      report.created.map((a) => a.name),
      ['a.txt', 'b.txt'],
    );
    assert.equal(report.created[0].description, 'from the test');
    assert.deepEqual(names(api), ['a.txt', 'b.txt']);
    assert.deepEqual(
      progress.map((p) => [p.file, p.bytes, p.total]),
      [
        ['a.txt', 4, 10],
        ['b.txt', 10, 10],
      ],
    );
  });

  it('asks about a taken name: replace keeps the id with new content, keep both adds a numbered copy, skip sends nothing', async () => {
    const api = new FakeAttachments();
    const old = api.add(7, 'log.txt', Buffer.from('old'));
    api.add(7, 'shot.png', Buffer.from('png'));
    api.add(7, 'keep.txt', Buffer.from('keep'));
    api.add(8, 'other-defect.txt');
    const asked: string[] = [];
    const choices: Record<string, ConflictChoice> = { 'log.txt': 'replace', 'shot.png': 'keepBoth', 'keep.txt': 'skip' };
    const report = await uploadBatch([item('log.txt', 'new'), item('shot.png', 'png2'), item('keep.txt', 'nope'), item('other-defect.txt')], {
      api,
      entity: DEFECT,
      resolveConflict: async (name, existing) => {
        asked.push(`${name}#${existing.id}`);
        return choices[name];
      },
    });
    assert.deepEqual(
      asked.map((a) => a.split('#')[0]),
      ['log.txt', 'shot.png', 'keep.txt'],
      'a name on another defect is no conflict',
    );
    assert.deepEqual(
      report.replaced.map((a) => a.id),
      [old.id],
    );
    assert.equal(api.content(old.id), 'new');
    assert.deepEqual(
      report.created.map((a) => a.name),
      ['shot (1).png', 'other-defect.txt'],
    );
    assert.deepEqual(report.skipped, ['keep.txt']);
    assert.equal(api.content([...api.stored.values()].find((s) => s.attachment.name === 'keep.txt')?.attachment.id ?? 0), 'keep');
    assert.ok(!api.calls.includes('upload keep.txt'));
  });

  it('treats a dismissed question as skip', async () => {
    const api = new FakeAttachments();
    api.add(7, 'a.txt', Buffer.from('old'));
    const report = await uploadBatch([item('a.txt', 'new')], { api, entity: DEFECT, resolveConflict: async () => undefined });
    assert.deepEqual(report.skipped, ['a.txt']);
    assert.deepEqual(names(api), ['a.txt']);
  });

  it('goes on after a rejected file but stops after a network failure', async () => {
    const api = new FakeAttachments();
    api.failures.set('big.bin', new ValidationError('The content is too large for the server.', [{ code: 'too-large', message: 'too large' }]));
    api.failures.set('c.txt', new NetworkError('The connection was reset.', 'ECONNRESET'));
    const report = await uploadBatch([item('big.bin'), item('b.txt'), item('c.txt'), item('d.txt')], { api, entity: DEFECT, resolveConflict: async () => 'skip' });
    assert.deepEqual(
      report.created.map((a) => a.name),
      ['b.txt'],
    );
    assert.deepEqual(
      report.failed.map((f) => f.name),
      ['big.bin', 'c.txt'],
    );
    assert.deepEqual(report.notAttempted, ['d.txt']);
    assert.deepEqual(names(api), ['b.txt']);
    assert.equal(
      summarize(report, (e) => (e as Error).message),
      'Uploaded 1 file; big.bin was not uploaded: The content is too large for the server; c.txt was not uploaded: The connection was reset; not sent: d.txt.',
    );
  });

  it('says which file failed and why in one sentence: the name as it is, one closing period (issue 37)', () => {
    const report = {
      created: [],
      replaced: [],
      skipped: [],
      failed: [{ name: 'crash.log', error: new Error('crash.log changed on disk before the upload finished.') }],
      cancelled: false,
      notAttempted: [],
    };
    assert.equal(
      summarize(report, (e) => (e as Error).message),
      'crash.log was not uploaded: crash.log changed on disk before the upload finished.',
    );
  });

  it('on cancel keeps finished files, sends no more, and removes what the server stored of the cancelled one', async () => {
    const api = new FakeAttachments();
    api.add(7, 'slow.bin', Buffer.from('existing'));
    const ac = new AbortController();
    api.commitDespiteCancel.add('slow.bin');
    api.onUploadStart = (name) => {
      if (name === 'slow.bin') setTimeout(() => ac.abort(), 5);
    };
    const report = await uploadBatch([item('first.txt'), item('slow.bin'), item('never.txt')], {
      api,
      entity: DEFECT,
      signal: ac.signal,
      resolveConflict: async () => 'keepBoth',
    });
    assert.equal(report.cancelled, true);
    assert.deepEqual(
      report.created.map((a) => a.name),
      ['first.txt'],
    );
    assert.deepEqual(report.notAttempted, ['never.txt']);
    assert.deepEqual(names(api), ['first.txt', 'slow.bin'], 'the late "slow (1).bin" was deleted, the older slow.bin kept');
    assert.equal(api.content([...api.stored.values()].find((s) => s.attachment.name === 'slow.bin')?.attachment.id ?? 0), 'existing');
    assert.ok(!api.calls.includes('upload never.txt'));
    assert.match(summarize(report, String), /^Uploaded 1 file; the upload was cancelled; nothing of the cancelled file was kept; not sent: never\.txt\.$/);
  });

  it("reports a cancel while it is still listing the defect's attachments as a cancelled upload", async () => {
    const api = new FakeAttachments();
    const ac = new AbortController();
    api.list = async (f) => {
      ac.abort();
      await new Promise((r) => setTimeout(r, 1));
      throw new CancelledError(`listing ${String(f?.entity?.ids)} was cancelled`);
    };
    const report = await uploadBatch([item('a.txt'), item('b.txt')], { api, entity: DEFECT, signal: ac.signal, resolveConflict: async () => 'keepBoth' });
    assert.equal(report.cancelled, true);
    assert.deepEqual(report.notAttempted, ['a.txt', 'b.txt']);
    assert.equal(api.stored.size, 0);
    assert.match(summarize(report, String), /^The upload was cancelled; .*not sent: a\.txt, b\.txt\.$/);
  });

  it('still fails on a listing error that is not a cancel', async () => {
    const api = new FakeAttachments();
    api.list = async () => {
      throw new Error('connection reset');
    };
    await assert.rejects(uploadBatch([item('a.txt')], { api, entity: DEFECT, resolveConflict: async () => 'keepBoth' }), /connection reset/);
  });

  it('sends nothing when cancelled before it starts', async () => {
    const api = new FakeAttachments();
    const ac = new AbortController();
    ac.abort();
    const report = await uploadBatch([item('a.txt')], { api, entity: DEFECT, signal: ac.signal, resolveConflict: async () => 'skip' });
    assert.equal(report.cancelled, true);
    assert.deepEqual(report.notAttempted, ['a.txt']);
    assert.equal(api.stored.size, 0);
  });
});
