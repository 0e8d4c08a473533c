// A checksum of everything the server stores under its data folder: every row of every table of
// site.db and each project's database (the sessions table aside: every request touches it), and
// the path, size and modification time of every other file. Plus the files anywhere under a folder that are
// not inside the data folder, to catch a write that escaped it.
import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import Database from 'better-sqlite3';

const DB_FILE = /\.db$/;
const DB_SIDE_FILE = /\.db-(wal|shm|journal)$/;
/** Tables a read legitimately changes. */
const VOLATILE_TABLES = new Set(['sessions']);

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

function hashDatabase(path: string, hash: ReturnType<typeof createHash>): void {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const tables = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string; sql: string }[];
    for (const { name: table, sql } of tables) {
      if (VOLATILE_TABLES.has(table)) continue;
      hash.update(`table ${table}\n`);
      const quoted = `"${table.replace(/"/g, '""')}"`;
      // A WITHOUT ROWID table (the pair counters) has no rowid: its rows are ordered by every column.
      const columns = (db.prepare(`SELECT * FROM ${quoted} LIMIT 0`).columns() ?? []).map((_c, i) => String(i + 1));
      const order = /WITHOUT\s+ROWID/i.test(sql) ? columns.join(', ') : 'rowid';
      for (const row of db.prepare(`SELECT * FROM ${quoted} ORDER BY ${order}`).raw().iterate()) {
        hash.update(JSON.stringify(row, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('base64') : typeof v === 'bigint' ? String(v) : v)));
        hash.update('\n');
      }
    }
  } finally {
    db.close();
  }
}

/** The checksum of the data folder's stored data. */
export function storeChecksum(dataDir: string): string {
  const hash = createHash('sha256');
  for (const path of walk(dataDir).sort()) {
    const name = relative(dataDir, path).split(sep).join('/');
    if (DB_SIDE_FILE.test(name)) continue;
    if (DB_FILE.test(name)) {
      hash.update(`db ${name}\n`);
      hashDatabase(path, hash);
      continue;
    }
    // Size and modification time stand for the bytes: reading every attachment each time is too slow.
    const st = statSync(path, { bigint: true });
    hash.update(`file ${name} ${st.size} ${st.mtimeNs} ${st.ino}\n`);
  }
  return hash.digest('hex');
}

/** Files under `root` but outside `dataDir`. */
export function filesOutside(root: string, dataDir: string): string[] {
  const inside = relative(root, dataDir);
  return walk(root)
    .map((p) => relative(root, p))
    .filter((p) => p !== inside && !p.startsWith(`${inside}${sep}`));
}
