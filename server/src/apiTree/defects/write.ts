// PUT (one defect, several, or the whole collection), POST and DELETE of defects. Every request
// runs in one transaction: it is applied completely or not at all.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGING } from '../../config';
import type { AlmSession, ProjectStore, ServerContext } from '../../context';
import { AlmError } from '../../errors';
import { checkBulkSize } from '../../limits';
import { CATALOGS } from '../../metadata/catalog';
import { compileCollectionRequest } from '../../query/index';
import type { DefectRow } from '../../store/projectTypes';
import { formatDateTime } from '../../store/time';
import { assertWritable } from '../../rules/lockGuard';
import { entityId, projectOf, queryParams } from '../../params';
import { applyDefectUpdate, createDefect, deletableDefect, deleteDefects } from '../../rules/defects';
import { checkAnswerSize, checkNewDefectsAnswerSize } from '../../rules/answers';
import { asObject, validateChanges } from '../../rules/defectChanges';
import { writeWithHistory } from '../../rules/history';
import type { DefectBody } from '../../rules/defectChanges';
import { defectsAnswer } from './answer';
import { defectJson } from './json';

const session = (request: FastifyRequest): AlmSession => request.almSession as AlmSession;

/** Prefixes an element's error with its position, so a client knows which one failed. */
function inElement<T>(index: number, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof AlmError) throw new AlmError(err.status, err.id, `data[${index}]: ${err.title}`, err.properties);
    throw err;
  }
}

function dataArray(body: unknown, what: string): unknown[] {
  const data = asObject(body, what).data;
  if (!Array.isArray(data) || data.length === 0) throw new AlmError(400, 'qccore.general-error', `Expected ${what} with a non-empty "data" array.`);
  return data;
}

const sendJson = (reply: FastifyReply, body: string) => reply.type('application/json; charset=utf-8').send(body);

export function registerDefectWrites(app: FastifyInstance, ctx: ServerContext): void {
  registerDefectUpdates(app, ctx);
  registerDefectCreation(app, ctx);
  registerDefectDeletion(app, ctx);
}

/** PUT one defect, several (`data`), or a selection (a query with the fields to set). */
function registerDefectUpdates(app: FastifyInstance, ctx: ServerContext): void {
  const limits = ctx.options.limits;
  app.put('/defects/:id', async (request) => {
    const store = projectOf(ctx, request);
    const id = entityId((request.params as { id: string }).id, 'defect');
    const body = asObject(request.body, 'the fields to change');
    return defectJson(
      store.transaction(() => {
        applyDefectUpdate(ctx, store, session(request), id, body);
        return store.getDefect(id) as DefectRow;
      }),
    );
  });

  app.put('/defects', async (request, reply) => {
    const store = projectOf(ctx, request);
    const body = asObject(request.body, 'a defect update');
    if (!('data' in body)) return sendJson(reply, updateSelection(ctx, store, session(request), body, queryParams(request)));
    const data = dataArray(body, 'a multi-defect update');
    checkBulkSize(limits, data.length, 'defects');
    const elements = data.map((item, index) =>
      inElement(index, () => {
        const element = asObject(item, 'each element of "data"');
        const rawId = element.id;
        if (typeof rawId !== 'number' && typeof rawId !== 'string') {
          throw new AlmError(400, 'qccore.general-error', 'Each element must identify its defect with "id" (and "type": "defect").');
        }
        return { id: entityId(String(rawId), 'defect'), element };
      }),
    );
    const ids = elements.map((e) => e.id);
    // What each element sends can grow its defect: counted before the first is applied, as the
    // Core tree does (issue 38 item 11: the answer was only refused after every element was applied).
    checkAnswerSize(
      ctx,
      store,
      ids,
      'json',
      elements.map(({ element }) => Buffer.byteLength(JSON.stringify(element), 'utf8')),
    );
    return sendJson(
      reply,
      store.transaction(() => {
        elements.forEach(({ id, element }, index) => inElement(index, () => applyDefectUpdate(ctx, store, session(request), id, element)));
        return defectsAnswer(ctx, store, ids);
      }),
    );
  });
}

