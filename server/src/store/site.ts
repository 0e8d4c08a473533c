// The site database: users (with scrypt password hashes), domains, projects and sessions.
// Sessions are persisted so a restarted server still honours its clients' cookies.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { hashPassword, verifyPassword } from './passwords';
import { Storage } from './storage';
import type { SqliteDatabase, Statement } from './sqlite';

export interface SiteUser {
  name: string;
  fullName: string | null;
  email: string | null;
}

export interface NewSiteUser {
  name: string;
  password: string;
  fullName?: string;
  email?: string;
}

export interface SessionRow {
  id: string;
  user: string;
  /** Value of LWSSO_COOKIE_KEY: proves the user authenticated. */
  lwsso: string;
  /** Value of QCSession: the application session, null until site-session is opened. */
  qcsession: string | null;
  xsrf: string;
  created: number;
  /** Epoch milliseconds of the last request made with this session. */
  lastTouch: number;
  /** The API key (client id) that opened the session, null for a password sign-in. */
  apiKey: string | null;
  /** False when the session's API key has been deactivated (or deleted) since: the session must end. */
  keyActive: boolean;
}

export interface DomainListing {
  name: string;
  projects: string[];
}

let decoyHash: string | undefined;

/** A real hash of a random password, made once: what the password of an unknown user, or the secret of an unknown API key, is checked against. */
function hashNothingMatches(): string {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}

const SITE_SCHEMA_V1 = [
  `CREATE TABLE users (
      "name" TEXT PRIMARY KEY,
      "full-name" TEXT,
      "email" TEXT,
      "password-hash" TEXT NOT NULL
    )`,
  'CREATE TABLE domains ("name" TEXT PRIMARY KEY COLLATE NOCASE, "position" INTEGER NOT NULL)',
  `CREATE TABLE projects (
      "domain" TEXT NOT NULL COLLATE NOCASE REFERENCES domains("name"),
      "name" TEXT NOT NULL COLLATE NOCASE,
      "position" INTEGER NOT NULL,
      PRIMARY KEY ("domain", "name")
    )`,
  `CREATE TABLE sessions (
      "id" TEXT PRIMARY KEY,
      "user" TEXT NOT NULL,
      "lwsso" TEXT NOT NULL UNIQUE,
      "qcsession" TEXT UNIQUE,
      "xsrf" TEXT NOT NULL,
      "created" INTEGER NOT NULL,
      "last-touch" INTEGER NOT NULL
    )`,
];

/** API keys (reference §2.1 oauth2/login): the secret is kept only as a salted scrypt hash. */
const SITE_SCHEMA_V2 = [
  `CREATE TABLE api_keys (
      "client-id" TEXT PRIMARY KEY,
      "user" TEXT NOT NULL REFERENCES users("name"),
      "secret-hash" TEXT NOT NULL,
      "active" INTEGER NOT NULL DEFAULT 1,
      "created" INTEGER NOT NULL
    )`,
];

/**
 * Which API key opened a session (issue 28 item 5): deactivating a key ends the sessions it
 * opened, which were not told apart before. Sessions of earlier versions were all opened before
 * this, by either way; they keep null and end as usual.
 */
const SITE_SCHEMA_V3 = ['ALTER TABLE sessions ADD COLUMN "api-key" TEXT', 'CREATE INDEX sessions_api_key ON sessions ("api-key")'];

/** Every site schema step, in order (`PRAGMA user_version` = steps applied); frozen once shipped. */
export const SITE_MIGRATIONS: readonly (readonly string[])[] = [SITE_SCHEMA_V1, SITE_SCHEMA_V2, SITE_SCHEMA_V3];

export interface ApiKeyRow {
  clientId: string;
  user: string;
  active: boolean;
}

interface SessionDbRow {
  id: string;
  user: string;
  lwsso: string;
  qcsession: string | null;
  xsrf: string;
  created: number;
  'last-touch': number;
  'api-key': string | null;
  /** From the join with api_keys: 1 active, 0 deactivated, null for no key (or a key since deleted). */
  'key-active': number | null;
}

const toSession = (r: SessionDbRow): SessionRow => ({
  id: r.id,
  user: r.user,
  lwsso: r.lwsso,
  qcsession: r.qcsession,
  xsrf: r.xsrf,
  created: r.created,
  lastTouch: r['last-touch'],
  apiKey: r['api-key'],
  keyActive: r['api-key'] === null || r['key-active'] === 1,
});

/** Sessions with the state of the API key that opened them. */
const SESSIONS = 'SELECT s.*, k."active" AS "key-active" FROM sessions s LEFT JOIN api_keys k ON k."client-id" = s."api-key"';

