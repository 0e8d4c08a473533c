// The context handed to every route plugin: options, the site store, the project stores,
// the session service and the clock (injected so tests can move time).
import type { ResolvedOptions } from './config';
import type { SiteStore } from './store/site';
import type { ProjectStore } from './store/project';
import type { SessionService } from './auth/sessions';

export type { ProjectStore };

/** The authenticated session of a request, set by the session hook. */
export interface AlmSession {
  id: string;
  user: string;
}

export interface ProjectLookup {
  /** The store of an existing project; throws AlmError 404 for an unknown domain or project. */
  get(domain: string, project: string): ProjectStore;
  /** Registers a new project (and its domain) and creates its database. */
  create(domain: string, project: string): ProjectStore;
  /** Every project of the site. */
  all(): ProjectStore[];
}

export interface ServerContext {
  options: ResolvedOptions;
  site: SiteStore;
  projects: ProjectLookup;
  sessions: SessionService;
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session hook on every request under `/api/domains`; undefined elsewhere. */
    almSession?: AlmSession;
  }
}
