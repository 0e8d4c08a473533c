// An in-memory AttachmentsApi that behaves like the server where the upload logic cares: a
// same-named upload without override gets `name (n).ext`, override replaces content under the same
// id, uploads read their source to the end, and failures or a "commit despite the cancel" can be
// scripted per file name.
import { createReadStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { CancelledError } from '../../../src/api';
import type { Attachment, AttachmentFilter, AttachmentsApi, CallOptions, Download, TransferProgress, UploadRequest } from '../../../src/api';
import { numberedName } from '../../../src/attachments/model/names';

interface Stored {
  attachment: Attachment;
  content: Buffer;
}

export class FakeAttachments implements AttachmentsApi {
  readonly stored = new Map<number, Stored>();
  readonly calls: string[] = [];
  /** Thrown (after the source is read) for uploads of these names. */
  readonly failures = new Map<string, Error>();
  /** Uploads of these names wait for the signal to abort, store the file anyway, then reject (a late commit). */
  readonly commitDespiteCancel = new Set<string>();
  /** Called when an upload of this name starts (tests abort from here). */
  onUploadStart?: (name: string) => void;
  private nextId = 100;

  add(entityId: number, name: string, content: Buffer = Buffer.from(name)): Attachment {
    const a: Attachment = {
      id: this.nextId++,
      name,
      description: null,
      refType: 'defect',
      refSubtype: 0,
      fileSize: content.length,
      lastModified: '2026-01-05 10:00:00',
      vcUserName: null,
      vcCurVer: null,
      entity: { type: 'defect', id: entityId },
    };
    this.stored.set(a.id, { attachment: a, content });
    return a;
  }

  content(id: number): string | undefined {
    return this.stored.get(id)?.content.toString();
  }

  async list(f: AttachmentFilter = {}): Promise<Attachment[]> {
    this.calls.push('list');
    return [...this.stored.values()]
      .map((s) => s.attachment)
      .filter((a) => !f.entity || (a.entity.type === f.entity.type && f.entity.ids.includes(a.entity.id)))
      .filter((a) => f.name === undefined || a.name === f.name)
      .map((a) => ({ ...a }));
  }

  async get(id: number, _o?: CallOptions): Promise<Attachment> {
    const s = this.stored.get(id);
    if (!s) throw new Error(`no attachment ${id}`);
    return { ...s.attachment };
  }

  async download(id: number, o: CallOptions & { onProgress?: (p: TransferProgress) => void } = {}): Promise<Download> {
    o.signal?.throwIfAborted();
    const s = this.stored.get(id);
    if (!s) throw new Error(`no attachment ${id}`);
    return { stream: Readable.from([s.content]), contentType: 'application/octet-stream', size: s.content.length };
  }

  async saveTo(id: number, path: string): Promise<number> {
    const s = this.stored.get(id);
    if (!s) throw new Error(`no attachment ${id}`);
    await writeFile(path, s.content);
    return s.content.length;
  }

  upload(r: UploadRequest): Promise<Attachment> {
    return this.post(r, false);
  }

  override(r: UploadRequest): Promise<Attachment> {
    return this.post(r, true);
  }

  async rename(id: number, name: string): Promise<Attachment> {
    const s = this.stored.get(id);
    if (!s) throw new Error(`no attachment ${id}`);
    s.attachment = { ...s.attachment, name };
    return { ...s.attachment };
  }

  async describe(id: number, description: string): Promise<Attachment> {
    const s = this.stored.get(id);
    if (!s) throw new Error(`no attachment ${id}`);
    s.attachment = { ...s.attachment, description: `<html><body>${description}</body></html>` };
    return { ...s.attachment };
  }

  async delete(id: number): Promise<void> {
    this.calls.push(`delete ${id}`);
    this.stored.delete(id);
  }

  private async post(r: UploadRequest, override: boolean): Promise<Attachment> {
    this.calls.push(`${override ? 'override' : 'upload'} ${r.name}`);
    this.onUploadStart?.(r.name);
    const content = await readSource(r);
    r.onProgress?.({ bytes: content.length, total: content.length });
    if (this.commitDespiteCancel.has(r.name)) {
      await new Promise<void>((resolve) => (r.signal?.aborted ? resolve() : r.signal?.addEventListener('abort', () => resolve(), { once: true })));
      this.store(r, content, false);
      throw new CancelledError();
    }
    r.signal?.throwIfAborted();
    const failure = this.failures.get(r.name);
    if (failure) throw failure;
    return this.store(r, content, override);
  }

  private store(r: UploadRequest, content: Buffer, override: boolean): Attachment {
    const same = [...this.stored.values()].find((s) => s.attachment.entity.id === r.entity.id && s.attachment.name === r.name);
    if (override && same) {
      same.content = content;
      same.attachment = { ...same.attachment, fileSize: content.length };
      return { ...same.attachment };
    }
    let name = r.name;
    const taken = (n: string) => [...this.stored.values()].some((s) => s.attachment.entity.id === r.entity.id && s.attachment.name === n);
    for (let i = 1; taken(name); i++) name = numberedName(r.name, i);
    const a = this.add(r.entity.id, name, content);
    if (r.description !== undefined) a.description = r.description;
    return { ...a };
  }
}

async function readSource(r: UploadRequest): Promise<Buffer> {
  const stream = 'path' in r.source ? createReadStream(r.source.path) : r.source.stream;
  const chunks: Uint8Array[] = [];
  for await (const c of stream) chunks.push(c as Uint8Array);
  return Buffer.concat(chunks);
}
