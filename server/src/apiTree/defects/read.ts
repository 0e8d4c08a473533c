// GET of the defects collection (fields, order-by, query, paging, total-count) and of one defect.
import type { FastifyInstance } from 'fastify';
import { PAGING } from '../../config';
import type { ServerContext } from '../../context';
import { AnswerBudget } from '../../limits';
import { CATALOGS } from '../../metadata/catalog';
import { entityId, projectOf, queryParams } from '../../params';
import { compileCollectionRequest, pageWithinTotal } from '../../query/index';
import { PAGE_ANSWER_HINT } from '../../rules/answers';
import { defectNotFound } from '../../rules/defects';
import { defectJson, defectsJson } from './json';

const DEFECT = CATALOGS.defects;

export function registerDefectReads(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/defects', async (request, reply) => {
    const store = projectOf(ctx, request);
    const compiled = compileCollectionRequest(queryParams(request), DEFECT, PAGING);
    // The total first: when it leaves nothing at the offset, the page is not searched for.
    const total = store.countDefectMatches(compiled);
    const columns = compiled.fields && ['id', ...DEFECT.selected(compiled.fields, ['id']).map((def) => def.name)];
    const rows = new AnswerBudget(ctx.options.limits, PAGE_ANSWER_HINT).rows(store.defectPage(pageWithinTotal(compiled, total), columns));
    return reply.type('application/json; charset=utf-8').send(defectsJson(rows, compiled.fields, total));
  });

  app.get('/defects/:id', async (request) => {
    const store = projectOf(ctx, request);
    const id = entityId((request.params as { id: string }).id, 'defect');
    const { fields } = compileCollectionRequest({ fields: queryParams(request).fields }, DEFECT, PAGING);
    const row = store.getDefect(id);
    if (!row) throw defectNotFound(id);
    return defectJson(row, fields);
  });
}
