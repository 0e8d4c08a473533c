// Core metadata under `customization/` (reference §12.1): entities, each entity's fields and
// lists, the project's lists (all, or those bound to fields), and its users, in XML or JSON.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerContext } from '../../context';
import { AlmError } from '../../errors';
import { projectOf, queryParams } from '../../params';
import { coreFormat } from '../wire/negotiate';
import { CORE_ENTITIES, coreEntity, renderEntityDescriptor, renderEntityDescriptors } from './entities';
import { descriptorsOf, renderFields } from './fields';
import { projectLists, renderLists, selectLists, usedListIds } from './lists';
import { renderUser, renderUsers } from './users';

function send(reply: FastifyReply, rendered: { type: string; body: string }): FastifyReply {
  return reply.type(rendered.type).send(rendered.body);
}

/** `required=` and `can-filter=` take true or false; absent means no filter. */
function flag(params: Record<string, string | undefined>, name: string): boolean | undefined {
  const raw = params[name];
  if (raw === undefined) return undefined;
  const value = raw.trim().toLowerCase();
  if (value === 'true' || value === 'y') return true;
  if (value === 'false' || value === 'n') return false;
  throw new AlmError(400, 'qccore.general-error', `Parameter ${name} is 'true' or 'false', not '${raw}'.`);
}

export function registerCoreCustomization(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/customization/entities', async (request, reply) => {
    projectOf(ctx, request);
    return send(reply, renderEntityDescriptors(coreFormat(request)));
  });

  app.get('/customization/entities/:entity', async (request, reply) => {
    projectOf(ctx, request);
    return send(reply, renderEntityDescriptor(coreEntity((request.params as { entity: string }).entity), coreFormat(request)));
  });

  app.get('/customization/entities/:entity/fields', async (request, reply) => {
    projectOf(ctx, request);
    const kind = coreEntity((request.params as { entity: string }).entity);
    const params = queryParams(request);
    const filter = { required: flag(params, 'required'), filterable: flag(params, 'can-filter') };
    return send(reply, renderFields(descriptorsOf(kind.name, kind.catalog, filter), coreFormat(request), ctx.options.profile.coreJson));
  });

  app.get('/customization/entities/:entity/lists', async (request, reply) => {
    const store = projectOf(ctx, request);
    const kind = coreEntity((request.params as { entity: string }).entity);
    const used = usedListIds([kind.catalog]);
    const lists = projectLists(store).filter((l) => used.has(l.id));
    return send(reply, renderLists(selectLists(lists, queryParams(request), `the lists of entity '${kind.name}'`), coreFormat(request), ctx.options.profile.coreJson));
  });

  app.get('/customization/used-lists', async (request, reply) => {
    const store = projectOf(ctx, request);
    const used = usedListIds(CORE_ENTITIES.map((e) => e.catalog));
    const lists = projectLists(store).filter((l) => used.has(l.id));
    return send(reply, renderLists(selectLists(lists, queryParams(request), 'the lists bound to fields (see customization/lists for all)'), coreFormat(request), ctx.options.profile.coreJson));
  });

  app.get('/customization/lists', async (request, reply) => {
    const store = projectOf(ctx, request);
    return send(reply, renderLists(selectLists(projectLists(store), queryParams(request), `project ${store.name}`), coreFormat(request), ctx.options.profile.coreJson));
  });

  app.get('/customization/users', async (request, reply) => {
    const store = projectOf(ctx, request);
    const { name } = queryParams(request);
    // `users?name=x` is the same resource as `users/x` (D-users).
    const rendered = name === undefined ? renderUsers(store, coreFormat(request), ctx.options.profile.coreJson) : renderUser(store, name, coreFormat(request), ctx.options.profile.coreJson);
    return send(reply, rendered);
  });

  app.get('/customization/users/:name', async (request, reply) => {
    const store = projectOf(ctx, request);
    return send(reply, renderUser(store, (request.params as { name: string }).name, coreFormat(request), ctx.options.profile.coreJson));
  });
}
