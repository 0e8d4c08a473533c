// Receives a multipart attachment upload: the descriptive parts first, the file part last.
// The parts are checked before a byte of content is stored; the content is streamed into a
// temporary file in the project's attachments folder, and any failure removes that file.
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform, finished } from 'node:stream';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AlmError } from '../errors';
import { fileNameProblem } from './format';
import type { AttachmentStore } from '../store/attachments';

/** The text parts a POST may carry (seed: Attachments, POST multipart parts). */
const TEXT_PARTS = ['filename', 'description', 'override-existing-attachment', 'ref-subtype', 'entity.type', 'entity.id'] as const;
type TextPart = (typeof TEXT_PARTS)[number];
/** `file` in current documentation, `data` in 12.01/12.50 (reference §11.1). */
const FILE_PARTS = new Set(['file', 'data']);

export interface UploadFields {
  name: string;
  description: string | undefined;
  override: boolean;
  /** Undefined when not sent (the default 0 applies to new attachments). */
  refSubtype: number | undefined;
  entityType: string;
  entityId: number;
}

export interface ReceivedUpload {
  fields: UploadFields;
  tempFile: string;
  size: number;
  /** Content-Type of the file part, if the client gave one. */
  declaredType: string | undefined;
}

/** The entity an upload belongs to when the URL names it (Core `defects/{id}/attachments`). */
export interface UploadTarget {
  type: string;
  id: number;
}

const bad = (title: string) => new AlmError(400, 'qccore.general-error', title);

/**
 * Streams content into a fresh temporary file of the store and returns its path and size; a
 * body over `maxBytes` fails with 413. The source is never destroyed here: on a failure the
 * rest of it is read and dropped, so the client still gets its error answer.
 */
export async function streamToTemp(source: Readable, store: Pick<AttachmentStore, 'tempPath'>, maxBytes: number): Promise<{ tempFile: string; size: number }> {
  const target = { tempFile: store.tempPath(), size: 0 };
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      target.size += chunk.length;
      done(target.size > maxBytes ? tooLarge(maxBytes) : null, chunk);
    },
  });
  // A client that aborts ends the source early: that fails the write instead of stalling it.
  const stopWatching = finished(source, (err) => {
    if (err) counter.destroy(err);
  });
  source.pipe(counter);
  // flush: the content reaches the disk before its record is committed.
  const sink = createWriteStream(target.tempFile, { flags: 'wx', flush: true });
  try {
    await pipeline(counter, sink);
    return target;
  } catch (err) {
    source.unpipe(counter);
    source.resume();
    // A body can fail while the file is still being opened; removing it before the stream has
    // closed would leave the file, created a moment later, behind.
    if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
    await rm(target.tempFile, { force: true });
    throw err;
  } finally {
    stopWatching();
  }
}

/**
 * Reads the whole multipart body. `beforeContent` runs once the parts before the file are known
 * (entity existence, locks), so a rejected upload stores nothing. With a `target` (the URL names
 * the entity) the entity.type and entity.id parts may be left out; when sent they must agree.
 */
