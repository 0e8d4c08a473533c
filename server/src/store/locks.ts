// A project's locks (reference §9): one row per locked entity, with the user and session holding
// it. Rules decide who may take or release one (rules/locks.ts, rules/lockGuard.ts); this only
// stores them.
import type { ProjectDatabase } from './projectDatabase';
import type { LockRow } from './projectTypes';
import { formatDateTime } from './time';

export class LockStore {
  constructor(private readonly project: ProjectDatabase) {}

  private get db() {
    return this.project.db;
  }

  find(entityType: string, entityId: number): LockRow | undefined {
    return this.project.statement('SELECT * FROM locks WHERE "parent-type" = ? AND "parent-id" = ?').get(entityType, entityId) as LockRow | undefined;
  }

  byId(id: number): LockRow | undefined {
    return this.db.prepare('SELECT * FROM locks WHERE "id" = ?').get(id) as LockRow | undefined;
  }

  take(entityType: string, entityId: number, user: string, session: string): LockRow {
    const stamp = formatDateTime(this.project.now());
    const info = this.db
      .prepare('INSERT INTO locks ("parent-type", "parent-id", "user", "session", "lock-time", "session-last-touch") VALUES (?, ?, ?, ?, ?, ?)')
      .run(entityType, entityId, user, session, stamp, stamp);
    return this.byId(Number(info.lastInsertRowid)) as LockRow;
  }

  /** How many locks a user holds in this project, by session (ended sessions may still have rows). */
  countsOfUser(user: string): { session: string; count: number }[] {
    return this.project.statement('SELECT "session", COUNT(*) AS "count" FROM locks WHERE "user" = ? GROUP BY "session"').all(user) as { session: string; count: number }[];
  }

  /** Ids of the entities of a type that users other than `user` hold locks on. */
  lockedByOthers(entityType: string, user: string): number[] {
    return this.project.statement('SELECT "parent-id" FROM locks WHERE "parent-type" = ? AND "user" <> ?').pluck().all(entityType, user) as number[];
  }

  /** Releases whatever lock an entity has (it is being deleted). */
  releaseAllOn(entityType: string, entityId: number): void {
    this.project.statement('DELETE FROM locks WHERE "parent-type" = ? AND "parent-id" = ?').run(entityType, entityId);
  }

  release(id: number): boolean {
    return this.db.prepare('DELETE FROM locks WHERE "id" = ?').run(id).changes > 0;
  }

  /** Releases every lock a user holds (in any session); returns them as they were, by id. */
  releaseAllOfUser(user: string): LockRow[] {
    return this.project.transaction(() => {
      const locks = this.db.prepare('SELECT * FROM locks WHERE "user" = ? ORDER BY "id"').all(user) as LockRow[];
      this.db.prepare('DELETE FROM locks WHERE "user" = ?').run(user);
      return locks;
    });
  }

  /** Releases every lock a session holds (sign-out or expiry). */
  releaseAllOfSession(session: string): number {
    return this.db.prepare('DELETE FROM locks WHERE "session" = ?').run(session).changes;
  }
}
