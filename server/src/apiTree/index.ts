// Every route plugin of a project, registered under `/api/domains/:domain/projects/:project`.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { AlmError } from '../errors';
import { projectOf } from '../params';
import { registerAttachments } from './attachments';
import { registerDefects } from './defects/index';
import { registerListItems } from './listItems';
import { registerLocks } from './locks';
import { registerMetadataFields } from './metadataFields';
import { registerReleases } from './releases';

/** Methods a resource does not offer answer 405 rather than a 404 that suggests a wrong URL. */
const REFUSED: [string, ('POST' | 'PUT' | 'PATCH' | 'DELETE')[]][] = [
  ['/defects', ['PATCH']],
  ['/defects/:id', ['POST', 'PATCH']],
  ['/locks', ['PUT', 'PATCH']],
  ['/locks/:id', ['POST', 'PUT', 'PATCH']],
];

function registerRefusals(app: FastifyInstance, ctx: ServerContext): void {
  for (const [url, methods] of REFUSED) {
    app.route({
      method: methods,
      url,
      handler: async (request) => {
        projectOf(ctx, request);
        throw new AlmError(405, 'qccore.operation-forbidden', `${request.method} is not supported on ${url.replace(':id', '{id}')}.`);
      },
    });
  }
}

export function registerProjectRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerMetadataFields(app, ctx);
  registerListItems(app, ctx);
  registerDefects(app, ctx);
  registerLocks(app, ctx);
  registerAttachments(app, ctx);
  registerReleases(app, ctx);
  registerRefusals(app, ctx);
}
