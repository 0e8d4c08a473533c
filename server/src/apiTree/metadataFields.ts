// `GET /<collection>/$metadata/fields` for defects, attachments, locks and list-items.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { AlmError } from '../errors';
import { CATALOGS, isCollectionName } from '../metadata/catalog';
import { fieldsResponseJson } from '../metadata/fieldsJson';
import { projectOf } from '../params';

/** The bodies never change at run time, so they are written once. */
const BODIES = new Map(Object.entries(CATALOGS).map(([name, catalog]) => [name, fieldsResponseJson(catalog)]));

export function registerMetadataFields(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/:collection/$metadata/fields', async (request, reply) => {
    projectOf(ctx, request);
    const { collection } = request.params as { collection: string };
    const body = isCollectionName(collection) ? BODIES.get(collection) : undefined;
    if (!body) throw new AlmError(404, 'qccore.entity-not-found', `No field metadata for collection '${collection}'.`);
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
