// Core `defect-links` (reference §16.10): list (with `query`, e.g. `{first-endpoint-id[5]}` or
// `{second-endpoint-id[5];second-endpoint-type[defect]}`), one, create, delete. The rules
// (server/src/rules/links.ts) check the endpoints and keep the defects' link flags; this file
// parses bodies and renders answers, in the same entity forms as defects.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGING } from '../../config';
import type { AlmSession, ServerContext } from '../../context';
import { AlmError } from '../../errors';
import { LINK_CATALOG } from '../../metadata/linkFields';
import { entityId, projectOf } from '../../params';
import { compileCollectionRequest, pageWithinTotal } from '../../query/index';
import { createLink, deleteLink, linkNotFound } from '../../rules/links';
import type { LinkBody } from '../../rules/links';
import { LinkStore } from '../../store/links';
import type { LinkRow } from '../../store/links';
import { textual } from '../defects/convert';
import { coreCollectionParams } from '../defects/read';
import { parseEntities, renderCollection, renderEntity } from '../wire/entity';
import type { CoreEntity } from '../wire/entity';
import { coreFormat } from '../wire/negotiate';

const TYPE = 'defect-link';

/** A stored link as a Core entity; `fields` (from `fields=`) limits and orders the fields, null means all. */
function linkEntity(row: LinkRow, fields: readonly string[] | null): CoreEntity {
  return {
    type: TYPE,
    fields: LINK_CATALOG.selected(fields).map((def) => {
      const value = row[def.name as keyof LinkRow];
      // On 26.1 an empty String field (`link-type`, `comment`) is `[{}]`, as on defects (§16.2, §16.10).
      if (value === null || value === undefined || value === '') return { name: def.name, values: [], blankWhenEmpty: textual(def) };
      return { name: def.name, values: [{ value: String(value) }] };
    }),
  };
}

/** The typed body of one link entity: numbers for the id fields, text otherwise. */
function linkBody(request: FastifyRequest): LinkBody {
  if (request.body === undefined || request.body === null || request.body === '') {
    throw new AlmError(
      400,
      'qccore.general-error',
      'The request has no body: send the link as {"Fields":[{"Name":"first-endpoint-id","values":[{"value":"1"}]},…],"Type":"defect-link"} or its XML form.',
    );
  }
  const parsed = parseEntities(request.body, TYPE);
  if (parsed.bulk || parsed.entities.length !== 1) throw new AlmError(400, 'qccore.general-error', 'Create one defect link per request: send one <Entity> or {"Fields":[…]}.');
  const body = Object.create(null) as LinkBody;
  for (const field of parsed.entities[0].fields) {
    if (Object.prototype.hasOwnProperty.call(body, field.name)) throw new AlmError(400, 'qccore.general-error', `Field '${field.name}' is sent twice; send each field once.`);
    if (field.values.length > 1) throw new AlmError(400, 'qccore.invalid-value-type-for-field', `Field '${field.name}' of a defect link takes one value; ${field.values.length} were sent.`);
    const value = field.values[0]?.value ?? null;
    const def = LINK_CATALOG.field(field.name);
    body[field.name] = def?.dataType === 'Integer' && value !== null && /^\d{1,15}$/.test(value.trim()) ? Number(value) : value;
  }
  return body;
}

function send(reply: FastifyReply, rendered: { type: string; body: string }): FastifyReply {
  return reply.type(rendered.type).send(rendered.body);
}

export function registerCoreLinks(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/defect-links', async (request, reply) => {
    const store = projectOf(ctx, request);
    const compiled = compileCollectionRequest(coreCollectionParams(request), LINK_CATALOG, PAGING);
    const links = new LinkStore(store, ctx.now);
    const total = links.count(compiled);
    const rows = links.page(pageWithinTotal(compiled, total));
    return send(
      reply,
      renderCollection(
        rows.map((row) => linkEntity(row, compiled.fields)),
        total,
        coreFormat(request),
        ctx.options.profile,
      ),
    );
  });

  app.get('/defect-links/:id', async (request, reply) => {
    const store = projectOf(ctx, request);
    const id = entityId((request.params as { id: string }).id, 'defect link');
    const row = new LinkStore(store, ctx.now).get(id);
    if (!row) throw linkNotFound(id);
    return send(reply, renderEntity(linkEntity(row, null), coreFormat(request), ctx.options.profile));
  });

  app.post('/defect-links', async (request, reply) => {
    const store = projectOf(ctx, request);
    const body = linkBody(request);
    const row = store.transaction(() => createLink(ctx, store, request.almSession as AlmSession, body));
    const { domain, project } = request.params as { domain: string; project: string };
    const base = `${request.protocol}://${request.headers.host ?? 'localhost'}${ctx.options.rootPath}/rest/domains/${encodeURIComponent(domain)}/projects/${encodeURIComponent(project)}`;
    void reply.code(201).header('Location', `${base}/defect-links/${row.id}`);
    return send(reply, renderEntity(linkEntity(row, null), coreFormat(request), ctx.options.profile));
  });

  app.delete('/defect-links/:id', async (request, reply) => {
    const store = projectOf(ctx, request);
    const id = entityId((request.params as { id: string }).id, 'defect link');
    const row = store.transaction(() => deleteLink(ctx, store, id));
    return send(reply, renderEntity(linkEntity(row, null), coreFormat(request), ctx.options.profile));
  });
}
