// Core domains and projects (reference §3): `rest/domains` (with `include-projects-info=y`) and
// `rest/domains/{d}/projects`, XML `<Domains><Domain Name="…"><Projects><Project Name="…"/>…`
// by default and JSON `{"Domain":[{"Name":…,"Projects":{"Project":[…]}}]}` (the XML mapped 1:1,
// as the clients that read it expect). The `/api` tree's listing uses the same XML (apiTree/domains.ts).
import type { CoreJsonDialect } from '../profile';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import { AlmError } from '../errors';
import type { DomainListing } from '../store/site';
import { xmlDocument } from '../xml';
import type { CoreFormat } from './wire/entity';
import { coreFormat } from './wire/negotiate';

const projectsJson = (names: readonly string[]) => ({ Project: names.map((name) => ({ Name: name })) });
const projectsXml = (names: readonly string[]) => ({ Project: names.map((name) => ({ '@_Name': name })) });

export function domainsBody(domains: readonly DomainListing[], withProjects: boolean, format: CoreFormat, dialect: CoreJsonDialect = 'xml-mapped'): { type: string; body: string } {
  if (format === 'json') {
    const Domain = domains.map((d) => (withProjects ? { Name: d.name, Projects: projectsJson(d.projects) } : { Name: d.name }));
    // 26.1 keeps the XML's root element (as it does for Fields and Users).
    return { type: 'application/json; charset=utf-8', body: JSON.stringify(dialect === 'live-26.1' ? { Domains: { Domain } } : { Domain }) };
  }
  const Domain = domains.map((d) => (withProjects ? { '@_Name': d.name, Projects: projectsXml(d.projects) } : { '@_Name': d.name }));
  return { type: 'application/xml; charset=utf-8', body: xmlDocument({ Domains: { Domain } }) };
}

export function projectsBody(names: readonly string[], format: CoreFormat, dialect: CoreJsonDialect = 'xml-mapped'): { type: string; body: string } {
  return format === 'json'
    ? { type: 'application/json; charset=utf-8', body: JSON.stringify(dialect === 'live-26.1' ? { Projects: projectsJson(names) } : projectsJson(names)) }
    : { type: 'application/xml; charset=utf-8', body: xmlDocument({ Projects: projectsXml(names) }) };
}

/**
 * The domains with only the projects `user` is a member of (issue 14): a project a user may not
 * open is not shown to them; a domain stays listed. Every listing of both trees goes through it.
 */
export function visibleDomains(ctx: ServerContext, user: string): DomainListing[] {
  return ctx.site.listDomains().map((d) => ({ name: d.name, projects: d.projects.filter((p) => ctx.projects.get(d.name, p).hasUser(user)) }));
}

/** The user of a request behind the session hook. */
export function sessionUser(request: FastifyRequest): string {
  if (!request.almSession) throw new AlmError(401, 'qccore.general-error', 'Not authenticated.');
  return request.almSession.user;
}

export function findDomain(ctx: ServerContext, name: string, user: string): DomainListing {
  const found = visibleDomains(ctx, user).find((d) => d.name.toUpperCase() === name.toUpperCase());
  if (!found) throw new AlmError(404, 'qccore.entity-not-found', `Domain '${name}' does not exist.`);
  return found;
}

/** `yyyy-MM-dd HH:mm:ss` in server-local time, as ALM writes times (§16.2). */
function almTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/**
 * `rest/server/time`: the server's clock (listed in the 26.1 resource list, read by public clients,
 * §13.2, §17; never captured). `<ServerTimeInfo><DateTime>…</DateTime><TimeInMillis>…</TimeInMillis>`;
 * JSON keeps the root, as 26.1 does for Fields and Users. The element names are inferred.
 */
function serverTimeBody(now: Date, format: CoreFormat): { type: string; body: string } {
  const info = { DateTime: almTime(now), TimeInMillis: String(now.getTime()) };
  return format === 'json'
    ? { type: 'application/json; charset=utf-8', body: JSON.stringify({ ServerTimeInfo: info }) }
    : { type: 'application/xml; charset=utf-8', body: xmlDocument({ ServerTimeInfo: info }) };
}

/** Registered under `<root>/rest`, behind the session hook. */
export function registerCoreDomains(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/server/time', async (request, reply) => {
    const { type, body } = serverTimeBody(new Date(), coreFormat(request));
    return reply.type(type).send(body);
  });
  app.get('/domains', async (request, reply) => {
    const include = (request.query as Record<string, string | undefined>)['include-projects-info'];
    const { type, body } = domainsBody(visibleDomains(ctx, sessionUser(request)), /^(y|yes|true)$/i.test(include ?? ''), coreFormat(request), ctx.options.profile.coreJson);
    return reply.type(type).send(body);
  });
  app.get('/domains/:domain/projects', async (request, reply) => {
    const found = findDomain(ctx, (request.params as { domain: string }).domain, sessionUser(request));
    const { type, body } = projectsBody(found.projects, coreFormat(request), ctx.options.profile.coreJson);
    return reply.type(type).send(body);
  });
}
