// Domains and projects as the api tree lists them: `{"results":[…]}` (reference §3).
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { AlmError } from '../errors';

export function registerDomains(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/domains', async () => ({
    results: ctx.site.listDomains().map((d) => ({ name: d.name, projects: d.projects.map((name) => ({ name })) })),
  }));

  app.get('/domains/:domain/projects', async (request) => {
    const { domain } = request.params as { domain: string };
    const found = ctx.site.listDomains().find((d) => d.name.toUpperCase() === domain.toUpperCase());
    if (!found) throw new AlmError(404, 'qccore.entity-not-found', `Domain '${domain}' does not exist.`);
    return { results: found.projects.map((name) => ({ name })) };
  });
}
