// Core GET of the defects collection and of one defect (reference §5.1, §6, §7.1): `page-size`
// (or `max`) and 1-based `start-index`, `query={…}`, `order-by={…}`, `fields=`, default order by
// id, in XML by default or JSON. A page-size above the maximum is capped, as the current Core
// documentation says, where the `/api` tree refuses it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAGING } from '../../config';
import type { ServerContext } from '../../context';
import type { ProjectStore } from '../../store/project';
import { compileCollectionRequest, pageQuery, pageWithinTotal } from '../../query/index';
import type { CompiledCollectionRequest } from '../../query/index';
import { entityId, projectOf, queryParams } from '../../routes/params';
import { AnswerBudget } from '../../limits';
import { PAGE_ANSWER_HINT } from '../../routes/defects/answer';
import { defectNotFound } from '../../rules/defects';
import { renderEntity } from '../wire/entity';
import { coreFormat } from '../wire/negotiate';
import { ReferenceNames, defectEntity } from './convert';
import { coreDefectJsonSql } from './json';
import { coreDefectXmlPage } from './xml';

/** The Core collection parameters, with an over-large page-size capped and `/api` paging names ignored. */
export function coreCollectionParams(request: FastifyRequest): Record<string, string | undefined> {
  const { limit: _limit, offset: _offset, ...params } = queryParams(request);
  const size = params['page-size']?.trim();
  if (size && /^\d+$/.test(size) && Number(size) > PAGING.maxLimit) params['page-size'] = String(PAGING.maxLimit);
  return params;
}

function compile(request: FastifyRequest, store: ProjectStore): CompiledCollectionRequest {
  return compileCollectionRequest(coreCollectionParams(request), store.defectCatalog(), PAGING);
}

const JSON_START = Buffer.from('{"entities":[');
const COMMA = Buffer.from(',');

function jsonPage(entities: readonly Buffer[], total: number): Buffer {
  const parts: Buffer[] = [JSON_START];
  entities.forEach((entity, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(entity);
  });
  parts.push(Buffer.from(`],"TotalResults":${total}}`));
  return Buffer.concat(parts);
}

export function registerCoreDefectReads(app: FastifyInstance, ctx: ServerContext): void {
  // Real clients send `defects/?page-size=5`; the trailing slash names the same collection.
  for (const url of ['/defects', '/defects/']) {
    app.get(url, async (request, reply) => {
      const store = projectOf(ctx, request);
      const counted = compile(request, store);
      const total = store.countDefectMatches(counted);
      // When the total leaves nothing at the offset, the page is not searched for.
      const compiled = pageWithinTotal(counted, total);
      if (coreFormat(request) === 'json') {
        const page = pageQuery('defects', coreDefectJsonSql(compiled.fields), compiled);
        // Under the shared answer budget, as the api tree's pages: a page of huge memos is a 413.
        const entities = new AnswerBudget(ctx.options.limits, PAGE_ANSWER_HINT).collect(
          store
            .statement(page.sql)
            .pluck()
            .iterate(...page.params) as IterableIterator<Buffer>,
        );
        return reply.type('application/json; charset=utf-8').send(jsonPage(entities, total));
      }
      return reply.type('application/xml; charset=utf-8').send(coreDefectXmlPage(store, compiled, total, new AnswerBudget(ctx.options.limits, PAGE_ANSWER_HINT)));
    });
  }

  // `fields=` has no effect on one entity in Core (reference §7.1): the whole entity is returned.
  app.get('/defects/:id', async (request, reply) => {
    const store = projectOf(ctx, request);
    const id = entityId((request.params as { id: string }).id, 'defect');
    const row = store.getDefect(id);
    if (!row) throw defectNotFound(id);
    const { type, body } = renderEntity(defectEntity(row, null, new ReferenceNames(store)), coreFormat(request));
    return reply.type(type).send(body);
  });
}
