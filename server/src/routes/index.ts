// Every route plugin of a project, registered under `/api/domains/:domain/projects/:project`.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

export function registerProjectRoutes(app: FastifyInstance, ctx: ServerContext): void {
  void app;
  void ctx;
}
