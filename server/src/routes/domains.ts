// Domains and projects as the api tree lists them: `{"results":[…]}` (reference §3).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AlmSession, ServerContext } from '../context';
import type { DomainListing } from '../store/site';
import { AlmError } from '../errors';

/**
 * The domains with only the projects `user` is a member of: a project a user may not open is not
 * shown to them (a domain stays listed; its project list may be empty). Both trees list through it.
 */
export function visibleDomains(ctx: ServerContext, user: string): DomainListing[] {
  return ctx.site.listDomains().map((d) => ({ name: d.name, projects: d.projects.filter((p) => ctx.projects.get(d.name, p).hasUser(user)) }));
}

export function registerDomains(app: FastifyInstance, ctx: ServerContext): void {
  const userOf = (request: FastifyRequest) => (request.almSession as AlmSession).user;

  app.get('/domains', async (request) => ({
    results: visibleDomains(ctx, userOf(request)).map((d) => ({ name: d.name, projects: d.projects.map((name) => ({ name })) })),
  }));

  app.get('/domains/:domain/projects', async (request) => {
    const { domain } = request.params as { domain: string };
    const found = visibleDomains(ctx, userOf(request)).find((d) => d.name.toUpperCase() === domain.toUpperCase());
    if (!found) throw new AlmError(404, 'qccore.entity-not-found', `Domain '${domain}' does not exist.`);
    return { results: found.projects.map((name) => ({ name })) };
  });
}
