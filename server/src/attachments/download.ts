// Streams attachment content from disk: the bare bytes (application/octet-stream, with the
// file's own Content-Type) or multipart/mixed with the parts entity.type, entity.id,
// description and content. Nothing is read into memory whole.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { AttachmentRow, AttachmentStore } from '../store/attachments';

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
      yield textPart('description', row.description ?? '', 'text/html');
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="content"; ${dispositionFileName(row.name)}\r\n` + `Content-Type: ${row['content-type']}\r\nContent-Transfer-Encoding: binary\r\n\r\n`,
        'utf8',
      );
      for await (const chunk of createReadStream(store.contentPath(row))) yield chunk as Buffer;
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }

  return reply.header('Content-Type', `multipart/mixed; boundary=${boundary}`).header('X-Content-Type-Options', 'nosniff').send(Readable.from(body()));
}