export async function receiveUpload(request: FastifyRequest, store: AttachmentStore, maxBytes: number, beforeContent: (fields: UploadFields) => void, target?: UploadTarget): Promise<ReceivedUpload> {
  if (!request.isMultipart()) {
    throw new AlmError(
      415,
      'qccore.general-error',
      target
        ? 'Attachments are uploaded as multipart/form-data (parts filename, description, override-existing-attachment, ref-subtype, then file) or as application/octet-stream with a Slug header naming the file.'
        : 'Attachments are uploaded as multipart/form-data (parts filename, entity.type, entity.id, then file).',
    );
  }
  // The parser throws (a 500) on a boundary it cannot search for; RFC 2046 allows 1 to 70 characters.
  const boundary = /boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(request.headers['content-type'] ?? '');
  const boundaryText = boundary?.[1] ?? boundary?.[2] ?? '';
  if (boundaryText.length < 1 || boundaryText.length > 70) {
    throw bad(`Malformed multipart body: the boundary must be 1 to 70 characters long (RFC 2046), not ${boundaryText.length}.`);
  }
  const text = new Map<TextPart, string>();
  let received: ReceivedUpload | undefined;
  let partCount = 0;
  try {
    const parts = request.parts({ limits: { fileSize: maxBytes, files: 2, fields: 20, fieldSize: 1024 * 1024, parts: 30 } });
    for await (const part of parts) {
      partCount++;
      if (received) throw bad(`The file part must be the last part of the body, but part '${part.fieldname}' follows it.`);
      if (part.type === 'field') {
        const name = part.fieldname as TextPart;
        if (!TEXT_PARTS.includes(name)) {
          throw bad(`Unknown part '${part.fieldname}': an attachment upload has the parts ${TEXT_PARTS.join(', ')} and file (last).`);
        }
        if (text.has(name)) throw bad(`Part '${name}' appears twice.`);
        if (part.valueTruncated) throw bad(`Part '${name}' is longer than 1 MB.`);
        text.set(name, String(part.value));
        continue;
      }
      if (!FILE_PARTS.has(part.fieldname)) {
        throw bad(`A file must be sent in the part named 'file', not '${part.fieldname}'.`);
      }
      const fields = checkFields(text, target);
      beforeContent(fields);
      received = { fields, tempFile: '', size: 0, declaredType: part.mimetype || undefined };
      Object.assign(received, await streamToTemp(part.file, store, maxBytes));
      if (part.file.truncated) throw tooLarge(maxBytes);
    }
    if (!received) {
      if (partCount === 0) throw bad('Malformed multipart body: no parts were found (check the boundary named in Content-Type).');
      checkFields(text, target);
      throw bad('The body has no file part: send the content in a part named file, as the last part.');
    }
    return received;
  } catch (err) {
    if (received?.tempFile) await rm(received.tempFile, { force: true });
    // Stop reading: the rest of the body is discarded rather than parsed.
    request.raw.unpipe();
    request.raw.resume();
    throw classify(err, maxBytes);
  }
}

function checkFields(text: Map<TextPart, string>, target: UploadTarget | undefined): UploadFields {
  if (target) {
    const sentType = text.get('entity.type')?.trim();
    const sentId = text.get('entity.id')?.trim();
    if ((sentType && sentType !== target.type) || (sentId && sentId !== String(target.id))) {
      throw bad(`The parts entity.type/entity.id (${sentType ?? '-'} ${sentId ?? '-'}) disagree with the URL's ${target.type} ${target.id}; leave them out.`);
    }
    text.set('entity.type', target.type);
    text.set('entity.id', String(target.id));
  }
  const missing = ['filename', 'entity.type', 'entity.id'].filter((n) => !text.get(n as TextPart)?.trim());
  if (missing.length > 0) {
    throw bad(`Missing required part${missing.length > 1 ? 's' : ''} ${missing.map((m) => `'${m}'`).join(', ')}; they must come before the file part.`);
  }
  const name = (text.get('filename') as string).trim();
  const problem = fileNameProblem(name);
  if (problem) throw bad(`The file name '${name}' ${problem}.`);
  const entityId = (text.get('entity.id') as string).trim();
  if (!/^\d{1,15}$/.test(entityId)) throw bad(`entity.id '${entityId}' is not an entity id.`);
  const override = (text.get('override-existing-attachment') ?? 'n').trim().toLowerCase();
  if (override !== 'y' && override !== 'n') throw bad(`override-existing-attachment is 'y' or 'n', not '${override}'.`);
  const subtype = text.get('ref-subtype')?.trim();
  if (subtype !== undefined && !/^\d{1,9}$/.test(subtype)) throw bad(`ref-subtype '${subtype}' is not a non-negative integer.`);
  return {
    name,
    description: text.get('description'),
    override: override === 'y',
    refSubtype: subtype === undefined ? undefined : Number(subtype),
    entityType: (text.get('entity.type') as string).trim(),
    entityId: Number(entityId),
  };
}

const tooLarge = (max: number) => new AlmError(413, 'qccore.general-error', `The attachment is larger than the maximum size of ${max} bytes.`, [{ Name: 'max-bytes', Value: max }]);

/** Malformed multipart from the parser becomes a 400; disk and server faults stay 500s. */
function classify(err: unknown, maxBytes: number): unknown {
  if (err instanceof AlmError) return err;
  if (!(err instanceof Error)) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxBytes);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_FILES_LIMIT') {
    return bad(`The upload has too many parts (${err.message}): send one file with at most the documented parts.`);
  }
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return bad(`Malformed multipart body: ${err.message}.`);
  if (/multipart|boundary|part terminated|unexpected end|malformed/i.test(err.message)) return bad(`Malformed multipart body: ${err.message}.`);
  return err;
}
