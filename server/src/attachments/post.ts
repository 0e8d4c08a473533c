// POST of a new attachment. Name collisions follow the real server (reference §11.1): with
// override-existing-attachment=y the existing attachment's content is replaced (same id);
// with n (the default) the upload is stored under a free name, `report (1).txt`, which the
// response shows.
import { rm } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import type { AlmSession, ServerContext } from '../context';
import { AlmError } from '../errors';
import { assertWritable } from '../rules/lockGuard';
import { contentTypeFor, storedDescription } from './format';
import type { AttachmentRow, AttachmentStore } from '../store/attachments';
import { receiveUpload } from './upload';
import type { ReceivedUpload, UploadFields, UploadTarget } from './upload';

/** Entity types whose instances this server stores, and so can carry attachments. */
const ATTACHABLE = new Set(['defect']);

export async function createAttachment(ctx: ServerContext, request: FastifyRequest, store: AttachmentStore, session: AlmSession, target?: UploadTarget): Promise<AttachmentRow> {
  const check = (fields: UploadFields) => checkTarget(ctx, store, session, fields);
  const upload = await receiveUpload(request, store, ctx.options.maxAttachmentBytes, check, target);
  return storeUpload(ctx, store, session, upload);
}

/**
 * Records content already received into a temporary file (multipart or a raw octet-stream body)
 * under the upload's fields, applying the name-collision rules; the temporary file is consumed
 * or removed whatever happens.
 */
export async function storeUpload(ctx: ServerContext, store: AttachmentStore, session: AlmSession, upload: ReceivedUpload): Promise<AttachmentRow> {
  const { fields, tempFile, size } = upload;
  try {
    // Checked again: the entity may have been deleted or locked while the content arrived.
    checkTarget(ctx, store, session, fields);
    const contentType = contentTypeFor(fields.name, upload.declaredType);
    const description = fields.description === undefined ? undefined : storedDescription(fields.description, ctx.options.limits.maxFieldBytes);
    const same = store.findByName(fields.entityType, fields.entityId, fields.name);
    if (same && fields.override) return store.replaceContent(same.id, { description, contentType }, tempFile, size);
    return store.insert(
      {
        name: store.freeName(fields.entityType, fields.entityId, fields.name),
        description: description ?? null,
        refSubtype: fields.refSubtype ?? 0,
        entityType: fields.entityType,
        entityId: fields.entityId,
        contentType,
      },
      tempFile,
      size,
    );
  } catch (err) {
    await rm(tempFile, { force: true });
    throw err;
  }
}

export function checkTarget(ctx: ServerContext, store: AttachmentStore, session: AlmSession, fields: UploadFields): void {
  if (!ATTACHABLE.has(fields.entityType)) {
    throw new AlmError(400, 'qccore.general-error', `entity.type '${fields.entityType}' cannot hold attachments on this server; use '${[...ATTACHABLE].join("', '")}'.`);
  }
  if (!store.project.getDefect(fields.entityId)) {
    throw new AlmError(404, 'qccore.entity-not-found', `Defect ${fields.entityId} does not exist.`, [{ Name: 'id', Value: fields.entityId }]);
  }
  assertWritable(ctx, store.project, fields.entityType, fields.entityId, session, 'add an attachment');
  // Before the content arrives: a description over the field size stores nothing.
  storedDescription(fields.description, ctx.options.limits.maxFieldBytes);
  const same = store.findByName(fields.entityType, fields.entityId, fields.name);
  if (same && fields.override && fields.refSubtype !== undefined && fields.refSubtype !== same['ref-subtype']) {
    throw refSubtypeImmutable(same['ref-subtype']);
  }
}

export function refSubtypeImmutable(current: number): AlmError {
  return new AlmError(400, 'qccore.operation-forbidden', `The ref-subtype of an attachment cannot change (it is ${current}): delete the attachment and post it again.`);
}
