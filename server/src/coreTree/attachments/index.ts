// Core attachments of a defect (reference §11.1): `defects/{id}/attachments` lists (with the
// Core collection parameters: query, order-by, fields, page-size, start-index) and creates
// (multipart/form-data, or application/octet-stream named by `Slug`); an item is addressed by
// file name or by `{id}?by-id=true`, read as a descriptor or as bytes, PUT with new content or
// new metadata, and deleted. Same store, same streaming and same lock rule as the `/api` tree.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { RAW_CONTENT, sendBytes } from '../../attachments/download';
import { fileNameProblem } from '../../attachments/format';
import { checkTarget, createAttachment, storeUpload } from '../../attachments/post';
import { AttachmentStore } from '../../store/attachments';
import type { AttachmentRow } from '../../store/attachments';
import { streamToTemp } from '../../attachments/upload';
import type { UploadFields } from '../../attachments/upload';
import { PAGING } from '../../config';
import type { AlmSession, ServerContext } from '../../context';
import { AlmError } from '../../errors';
import { CATALOGS } from '../../metadata/catalog';
import { compileCollectionRequest } from '../../query/index';
import { AnswerBudget } from '../../limits';
import { PAGE_ANSWER_HINT } from '../../rules/answers';
import { assertWritable } from '../../rules/lockGuard';
import { entityId, projectOf, queryParams } from '../../params';
import { coreCollectionParams } from '../defects/read';
import { renderCollection, renderEntity } from '../wire/entity';
import { coreFormat, entityBody } from '../wire/negotiate';
import { attachmentEntity, updateAttachmentMetadata } from './entity';
import { byId, itemForm, slugName } from './request';

const COLLECTION = '/defects/:id/attachments';
const ITEM = '/defects/:id/attachments/:name';

export function registerCoreAttachments(app: FastifyInstance, ctx: ServerContext): void {
  void app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: false });
    // Raw content (a Slug upload, a content PUT) reaches the handler as the unread request
    // stream, so it is written to disk as it arrives, never held whole.
    scope.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));

    scope.get(COLLECTION, async (request, reply) => listAttachments(ctx, request, reply));

    scope.post(COLLECTION, async (request, reply) => postAttachment(ctx, request, reply));

    scope.get(ITEM, RAW_CONTENT, async (request, reply) => {
      const { store, row } = itemOf(ctx, request);
      const form = itemForm(request, queryParams(request).alt);
      if (form === 'bytes') return sendBytes(reply, store, row);
      return send(reply, renderEntity(attachmentEntity(row), form, ctx.options.profile));
    });

    scope.put(ITEM, async (request, reply) => {
      const { store, row } = itemOf(ctx, request, true);
      const session = sessionOf(request);
      try {
        assertWritable(ctx, store.project, 'defect', row['parent-id'], session, 'update the attachment');
      } catch (err) {
        discardBody(request);
        throw err;
      }
      const updated = isRaw(request) ? await replaceContent(ctx, request, store, session, row) : updateAttachmentMetadata(store, row, entityBody(request));
      return send(reply, renderEntity(attachmentEntity(updated), coreFormat(request), ctx.options.profile));
    });

    scope.delete(ITEM, async (request, reply) => {
      const { store, row } = itemOf(ctx, request);
      assertWritable(ctx, store.project, 'defect', row['parent-id'], sessionOf(request), 'delete the attachment');
      return send(reply, renderEntity(attachmentEntity(store.delete(row)), coreFormat(request), ctx.options.profile));
    });
  });
}

async function listAttachments(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const { store, defect } = defectOf(ctx, request);
  // The Core collection parameters (query, order-by, fields, page-size, start-index), within this defect.
  const compiled = compileCollectionRequest(coreCollectionParams(request), CATALOGS.attachments, PAGING);
  const scoped = { ...compiled, where: `"parent-type" = 'defect' AND "parent-id" = ? AND (${compiled.where})`, params: [defect, ...compiled.params] };
  // Descriptions can be large: the page is counted as it is read, like a defect page.
  const format = coreFormat(request);
  const rows = new AnswerBudget(ctx.options.limits, PAGE_ANSWER_HINT, format).rows(store.project.iterateRowsOf<AttachmentRow>('attachments', scoped));
  const total = store.project.countOf('attachments', scoped);
  return send(
    reply,
    renderCollection(
      rows.map((row) => attachmentEntity(row, compiled.fields)),
      total,
      format,
      ctx.options.profile,
    ),
  );
}

