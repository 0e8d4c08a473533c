// Helpers every project route uses: the project store named by the URL, and entity ids.
import type { FastifyRequest } from 'fastify';
import type { ProjectStore, ServerContext } from '../context';
import { AlmError } from '../errors';

/** Project routes are registered under `/api/domains/:domain/projects/:project`. */
export function projectOf(ctx: ServerContext, request: FastifyRequest): ProjectStore {
  const { domain, project } = request.params as { domain: string; project: string };
  return ctx.projects.get(domain, project);
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
