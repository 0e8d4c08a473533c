// GET of the defects collection (fields, order-by, query, paging, total-count) and of one defect.
import type { FastifyInstance } from 'fastify';
import { PAGING } from '../../config';
import type { ServerContext } from '../../context';
import { AlmError } from '../../errors';
import { CATALOGS } from '../../metadata/catalog';
import { compileCollectionRequest } from '../../query/index';
import type { DefectRow } from '../../store/projectTypes';
import { entityId, projectOf, queryParams } from '../params';
import { defectJson, selectColumns } from './representation';

export function notFound(id: number): AlmError {
  return new AlmError(404, 'qccore.entity-not-found', `Defect ${id} does not exist.`, [{ Name: 'id', Value: id }]);
}

export function registerDefectReads(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/defects', async (request) => {
    const store = projectOf(ctx, request);
    const compiled = compileCollectionRequest(queryParams(request), CATALOGS.defects, PAGING);
    const rows = store.db
      .prepare(`SELECT ${selectColumns(compiled.fields)} FROM defects WHERE ${compiled.where} ORDER BY ${compiled.orderBy} LIMIT ? OFFSET ?`)
      .all(...compiled.params, compiled.limit, compiled.offset) as DefectRow[];
    const total = store.db.prepare(`SELECT COUNT(*) AS n FROM defects WHERE ${compiled.where}`).get(...compiled.params) as { n: number };
    return { data: rows.map((row) => defectJson(row, compiled.fields)), 'total-count': total.n };
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
