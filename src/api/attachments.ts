// Attachments: list/filter, download as a stream, upload (multipart, file part last) from a file
// or a stream with progress, override, rename, describe, delete.
import { randomBytes } from 'node:crypto';
import { open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import type { AttachmentRoutes, WireDialect } from './dialect/dialect';
import { scalarText } from './dialect/coreValues';
import { AlmApiError, NetworkError, ServerError, ValidationError } from './errors';
import { announcedSize } from './http/decode';
import { buildMultipart } from './http/multipart';
import { readFileChunks } from './http/fileChunks';
import type { MultipartText } from './http/multipart';
import { PagedCollection } from './paging';
import type { ProjectContext } from './projectContext';
import type { CallOptions } from './options';
import type { AttachmentFilter, AttachmentsApi, Download, SaveOptions, UploadRequest } from './surface';
import type { Attachment, TransferProgress } from './types';
import { RASTER_IMAGE_TYPES } from '../shared/imageTypes';

/** Content types an upload is sent with, by extension; the raster images are the shared table's (src/shared/imageTypes.ts). */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.txt': 'text/plain',
  '.log': 'text/plain',
  '.csv': 'text/csv',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.svg': 'image/svg+xml',
  '.doc': 'application/msword',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ...Object.fromEntries(RASTER_IMAGE_TYPES.flatMap((t) => t.extensions.map((e) => [`.${e}`, t.mime]))),
};

export function contentTypeFor(name: string): string {
  return CONTENT_TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream';
}

/** A local file the user picked cannot be used: a clear, typed error rather than a raw fs one. */
function fileProblem(path: string, e: unknown): ValidationError {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  const why = code === 'ENOENT' ? 'it does not exist' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'EISDIR' ? 'it is a folder' : e instanceof Error ? e.message : String(e);
  const message = `Cannot use ${path}: ${why}.`;
  return new ValidationError(message, [{ field: 'file', code: 'other', message }]);
}

async function fileSize(path: string): Promise<number> {
  try {
    const s = await stat(path);
    if (s.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    return s.size;
  } catch (e) {
    throw fileProblem(path, e);
  }
}

export function toAttachment(r: Record<string, unknown>): Attachment {
  const entity = r.entity as Record<string, unknown> | undefined;
  if (typeof r.id !== 'number') throw new ServerError('The server returned an attachment without a numeric id.');
  const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
  const n = (v: unknown): number | null => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null);
  return {
    id: r.id,
    name: scalarText(r.name),
    description: str(r.description),
    refType: str(r['ref-type']),
    refSubtype: n(r['ref-subtype']) ?? 0,
    fileSize: n(r['file-size']),
    lastModified: str(r['last-modified']),
    vcUserName: str(r['vc-user-name']),
    vcCurVer: str(r['vc-cur-ver']),
    entity: { type: scalarText(entity?.type), id: n(entity?.id) ?? 0 },
  };
}

function counting(source: Readable, onProgress: (p: TransferProgress) => void, total?: number): Readable {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _e, done) {
      bytes += chunk.length;
      onProgress({ bytes, total });
      done(null, chunk);
    },
  });
  source.once('error', (e) => counter.destroy(e));
  counter.once('close', () => source.destroy());
  return source.pipe(counter);
}

export class AttachmentsResource implements AttachmentsApi {
  private addressing: { dialect: WireDialect; routes: AttachmentRoutes } | undefined;

  constructor(private readonly ctx: ProjectContext) {}

  async list(f: AttachmentFilter = {}): Promise<Attachment[]> {
    if (f.name !== undefined && !f.entity) {
      throw new ValidationError('Filtering attachments by name needs the entity type and id.', [{ field: 'name', code: 'invalid-filter', message: 'name needs entity' }]);
    }
    if (f.entity?.ids.length === 0 || f.ids?.length === 0) return [];
    const { ctx } = this;
    const { dialect, routes } = await this.routes(f.signal);
    const out: Attachment[] = [];
    for (const request of routes.listRequests({ entity: f.entity, name: f.name, ids: f.ids })) {
      const walk = new PagedCollection(
        async (offset, limit) => {
          const res = await ctx.transport.json({
            method: 'GET',
            path: request.path,
            params: [...request.params, ...dialect.collectionParams({ offset, limit })],
            signal: f.signal,
          });
          return dialect.parseCollection(res.body);
        },
        dialect.maxPageSize,
        (r) => routes.decode(r, request.entity),
      );
      for await (const a of walk) out.push(a);
    }
    // Where the route could not filter on the server (Core lists per entity), the same filter applies here.
    const ids = f.ids ? new Set(f.ids) : undefined;
    return out.filter((a) => (f.name === undefined || a.name === f.name) && (!ids || ids.has(a.id)));
  }

  async get(id: number, o: CallOptions = {}): Promise<Attachment> {
    const { ctx } = this;
    const { dialect, routes } = await this.routes(o.signal);
    const item = routes.item(id);
    const res = await ctx.transport.json({ method: 'GET', path: item.path, params: item.params, signal: o.signal });
    return routes.decode(dialect.parseEntity(res.body));
  }

  async download(id: number, o: CallOptions & { onProgress?: (p: TransferProgress) => void } = {}): Promise<Download> {
    const { ctx } = this;
    const item = (await this.routes(o.signal)).routes.item(id);
    const res = await ctx.transport.stream({
      method: 'GET',
      path: item.path,
      params: item.params,
      accept: 'application/octet-stream',
      overallMs: null,
      signal: o.signal,
    });
    const size = announcedSize(res.headers);
    // A repeated header arrives as an array, whatever IncomingHttpHeaders says.
    const contentType = res.headers['content-type'] as string | string[] | undefined;
    return {
      stream: o.onProgress ? counting(res.stream, o.onProgress, size) : res.stream,
      contentType: Array.isArray(contentType) ? contentType[0] : contentType,
      size,
    };
  }

