// Session lifecycle: sign-in creates a session, every authenticated request touches it, and an
// idle, signed-out or deleted session ends, releasing its locks in every project.
import { DEFAULT_LIMITS } from '../config';
import { isWriteRefused, whenWritable } from '../diskFull';
import { randomBytes, randomUUID } from 'node:crypto';
import type { ProjectLookup } from './registry';
import type { SessionRow, SiteStore } from './site';

/** How many logged-out cookie values are remembered. */
const MAX_REMEMBERED_LOGOUTS = 10_000;

const token = (bytes = 24) => randomBytes(bytes).toString('base64url');

export class SessionService {
  private readonly idleMs: number;
  /** Last touch per session id, kept in memory so most touches need no disk write. */
  private readonly touched = new Map<string, number>();
  /** Last touch written to site.db per session id. */
  private readonly persisted = new Map<string, number>();
  /** Idle time a client asked for (`<time-out>` on site-session), per session id; kept in memory only. */
  private readonly idleOf = new Map<string, number>();
  /** Cookie values of sessions ended by a logout, newest last, so a replay can be told apart (26.1, reference §16.1). */
  private readonly loggedOut = new Set<string>();

  constructor(
    private readonly site: SiteStore,
    private readonly projects: ProjectLookup,
    idleSeconds: number,
    private readonly now: () => Date,
    /** Sessions one user may hold; signing in once more ends the least recently used (issue 28 item 5). */
    private readonly maxPerUser = DEFAULT_LIMITS.maxSessionsPerUser,
  ) {
    this.idleMs = idleSeconds * 1000;
  }

  /** Opens an authenticated session; with `app`, also the application session (QCSession); `apiKey` names the key that opened it. */
  create(user: string, app: boolean, apiKey: string | null = null): SessionRow {
    const at = this.now().getTime();
    const row: SessionRow = {
      id: randomUUID(),
      user,
      lwsso: token(32),
      qcsession: app ? token() : null,
      xsrf: randomUUID(),
      created: at,
      lastTouch: at,
      apiKey,
      keyActive: true,
    };
    this.endLeastRecentOf(user, this.maxPerUser - 1);
    this.writeSessions(() => this.site.insertSession(row));
    this.touched.set(row.id, at);
    return row;
  }

  /**
   * Ends the user's least recently used sessions (releasing their locks) until `keep` are left:
   * a user signing in again and again, or a script that never signs out, cannot pile up sessions.
   */
  private endLeastRecentOf(user: string, keep: number): void {
    const sessions = this.site.sessionsOfUser(user);
    if (sessions.length <= keep) return;
    const lastUse = (session: SessionRow) => Math.max(this.touched.get(session.id) ?? 0, session.lastTouch);
    const oldestFirst = [...sessions].sort((a, b) => lastUse(a) - lastUse(b));
    for (const session of oldestFirst.slice(0, sessions.length - keep)) this.end(session.id);
  }

  /** Opens (or re-opens) the application session of an authenticated session. */
  openApp(session: SessionRow): SessionRow {
    const updated = { ...session, qcsession: token(), xsrf: randomUUID() };
    this.writeSessions(() => this.site.setQcSession(session.id, updated.qcsession, updated.xsrf));
    this.touch(updated);
    return updated;
  }

  /** Ends only the application session: its locks go, the LWSSO authentication stays. */
  closeApp(session: SessionRow): void {
    this.writeSessions(() => this.site.setQcSession(session.id, null, session.xsrf));
    this.releaseLocks(session.id);
  }

  byLwsso(value: string | undefined): SessionRow | undefined {
    return value ? this.alive(this.site.findSessionByLwsso(value)) : undefined;
  }

  byQcSession(value: string | undefined): SessionRow | undefined {
    return value ? this.alive(this.site.findSessionByQcSession(value)) : undefined;
  }

  /** True when the session exists and has not been idle too long; ends it otherwise. */
  isAlive(id: string): boolean {
    return this.alive(this.site.findSessionById(id)) !== undefined;
  }

