// GET of the defects collection (fields, order-by, query, paging, total-count) and of one defect.
import type { FastifyInstance } from 'fastify';
import { PAGING } from '../../config';
import type { ServerContext } from '../../context';
import { defectNotFound as notFound } from '../../rules/defects';
import { CATALOGS } from '../../metadata/catalog';
import { compileCollectionRequest, countQuery, pageQuery } from '../../query/index';
import { entityId, projectOf, queryParams } from '../params';
import { defectJson, defectJsonSql } from './representation';

const PAGE_START = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');

/** The page envelope around instance JSON written by SQLite, as one buffer sent without re-encoding. */
function pageBody(instances: readonly Buffer[], total: number): Buffer {
  const parts: Buffer[] = [PAGE_START];
  instances.forEach((instance, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(instance);
  });
  parts.push(Buffer.from(`],"total-count":${total}}`));
  return Buffer.concat(parts);
}

export function registerDefectReads(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/defects', async (request, reply) => {
    const store = projectOf(ctx, request);
    const compiled = compileCollectionRequest(queryParams(request), CATALOGS.defects, PAGING);
    // The page's ids are found on the indexes first; only those rows are then read whole.
    const page = pageQuery('defects', defectJsonSql(compiled.fields), compiled);
    const instances = store.statement(page.sql).pluck().all(...page.params) as Buffer[];
    const count = countQuery('defects', compiled);
    const total = store.count(count.sql, count.params);
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
