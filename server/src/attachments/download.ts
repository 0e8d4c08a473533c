// Streams attachment content from disk: the bare bytes (application/octet-stream, with the
// file's own Content-Type) or multipart/mixed with the parts entity.type, entity.id,
// description and content. Nothing is read into memory whole.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { AttachmentRow, AttachmentStore } from '../store/attachments';

/**
 * Route options of every route that can answer attachment content: never compressed. The
 * compression plugin passes through content whose first bytes look compressed (a `.tgz`, text
 * starting `x = 5`) yet labels it `Content-Encoding: gzip`, so clients got other bytes (issue 28
 * item 6); content is sent as stored, its length exact, in both trees.
 */
export const RAW_CONTENT = { compress: false } as const;

/** `filename="ascii"; filename*=UTF-8''…` so any file name survives the header. */
function dispositionFileName(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

export function sendBytes(reply: FastifyReply, store: AttachmentStore, row: AttachmentRow): FastifyReply {
  return (
    reply
      .header('Content-Type', row['content-type'])
      .header('Content-Length', String(row['file-size']))
      .header('Content-Disposition', `attachment; ${dispositionFileName(row.name)}`)
      // Uploaded HTML or SVG must never run as a page of this server's origin.
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      // 512 KB reads: a tenth of the read calls and event-loop turns of the 64 KB default per large file.
      .send(createReadStream(store.contentPath(row), { highWaterMark: 512 << 10 }))
  );
}

export function sendMultipart(reply: FastifyReply, store: AttachmentStore, rows: readonly AttachmentRow[]): FastifyReply {
  const boundary = `alm-${randomBytes(12).toString('hex')}`;
  const textPart = (name: string, value: string, type = 'text/plain') =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\nContent-Type: ${type}; charset=UTF-8\r\n\r\n${value}\r\n`, 'utf8');

  async function* body(): AsyncGenerator<Buffer> {
    for (const row of rows) {
      yield textPart('entity.type', row['parent-type']);
      yield textPart('entity.id', String(row['parent-id']));
      // Plain text, never text/html: a client rendering the part must not run the stored markup.
      yield textPart('description', row.description ?? '');
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="content"; ${dispositionFileName(row.name)}\r\n` + `Content-Type: ${row['content-type']}\r\nContent-Transfer-Encoding: binary\r\n\r\n`,
        'utf8',
      );
      for await (const chunk of createReadStream(store.contentPath(row))) yield chunk as Buffer;
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }

  return (
    reply
      .header('Content-Type', `multipart/mixed; boundary=${boundary}`)
      // As for the bare bytes: saved, never shown as a page of this server's origin.
      .header('Content-Disposition', `attachment; ${dispositionFileName(rows.length === 1 ? `${rows[0].name}.multipart` : 'attachments.multipart')}`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .send(Readable.from(body()))
  );
}
