// list-items: read-only and hierarchical. Without `query`/`order-by` the items come in tree
// order (each list followed by its values, depth first); `total-count` is always sent.
import type { FastifyInstance } from 'fastify';
import { PAGING } from '../config';
import type { ServerContext } from '../context';
import { AlmError } from '../errors';
import { CATALOGS } from '../metadata/catalog';
import { compileCollectionRequest } from '../query/index';
import type { ListItemRow } from '../store/projectTypes';
import { entityId, projectOf, queryParams, refuseWrites } from '../params';

function listItemJson(row: ListItemRow, fields: readonly string[] | null): Record<string, unknown> {
  const all: Record<string, unknown> = {
    type: 'list-item',
    id: row.id,
    'logical-identifier': row['logical-identifier'],
    name: row.name,
    parent: { id: row['parent-id'], type: 'list-item' },
  };
  if (!fields) return all;
  const out: Record<string, unknown> = { type: 'list-item', id: row.id };
  for (const name of fields) {
    if (name === 'parent-id' || name === 'parent.id') out.parent = all.parent;
    else if (name in all) out[name] = all[name];
  }
  return out;
}

const readOnly = (method: string) =>
  new AlmError(405, 'qccore.operation-forbidden', `list-items are read-only through the REST interface (${method} refused); lists are edited in the ALM user interface.`);

export function registerListItems(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/list-items', async (request) => {
    const store = projectOf(ctx, request);
    const params = queryParams(request);
    const compiled = compileCollectionRequest(params, CATALOGS['list-items'], PAGING);
    if (!params.query && !params['order-by']) {
      const rows = store.listItemsInTreeOrder();
      const page = rows.slice(compiled.offset, compiled.offset + compiled.limit);
      return { data: page.map((row) => listItemJson(row, compiled.fields)), 'total-count': rows.length };
    }
    const rows = store.rowsOf<ListItemRow>('list_items', compiled);
    return { data: rows.map((row) => listItemJson(row, compiled.fields)), 'total-count': store.countOf('list_items', compiled) };
  });

  app.get('/list-items/:id', async (request) => {
    const store = projectOf(ctx, request);
    const id = entityId((request.params as { id: string }).id, 'list-item');
    const { fields } = compileCollectionRequest({ fields: queryParams(request).fields }, CATALOGS['list-items'], PAGING);
    const row = store.getListItem(id);
    if (!row) throw new AlmError(404, 'qccore.entity-not-found', `List item ${id} does not exist.`);
    return listItemJson(row, fields);
  });

  refuseWrites(app, ctx, ['/list-items', '/list-items/:id'], ['POST', 'PUT', 'DELETE', 'PATCH'], readOnly);
}
