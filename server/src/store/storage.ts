// Whether this server can write its data (issue 28 item 8: after a disk filled up, a restart
// failed with "disk I/O error" and served nothing). Every database is opened through `open`:
// it is migrated and then written once (its schema version, again) to prove that a write
// reaches the disk. When that fails because storage refuses writes (full, read-only, failing),
// the server goes read-only: this and every later database opens read-only, sessions live in
// memory (SiteStore), and the trees answer every write 507 with `readOnlyReason` (app.ts).
// A database that still needs a migration cannot be served read-only: that start fails, saying why.
import type { WritableDatabaseHook } from '../config';
import { isWriteRefused } from '../diskFull';
import { migrate, openDatabase } from './sqlite';
import type { SqliteDatabase } from './sqlite';

export class Storage {
  /** Why the server cannot write, or undefined while it can. */
  private reason: string | undefined;

  /** `onOpenForWriting`: the tests' fault injection (ServerOptions.onOpenForWriting). */
  constructor(private readonly onOpenForWriting?: WritableDatabaseHook) {}

  get readOnly(): boolean {
    return this.reason !== undefined;
  }

  get readOnlyReason(): string | undefined {
    return this.reason;
  }

  /** Opens `file`, migrated to `migrations.length`; read-only once any database refused a write. */
  open(file: string, migrations: readonly (readonly string[])[]): SqliteDatabase {
    if (!this.reason) {
      let db: SqliteDatabase | undefined;
      try {
        db = openDatabase(file);
        this.onOpenForWriting?.(db, file);
        migrate(db, migrations);
        db.pragma(`user_version = ${migrations.length}`);
        return db;
      } catch (err) {
        db?.close();
        if (!isWriteRefused(err)) throw err;
        this.reason = `${file}: ${err instanceof Error ? err.message : String(err)}`;
      }
    }
    const db = openDatabase(file, { readOnly: true });
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version !== migrations.length) {
      db.close();
      throw new Error(
        `${file} has schema version ${version} and this server needs ${migrations.length}, but it cannot be written (${this.reason ?? ''}): free disk space or fix the permissions, then start again.`,
      );
    }
    return db;
  }
}
