// `releases` and `release-cycles` in the Core tree: `<Entities>` / `{"entities"}` pages and single
// entities in the same envelope as defects (wire/), every value a string; on 26.1 an empty String
// or Memo is `[{}]` as on defects (§16.2).
import type { FastifyInstance } from 'fastify';
import { PAGING } from '../config';
import type { ServerContext } from '../context';
import { entityId, projectOf, refuseWrites } from '../params';
import { RELEASE_COLLECTIONS, releasePage, releaseRow, releasesReadOnly } from '../rules/releases';
import type { ReleaseCollection, ReleaseRow } from '../rules/releases';
import { textual } from './defects/convert';
import { coreCollectionParams } from './defects/read';
import { renderCollection, renderEntity } from './wire/entity';
import type { CoreEntity } from './wire/entity';
import { coreFormat } from './wire/negotiate';

function releaseEntity(kind: ReleaseCollection, row: ReleaseRow, fields: readonly string[] | null): CoreEntity {
  const defs = kind.catalog.selected(fields && ['id', ...fields]);
  return {
    type: kind.type,
    fields: defs.map((def) => {
      const value = row[def.name];
      if (value === null || value === undefined) return { name: def.name, values: [], blankWhenEmpty: textual(def) };
      return { name: def.name, values: [{ value: typeof value === 'string' ? value : JSON.stringify(value) }] };
    }),
  };
}

export function registerCoreReleases(app: FastifyInstance, ctx: ServerContext): void {
  for (const kind of RELEASE_COLLECTIONS) {
    app.get(`/${kind.collection}`, async (request, reply) => {
      const page = releasePage(projectOf(ctx, request), kind, coreCollectionParams(request), PAGING);
      const rendered = renderCollection(
        page.rows.map((row) => releaseEntity(kind, row, page.fields)),
        page.total,
        coreFormat(request),
        ctx.options.profile,
      );
      return reply.type(rendered.type).send(rendered.body);
    });
    app.get(`/${kind.collection}/:id`, async (request, reply) => {
      const store = projectOf(ctx, request);
      const row = releaseRow(store, kind, entityId((request.params as { id: string }).id, kind.type));
      const rendered = renderEntity(releaseEntity(kind, row, null), coreFormat(request), ctx.options.profile);
      return reply.type(rendered.type).send(rendered.body);
    });
    refuseWrites(app, ctx, [`/${kind.collection}`, `/${kind.collection}/:id`], ['POST', 'PUT', 'DELETE'], (method) => releasesReadOnly(kind, method));
  }
}
