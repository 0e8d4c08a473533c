// GET of the defects collection (fields, order-by, query, paging, total-count) and of one defect.
import type { FastifyInstance } from 'fastify';
import { PAGING } from '../../config';
import type { ServerContext } from '../../context';
import { defectNotFound as notFound } from '../../rules/defects';
import { CATALOGS } from '../../metadata/catalog';
import { compileCollectionRequest, pageQuery, pageWithinTotal } from '../../query/index';
import { AnswerBudget } from '../../limits';
import { PAGE_ANSWER_HINT, pageBody } from './answer';
import { entityId, projectOf, queryParams } from '../params';
import { defectJson, defectJsonSql } from './representation';

export function registerDefectReads(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/defects', async (request, reply) => {
    const store = projectOf(ctx, request);
    const compiled = compileCollectionRequest(queryParams(request), store.defectCatalog(), PAGING);
    // The total first: when it leaves nothing at the offset, the page is not searched for.
    const total = store.countDefectMatches(compiled);
    // The page's ids are found on the indexes first; only those rows are then read whole.
    const page = pageQuery('defects', defectJsonSql(compiled.fields), pageWithinTotal(compiled, total));
    // Collected under the answer budget: a page of huge memos is refused, never held whole.
    const budget = new AnswerBudget(ctx.options.limits, PAGE_ANSWER_HINT);
    const instances = budget.collect(
      store
        .statement(page.sql)
        .pluck()
        .iterate(...page.params) as IterableIterator<Buffer>,
    );
    return reply.type('application/json; charset=utf-8').send(pageBody(instances, total));
  });

  app.get('/defects/:id', async (request) => {
    const store = projectOf(ctx, request);
    const id = entityId((request.params as { id: string }).id, 'defect');
    const { fields } = compileCollectionRequest({ fields: queryParams(request).fields }, CATALOGS.defects, PAGING);
    const row = store.getDefect(id);
    if (!row) throw notFound(id);
    return defectJson(row, fields);
  });
}
