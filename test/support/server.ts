// Test support for anything that talks to the ALM-compatible server: a server on a free port
// over a temporary data dir (removed on close), a small cookie-aware HTTP client, and read-only
// access to a project's database so tests can check what was really stored.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { startServer } from '../../server/src/index';
import type { RunningServer, ServerOptions } from '../../server/src/index';

export type { RunningServer, ServerOptions };

/**
 * Starts a server on 127.0.0.1, port 0, demo data on, in a fresh temporary data dir that
 * `close()` deletes. A caller-given `dataDir` is kept (for restart tests). Every ServerOptions
 * member passes through, e.g. `{ xsrf: true }`, `{ trees: ['rest'] }`, `{ apiKeysFor: ['bob'] }`.
 */
export async function startTestServer(opts: Partial<ServerOptions> = {}): Promise<RunningServer> {
  const ownDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'alm-server-test-'));
  const server = await startServer({ demo: true, ...opts, dataDir, port: opts.port ?? 0, host: opts.host ?? '127.0.0.1' });
  return {
    ...server,
    close: async () => {
      await server.close();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh server (startTestServer) and a TestClient signed in on it as `user`; the server is closed again if the sign-in fails. */
export async function startSignedIn(opts: Partial<ServerOptions> = {}, user = 'alice'): Promise<{ server: RunningServer; client: TestClient }> {
  const server = await startTestServer(opts);
  const client = new TestClient(server.baseUrl);
  try {
    await client.signIn(user);
  } catch (e) {
    await server.close();
    throw e;
  }
  return { server, client };
}

/** A clock for `startTestServer({ now })` that tests move forward instead of sleeping. */
export class MovableClock {
  private offsetMs = 0;
  readonly now = (): Date => new Date(Date.now() + this.offsetMs);

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON (throws when it is not JSON). */
  json<T = Record<string, unknown>>(): T;
}

export interface RequestOptions {
  /** Sent as JSON with `Content-Type: application/json`. */
  json?: unknown;
  /** A raw body; give its Content-Type in `headers`. */
  body?: string;
  headers?: Record<string, string>;
}

/** A cookie jar over fetch: keeps the latest value of every cookie the server sets. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  /** Signs in with an API key through the Core tree's `rest/oauth2/login`. */
  async signInWithKey(clientId: string, secret: string): Promise<TestResponse> {
    const res = await this.request('POST', '/rest/oauth2/login', { json: { clientId, secret } });
    if (res.status !== 200) throw new Error(`oauth2 login of ${clientId} failed: ${res.status} ${res.text}`);
    return res;
  }

  /** Base URL of a project's api resources. */
  projectPath(domain = 'DEFAULT', project = 'Demo'): string {
    return `/api/domains/${domain}/projects/${project}`;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async signIn(user: string, password = `${user}-demo`): Promise<TestResponse> {
    const res = await this.request('POST', '/api/authentication/sign-in', {
      headers: { Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
    });
    if (res.status !== 200) throw new Error(`sign-in of ${user} failed: ${res.status} ${res.text}`);
    return res;
  }

  async request(method: string, path: string, opts: RequestOptions = {}): Promise<TestResponse> {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    if (this.cookies.size) headers.Cookie = this.cookieHeader();
    let body = opts.body;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers['Content-Type'] = 'application/json';
    }
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    for (const line of res.headers.getSetCookie()) this.store(line);
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, json: <T>() => JSON.parse(text) as T };
  }

  get(path: string, headers?: Record<string, string>): Promise<TestResponse> {
    return this.request('GET', path, { headers });
  }

  put(path: string, json: unknown): Promise<TestResponse> {
    return this.request('PUT', path, { json });
  }

  post(path: string, json: unknown): Promise<TestResponse> {
    return this.request('POST', path, { json });
  }

  delete(path: string): Promise<TestResponse> {
    return this.request('DELETE', path);
  }

  private store(line: string): void {
    const [pair = '', ...attrs] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=.*1970/i.test(a));
    if (expired || value === '""' || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

/** Opens a project's database read-only, to assert on stored rows beside HTTP answers. */
export function openProjectDb(dataDir: string, domain = 'DEFAULT', project = 'Demo'): SqliteDatabase {
  return new Database(join(dataDir, 'projects', domain, project, 'project.db'), { readonly: true, fileMustExist: true });
}

/** One stored defect row (columns named like the fields), or undefined. */
export function storedDefect(dataDir: string, id: number, domain = 'DEFAULT', project = 'Demo'): Record<string, unknown> | undefined {
  const db = openProjectDb(dataDir, domain, project);
  try {
    return db.prepare('SELECT * FROM defects WHERE "id" = ?').get(id) as Record<string, unknown> | undefined;
  } finally {
    db.close();
  }
}

/** Runs one statement straight on a project's database, as data stored before a limit (or by another tool) would be. */
export function storeDirectly(dataDir: string, sql: string, ...params: unknown[]): void {
  const db = new Database(join(dataDir, 'projects', 'DEFAULT', 'Demo', 'project.db'));
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}
