// Core POST, PUT and DELETE of defects (reference §5.1, §15.14-15.15), over the same rules as
// the `/api` tree (server/src/rules/defects.ts): POST → 201, Location and the full entity; PUT of
// the sent fields only → 200 and the full entity; DELETE → 200. The bulk forms (`<Entities>`,
// `{"entities":[…]}`, `DELETE …/defects?ids-to-delete=`) apply element by element (bulk.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AlmSession, ProjectStore, ServerContext } from '../../context';
import { AlmError } from '../../errors';
import { checkBulkSize, sentTextBytes } from '../../limits';
import { checkAnswerSize, checkNewDefectsAnswerSize } from '../../rules/answers';
import { entityId, projectOf, queryParams } from '../../params';
import { createDefect, deletableDefect, deleteDefects, updateDefect } from '../../rules/defects';
import type { DefectRow } from '../../store/projectTypes';
import { parseEntities, renderCollection, renderEntity } from '../wire/entity';
import type { Envelope } from '../wire/entity';
import type { CoreEntity, CoreFormat } from '../wire/entity';
import { coreFormat, entityBody, sentAsCollection } from '../wire/negotiate';
import { ReferenceNames, defectBody, defectEntity, entityIdField } from './convert';
import { runBulk } from './bulk';

const sessionOf = (request: FastifyRequest): AlmSession => request.almSession as AlmSession;

function entities(ctx: ServerContext, request: FastifyRequest): { bulk: boolean; entities: CoreEntity[] } {
  const body = entityBody(request);
  if (body === undefined || body === null || body === '') {
    throw new AlmError(400, 'qccore.general-error', 'The request has no body: send the defect as XML (<Entity Type="defect">…) or JSON ({"Fields":[…],"Type":"defect"}).');
  }
  const parsed = parseEntities(body, 'defect');
  if (parsed.bulk && ctx.options.profile.bulkNeedsCollectionType && !sentAsCollection(request)) throw bulkFormRefused(typeof body === 'string');
  return parsed;
}

/**
 * What a live 26.1 answered to a bulk body under a plain type (reference §16.4, captured: nothing
 * committed): plain JSON is read as one entity without `Fields`, an NPE → 500; plain XML → 400.
 * The titles were not recorded; these are ours, in the server's manner.
 */
function bulkFormRefused(xml: boolean): AlmError {
  return xml
    ? new AlmError(400, 'qccore.general-error', 'Bad Request')
    : new AlmError(500, 'qccore.general-error', 'Cannot invoke "com.fasterxml.jackson.databind.JsonNode.iterator()" because "fields" is null');
}

function send(reply: FastifyReply, rendered: { type: string; body: string }): FastifyReply {
  return reply.type(rendered.type).send(rendered.body);
}

function shown(store: ProjectStore, row: DefectRow): CoreEntity {
  return defectEntity(row, null, new ReferenceNames(store));
}

/** The bytes the values an element sends take in an answer of `format`: what they can add to the defect named. */
function sentBytes(entity: CoreEntity, format: CoreFormat): number {
  let bytes = 0;
  for (const field of entity.fields) for (const v of field.values) bytes += sentTextBytes(v.value, format) + field.name.length + 8;
  return bytes;
}

/** The id a bulk element names, or 0 (no defect, nothing stored) when it names none or a malformed one. */
function namedId(entity: CoreEntity): number {
  const raw = entityIdField(entity);
  return raw !== undefined && /^\d{1,15}$/.test(String(raw).trim()) ? Number(String(raw).trim()) : 0;
}

function sendCollection(reply: FastifyReply, list: CoreEntity[], format: CoreFormat, envelope: Envelope): FastifyReply {
  return send(reply, renderCollection(list, list.length, format, envelope));
}

/** The id an element of a bulk PUT names; a missing or malformed one fails that element only. */
function bulkId(entity: CoreEntity): number {
  const raw = entityIdField(entity);
  if (raw === undefined) throw new AlmError(400, 'qccore.general-error', 'Each entity of a bulk update must name its defect in the id field.');
  return entityId(raw, 'defect');
}

export function registerCoreDefectWrites(app: FastifyInstance, ctx: ServerContext): void {
  registerCreation(app, ctx);
  registerBulkWrites(app, ctx);
  registerSingleWrites(app, ctx);
}

