// The database of one project, as every store over it uses it (issue 28: split from project.ts by
// purpose): opened through Storage (migrated, read-only when the data cannot be written), with
// prepared statements and counts kept between requests, and transactions that run file clean-ups
// once they commit. ProjectStore adds what the rows mean; LockStore, AttachmentStore, AuditStore
// and LinkStore work over it.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Storage } from './storage';
import type { SqliteDatabase, Statement } from './sqlite';
import { PROJECT_MIGRATIONS } from './projectSchema';

/** A quoted SQL identifier (defect columns are named like their fields, e.g. `"ver-stamp"`). */
export const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

export class ProjectDatabase {
  readonly db: SqliteDatabase;
  /** Folder holding attachment content, one file per attachment id. */
  readonly attachmentsDir: string;
  /** Prepared statements by SQL text: collection reads repeat the same few shapes. */
  private readonly statements = new Map<string, Statement>();
  /** Counts by query and parameters, with the write generation they were taken at (see count()). */
  private readonly counts = new Map<string, { generation: string; count: number }>();
  private readonly totalChanges;

  constructor(
    readonly dir: string,
    /** The server's clock: stamps of what is written (last-modified, lock-time). */
    readonly now: () => Date,
    /** Whether the server can write (a read-only start opens this database read-only). */
    storage = new Storage(),
  ) {
    this.attachmentsDir = join(dir, 'attachments');
    if (!storage.readOnly) mkdirSync(this.attachmentsDir, { recursive: true });
    this.db = storage.open(join(dir, 'project.db'), PROJECT_MIGRATIONS);
    this.totalChanges = this.db.prepare('SELECT total_changes()').pluck();
  }

  /** True when this database was opened read-only (the server started read-only). */
  get readOnly(): boolean {
    return this.db.readonly;
  }

  /**
   * The result of a count query, kept until anything is written: an exact total over a million
   * defects costs tens of milliseconds, and Load more asks the same count page after page.
   * SQLite's total_changes() counts every row this connection wrote, whatever the statement or
   * route, and data_version changes when another connection wrote: together they say whether a
   * kept count can still be true.
   */
  count(sql: string, params: readonly unknown[]): number {
    const generation = this.writeGeneration();
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    const kept = this.counts.get(key);
    if (kept?.generation === generation) return kept.count;
    const count = this.statement(sql)
      .pluck()
      .get(...params) as number;
    this.counts.delete(key);
    if (this.counts.size >= 256) this.counts.delete(this.counts.keys().next().value as string);
    this.counts.set(key, { generation, count });
    return count;
  }

  /**
   * Changes with every write to this database, by this connection or another: what was read at
   * one generation still holds while it stays the same.
   */
  writeGeneration(): string {
    return `${String(this.db.pragma('data_version', { simple: true }))}:${String(this.totalChanges.get())}`;
  }

  /** A prepared statement for `sql`, reused across requests (at most 256 kept). */
  statement(sql: string): Statement {
    let stmt = this.statements.get(sql);
    if (stmt) {
      // Re-inserting keeps the map in least-recently-used order.
      this.statements.delete(sql);
    } else {
      stmt = this.db.prepare(sql);
      if (this.statements.size >= 256) this.statements.delete(this.statements.keys().next().value as string);
    }
    this.statements.set(sql, stmt);
    return stmt;
  }

  /** Work to do once the outermost transaction has committed (see afterCommit). */
  private readonly pending: (() => void)[] = [];

  /**
   * Runs `fn` in one transaction: all of its writes happen or none do. Nested calls join the
   * outer transaction; tasks queued with afterCommit run when the outermost one commits.
   */
  transaction<T>(fn: () => T): T {
    const mark = this.pending.length;
    const outermost = !this.db.inTransaction;
    let result: T;
    try {
      result = this.db.transaction(fn)();
    } catch (err) {
      // Rolled back: what it queued must not happen (a file it meant to remove is still referenced).
      this.pending.length = mark;
      throw err;
    }
    if (outermost) for (const task of this.pending.splice(0)) task();
    return result;
  }

  /**
   * Runs `task` after the current transaction commits (now, outside one). File removals go here:
   * a crash before the commit then leaves the old file referenced, after it an orphan swept at start.
   */
  afterCommit(task: () => void): void {
    if (this.db.inTransaction) this.pending.push(task);
    else task();
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
