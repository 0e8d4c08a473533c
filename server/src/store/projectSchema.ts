// Schema of a project database, as migrations: step i moves a database from user_version i to
// i+1. Every step is frozen SQL text, never built from live constants (the field catalog, a list
// of counted fields): a step that shipped must do tomorrow exactly what it did then, or a data
// dir made by an older build would open into another schema. A schema change is a new step
// appended at the end; test/integration/server/migrations.test.ts opens a database of every
// earlier version and checks that it keeps its data.
//
// Defect fields are real columns named exactly like the fields, so the query compiler filters and
// sorts on indexed columns without a mapping layer. A field added to the catalog needs a step
// adding its column (the store inserts the columns the table has).

/** Version 1: the tables, and indexes that keep filtered, ordered 100-row pages fast. */
const V1 = [
  `CREATE TABLE defects (
    "id" INTEGER PRIMARY KEY AUTOINCREMENT,
    "ver-stamp" INTEGER,
    "name" TEXT,
    "description" TEXT,
    "dev-comments" TEXT,
    "request-note" TEXT,
    "creation-time" TEXT,
    "closing-date" TEXT,
    "last-modified" TEXT,
    "detected-by" TEXT,
    "owner" TEXT,
    "severity" TEXT,
    "status" TEXT,
    "priority" TEXT,
    "project" TEXT,
    "closing-version" TEXT,
    "detection-version" TEXT,
    "planned-closing-ver" TEXT,
    "reproducible" TEXT,
    "to-mail" TEXT,
    "subject" TEXT,
    "detected-in-rel" INTEGER,
    "target-rel" INTEGER,
    "detected-in-rcyc" INTEGER,
    "target-rcyc" INTEGER,
    "environment" INTEGER,
    "actual-fix-time" INTEGER,
    "estimated-fix-time" INTEGER,
    "cycle-id" INTEGER,
    "run-reference" INTEGER,
    "step-reference" INTEGER,
    "test-reference" INTEGER,
    "request-id" INTEGER,
    "cycle-reference" TEXT,
    "extended-reference" TEXT,
    "has-change" TEXT,
    "request-server" TEXT,
    "request-type" TEXT,
    "attachment" TEXT,
    "has-linkage" TEXT,
    "has-others-linkage" TEXT,
    "user-01" TEXT,
    "user-02" TEXT,
    "user-03" TEXT,
    "user-04" REAL,
    "user-05" TEXT
  )`,
  'CREATE INDEX "defects_status" ON defects("status")',
  'CREATE INDEX "defects_severity" ON defects("severity")',
  'CREATE INDEX "defects_priority" ON defects("priority")',
  'CREATE INDEX "defects_owner" ON defects("owner")',
  'CREATE INDEX "defects_detected-by" ON defects("detected-by")',
  'CREATE INDEX "defects_last-modified" ON defects("last-modified")',
  'CREATE INDEX "defects_creation-time" ON defects("creation-time")',
  'CREATE INDEX "defects_user-01" ON defects("user-01")',
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

/**
 * Version 2: composite indexes for the pages clients ask for most (a filter on status, owner or
 * detected-by ordered by last-modified, a status filter ordered by severity or priority): those
 * pages read index entries, not wide rows with memos, until the final 100.
 */
const V2 = [
  'CREATE INDEX IF NOT EXISTS "defects_status_modified" ON defects("status", "last-modified")',
  'CREATE INDEX IF NOT EXISTS "defects_status_severity" ON defects("status", "severity")',
  'CREATE INDEX IF NOT EXISTS "defects_status_priority" ON defects("status", "priority")',
  'CREATE INDEX IF NOT EXISTS "defects_owner_modified" ON defects("owner", "last-modified", "status")',
  'CREATE INDEX IF NOT EXISTS "defects_detectedby_modified" ON defects("detected-by", "last-modified")',
];

/** Version 3: "severity X reported by Y, newest first" walks one index in id order. */
const V3 = ['CREATE INDEX IF NOT EXISTS "defects_severity_detectedby" ON defects("severity", "detected-by")'];

/**
 * Version 4: the file holding an attachment's content. NULL means the file named by the id; a
 * replaced content gets a fresh name, committed before the old file is removed (issue 14).
 */
const V4 = ['ALTER TABLE attachments ADD COLUMN "content-file" TEXT'];

/**
 * Version 5: "assigned to X, not Closed, newest first" without a sort (the id follows
 * last-modified in the index, as the order-by's tie-breaker), and the ids alone in an index, so a
 * deep offset in id order (Load more far down the list) skips index entries of a few bytes
 * instead of whole rows with their memos.
 *
 * Versions 5 to 7 also created per-value and per-pair count tables and an XML-escape table, each
 * kept by triggers (issue 16, issue 12). Version 8 drops them (issue 26), so these steps no longer
 * create them: a database at version 4 or below ends in the same schema either way, and one that
 * has them loses them in version 8.
 */
const V5 = [
  'DROP INDEX IF EXISTS "defects_owner_modified"',
  'CREATE INDEX "defects_owner_modified_id" ON defects("owner", "last-modified", "id", "status")',
  'CREATE INDEX "defects_id" ON defects("id")',
];

/** Version 6 created the XML-escape table (see V5); nothing is left of it to create. */
const V6: string[] = [];

/** Version 7 created the per-pair count table (see V5); nothing is left of it to create. */
const V7: string[] = [];

/**
 * Version 8 (issue 26): totals are COUNT(*), kept until the next write (ProjectStore.count), and
 * Core XML is written by the XML library; the count and escape tables and their triggers go.
 */
const V8 = [
  'DROP TRIGGER IF EXISTS defect_counts_insert',
  'DROP TRIGGER IF EXISTS defect_counts_delete',
  'DROP TRIGGER IF EXISTS defect_counts_update_0',
  'DROP TRIGGER IF EXISTS defect_counts_update_1',
  'DROP TRIGGER IF EXISTS defect_counts_update_2',
  'DROP TRIGGER IF EXISTS defect_counts_update_3',
  'DROP TRIGGER IF EXISTS defect_counts_update_4',
  'DROP TRIGGER IF EXISTS defect_counts_update_5',
  'DROP TRIGGER IF EXISTS defect_pair_counts_insert',
  'DROP TRIGGER IF EXISTS defect_pair_counts_delete',
  'DROP TRIGGER IF EXISTS defect_pair_counts_update_0',
  'DROP TRIGGER IF EXISTS defect_pair_counts_update_1',
  'DROP TRIGGER IF EXISTS defect_pair_counts_update_2',
  'DROP TRIGGER IF EXISTS defect_pair_counts_update_3',
  'DROP TRIGGER IF EXISTS defect_xml_escapes_insert',
  'DROP TRIGGER IF EXISTS defect_xml_escapes_update',
  'DROP TRIGGER IF EXISTS defect_xml_escapes_delete',
  'DROP TABLE IF EXISTS defect_counts',
  'DROP TABLE IF EXISTS defect_pair_counts',
  'DROP TABLE IF EXISTS defect_xml_escapes',
];

/**
 * Version 9 (issue 26): the one pair the counts of version 7 answered that no index covered, owner
 * × severity (My Defects grouped by severity: a count per severity right after a write), gets an
 * index, so those counts read index entries instead of every row of the owner's defects.
 */
const V9 = ['CREATE INDEX "defects_owner_severity" ON defects("owner", "severity")'];

/**
 * Version 10 (issue 30): a defect's history and its links.
 *   - `audits`: one row per write that changed a field with History on (reference §16.9), and
 *     `audit_properties` the fields it changed, old and new value as text; they go with their entry.
 *   - `defect_links` (reference §16.10): the defect that made the link, the entity it points to,
 *     type, comment, who made it and when. `defect_links_named` adds the second endpoint's name,
 *     read from the defect at the time of the read, so a renamed defect shows its new name; a live
 *     26.1 leaves `second-endpoint-status` empty for a defect, and so does the view.
 */
const V10 = [
  `CREATE TABLE audits (
    "id" INTEGER PRIMARY KEY AUTOINCREMENT,
    "parent-type" TEXT NOT NULL,
    "parent-id" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "time" TEXT NOT NULL,
    "user" TEXT NOT NULL
  )`,
  'CREATE INDEX audits_parent ON audits("parent-type", "parent-id", "id")',
  `CREATE TABLE audit_properties (
    "audit-id" INTEGER NOT NULL REFERENCES audits("id") ON DELETE CASCADE,
    "position" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "old-value" TEXT NOT NULL,
    "new-value" TEXT NOT NULL,
    PRIMARY KEY ("audit-id", "position")
  ) WITHOUT ROWID`,
  `CREATE TABLE defect_links (
    "id" INTEGER PRIMARY KEY AUTOINCREMENT,
    "first-endpoint-id" INTEGER NOT NULL,
    "second-endpoint-id" INTEGER NOT NULL,
    "second-endpoint-type" TEXT NOT NULL,
    "link-type" TEXT,
    "comment" TEXT,
    "owner" TEXT,
    "creation-time" TEXT,
    UNIQUE ("first-endpoint-id", "second-endpoint-type", "second-endpoint-id")
  )`,
  'CREATE INDEX defect_links_second ON defect_links("second-endpoint-type", "second-endpoint-id")',
  `CREATE VIEW defect_links_named AS
    SELECT l."id", l."first-endpoint-id", l."second-endpoint-id", l."second-endpoint-type",
           d."name" AS "second-endpoint-name", CAST(NULL AS TEXT) AS "second-endpoint-status",
           l."link-type", l."comment", l."owner", l."creation-time"
    FROM defect_links l LEFT JOIN defects d ON l."second-endpoint-type" = 'defect' AND d."id" = l."second-endpoint-id"`,
];

/**
 * Version 11 (issue 40 item 10): links as a live 26.1 answered them (reference §16.10; the link
 * create answers recorded as write-probe/defect-link-{defect,requirement}-response.json of S-altalm).
 *   - `defect_links."last-modified"`, a date and time set when the link is made (a link made before
 *     takes its creation date at midnight);
 *   - `requirements`, the few a project has (id, name, status) so a link may point to one; the view
 *     names a requirement end and gives its status ("No Run" when new), a defect end no status.
 */
const V11 = [
  'ALTER TABLE defect_links ADD COLUMN "last-modified" TEXT',
  `UPDATE defect_links SET "last-modified" = "creation-time" || ' 00:00:00' WHERE "creation-time" IS NOT NULL`,
  `CREATE TABLE requirements (
    "id" INTEGER PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "status" TEXT
  )`,
  'DROP VIEW defect_links_named',
  `CREATE VIEW defect_links_named AS
    SELECT l."id", l."first-endpoint-id", l."second-endpoint-id", l."second-endpoint-type",
           COALESCE(d."name", r."name") AS "second-endpoint-name", r."status" AS "second-endpoint-status",
           l."link-type", l."comment", l."owner", l."creation-time", l."last-modified"
    FROM defect_links l
    LEFT JOIN defects d ON l."second-endpoint-type" = 'defect' AND d."id" = l."second-endpoint-id"
    LEFT JOIN requirements r ON l."second-endpoint-type" = 'requirement' AND r."id" = l."second-endpoint-id"`,
];

/**
 * Version 12 (issue 42): favorites (reference §17; DESIGN.md says which parts are inferred).
 *   - `favorite_folders` and `favorites`: per module (`module-id`, defects 0), in a tree of folders
 *     under two roots (`parent-id` -1, as ALI asked for them): 1 *Public*, 2 *Private*. `public`
 *     is the root's ('Y'/'N'), `owner` the user who made it (null for the roots); a private one is
 *     seen by its owner only. A favorite's `filter` holds its filter XML as sent.
 *   - `users."public-favorites"`: the right to make and change public favorites ('Y' by default, as
 *     ALM's standard groups but Viewer have it).
 */
const V12 = [
  `CREATE TABLE favorite_folders (
    "id" INTEGER PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "parent-id" INTEGER NOT NULL,
    "module-id" INTEGER NOT NULL,
    "owner" TEXT,
    "public" TEXT NOT NULL
  )`,
  'CREATE INDEX favorite_folders_parent ON favorite_folders("parent-id", "id")',
  `INSERT INTO favorite_folders ("id", "name", "parent-id", "module-id", "owner", "public") VALUES (1, 'Public', -1, 0, NULL, 'Y'), (2, 'Private', -1, 0, NULL, 'N')`,
  `CREATE TABLE favorites (
    "id" INTEGER PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "parent-id" INTEGER NOT NULL,
    "module-id" INTEGER NOT NULL,
    "owner" TEXT,
    "public" TEXT NOT NULL,
    "filter" TEXT
  )`,
  'CREATE INDEX favorites_parent ON favorites("parent-id", "id")',
  `ALTER TABLE users ADD COLUMN "public-favorites" TEXT NOT NULL DEFAULT 'Y'`,
];

/** Step i moves a project database from user_version i to i+1; append, never edit. */
export const PROJECT_MIGRATIONS: readonly (readonly string[])[] = [V1, V2, V3, V4, V5, V6, V7, V8, V9, V10, V11, V12];
