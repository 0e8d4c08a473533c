// Domains and projects as the api tree lists them: `{"results":[…]}` (reference §3) when the
// client asks for JSON, and otherwise the `<Domains><Domain Name="…">` XML that public clients
// sending `Accept: */*` parse (the same XML as the Core tree's, coreTree/domains.ts).
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { domainsBody, findDomain, projectsBody, sessionUser, visibleDomains } from '../coreTree/domains';
import { coreFormat } from '../coreTree/wire/negotiate';

export function registerDomains(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/domains', async (request, reply) => {
    const domains = visibleDomains(ctx, sessionUser(request));
    if (coreFormat(request) === 'json') {
      return { results: domains.map((d) => ({ name: d.name, projects: d.projects.map((name) => ({ name })) })) };
    }
    const { type, body } = domainsBody(domains, true, 'xml');
    return reply.type(type).send(body);
  });

  app.get('/domains/:domain/projects', async (request, reply) => {
    const found = findDomain(ctx, (request.params as { domain: string }).domain, sessionUser(request));
    if (coreFormat(request) === 'json') return { results: found.projects.map((name) => ({ name })) };
    const { type, body } = projectsBody(found.projects, 'xml');
    return reply.type(type).send(body);
  });
}
