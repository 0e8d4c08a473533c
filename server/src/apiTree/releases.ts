// `releases` and `release-cycles` in the `/api` tree: `{"data":[{"type":"release","id":…}],"total-count":n}`
// pages and plain instances (seed: "releases" and "release_cycles" are reference sources).
import type { FastifyInstance } from 'fastify';
import { PAGING } from '../config';
import type { ServerContext } from '../context';
import { entityId, projectOf, queryParams, refuseWrites } from '../params';
import { RELEASE_COLLECTIONS, releaseFields, releasePage, releaseRow, releasesReadOnly } from '../rules/releases';
import type { ReleaseCollection, ReleaseRow } from '../rules/releases';

function releaseJson(kind: ReleaseCollection, row: ReleaseRow, fields: readonly string[] | null): Record<string, unknown> {
  const out: Record<string, unknown> = { type: kind.type, id: row.id };
  for (const def of kind.catalog.selected(fields, ['id'])) out[def.name] = row[def.name] ?? null;
  return out;
}

export function registerReleases(app: FastifyInstance, ctx: ServerContext): void {
  for (const kind of RELEASE_COLLECTIONS) {
    app.get(`/${kind.collection}`, async (request) => {
      const page = releasePage(projectOf(ctx, request), kind, queryParams(request), PAGING);
      return { data: page.rows.map((row) => releaseJson(kind, row, page.fields)), 'total-count': page.total };
    });
    app.get(`/${kind.collection}/:id`, async (request) => {
      const store = projectOf(ctx, request);
      const fields = releaseFields(kind, queryParams(request).fields, PAGING);
      return releaseJson(kind, releaseRow(store, kind, entityId((request.params as { id: string }).id, kind.type)), fields);
    });
    refuseWrites(app, ctx, [`/${kind.collection}`, `/${kind.collection}/:id`], ['POST', 'PUT', 'DELETE'], (method) => releasesReadOnly(kind, method));
  }
}