async function postAttachment(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const { store, defect } = defectOf(ctx, request);
  const session = sessionOf(request);
  const target = { type: 'defect', id: defect };
  const row = isRaw(request) ? await createFromStream(ctx, request, store, session, target) : await createAttachment(ctx, request, store, session, target);
  return send(reply.code(201).header('Location', itemUrl(ctx, request, row)), renderEntity(attachmentEntity(row), coreFormat(request), ctx.options.profile));
}

function send(reply: FastifyReply, rendered: { type: string; body: string }): FastifyReply {
  return reply.type(rendered.type).send(rendered.body);
}

/** The request body is the raw stream the octet-stream parser handed over. */
function isRaw(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() === 'application/octet-stream';
}

function defectOf(ctx: ServerContext, request: FastifyRequest): { store: AttachmentStore; defect: number } {
  const store = new AttachmentStore(projectOf(ctx, request), ctx.now);
  const defect = entityId((request.params as { id: string }).id, 'defect');
  if (!store.project.getDefect(defect)) {
    throw new AlmError(404, 'qccore.entity-not-found', `Defect ${defect} does not exist.`, [{ Name: 'id', Value: defect }]);
  }
  return { store, defect };
}

/** The attachment a URL names on its defect, by file name or (`by-id=true`) by id. */
function itemOf(ctx: ServerContext, request: FastifyRequest, consumesBody = false): { store: AttachmentStore; row: AttachmentRow } {
  try {
    const { store, defect } = defectOf(ctx, request);
    const { name } = request.params as { name: string };
    const addressedById = byId(queryParams(request)['by-id']);
    let row: AttachmentRow | undefined;
    if (addressedById) {
      const id = entityId(name, 'attachment');
      row = store.get(id);
      if (row && (row['parent-type'] !== 'defect' || row['parent-id'] !== defect)) row = undefined;
    } else {
      row = store.findByName('defect', defect, name);
    }
    if (!row) {
      throw new AlmError(404, 'qccore.entity-not-found', `Defect ${defect} has no attachment ${addressedById ? `with id ${name}` : `named '${name}'`}.`);
    }
    return { store, row };
  } catch (err) {
    if (consumesBody) discardBody(request);
    throw err;
  }
}

/** A refused raw upload is not read: the rest of its body is thrown away unparsed. */
function discardBody(request: FastifyRequest): void {
  if (isRaw(request)) (request.body as Readable).resume();
}

async function createFromStream(ctx: ServerContext, request: FastifyRequest, store: AttachmentStore, session: AlmSession, target: { type: string; id: number }): Promise<AttachmentRow> {
  let fields: UploadFields;
  try {
    const name = slugName(request.headers.slug);
    const problem = fileNameProblem(name);
    if (problem) throw new AlmError(400, 'qccore.general-error', `The file name '${name}' in the Slug header ${problem}.`);
    fields = { name, description: undefined, override: false, refSubtype: undefined, entityType: target.type, entityId: target.id };
    // Existence, file name and lock are checked before a byte is stored.
    checkTarget(ctx, store, session, fields);
  } catch (err) {
    discardBody(request);
    throw err;
  }
  const received = await streamToTemp(request.body as Readable, store, ctx.options.maxAttachmentBytes);
  return storeUpload(ctx, store, session, { fields, ...received, declaredType: undefined });
}

/** PUT with application/octet-stream: new content under the same id, name and content type. */
async function replaceContent(ctx: ServerContext, request: FastifyRequest, store: AttachmentStore, session: AlmSession, row: AttachmentRow): Promise<AttachmentRow> {
  const { tempFile, size } = await streamToTemp(request.body as Readable, store, ctx.options.maxAttachmentBytes);
  try {
    // The lock may have been taken, or the attachment deleted, while the content arrived.
    assertWritable(ctx, store.project, 'defect', row['parent-id'], session, 'update the attachment');
    if (!store.get(row.id)) throw new AlmError(404, 'qccore.entity-not-found', `Attachment ${row.id} was deleted during the upload.`);
    return store.replaceContent(row.id, { contentType: row['content-type'] }, tempFile, size);
  } catch (err) {
    await rm(tempFile, { force: true });
    throw err;
  }
}

function itemUrl(ctx: ServerContext, request: FastifyRequest, row: AttachmentRow): string {
  const { domain, project } = request.params as { domain: string; project: string };
  const base = `${request.protocol}://${request.host}${ctx.options.rootPath}/rest/domains/${encodeURIComponent(domain)}/projects/${encodeURIComponent(project)}`;
  return `${base}/defects/${row['parent-id']}/attachments/${encodeURIComponent(row.name)}`;
}

function sessionOf(request: FastifyRequest): AlmSession {
  if (!request.almSession) throw new AlmError(401, 'qccore.general-error', 'Not authenticated.');
  return request.almSession;
}