/** POST one new defect, or several under `data` (created together or not at all). */
function registerDefectCreation(app: FastifyInstance, ctx: ServerContext): void {
  const limits = ctx.options.limits;
  app.post('/defects', async (request, reply) => {
    const store = projectOf(ctx, request);
    const body = asObject(request.body, 'the new defect');
    const elements = 'data' in body ? dataArray(body, 'the new defects') : [body];
    checkBulkSize(limits, elements.length, 'new defects');
    if (elements.length > 1)
      checkNewDefectsAnswerSize(
        ctx,
        elements.map((item) => Buffer.byteLength(JSON.stringify(item) ?? '', 'utf8')),
      );
    // The answer is built inside the transaction: were it refused, nothing would have been created.
    const { ids, answer } = store.transaction(() => {
      const created = elements.map((item, index) => inElement(index, () => Number(createDefect(ctx, store, asObject(item, 'each new defect')).id)));
      return { ids: created, answer: created.length === 1 ? undefined : defectsAnswer(ctx, store, created) };
    });
    const first = ids[0];
    const { domain, project } = request.params as { domain: string; project: string };
    const base = `${request.protocol}://${request.headers.host ?? 'localhost'}${ctx.options.rootPath}`;
    void reply.header('Location', `${base}/api/domains/${encodeURIComponent(domain)}/projects/${encodeURIComponent(project)}/defects/${first}`);
    void reply.code(201);
    if (answer === undefined) return defectJson(store.getDefect(first) as DefectRow);
    return sendJson(reply, answer);
  });
}

/** DELETE one defect, or several named with `ids-to-delete` (never the whole collection). */
function registerDefectDeletion(app: FastifyInstance, ctx: ServerContext): void {
  const limits = ctx.options.limits;
  app.delete('/defects/:id', async (request) => {
    const store = projectOf(ctx, request);
    const id = entityId((request.params as { id: string }).id, 'defect');
    return defectJson(
      store.transaction(() => {
        const row = deletableDefect(ctx, store, session(request), id);
        deleteDefects(ctx, store, [row]);
        return row;
      }),
    );
  });

  app.delete('/defects', async (request, reply) => {
    const store = projectOf(ctx, request);
    const raw = queryParams(request)['ids-to-delete'];
    if (!raw) throw new AlmError(400, 'qccore.general-error', 'Name the defects to delete with ids-to-delete=1,2,3; deleting the whole collection is refused.');
    const names = raw.split(',');
    checkBulkSize(limits, names.length, 'defects to delete');
    const ids = [...new Set(names.map((s) => entityId(s.trim(), 'defect')))];
    checkAnswerSize(ctx, store, ids, 'json');
    return sendJson(
      reply,
      store.transaction(() => {
        const rows = ids.map((id) => deletableDefect(ctx, store, session(request), id));
        // The answer echoes the defects as they were, so it is read before they go.
        const answer = defectsAnswer(ctx, store, ids);
        deleteDefects(ctx, store, rows);
        return answer;
      }),
    );
  });
}

/**
 * PUT on the collection without `data`: the seed's rule 2 — the fields apply to every defect the
 * `query` selects, and to every defect when there is no query or it selects nothing.
 */
function updateSelection(ctx: ServerContext, store: ProjectStore, who: AlmSession, body: DefectBody, params: Record<string, string | undefined>) {
  const compiled = compileCollectionRequest({ query: params.query }, CATALOGS.defects, PAGING);
  return store.transaction(() => {
    const changes = validateChanges(store, body, undefined);
    let where = compiled.where;
    let args = compiled.params;
    let ids = store.defectIdsWhere(where, args);
    if (ids.length === 0) {
      where = '1=1';
      args = [];
      ids = store.defectIdsWhere(where, args);
    }
    checkBulkSize(ctx.options.limits, ids.length, 'defects selected by the update (narrow it with query=)');
    // Locks are few: check those of other users against the selection rather than each defect.
    const selectedIds = new Set(ids);
    for (const id of store.locks.lockedByOthers('defect', who.user)) if (selectedIds.has(id)) assertWritable(ctx, store, 'defect', id, who, `update defect ${id}`);
    writeWithHistory(ctx, store, who.user, ids, changes, () => store.updateDefectsWhere(where, args, changes, formatDateTime(ctx.now())));
    // The update may change what the filter selects, so the returned page is read by id.
    return defectsAnswer(ctx, store, ids.slice(0, PAGING.defaultLimit), ids.length);
  });
}
