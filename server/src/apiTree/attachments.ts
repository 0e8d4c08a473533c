// Attachment routes of a project (seed: Attachments): multipart POST, GET as JSON, bytes or
// multipart/mixed, PUT of name and description, DELETE. Registered in their own scope so the
// multipart parser applies only here.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGING } from '../config';
import type { AlmSession, ServerContext } from '../context';
import { AlmError } from '../errors';
import { CATALOGS } from '../metadata/catalog';
import { compileCollectionRequest, countQuery } from '../query/index';
import { AnswerBudget } from '../limits';
import { PAGE_ANSWER_HINT } from '../rules/answers';
import { assertWritable } from '../rules/lockGuard';
import { projectOf, queryParams } from '../params';
import { negotiate } from '../attachments/accept';
import { RAW_CONTENT, sendBytes, sendMultipart } from '../attachments/download';
import { toRecord } from '../attachments/format';
import { createAttachment } from '../attachments/post';
import { updateAttachment } from '../attachments/put';
import { checkNameFilter } from '../attachments/query';
import { AttachmentStore } from '../store/attachments';
import type { AttachmentRow } from '../store/attachments';

export { AttachmentStore } from '../store/attachments';
export type { AttachmentRow } from '../store/attachments';

export function registerAttachments(app: FastifyInstance, ctx: ServerContext): void {
  // What a crash left (orphan files, records without content) is repaired before the first request
  // (a read-only server repairs nothing: a record without content answers 404 until it can).
  for (const project of ctx.projects.all()) if (!project.readOnly) new AttachmentStore(project, ctx.now).reconcile();

  void app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: false });

    scope.get('/attachments', RAW_CONTENT, async (request, reply) => {
      const params = queryParams(request);
      rejectById(params);
      const store = storeOf(ctx, request);
      const form = negotiate(request.headers.accept, params.alt, 'json');
      checkNameFilter(params.query);
      const compiled = compileCollectionRequest(params, CATALOGS.attachments, PAGING);
      const db = store.project.db;
      // Descriptions can be large: the page is counted as it is read, like a defect page.
      const rows = new AnswerBudget(ctx.options.limits, PAGE_ANSWER_HINT).rows(store.project.iterateRowsOf<AttachmentRow>('attachments', compiled));
      if (form === 'multipart') return sendMultipart(reply, store, rows);
      if (form === 'octet-stream') {
        if (rows.length !== 1) {
          throw new AlmError(400, 'qccore.general-error', `The query selects ${rows.length} attachments; application/octet-stream returns exactly one. Narrow the query or ask for multipart/mixed.`);
        }
        return sendBytes(reply, store, rows[0]);
      }
      const count = countQuery('attachments', compiled);
      const total = db
        .prepare(count.sql)
        .pluck()
        .get(...count.params) as number;
      return { data: rows.map((row) => toRecord(row, compiled.fields)), 'total-count': total };
    });

    scope.get('/attachments/:id', RAW_CONTENT, async (request, reply) => {
      const params = queryParams(request);
      rejectById(params);
      const { store, row } = existing(ctx, request);
      const form = negotiate(request.headers.accept, params.alt, 'multipart');
      if (form === 'octet-stream') return sendBytes(reply, store, row);
      if (form === 'multipart') return sendMultipart(reply, store, [row]);
      const { fields } = compileCollectionRequest({ fields: params.fields }, CATALOGS.attachments, PAGING);
      return toRecord(row, fields);
    });

    scope.post('/attachments', async (request, reply) => {
      rejectById(queryParams(request));
      const store = storeOf(ctx, request);
      const row = await createAttachment(ctx, request, store, sessionOf(request));
      const base = `${request.protocol}://${request.host}${ctx.options.rootPath}/api/domains/${encodeURIComponent(store.project.domain)}`;
      const location = `${base}/projects/${encodeURIComponent(store.project.name)}/attachments/${row.id}`;
      return reply.code(201).header('Location', location).send(toRecord(row));
    });

    scope.put('/attachments/:id', async (request) => {
      rejectById(queryParams(request));
      const { store, row } = existing(ctx, request);
      assertWritable(ctx, store.project, row['parent-type'], row['parent-id'], sessionOf(request), 'update the attachment');
      return toRecord(updateAttachment(store, row, request.body));
    });

    scope.delete('/attachments/:id', async (request, reply: FastifyReply) => {
      rejectById(queryParams(request));
      const { store, row } = existing(ctx, request);
      assertWritable(ctx, store.project, row['parent-type'], row['parent-id'], sessionOf(request), 'delete the attachment');
      return reply.send(toRecord(store.delete(row)));
    });
  });
}

function storeOf(ctx: ServerContext, request: FastifyRequest): AttachmentStore {
  return new AttachmentStore(projectOf(ctx, request), ctx.now);
}

function existing(ctx: ServerContext, request: FastifyRequest): { store: AttachmentStore; row: AttachmentRow } {
  const store = storeOf(ctx, request);
  const raw = (request.params as { id: string }).id;
  if (!/^\d{1,15}$/.test(raw)) {
    throw new AlmError(404, 'qccore.entity-not-found', `Attachments are addressed by numeric id only; '${raw}' is not an attachment id.`);
  }
  const row = store.get(Number(raw));
  if (!row) throw new AlmError(404, 'qccore.entity-not-found', `Attachment ${raw} does not exist.`, [{ Name: 'id', Value: Number(raw) }]);
  return { store, row };
}

function rejectById(params: Record<string, string | undefined>): void {
  if (params['by-id'] !== undefined) {
    throw new AlmError(400, 'qccore.general-error', "Parameter 'by-id' is not valid for attachments: address an attachment by its numeric id.");
  }
}

function sessionOf(request: FastifyRequest): AlmSession {
  if (!request.almSession) throw new AlmError(401, 'qccore.general-error', 'Not authenticated.');
  return request.almSession;
}