  async saveTo(id: number, path: string, o: SaveOptions = {}): Promise<number> {
    const { ctx } = this;
    const item = (await this.routes(o.signal)).routes.item(id);
    const temp = join(dirname(path), `.${basename(path)}.${randomBytes(4).toString('hex')}.part`);
    // 'wx': never follow or reuse something already at the temporary name.
    const file = await open(temp, 'wx').catch((e: unknown) => {
      throw fileProblem(path, e);
    });
    let total: number | undefined = o.expectedSize;
    try {
      const res = await ctx.transport.toFile(
        { method: 'GET', path: item.path, params: item.params, accept: 'application/octet-stream', overallMs: null, signal: o.signal },
        { file, onProgress: o.onProgress && ((bytes, announced) => o.onProgress?.({ bytes, total: announced ?? total })) },
      );
      total = announcedSize(res.headers) ?? total;
      if (total !== undefined && res.bytes !== total) {
        throw new NetworkError(`The connection ended after ${res.bytes} of ${total} bytes of attachment ${id}; nothing was saved. Try again.`, 'ETRUNCATED');
      }
      await file.close();
      await rename(temp, path);
      return res.bytes;
    } catch (e) {
      await file.close().catch(() => undefined);
      await rm(temp, { force: true });
      // Network failures arrive typed already; a raw error with a syscall is the local file's.
      throw !(e instanceof AlmApiError) && (e as NodeJS.ErrnoException | null)?.syscall ? fileProblem(path, e) : e;
    }
  }

  upload(r: UploadRequest): Promise<Attachment> {
    return this.post(r, false);
  }

  override(r: UploadRequest): Promise<Attachment> {
    return this.post(r, true);
  }

  rename(id: number, name: string, o: CallOptions = {}): Promise<Attachment> {
    if (!name.trim()) throw new ValidationError('An attachment needs a file name.', [{ field: 'name', code: 'required', message: 'File name is required.' }]);
    return this.put(id, { name }, o);
  }

  describe(id: number, description: string, o: CallOptions = {}): Promise<Attachment> {
    return this.put(id, { description }, o);
  }

  async delete(id: number, o: CallOptions = {}): Promise<void> {
    const { ctx } = this;
    const { routes } = await this.routes(o.signal);
    const item = routes.item(id);
    await ctx.transport.text({ method: 'DELETE', path: item.path, params: item.params, target: { kind: 'entity' }, signal: o.signal });
    routes.forget(id);
  }

  private async put(id: number, fields: Record<string, string>, o: CallOptions): Promise<Attachment> {
    const { ctx } = this;
    const { dialect, routes } = await this.routes(o.signal);
    const item = routes.item(id);
    const res = await ctx.transport.json({
      method: 'PUT',
      path: item.path,
      params: item.params,
      json: dialect.encodeUpdate('attachment', fields),
      target: { kind: 'entity' },
      signal: o.signal,
    });
    return routes.decode(dialect.parseEntity(res.body));
  }

  /** The dialect and this project's attachment routes (made once the tree is known). */
  private async routes(signal: AbortSignal | undefined): Promise<{ dialect: WireDialect; routes: AttachmentRoutes }> {
    const dialect = await this.ctx.dialect(signal);
    if (this.addressing?.dialect !== dialect) this.addressing = { dialect, routes: dialect.attachmentRoutes(this.ctx.scope) };
    return this.addressing;
  }

  private async post(r: UploadRequest, override: boolean): Promise<Attachment> {
    if (!r.name.trim()) throw new ValidationError('An attachment needs a file name.', [{ field: 'name', code: 'required', message: 'File name is required.' }]);
    const { ctx } = this;
    const { dialect, routes } = await this.routes(r.signal);
    const target = routes.upload(r.entity);
    const texts: MultipartText[] = [{ name: 'filename', value: r.name }];
    if (r.description !== undefined) texts.push({ name: 'description', value: r.description });
    if (override) texts.push({ name: 'override-existing-attachment', value: 'y' });
    if (r.refSubtype !== undefined) texts.push({ name: 'ref-subtype', value: String(r.refSubtype) });
    texts.push(...target.entityParts);
    const fromFile = 'path' in r.source;
    const size = 'path' in r.source ? await fileSize(r.source.path) : r.source.size;
    const src = r.source;
    const bodies: AsyncGenerator<Uint8Array, void, undefined>[] = [];
    const body = () => {
      const content = 'path' in src ? readFileChunks(src.path) : src.stream;
      const mp = buildMultipart(texts, { name: 'file', filename: r.name, contentType: contentTypeFor(r.name), content, size }, (sent) => r.onProgress?.({ bytes: sent, total: size }));
      bodies.push(mp.frames);
      return { data: mp.frames, contentType: mp.contentType, length: mp.length };
    };
    // A caller's stream cannot be replayed: make sure the session is alive before spending it.
    if (!fromFile) await ctx.session.verify(r.signal);
    let res;
    try {
      res = await ctx.transport.json({
        method: 'POST',
        path: target.path,
        body,
        replayable: fromFile,
        overallMs: null,
        signal: r.signal,
      });
    } finally {
      // The server may answer (an error) before it has read the whole body: end the body so the
      // file is closed, and the caller's stream, which this upload consumes, is released.
      // The stream first: a body waiting on it for a chunk that will never come (a cancelled
      // upload) only takes the return once that wait ends.
      if ('stream' in src && !src.stream.readableEnded) src.stream.destroy();
      await Promise.all(bodies.map((b) => b.return(undefined).catch(() => undefined)));
    }
    return routes.decode(dialect.parseEntity(res.body), r.entity);
  }
}
