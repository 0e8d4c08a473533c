import { almProfile } from './profile';
import type { Database } from 'better-sqlite3';
import type { AlmProfile, RestTree } from './profile';

export type { RestTree } from './profile';

// Server options and their defaults. Everything a caller may leave out is resolved here once,
// so route code reads `ctx.options` without re-checking for undefined.

/** See ServerOptions.onOpenForWriting. */
export type WritableDatabaseHook = (db: Database, file: string) => void;

export interface ServerOptions {
  /** TCP port; 0 picks a free one. */
  port?: number;
  /** Interface to listen on. */
  host?: string;
  /** Folder holding site.db and the project folders; created when missing. */
  dataDir: string;
  /** Root path prefix of every resource, like a real server's `/qcbin`. */
  rootPath?: string;
  /** Seed demo domains, projects, users and defects when the data dir is new. */
  demo?: boolean;
  /** Number of demo defects in DEFAULT/Demo. */
  defects?: number;
  /** Idle time after which a session ends and its locks are released. */
  sessionIdleSeconds?: number;
  /** Largest accepted attachment upload. */
  maxAttachmentBytes?: number;
  /** Log requests to stdout (pino through fastify). */
  log?: boolean;
  /** Status of a successful alm-authenticate: sources disagree between 200 and 201. */
  almAuthenticateStatus?: 200 | 201;
  /** The server's clock (sessions, locks, timestamps); tests pass one they can move instead of sleeping. */
  now?: () => Date;
  /** What one request may cost; see RequestLimits. */
  limits?: Partial<RequestLimits>;
  /** The ALM release line to behave as (`--alm`): `12.55` (default), `16.0`, `24.1`, `26.1`; see profile.ts. */
  alm?: string;
  /** 16.00+ behaviour: a non-GET request without `X-XSRF-TOKEN` equal to the token the server issued to the session gets 401. Overrides the profile's. */
  xsrf?: boolean;
  /** Which REST trees answer: the seed's `api`, the Core `rest`, or both. Overrides the profile's. */
  trees?: readonly RestTree[];
  /** GET `authentication-point/logout` answered (the vendor's ENABLE_GET_LOGOUT_METHOD). Overrides the profile's. */
  getLogout?: boolean;
  /** Users to create an API key for at start (`--api-key USER`); the keys are returned once. */
  apiKeysFor?: readonly string[];
  /**
   * A site that signs in through SSO (`--sso`; ALM 15.x "SSO authentication"): users have no ALM
   * password, so every password sign-in is refused and only API keys (`rest/oauth2/login`) sign in.
   * See auth/signIn.ts for what is and is not known of the answer.
   */
  sso?: boolean;
  /**
   * Fault injection for tests: called with every database connection opened for writing, before
   * it is used (`db.pragma('query_only = 1')` makes the data "unwritable"). See store/storage.ts.
   */
  onOpenForWriting?: WritableDatabaseHook;
}

/**
 * Bounds on what one request may make the server hold or do (issue 14): both the `/api` and the
 * Core tree read them through `ctx.options.limits`, so a bound set here applies to every route.
 */
export interface RequestLimits {
  /** Largest value of one field (memo or string) in UTF-8 bytes; beyond it a write is a 413. */
  maxFieldBytes: number;
  /** Most elements one bulk request (data array, ids-to-delete, a PUT selection) may name. */
  maxBulkElements: number;
  /** Most bytes of stored entity data one answer may hold in memory; a larger answer is refused with 413. */
  maxAnswerBytes: number;
  /** Largest request body (JSON, XML, text) in bytes; attachments have maxAttachmentBytes. */
  maxBodyBytes: number;
  /** Deepest nesting of objects and arrays accepted in a JSON body. */
  maxJsonDepth: number;
  /** Time allowed to receive a request's headers, in ms. */
  headersTimeoutMs: number;
  /** A connection with no bytes moving for this long is closed, in ms (a slow but moving upload passes). */
  idleTimeoutMs: number;
  /** Time allowed to receive a request's body, in ms, extended by a second per `minBodyBytesPerSecond` bytes received. */
  bodyTimeoutMs: number;
  /** The rate a body must keep after `bodyTimeoutMs` (a slow but real upload passes, a dribble does not). */
  minBodyBytesPerSecond: number;
  /** Sessions one user may hold; a further sign-in ends the least recently used. */
  maxSessionsPerUser: number;
  /** Locks one user may hold in one project at a time, over all of the user's live sessions. */
  maxLocksPerUser: number;
  /** Failed sign-ins of one user, or from one address, before further attempts are slowed down. */
  signInFailuresAllowed: number;
  /** History (audit) entries kept per entity; past it the oldest are dropped (rules/history.ts says why). */
  maxHistoryPerEntity: number;
}

