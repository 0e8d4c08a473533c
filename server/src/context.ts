// The context handed to every route plugin: options, the site store, the project stores,
// the session service and the clock (injected so tests can move time).
import type { ResolvedOptions } from './config';
import type { SiteStore } from './store/site';
import type { ProjectStore } from './store/project';
import type { ProjectLookup } from './store/registry';
import type { SessionService } from './store/sessions';
import type { Storage } from './store/storage';

export type { ProjectStore };

/** The authenticated session of a request, set by the session hook. */
export interface AlmSession {
  id: string;
  user: string;
}

export interface ServerContext {
  options: ResolvedOptions;
  site: SiteStore;
  projects: ProjectLookup;
  sessions: SessionService;
  /** Whether the data can be written; read-only after a start where it could not (issue 28 item 8). */
  storage: Storage;
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session hook on every request under `/api/domains`; undefined elsewhere. */
    almSession?: AlmSession;
  }
}
