// A 200 MB attachment through the extension in a real VS Code: uploaded from disk with the upload
// command and downloaded with Save As, while the extension host's memory is sampled (raw RSS, and
// the memory still in use after a GC). Streaming keeps the growth a small fraction of the file;
// the figures are printed for the report.
// Then a cancelled upload of the same file leaves nothing on the server.
import * as assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as vscode from 'vscode';
import type { BatchProgress } from '../../../src/attachments/transfer/upload';
import { attachmentWorld, cleanUp, printFigure, ref } from './attachments.support';
import type { AttachmentWorld } from './attachments.support';
import { uploadWith } from './support';

const SIZE = 200 * 1024 * 1024;
const MB = 1024 * 1024;
/** Memory still in use (after a GC) may grow by this much while 200 MB pass through. */
const LIVE_LIMIT = 32 * MB;
/** The process may grow by half the file at most, garbage included: buffering it would take all 200 MB. */
const RSS_LIMIT = SIZE / 2;

interface MemoryFigures {
  rssBase: number;
  rssPeak: number;
  /** JS heap plus ArrayBuffers (Buffers live outside the heap), right after a GC. */
  liveBase: number;
  livePeak: number;
  /** The same without a GC: garbage not yet collected included. */
  rawPeak: number;
  ms: number;
}

/** `gc()` in the extension host (started without --expose-gc): the flag is set now, the function taken from a new context. */
function collector(): (() => void) | undefined {
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as () => void) : undefined;
  } catch {
    return undefined;
  }
}

/** Samples the extension host's memory while `run` goes on: RSS every 25 ms, live memory (after a GC) every 250 ms. */
async function measured<T>(run: () => PromiseLike<T>): Promise<{ result: T; m: MemoryFigures }> {
  const gc = collector();
  assert.ok(gc, 'gc() is available in the extension host');
  const live = () => {
    gc();
    const u = process.memoryUsage();
    return u.heapUsed + u.arrayBuffers;
  };
  const liveBase = live();
  const base = process.memoryUsage();
  const m: MemoryFigures = { rssBase: base.rss, rssPeak: base.rss, liveBase, livePeak: liveBase, rawPeak: liveBase, ms: 0 };
  const sample = () => {
    const u = process.memoryUsage();
    m.rssPeak = Math.max(m.rssPeak, u.rss);
    m.rawPeak = Math.max(m.rawPeak, u.heapUsed + u.arrayBuffers);
  };
  const timers = [setInterval(sample, 25), setInterval(() => (m.livePeak = Math.max(m.livePeak, live())), 250)];
  const started = performance.now();
  try {
    const result = await run();
    sample();
    m.ms = performance.now() - started;
    return { result, m };
  } finally {
    for (const t of timers) clearInterval(t);
  }
}

function describeFigures(what: string, m: MemoryFigures): string {
  const mb = (n: number) => (n / MB).toFixed(1);
  return (
    `${what}: ${(m.ms / 1000).toFixed(1)} s (${(SIZE / MB / (m.ms / 1000)).toFixed(0)} MB/s); RSS ${mb(m.rssBase)} → peak ${mb(m.rssPeak)} MB (+${mb(m.rssPeak - m.rssBase)}); ` +
    `live heap+buffers after GC ${mb(m.liveBase)} → peak ${mb(m.livePeak)} MB (+${mb(m.livePeak - m.liveBase)}); without GC peak +${mb(m.rawPeak - m.liveBase)} MB`
  );
}

function assertFlat(what: string, m: MemoryFigures): void {
  assert.ok(m.livePeak - m.liveBase < LIVE_LIMIT, describeFigures(what, m));
  assert.ok(m.rssPeak - m.rssBase < RSS_LIMIT, describeFigures(what, m));
}

async function sha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

describe('attachments: a 200 MB upload and download with flat memory', function () {
  this.timeout(600_000);
  let w: AttachmentWorld;
  let source: string;
  let sourceHash: string;

  before(async () => {
    w = await attachmentWorld(40);
    source = join(w.dir, 'big.bin');
    const out = createWriteStream(source);
    const hash = createHash('sha256');
    for (let i = 0; i < SIZE / MB; i++) {
      const block = randomBytes(MB);
      hash.update(block);
      if (!out.write(block)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    sourceHash = hash.digest('hex');
  });
  after(() => cleanUp(w));

  it('uploads 200 MB from disk through the command; the extension host does not buffer it', async () => {
    const { result, m } = await measured(() => uploadWith(w.defect, [source]));
    printFigure(`      ${describeFigures('upload', m)}`);
    assert.equal(result.created.length, 1, JSON.stringify(result));
    const stored = (await w.rest.list(w.defect.id)).find((a) => a.name === 'big.bin');
    assert.equal(stored?.['file-size'], SIZE);
    assertFlat('upload', m);
  });

  it('downloads it with Save As, streamed to disk byte for byte, memory flat', async () => {
    const stored = (await w.rest.list(w.defect.id)).find((a) => a.name === 'big.bin');
    assert.ok(stored);
    const target = join(w.dir, 'downloaded.bin');
    const { result, m } = await measured(() => vscode.commands.executeCommand<string>('almDefects.saveAttachmentAs', ref(stored.id, { target })));
    printFigure(`      ${describeFigures('download', m)}`);
    assert.equal(result, target);
    assert.equal(await sha256(target), sourceHash, 'the downloaded file has the uploaded bytes');
    assertFlat('download', m);
  });

  it('a cancelled upload leaves nothing on the server', async () => {
    const before = await w.rest.list(w.defect.id);
    const source2 = join(w.dir, 'cancelled.bin');
    await vscode.workspace.fs.copy(vscode.Uri.file(source), vscode.Uri.file(source2));
    const cts = new vscode.CancellationTokenSource();
    let sentAtCancel = 0;
    // Cancelled once a fifth is sent: surely under way, surely not finished, whatever the machine's speed.
    const onProgress = (p: BatchProgress) => {
      if (p.bytes < SIZE / 5 || cts.token.isCancellationRequested) return;
      sentAtCancel = p.bytes;
      cts.cancel();
    };
    const report = await uploadWith(w.defect, [source2], {}, { token: cts.token, onProgress });
    assert.ok(sentAtCancel > 0 && sentAtCancel < SIZE, `cancelled after ${sentAtCancel} bytes`);
    assert.equal(report.cancelled, true, JSON.stringify(report));
    assert.deepEqual(report.created, []);
    await new Promise((r) => setTimeout(r, 500));
    assert.deepEqual(
      (await w.rest.list(w.defect.id)).map((a) => a.id),
      before.map((a) => a.id),
    );
  });
});