  /** Epoch ms of the session's last request, or undefined when it has ended. */
  lastTouch(id: string): number | undefined {
    const session = this.site.findSessionById(id);
    return session ? Math.max(this.touched.get(id) ?? 0, session.lastTouch) : undefined;
  }

  /** Records activity; the disk copy is refreshed at most every tenth of the idle time. */
  touch(session: SessionRow): void {
    const at = this.now().getTime();
    this.touched.set(session.id, at);
    const persistEvery = Math.min(5000, this.idleMs / 10);
    if (at - (this.persisted.get(session.id) ?? session.lastTouch) >= persistEvery) {
      // A full disk must not fail reads: the touch stays in memory and is written next time.
      whenWritable(() => {
        this.site.touchSession(session.id, at);
        this.persisted.set(session.id, at);
      });
    }
  }

  /** Ends a session and releases its locks in every project. */
  end(id: string): void {
    this.writeSessions(() => this.site.deleteSession(id));
    this.touched.delete(id);
    this.persisted.delete(id);
    this.idleOf.delete(id);
    this.releaseLocks(id);
  }

  /** Ends a session because its user logged out: its cookies are remembered as logged out. */
  logOut(session: SessionRow): void {
    for (const value of [session.lwsso, session.qcsession]) if (value) this.loggedOut.add(value);
    // Bounded: the oldest are forgotten first (a Set iterates in insertion order).
    for (const oldest of this.loggedOut) {
      if (this.loggedOut.size <= MAX_REMEMBERED_LOGOUTS) break;
      this.loggedOut.delete(oldest);
    }
    this.end(session.id);
  }

  /** True when a cookie value belonged to a session that logged out (and is remembered). */
  wasLoggedOut(value: string | undefined): boolean {
    return value !== undefined && this.loggedOut.has(value);
  }

  /** Sets the idle time of one session (site-session `<time-out>` minutes, reference §2.2). */
  setIdleTimeout(session: SessionRow, minutes: number): void {
    this.idleOf.set(session.id, minutes * 60_000);
  }

  private idleMsOf(id: string): number {
    return this.idleOf.get(id) ?? this.idleMs;
  }

  /**
   * Deactivates an API key and ends the sessions it opened, releasing their locks (issue 28 item
   * 5: they kept working). False when there is no such key. A key deactivated in site.db by other
   * means ends its sessions at their next request (`alive`).
   */
  deactivateApiKey(clientId: string): boolean {
    if (!this.site.setApiKeyActive(clientId, false)) return false;
    for (const session of this.site.sessionsOfApiKey(clientId)) this.end(session.id);
    return true;
  }

  /** Ends every idle session; called periodically so abandoned locks are freed. */
  sweep(): number {
    const at = this.now().getTime();
    // Sessions given a shorter idle time than the default are looked at too.
    const cutoff = at - Math.min(this.idleMs, ...this.idleOf.values());
    let ended = 0;
    for (const session of this.site.idleSessions(cutoff)) {
      if ((this.touched.get(session.id) ?? session.lastTouch) < at - this.idleMsOf(session.id)) {
        this.end(session.id);
        ended++;
      }
    }
    return ended;
  }

  private alive(session: SessionRow | undefined): SessionRow | undefined {
    if (!session) return undefined;
    if (!session.keyActive) {
      this.end(session.id);
      return undefined;
    }
    const last = Math.max(this.touched.get(session.id) ?? 0, session.lastTouch);
    if (this.now().getTime() - last > this.idleMsOf(session.id)) {
      this.end(session.id);
      return undefined;
    }
    return session;
  }

  /**
   * A session change; when site.db refuses it (a full disk), sessions move to memory and it is
   * made there, so users can still sign in and read (issue 28 item 8).
   */
  private writeSessions(write: () => void): void {
    try {
      write();
    } catch (err) {
      if (!isWriteRefused(err)) throw err;
      this.site.keepSessionsInMemory();
      write();
    }
  }

  /** Releases the session's locks; where a project cannot be written they stay, and count as released (lockGuard.liveLock). */
  private releaseLocks(sessionId: string): void {
    for (const project of this.projects.all()) whenWritable(() => project.locks.releaseAllOfSession(sessionId));
  }
}
