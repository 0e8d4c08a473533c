// Core `favorite-folders` and `favorites` (reference §17): list (with `query`, e.g.
// `{module-id[0];parent-id[-1]}` for the roots as ALI asked), one, create, update, delete, in the
// same entity forms as defects. `include-shared-with-me` (listed for 26.1) is taken and changes
// nothing: every favorite a user may see is listed. The rules (server/src/rules/favorites.ts)
// decide who sees and changes what; this file parses bodies and renders answers.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGING } from '../../config';
import type { AlmSession, ServerContext } from '../../context';
import { AlmError } from '../../errors';
import { FAVORITE_CATALOG, FAVORITE_FOLDER_CATALOG } from '../../metadata/favoriteFields';
import { entityId, projectOf } from '../../params';
import { compileCollectionRequest, pageWithinTotal } from '../../query/index';
import { createFavorite, deleteFavorite, favoriteNotFound, updateFavorite } from '../../rules/favorites';
import type { FavoriteBody } from '../../rules/favorites';
import { FavoriteStore } from '../../store/favorites';
import type { FavoriteRow, FavoriteTable } from '../../store/favorites';
import { coreCollectionParams } from '../defects/read';
import { parseEntities, renderCollection, renderEntity } from '../wire/entity';
import type { CoreEntity } from '../wire/entity';
import { coreFormat, entityBody } from '../wire/negotiate';

interface Resource {
  path: string;
  table: FavoriteTable;
  catalog: typeof FAVORITE_CATALOG;
}

const RESOURCES: readonly Resource[] = [
  { path: 'favorite-folders', table: 'favorite_folders', catalog: FAVORITE_FOLDER_CATALOG },
  { path: 'favorites', table: 'favorites', catalog: FAVORITE_CATALOG },
];

/** A stored row as a Core entity; `fields` (from `fields=`) limits and orders the fields, null means all. */
function favoriteEntity(resource: Resource, row: FavoriteRow, fields: readonly string[] | null): CoreEntity {
  return {
    type: resource.catalog.entityType,
    fields: resource.catalog.selected(fields).map((def) => {
      const value = row[def.name as keyof FavoriteRow];
      if (value === null || value === undefined || value === '') return { name: def.name, values: [], blankWhenEmpty: def.dataType === 'String' };
      return { name: def.name, values: [{ value: String(value) }] };
    }),
  };
}

/** The typed body of one entity: each field once, one value. */
function favoriteBody(request: FastifyRequest, resource: Resource): FavoriteBody {
  const raw = entityBody(request);
  if (raw === undefined || raw === null || raw === '') {
    throw new AlmError(
      400,
      'qccore.general-error',
      `The request has no body: send the ${resource.catalog.entityType} as {"Fields":[{"Name":"name","values":[{"value":"…"}]},…],"Type":"${resource.catalog.entityType}"} or its XML form.`,
    );
  }
  const parsed = parseEntities(raw, resource.catalog.entityType);
  if (parsed.bulk || parsed.entities.length !== 1) throw new AlmError(400, 'qccore.general-error', `Send one ${resource.catalog.entityType} per request: one <Entity> or {"Fields":[…]}.`);
  const body = Object.create(null) as FavoriteBody;
  for (const field of parsed.entities[0].fields) {
    if (Object.prototype.hasOwnProperty.call(body, field.name)) throw new AlmError(400, 'qccore.general-error', `Field '${field.name}' is sent twice; send each field once.`);
    if (field.values.length > 1) throw new AlmError(400, 'qccore.invalid-value-type-for-field', `Field '${field.name}' takes one value; ${field.values.length} were sent.`);
    body[field.name] = field.values[0]?.value ?? null;
  }
  return body;
}

function send(reply: FastifyReply, rendered: { type: string; body: string }): FastifyReply {
  return reply.type(rendered.type).send(rendered.body);
}

function userOf(request: FastifyRequest): string {
  return (request.almSession as AlmSession).user;
}

function registerResource(app: FastifyInstance, ctx: ServerContext, resource: Resource): void {
  const { path, table, catalog } = resource;
  const idOf = (request: FastifyRequest) => entityId((request.params as { id: string }).id, catalog.entityType.replace('-', ' '));

  app.get(`/${path}`, async (request, reply) => {
    const store = projectOf(ctx, request);
    const { 'include-shared-with-me': _shared, ...params } = coreCollectionParams(request);
    const compiled = compileCollectionRequest(params, catalog, PAGING);
    const favorites = new FavoriteStore(store, table);
    const total = favorites.count(compiled, userOf(request));
    const rows = favorites.page(pageWithinTotal(compiled, total), userOf(request));
    return send(
      reply,
      renderCollection(
        rows.map((row) => favoriteEntity(resource, row, compiled.fields)),
        total,
        coreFormat(request),
        ctx.options.profile,
      ),
    );
  });

  app.get(`/${path}/:id`, async (request, reply) => {
    const store = projectOf(ctx, request);
    const id = idOf(request);
    const row = new FavoriteStore(store, table).get(id, userOf(request));
    if (!row) throw favoriteNotFound(table, id);
    return send(reply, renderEntity(favoriteEntity(resource, row, null), coreFormat(request), ctx.options.profile));
  });

  app.post(`/${path}`, async (request, reply) => {
    const store = projectOf(ctx, request);
    const body = favoriteBody(request, resource);
    const row = store.transaction(() => createFavorite(store, table, userOf(request), body));
    const { domain, project } = request.params as { domain: string; project: string };
    const base = `${request.protocol}://${request.headers.host ?? 'localhost'}${ctx.options.rootPath}/rest/domains/${encodeURIComponent(domain)}/projects/${encodeURIComponent(project)}`;
    void reply.code(201).header('Location', `${base}/${path}/${row.id}`);
    return send(reply, renderEntity(favoriteEntity(resource, row, null), coreFormat(request), ctx.options.profile));
  });

  app.put(`/${path}/:id`, async (request, reply) => {
    const store = projectOf(ctx, request);
    const id = idOf(request);
    const body = favoriteBody(request, resource);
    const row = store.transaction(() => updateFavorite(store, table, userOf(request), id, body));
    return send(reply, renderEntity(favoriteEntity(resource, row, null), coreFormat(request), ctx.options.profile));
  });

  app.delete(`/${path}/:id`, async (request, reply) => {
    const store = projectOf(ctx, request);
    const id = idOf(request);
    const row = store.transaction(() => deleteFavorite(store, table, userOf(request), id));
    return send(reply, renderEntity(favoriteEntity(resource, row, null), coreFormat(request), ctx.options.profile));
  });
}

export function registerCoreFavorites(app: FastifyInstance, ctx: ServerContext): void {
  for (const resource of RESOURCES) registerResource(app, ctx, resource);
}
