// Schema of a project database. Defect fields are real columns named exactly like the fields,
// so the query compiler filters and sorts on indexed columns without a mapping layer.
import { DEFECT_FIELDS } from '../metadata/defectFields';
import { sqlType } from '../metadata/types';
import { countAllDefects, defectCountsSchema } from './defectCounts';
import { defectPairCountsSchema } from './defectPairCounts';
import { defectXmlEscapesSchema } from './defectXmlEscapes';

function defectTable(): string {
  const columns = DEFECT_FIELDS.map((def) => (def.name === 'id' ? '"id" INTEGER PRIMARY KEY AUTOINCREMENT' : `${def.column} ${sqlType(def)}`));
  return `CREATE TABLE defects (\n  ${columns.join(',\n  ')}\n)`;
}

/** Indexes that keep filtered, ordered 100-row pages fast at 100,000 defects. */
const DEFECT_INDEXES = ['status', 'severity', 'priority', 'owner', 'detected-by', 'last-modified', 'creation-time', 'user-01'];

/**
 * Version 2: composite indexes for the pages clients ask for most — a filter on status, owner or
 * detected-by ordered by last-modified, or a status filter ordered by severity or priority. They
 * make those pages index-only (no wide row with memos is read until the final 100), ~20x faster
 * at 100,000 defects. The single-column indexes stay: they keep `X = ? ORDER BY id` sort-free.
 */
function projectSchemaV2(): string[] {
  const composite: [string, string[]][] = [
    ['status_modified', ['status', 'last-modified']],
    ['status_severity', ['status', 'severity']],
    ['status_priority', ['status', 'priority']],
    ['owner_modified', ['owner', 'last-modified', 'status']],
    ['detectedby_modified', ['detected-by', 'last-modified']],
  ];
  return composite.map(([name, cols]) => `CREATE INDEX IF NOT EXISTS "defects_${name}" ON defects(${cols.map((c) => `"${c}"`).join(', ')})`);
}

/** Version 3: "severity X reported by Y, newest first" walks one index in id order. */
function projectSchemaV3(): string[] {
  return ['CREATE INDEX IF NOT EXISTS "defects_severity_detectedby" ON defects("severity", "detected-by")'];
}

/**
 * Version 4: the file holding an attachment's content. NULL means the file named by the id; a
 * replaced content gets a fresh name, committed before the old file is removed (issue 14).
 */
function projectSchemaV4(): string[] {
  return ['ALTER TABLE attachments ADD COLUMN "content-file" TEXT'];
}

/**
 * Version 5 (issue 16, a million defects): per-value counts kept by triggers (defectCounts.ts), so
 * totals of the tree's filters and groups are lookups; "assigned to X, not Closed, newest first"
 * without a sort (the id follows last-modified in the index, as the order-by's tie-breaker); and
 * the ids alone in an index, so a deep offset in id order (Load more far down the list, a scan
 * of every defect) skips index entries of a few bytes instead of whole rows with their memos:
 * offset 500,000 of a million took 1.3 s, 70 ms with it.
 */
function projectSchemaV5(): string[] {
  return [
    ...defectCountsSchema(),
    ...countAllDefects(),
    'DROP INDEX IF EXISTS "defects_owner_modified"',
    'CREATE INDEX "defects_owner_modified_id" ON defects("owner", "last-modified", "id", "status")',
    'CREATE INDEX "defects_id" ON defects("id")',
  ];
}

/**
 * Version 6 (issue 12): which plain fields of each defect need XML escaping, kept by triggers
 * (defectXmlEscapes.ts), so Core XML pages write the others without testing every value.
 */
function projectSchemaV6(): string[] {
  return defectXmlEscapesSchema();
}

/**
 * Version 7 (issue 16): counts per pair of values of the fields the tree combines (owner and
 * status, …; defectPairCounts.ts), so "my open defects" right after a write is a lookup too.
 */
function projectSchemaV7(): string[] {
  return defectPairCountsSchema();
}

function projectSchemaV1(): string[] {
  return [
    defectTable(),
    ...DEFECT_INDEXES.map((col) => `CREATE INDEX "defects_${col}" ON defects("${col}")`),
    `CREATE TABLE list_items (
      "id" INTEGER PRIMARY KEY,
      "logical-identifier" TEXT NOT NULL,
      "name" TEXT NOT NULL,
      "parent-id" INTEGER NOT NULL DEFAULT 0,
      "position" INTEGER NOT NULL DEFAULT 0
    )`,
    'CREATE INDEX list_items_parent ON list_items("parent-id", "position", "id")',
    `CREATE TABLE users (
      "name" TEXT PRIMARY KEY,
      "full-name" TEXT,
      "email" TEXT
    )`,
    `CREATE TABLE releases (
      "id" INTEGER PRIMARY KEY AUTOINCREMENT,
      "name" TEXT NOT NULL,
      "start-date" TEXT,
      "end-date" TEXT,
      "description" TEXT
    )`,
    `CREATE TABLE release_cycles (
      "id" INTEGER PRIMARY KEY AUTOINCREMENT,
      "name" TEXT NOT NULL,
      "parent-id" INTEGER NOT NULL REFERENCES releases("id"),
      "start-date" TEXT,
      "end-date" TEXT
    )`,
    `CREATE TABLE environments (
      "id" INTEGER PRIMARY KEY AUTOINCREMENT,
      "name" TEXT NOT NULL
    )`,
    `CREATE TABLE attachments (
      "id" INTEGER PRIMARY KEY AUTOINCREMENT,
      "name" TEXT NOT NULL,
      "description" TEXT,
      "ref-type" TEXT NOT NULL DEFAULT 'File',
      "ref-subtype" INTEGER NOT NULL DEFAULT 0,
      "file-size" INTEGER NOT NULL DEFAULT 0,
      "last-modified" TEXT NOT NULL,
      "vc-user-name" TEXT,
      "vc-cur-ver" TEXT,
      "parent-id" INTEGER NOT NULL,
      "parent-type" TEXT NOT NULL,
      "content-type" TEXT NOT NULL DEFAULT 'application/octet-stream'
    )`,
    'CREATE INDEX attachments_parent ON attachments("parent-type", "parent-id", "name")',
    `CREATE TABLE locks (
      "id" INTEGER PRIMARY KEY AUTOINCREMENT,
      "parent-type" TEXT NOT NULL,
      "parent-id" INTEGER NOT NULL,
      "user" TEXT NOT NULL,
      "session" TEXT NOT NULL,
      "lock-time" TEXT NOT NULL,
      "session-last-touch" TEXT NOT NULL,
      UNIQUE ("parent-type", "parent-id")
    )`,
    'CREATE INDEX locks_session ON locks("session")',
  ];
}

/** Step i moves a project database from user_version i to i+1; append, never edit. */
export const PROJECT_MIGRATIONS = [projectSchemaV1, projectSchemaV2, projectSchemaV3, projectSchemaV4, projectSchemaV5, projectSchemaV6, projectSchemaV7] as const;
