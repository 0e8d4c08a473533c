// Public entry point of the ALM-compatible server: `startServer(options)` opens (and on first
// use seeds) the data dir, listens, and returns the base URL and a `close()`.
import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { resolveOptions } from './config';
import type { ServerOptions } from './config';
import type { AlmProfile } from './profile';
import type { ServerContext } from './context';
import { buildApp } from './app';
import type { FastifyInstance } from 'fastify';
import { SiteStore } from './store/site';
import type { DomainListing } from './store/site';
import { ProjectRegistry } from './store/registry';
import { SessionService } from './store/sessions';
import { Storage } from './store/storage';
import { seedBaseline } from './demo/baseline';
import { seedDemo } from './demo/index';
import type { DemoSummary } from './demo/index';
import { DEMO_API_KEY, createApiKey, ensureDemoApiKey } from './auth/apiKeys';
import type { ApiKey } from './auth/apiKeys';

export type { ServerOptions } from './config';
export type { AlmProfile, AlmVersion } from './profile';
export { ALM_VERSIONS } from './profile';
export type { ServerContext, AlmSession } from './context';
export { AlmError } from './errors';
export { DEMO_USERS, DEMO_PROJECTS } from './demo/baseline';
export type { DemoSummary } from './demo/index';
export type { ApiKey } from './auth/apiKeys';
export { DEMO_API_KEY, apiKeyLine } from './auth/apiKeys';

export interface RunningServer {
  /** e.g. `http://127.0.0.1:PORT/qcbin` */
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Domains and their projects, as `GET /api/domains` lists them. */
  domains(): DomainListing[];
  /** What the demo seeder created, when it ran in this start (a new data dir with `demo`). */
  demo?: DemoSummary;
  /** API keys to show: the demo's (with `demo`) and those created by `apiKeysFor` in this start. */
  apiKeys: ApiKey[];
  /** The release line the server behaves as (`alm`), with the overrides applied. */
  profile: AlmProfile;
  /**
   * Deactivates an API key, as a site administrator does: its sessions end at once (their locks
   * released) and it no longer signs in (403). False when there is no key with that client id.
   */
  deactivateApiKey(clientId: string): boolean;
  /**
   * Why the server is read-only (its data could not be written when it started: a full disk, a
   * read-only data directory), or undefined when it writes. Read-only, it signs in and reads, and
   * answers every other write 507 saying so.
   */
  readOnlyReason: string | undefined;
  close(): Promise<void>;
}

/** Thrown for problems the CLI reports in one line (busy port, unusable data dir). */
export class StartupError extends Error {
  override name = 'StartupError';
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const resolved = resolveOptions(options);
  prepareDataDir(resolved.dataDir);
  const now = options.now ?? (() => new Date());
  const storage = new Storage(options.onOpenForWriting);
  const site = new SiteStore(resolved.dataDir, storage);
  const projects = new ProjectRegistry(site, resolved.dataDir, now, resolved.limits.maxFieldBytes, storage);
  const ctx: ServerContext = {
    options: resolved,
    site,
    projects,
    sessions: new SessionService(site, projects, resolved.sessionIdleSeconds, now, resolved.limits.maxSessionsPerUser),
    storage,
    now,
  };
  let app;
  let demo: DemoSummary | undefined;
  const apiKeys: ApiKey[] = [];
  try {
    // Every project is opened now, so a database that cannot be written is known before the first request.
    projects.all();
    if (storage.readOnly && site.isEmpty()) throw new StartupError(`Data directory ${resolved.dataDir} is new but cannot be written (${storage.readOnlyReason ?? ''}).`);
    if (site.isEmpty()) demo = await seed(ctx);
    apiKeys.push(...createKeys(ctx));
    app = await buildApp(ctx);
    await app.listen({ port: resolved.port, host: resolved.host });
  } catch (err) {
    await app?.close();
    projects.closeAll();
    site.close();
    if (isErrno(err) && err.code === 'EADDRINUSE') {
      throw new StartupError(`Port ${resolved.port} on ${resolved.host} is already in use; choose another with --port.`);
    }
    throw err;
  }
  // Sessions idle past the timeout end (and free their locks) even if nobody asks for them.
  const sweeper = setInterval(() => ctx.sessions.sweep(), Math.min(60_000, resolved.sessionIdleSeconds * 500));
  sweeper.unref();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : resolved.port;
  const hostForUrl = resolved.host.includes(':') ? `[${resolved.host}]` : resolved.host;
  let closed = false;
  return {
    baseUrl: `http://${hostForUrl === '0.0.0.0' ? '127.0.0.1' : hostForUrl}:${port}${resolved.rootPath}`,
    port,
    dataDir: resolved.dataDir,
    domains: () => site.listDomains(),
    demo,
    apiKeys,
    profile: resolved.profile,
    deactivateApiKey: (clientId) => ctx.sessions.deactivateApiKey(clientId),
    readOnlyReason: storage.readOnlyReason,
    close: async () => {
      if (closed) return;
      closed = true;
      clearInterval(sweeper);
      await closeWithGrace(app);
      projects.closeAll();
      site.close();
    },
  };
}

/**
 * Closes the HTTP server, letting requests in flight finish; a connection still open after
 * the grace period (a client that never reads its response, or a stuck keep-alive socket)
 * is destroyed so that shutdown cannot hang.
 */
async function closeWithGrace(app: FastifyInstance, graceMs = 2000): Promise<void> {
  const closing = app.close();
  const timer = setTimeout(() => app.server.closeAllConnections(), graceMs);
  try {
    await closing;
  } finally {
    clearTimeout(timer);
  }
}

/** A new data dir gets the baseline (users, domains, projects, lists), plus demo data on request. */
async function seed(ctx: ServerContext): Promise<DemoSummary | undefined> {
  if (ctx.options.demo) return seedDemo(ctx, { defects: ctx.options.defects });
  seedBaseline(ctx);
  return undefined;
}

/** The demo's documented key (with `demo`) and a new key per `apiKeysFor` user. */
function createKeys(ctx: ServerContext): ApiKey[] {
  const at = ctx.now().getTime();
  const keys: ApiKey[] = [];
  if (ctx.storage.readOnly) {
    if (ctx.options.apiKeysFor.length > 0) throw new StartupError(`Cannot create API keys: the data cannot be written (${ctx.storage.readOnlyReason ?? ''}).`);
    // The demo key is shown when it is there; it cannot be added.
    if (ctx.options.demo && ctx.site.getApiKey(DEMO_API_KEY.clientId)) keys.push(DEMO_API_KEY);
    return keys;
  }
  if (ctx.options.demo) {
    const demoKey = ensureDemoApiKey(ctx.site, at);
    if (demoKey) keys.push(demoKey);
  }
  for (const user of ctx.options.apiKeysFor) {
    try {
      keys.push(createApiKey(ctx.site, user, at));
    } catch (err) {
      throw new StartupError((err as Error).message);
    }
  }
  return keys;
}

function prepareDataDir(dir: string): void {
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw new StartupError(`Data directory ${dir} is a file, not a directory.`);
  try {
    mkdirSync(dir, { recursive: true });
    // A data directory that cannot be written but holds data is served read-only (store/storage.ts).
    accessSync(dir, existsSync(join(dir, 'site.db')) ? constants.R_OK : constants.R_OK | constants.W_OK);
  } catch (err) {
    const reason = isErrno(err) ? err.code : String(err);
    throw new StartupError(`Data directory ${dir} cannot be created or is not readable and writable (${reason}).`);
  }
}

function isErrno(err: unknown): err is NodeJS.ErrnoException {
  return err instanceof Error && 'code' in err;
}
