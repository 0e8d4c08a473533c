// Opens a SQLite file the way every store of this server needs it: WAL journal and
// synchronous=FULL, so a write acknowledged to a client survives `kill -9` and power loss.
import Database from 'better-sqlite3';
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';

export type { SqliteDatabase, Statement };

/** With `readOnly`, the file must exist and nothing is written to it (the server's read-only mode, storage.ts). */
export function openDatabase(file: string, options: { readOnly?: boolean } = {}): SqliteDatabase {
  if (options.readOnly) {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    // Temporary tables (the read-only mode's sessions) in memory: the disk may be full.
    db.pragma('temp_store = MEMORY');
    db.pragma('busy_timeout = 5000');
    return db;
  }
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  // Reads go through the page cache mapping instead of a copy per page: large pages of wide
  // defect rows read markedly faster. Writes still go through the WAL.
  db.pragma('mmap_size = 268435456');
  // Another connection (a benchmark, a second server on the same dir) may hold the write lock briefly.
  db.pragma('busy_timeout = 5000');
  return db;
}

/** Applies `steps[i]` (SQL statements) to move from user_version i to i+1, each step in its own transaction. */
export function migrate(db: SqliteDatabase, steps: readonly (readonly string[])[]): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > steps.length) {
    throw new Error(`Database ${db.name} has schema version ${current}, newer than this server (${steps.length}).`);
  }
  for (let version = current; version < steps.length; version++) {
    db.transaction(() => {
      for (const sql of steps[version]) db.exec(sql);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}