/** POST one `<Entity>` or the bulk form: created one by one, each in its own transaction. */
function registerCreation(app: FastifyInstance, ctx: ServerContext): void {
  app.post('/defects', async (request, reply) => {
    const store = projectOf(ctx, request);
    const parsed = entities(ctx, request);
    const format = coreFormat(request);
    const create = (entity: CoreEntity) =>
      shown(
        store,
        store.transaction(() => createDefect(ctx, store, defectBody(entity))),
      );
    const { domain, project } = request.params as { domain: string; project: string };
    const base = `${request.protocol}://${request.headers.host ?? 'localhost'}${ctx.options.rootPath}/rest/domains/${encodeURIComponent(domain)}/projects/${encodeURIComponent(project)}/defects`;
    if (!parsed.bulk) {
      const entity = create(parsed.entities[0]);
      void reply.code(201).header('Location', `${base}/${entityIdField(entity) ?? ''}`);
      return send(reply, renderEntity(entity, format, ctx.options.profile));
    }
    checkBulkSize(ctx.options.limits, parsed.entities.length, 'new defects');
    // Elements are created one by one: the answer is bounded before the first, never after.
    checkNewDefectsAnswerSize(
      ctx,
      parsed.entities.map((e) => sentBytes(e, format)),
    );
    const created = runBulk('defect', parsed.entities, () => null, create);
    void reply.code(201);
    return sendCollection(reply, created, format, ctx.options.profile);
  });
}

/** PUT and DELETE on the collection: bulk forms answered element by element (failures per element). */
function registerBulkWrites(app: FastifyInstance, ctx: ServerContext): void {
  app.put('/defects', async (request, reply) => {
    const store = projectOf(ctx, request);
    const parsed = entities(ctx, request);
    if (!parsed.bulk)
      throw new AlmError(400, 'qccore.general-error', 'PUT on the collection takes the bulk form: <Entities><Entity>…</Entity></Entities> or {"entities":[…]}, each entity with its id.');
    // The same bounds as the api tree: element count, and the answer echoing every element.
    checkBulkSize(ctx.options.limits, parsed.entities.length, 'defects');
    // Elements are applied one by one: the answer is bounded before the first, by what is
    // stored plus what each element sends, so no commit is followed by a refused answer.
    const format = coreFormat(request);
    checkAnswerSize(
      ctx,
      store,
      parsed.entities.map(namedId),
      format,
      parsed.entities.map((e) => sentBytes(e, format)),
    );
    const updated = runBulk('defect', parsed.entities, bulkId, (entity) =>
      shown(
        store,
        store.transaction(() => updateDefect(ctx, store, sessionOf(request), bulkId(entity), defectBody(entity))),
      ),
    );
    return sendCollection(reply, updated, format, ctx.options.profile);
  });

  app.delete('/defects', async (request, reply) => {
    const store = projectOf(ctx, request);
    const raw = queryParams(request)['ids-to-delete'];
    if (!raw?.trim()) throw new AlmError(400, 'qccore.general-error', 'Name the defects to delete with ids-to-delete=1,2,3; deleting the whole collection is refused.');
    const names = raw.split(',');
    checkBulkSize(ctx.options.limits, names.length, 'defects to delete');
    const ids = [...new Set(names.map((s) => s.trim()))];
    // The answer echoes every deleted defect: bounded before the first goes.
    checkAnswerSize(
      ctx,
      store,
      ids.map((s) => (/^\d{1,15}$/.test(s) ? Number(s) : 0)),
      coreFormat(request),
    );
    const deleted = runBulk(
      'defect',
      ids,
      (s) => (/^\d{1,15}$/.test(s) ? Number(s) : null),
      (s) => {
        const id = entityId(s, 'defect');
        const row = store.transaction(() => deleteDefects(ctx, store, [deletableDefect(ctx, store, sessionOf(request), id)])[0]);
        return shown(store, row);
      },
    );
    return sendCollection(reply, deleted, coreFormat(request), ctx.options.profile);
  });
}

function registerSingleWrites(app: FastifyInstance, ctx: ServerContext): void {
  app.put('/defects/:id', async (request, reply) => {
    const store = projectOf(ctx, request);
    const id = entityId((request.params as { id: string }).id, 'defect');
    const parsed = entities(ctx, request);
    if (parsed.bulk || parsed.entities.length !== 1) throw new AlmError(400, 'qccore.general-error', `PUT on defect ${id} takes one <Entity> or {"Fields":[…]}; send the bulk form to the collection.`);
    const row = store.transaction(() => updateDefect(ctx, store, sessionOf(request), id, defectBody(parsed.entities[0])));
    return send(reply, renderEntity(shown(store, row), coreFormat(request), ctx.options.profile));
  });

  app.delete('/defects/:id', async (request, reply) => {
    const store = projectOf(ctx, request);
    const id = entityId((request.params as { id: string }).id, 'defect');
    const row = store.transaction(() => deleteDefects(ctx, store, [deletableDefect(ctx, store, sessionOf(request), id)])[0]);
    return send(reply, renderEntity(shown(store, row), coreFormat(request), ctx.options.profile));
  });
}
