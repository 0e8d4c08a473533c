// Helpers every project route uses: the project store named by the URL, entity ids, and the refusal
// of writes to a read-only collection.
import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import type { ProjectStore, ServerContext } from './context';
import { AlmError } from './errors';

/**
 * Project routes are registered under `…/domains/:domain/projects/:project` (both trees). The
 * session hook has already refused a non-member; checking here too keeps any route that reaches
 * a project through this helper safe even when registered outside the hooked scopes.
 */
export function projectOf(ctx: ServerContext, request: FastifyRequest): ProjectStore {
  const { domain, project } = request.params as { domain: string; project: string };
  const store = ctx.projects.get(domain, project);
  if (request.almSession) assertMember(store, request.almSession.user);
  return store;
}

/** A user the project does not list is refused as a real server does (reference §8: 403). */
export function assertMember(store: ProjectStore, user: string): void {
  if (store.hasUser(user)) return;
  throw new AlmError(403, 'qccore.operation-forbidden', `User '${user}' is not a member of project ${store.domain}/${store.name}. Ask the site administrator to add you to the project.`);
}

/** A numeric entity id from the URL; anything else is a 404 like a real server's unknown entity. */
export function entityId(raw: string, entity: string): number {
  if (!/^\d{1,15}$/.test(raw)) {
    throw new AlmError(404, 'qccore.entity-not-found', `Invalid ${entity} id '${raw}': ids are positive integers.`);
  }
  return Number(raw);
}

/** The query string as plain strings (the first value of a repeated parameter). */
export function queryParams(request: FastifyRequest): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(request.query as Record<string, string | string[] | undefined>)) {
    out[key] = Array.isArray(value) ? value[0] : value;
  }
  return out;
}

/**
 * Answers the write `methods` on the `urls` of a read-only collection: the project is checked as
 * for a read (an unknown project or a non-member is refused first), then `refusal` is thrown.
 */
export function refuseWrites(app: FastifyInstance, ctx: ServerContext, urls: readonly string[], methods: readonly HTTPMethods[], refusal: (method: string) => AlmError): void {
  for (const url of urls) {
    app.route({
      method: [...methods],
      url,
      handler: async (request) => {
        projectOf(ctx, request);
        throw refusal(request.method);
      },
    });
  }
}