export interface ResolvedOptions {
  port: number;
  host: string;
  dataDir: string;
  rootPath: string;
  demo: boolean;
  defects: number;
  sessionIdleSeconds: number;
  maxAttachmentBytes: number;
  log: boolean;
  almAuthenticateStatus: 200 | 201;
  limits: RequestLimits;
  xsrf: boolean;
  trees: ReadonlySet<RestTree>;
  getLogout: boolean;
  /** The release line's behaviour, with `trees`, `xsrf` and `getLogout` as resolved above. */
  profile: AlmProfile;
  apiKeysFor: readonly string[];
  sso: boolean;
}

export const DEFAULT_LIMITS: RequestLimits = {
  maxFieldBytes: 1024 * 1024,
  maxBulkElements: 500,
  maxAnswerBytes: 64 * 1024 * 1024,
  maxBodyBytes: 20 * 1024 * 1024,
  maxJsonDepth: 64,
  headersTimeoutMs: 30_000,
  idleTimeoutMs: 60_000,
  bodyTimeoutMs: 30_000,
  minBodyBytesPerSecond: 500,
  signInFailuresAllowed: 5,
  maxLocksPerUser: 100,
  maxSessionsPerUser: 50,
  maxHistoryPerEntity: 5000,
};

const DEFAULTS = {
  port: 0,
  host: '127.0.0.1',
  rootPath: '/qcbin',
  defects: 200,
  sessionIdleSeconds: 3600,
  maxAttachmentBytes: 50 * 1024 * 1024,
} as const;

/** Paging limits of the api tree (reference §6). */
export const PAGING = { defaultLimit: 100, maxLimit: 2000 } as const;

export function resolveOptions(options: ServerOptions): ResolvedOptions {
  const rootPath = normaliseRootPath(options.rootPath ?? DEFAULTS.rootPath);
  const port = options.port ?? DEFAULTS.port;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid port ${String(port)}: use 0-65535.`);
  const defects = options.defects ?? DEFAULTS.defects;
  if (!Number.isInteger(defects) || defects < 0) throw new Error(`Invalid defect count ${String(defects)}.`);
  const base = almProfile(options.alm);
  const profile: AlmProfile = {
    ...base,
    trees: options.trees ?? base.trees,
    xsrf: options.xsrf ?? base.xsrf,
    getLogout: options.getLogout ?? base.getLogout,
  };
  const idle = options.sessionIdleSeconds ?? DEFAULTS.sessionIdleSeconds;
  if (!(idle > 0)) throw new Error(`Invalid session idle time ${String(idle)}: use a positive number of seconds.`);
  return {
    port,
    host: options.host ?? DEFAULTS.host,
    dataDir: options.dataDir,
    rootPath,
    demo: options.demo ?? false,
    defects,
    sessionIdleSeconds: idle,
    maxAttachmentBytes: options.maxAttachmentBytes ?? DEFAULTS.maxAttachmentBytes,
    log: options.log ?? false,
    almAuthenticateStatus: options.almAuthenticateStatus ?? 200,
    limits: resolveLimits(options.limits ?? {}),
    xsrf: profile.xsrf,
    trees: resolveTrees(profile.trees),
    getLogout: profile.getLogout,
    profile,
    apiKeysFor: options.apiKeysFor ?? [],
    sso: options.sso ?? false,
  };
}

function resolveLimits(given: Partial<RequestLimits>): RequestLimits {
  const limits = { ...DEFAULT_LIMITS, ...given };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`Invalid limit ${name} ${String(value)}: use a positive integer.`);
  }
  return limits;
}

function resolveTrees(trees: readonly string[]): ReadonlySet<RestTree> {
  const bad = trees.filter((t) => t !== 'api' && t !== 'rest');
  if (bad.length || trees.length === 0) throw new Error(`Invalid trees '${trees.join(',')}': use api, rest or api,rest.`);
  return new Set(trees as RestTree[]);
}

/** `qcbin`, `/qcbin/` and `/qcbin` all mean `/qcbin`; `/` or `` mean no prefix. */
function normaliseRootPath(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}` : '';
}
