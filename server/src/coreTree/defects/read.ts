// Core GET of the defects collection and of one defect (reference §5.1, §6, §7.1): `page-size`
// (or `max`) and 1-based `start-index`, `query={…}`, `order-by={…}`, `fields=`, default order by
// id, in XML by default or JSON. A page-size above the maximum is capped, as the current Core
// documentation says, where the `/api` tree refuses it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAGING } from '../../config';
import type { ServerContext } from '../../context';
import { AnswerBudget } from '../../limits';
import { CATALOGS } from '../../metadata/catalog';
import { entityId, projectOf, queryParams } from '../../params';
import { compileCollectionRequest, pageWithinTotal } from '../../query/index';
import { PAGE_ANSWER_HINT } from '../../rules/answers';
import { defectNotFound } from '../../rules/defects';
import { renderCollection, renderEntity } from '../wire/entity';
import { coreFormat } from '../wire/negotiate';
import { ReferenceNames, defectEntity } from './convert';

const DEFECT = CATALOGS.defects;

/** The Core collection parameters, with an over-large page-size capped and `/api` paging names ignored. */
export function coreCollectionParams(request: FastifyRequest): Record<string, string | undefined> {
  const { limit: _limit, offset: _offset, ...params } = queryParams(request);
  const size = params['page-size']?.trim();
  if (size && /^\d+$/.test(size) && Number(size) > PAGING.maxLimit) params['page-size'] = String(PAGING.maxLimit);
  return params;
}

export function registerCoreDefectReads(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/defects', async (request, reply) => {
    const store = projectOf(ctx, request);
    const compiled = compileCollectionRequest(coreCollectionParams(request), DEFECT, PAGING);
    const total = store.countDefectMatches(compiled);
    const columns = compiled.fields && ['id', ...DEFECT.selected(compiled.fields).map((def) => def.name)];
    // When the total leaves nothing at the offset, the page is not searched for.
    const format = coreFormat(request);
    const rows = new AnswerBudget(ctx.options.limits, PAGE_ANSWER_HINT, format).rows(store.defectPage(pageWithinTotal(compiled, total), columns));
    const refs = new ReferenceNames(store);
    const { type, body } = renderCollection(
      rows.map((row) => defectEntity(row, compiled.fields, refs)),
      total,
      format,
      ctx.options.profile,
    );
    return reply.type(type).send(body);
  });

  // `fields=` has no effect on one entity in Core (reference §7.1): the whole entity is returned.
  app.get('/defects/:id', async (request, reply) => {
    const store = projectOf(ctx, request);
    const id = entityId((request.params as { id: string }).id, 'defect');
    const row = store.getDefect(id);
    if (!row) throw defectNotFound(id);
    const { type, body } = renderEntity(defectEntity(row, null, new ReferenceNames(store)), coreFormat(request), ctx.options.profile);
    return reply.type(type).send(body);
  });
}