export class SiteStore {
  readonly db: SqliteDatabase;
  /** Statements every request runs (session and project lookups), prepared once. */
  private readonly hot = new Map<string, Statement>();

  /** True once sessions are kept in memory (site.db could not be written). */
  private sessionsInMemory = false;

  constructor(dataDir: string, storage = new Storage()) {
    this.db = storage.open(join(dataDir, 'site.db'), SITE_MIGRATIONS);
    if (storage.readOnly) this.keepSessionsInMemory();
  }

  /**
   * From now on sessions live in memory, starting with those on disk (so signed-in clients stay
   * signed in): a temporary table that shadows `sessions` for this connection, with the columns
   * the migrations gave it. Used when site.db cannot be written (a read-only start, or a full
   * disk while running): signing in and reading go on; sessions opened meanwhile end with the
   * process.
   */
  keepSessionsInMemory(): void {
    if (this.sessionsInMemory) return;
    const columns = '"id", "user", "lwsso", "qcsession", "xsrf", "created", "last-touch", "api-key"';
    this.db.pragma('temp_store = MEMORY');
    this.db.exec(`CREATE TEMP TABLE sessions (
        "id" TEXT PRIMARY KEY, "user" TEXT NOT NULL, "lwsso" TEXT NOT NULL UNIQUE, "qcsession" TEXT UNIQUE,
        "xsrf" TEXT NOT NULL, "created" INTEGER NOT NULL, "last-touch" INTEGER NOT NULL, "api-key" TEXT
      )`);
    this.db.exec(`INSERT INTO temp.sessions (${columns}) SELECT ${columns} FROM main.sessions`);
    this.hot.clear();
    this.sessionsInMemory = true;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  private stmt(sql: string): Statement {
    let st = this.hot.get(sql);
    if (!st) {
      st = this.db.prepare(sql);
      this.hot.set(sql, st);
    }
    return st;
  }

  /** True until the first domain exists: the data dir is new and may be seeded. */
  isEmpty(): boolean {
    return this.db.prepare('SELECT 1 FROM domains LIMIT 1').get() === undefined;
  }

  // ---- users -------------------------------------------------------------------------------

  /** Adds or replaces a user; the password is stored only as a salted scrypt hash. */
  addUser(user: NewSiteUser): void {
    this.db
      .prepare('INSERT OR REPLACE INTO users ("name", "full-name", "email", "password-hash") VALUES (?, ?, ?, ?)')
      .run(user.name, user.fullName ?? null, user.email ?? null, hashPassword(user.password));
  }

  getUser(name: string): SiteUser | undefined {
    const row = this.db.prepare('SELECT * FROM users WHERE "name" = ?').get(name) as { name: string; 'full-name': string | null; email: string | null } | undefined;
    return row && { name: row.name, fullName: row['full-name'], email: row.email };
  }

  listUsers(): SiteUser[] {
    const rows = this.db.prepare('SELECT * FROM users ORDER BY "name"').all() as { name: string; 'full-name': string | null; email: string | null }[];
    return rows.map((row) => ({ name: row.name, fullName: row['full-name'], email: row.email }));
  }

  /**
   * An unknown user costs the same scrypt as a known one (against a hash no password matches),
   * so the answer time does not tell which user names exist.
   */
  async checkPassword(name: string, password: string): Promise<boolean> {
    const row = this.db.prepare('SELECT "password-hash" AS h FROM users WHERE "name" = ?').get(name) as { h: string } | undefined;
    const matches = await verifyPassword(password, row?.h ?? hashNothingMatches());
    return row !== undefined && matches;
  }

  // ---- API keys ----------------------------------------------------------------------------

  /** Adds (or replaces) an API key of an existing user; only the secret's hash is stored. */
  addApiKey(clientId: string, user: string, secret: string, at: number): void {
    this.db.prepare('INSERT OR REPLACE INTO api_keys ("client-id", "user", "secret-hash", "active", "created") VALUES (?, ?, ?, 1, ?)').run(clientId, user, hashPassword(secret), at);
  }

  getApiKey(clientId: string): ApiKeyRow | undefined {
    const row = this.db.prepare('SELECT "client-id" AS c, "user" AS u, "active" AS a FROM api_keys WHERE "client-id" = ?').get(clientId) as { c: string; u: string; a: number } | undefined;
    return row && { clientId: row.c, user: row.u, active: row.a === 1 };
  }

  /**
   * Checks a key's secret. An unknown client id costs the same scrypt as a known one (against a
   * hash no secret matches), so the answer time does not tell which ids exist (issue 28 item 5).
   */
  async checkApiSecret(clientId: string, secret: string): Promise<boolean> {
    const row = this.db.prepare('SELECT "secret-hash" AS h FROM api_keys WHERE "client-id" = ?').get(clientId) as { h: string } | undefined;
    const matches = await verifyPassword(secret, row?.h ?? hashNothingMatches());
    return row !== undefined && matches;
  }

  /** Marks a key active or not; false when there is no such key. Its sessions are ended by SessionService. */
  setApiKeyActive(clientId: string, active: boolean): boolean {
    return this.db.prepare('UPDATE api_keys SET "active" = ? WHERE "client-id" = ?').run(active ? 1 : 0, clientId).changes > 0;
  }

  // ---- domains and projects ----------------------------------------------------------------

  addDomain(name: string): void {
    this.db.prepare('INSERT OR IGNORE INTO domains ("name", "position") VALUES (?, (SELECT COUNT(*) FROM domains))').run(name);
  }

  /** Registers a project (the domain is added when missing); see ProjectRegistry.create for its files. */
  addProject(domain: string, name: string): void {
    this.addDomain(domain);
    this.db.prepare('INSERT OR IGNORE INTO projects ("domain", "name", "position") VALUES (?, ?, (SELECT COUNT(*) FROM projects WHERE "domain" = ?))').run(domain, name, domain);
  }

  /** Canonical names of a project, matched case-insensitively like ALM does. */
  findProject(domain: string, name: string): { domain: string; name: string } | undefined {
    return this.stmt('SELECT d."name" AS domain, p."name" AS name FROM projects p JOIN domains d ON d."name" = p."domain" WHERE p."domain" = ? AND p."name" = ?').get(domain, name) as
      { domain: string; name: string } | undefined;
  }

  findDomain(name: string): string | undefined {
    const row = this.db.prepare('SELECT "name" FROM domains WHERE "name" = ?').get(name) as { name: string } | undefined;
    return row?.name;
  }

  listDomains(): DomainListing[] {
    const domains = this.db.prepare('SELECT "name" FROM domains ORDER BY "position"').all() as { name: string }[];
    const projects = this.db.prepare('SELECT "domain", "name" FROM projects ORDER BY "position"').all() as { domain: string; name: string }[];
    return domains.map((d) => ({
      name: d.name,
      projects: projects.filter((p) => p.domain.toUpperCase() === d.name.toUpperCase()).map((p) => p.name),
    }));
  }

  // ---- sessions ----------------------------------------------------------------------------

  insertSession(session: SessionRow): void {
    this.db
      .prepare('INSERT INTO sessions ("id", "user", "lwsso", "qcsession", "xsrf", "created", "last-touch", "api-key") VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(session.id, session.user, session.lwsso, session.qcsession, session.xsrf, session.created, session.lastTouch, session.apiKey);
  }

  findSessionByLwsso(token: string): SessionRow | undefined {
    const row = this.stmt(`${SESSIONS} WHERE s."lwsso" = ?`).get(token) as SessionDbRow | undefined;
    return row && toSession(row);
  }

  findSessionByQcSession(token: string): SessionRow | undefined {
    const row = this.stmt(`${SESSIONS} WHERE s."qcsession" = ?`).get(token) as SessionDbRow | undefined;
    return row && toSession(row);
  }

  findSessionById(id: string): SessionRow | undefined {
    const row = this.stmt(`${SESSIONS} WHERE s."id" = ?`).get(id) as SessionDbRow | undefined;
    return row && toSession(row);
  }

  setQcSession(id: string, qcsession: string | null, xsrf: string): void {
    this.db.prepare('UPDATE sessions SET "qcsession" = ?, "xsrf" = ? WHERE "id" = ?').run(qcsession, xsrf, id);
  }

  touchSession(id: string, at: number): void {
    this.stmt('UPDATE sessions SET "last-touch" = ? WHERE "id" = ?').run(at, id);
  }

  deleteSession(id: string): void {
    this.db.prepare('DELETE FROM sessions WHERE "id" = ?').run(id);
  }

  /** Every session of a user. */
  sessionsOfUser(user: string): SessionRow[] {
    return (this.stmt(`${SESSIONS} WHERE s."user" = ?`).all(user) as SessionDbRow[]).map(toSession);
  }

  /** Sessions an API key opened. */
  sessionsOfApiKey(clientId: string): SessionRow[] {
    return (this.db.prepare(`${SESSIONS} WHERE s."api-key" = ?`).all(clientId) as SessionDbRow[]).map(toSession);
  }

  /** Sessions idle since before `cutoff` (epoch ms). */
  idleSessions(cutoff: number): SessionRow[] {
    return (this.db.prepare(`${SESSIONS} WHERE s."last-touch" < ?`).all(cutoff) as SessionDbRow[]).map(toSession);
  }
}
