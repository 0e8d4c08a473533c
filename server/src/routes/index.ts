// Every route plugin of a project, registered under `/api/domains/:domain/projects/:project`.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { registerAttachments } from '../attachments/index';
import { registerDefects } from './defects/index';
import { registerListItems } from './listItems';
import { registerLocks } from './locks';
import { registerMetadataFields } from './metadataFields';

export function registerProjectRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerMetadataFields(app, ctx);
  registerListItems(app, ctx);
  registerDefects(app, ctx);
  registerLocks(app, ctx);
  registerAttachments(app, ctx);
}
