// One project's store: users, list-items, releases, cycles, environments and defects, over the
// project's database (ProjectDatabase: statements, counts, transactions); its locks are
// `locks` (LockStore). Every project has its own file; projects share nothing.
import { DEFAULT_LIMITS } from '../config';
import { Storage } from './storage';
import { ProjectDatabase, quoted } from './projectDatabase';
import { LockStore } from './locks';
import { SortedOrders } from './sortedOrders';
import { countQuery, pageQuery } from '../query/index';
import type { CompiledCollectionRequest, SqlParam } from '../query/index';
import { formatDate, formatDateTime } from './time';
import type { CycleInput, DefectInput, DefectRow, EnvironmentInput, ListItemInput, ListItemRow, ProjectUserInput, ReleaseInput, ResourceTable, StoredValue } from './projectTypes';

export class ProjectStore extends ProjectDatabase {
  /** The project's locks. */
  readonly locks = new LockStore(this);
  private listValueCache = new Map<number, Set<string>>();
  private readonly sortedOrders = new SortedOrders();
  private readonly insertDefectStmt;
  /** The defects table's columns, as the migrations made them: the fields a defect stores. */
  private readonly defectColumns: readonly string[];
  /** Largest value of one field (ReferenceChecks.maxFieldBytes); the registry sets the server's limit. */
  maxFieldBytes = DEFAULT_LIMITS.maxFieldBytes;

  constructor(
    readonly domain: string,
    readonly name: string,
    dir: string,
    now: () => Date,
    /** Whether the server can write (a read-only start opens this database read-only). */
    storage = new Storage(),
  ) {
    super(dir, now, storage);
    this.defectColumns = (this.db.prepare("SELECT name FROM pragma_table_info('defects')").pluck().all() as string[]).filter((c) => c !== 'id');
    const cols = this.defectColumns.map(quoted).join(', ');
    const params = this.defectColumns.map(() => '?').join(', ');
    this.insertDefectStmt = this.db.prepare(`INSERT INTO defects (${cols}) VALUES (${params})`);
  }

  /** How many defects match a collection request's filter (`total-count`, `TotalResults`): COUNT(*), kept until a write. */
  countDefectMatches(c: CompiledCollectionRequest): number {
    const { sql, params } = countQuery('defects', c);
    return this.count(sql, params);
  }

  // ---- users -------------------------------------------------------------------------------

  insertUsers(users: readonly ProjectUserInput[]): void {
    const stmt = this.db.prepare('INSERT OR REPLACE INTO users ("name", "full-name", "email") VALUES (?, ?, ?)');
    this.transaction(() => {
      for (const u of users) stmt.run(u.name, u.fullName ?? null, u.email ?? null);
    });
  }

  hasUser(name: string): boolean {
    return this.statement('SELECT 1 FROM users WHERE "name" = ?').get(name) !== undefined;
  }

  listUsers(): { name: string; 'full-name': string | null; email: string | null }[] {
    return this.db.prepare('SELECT * FROM users ORDER BY "name"').all() as { name: string; 'full-name': string | null; email: string | null }[];
  }

  // ---- list-items --------------------------------------------------------------------------

  /** Inserts lists and their values; parents must come before their children. */
  insertListItems(items: readonly ListItemInput[]): void {
    const insert = this.db.prepare('INSERT INTO list_items ("id", "logical-identifier", "name", "parent-id", "position") VALUES (?, ?, ?, ?, ?)');
    const parentOf = this.db.prepare('SELECT "logical-identifier" AS lid FROM list_items WHERE "id" = ?');
    const siblings = this.db.prepare('SELECT COUNT(*) AS n FROM list_items WHERE "parent-id" = ?');
    this.transaction(() => {
      for (const item of items) {
        const parentId = item.parentId ?? 0;
        const position = item.position ?? (siblings.get(parentId) as { n: number }).n;
        let lid = item.logicalIdentifier;
        if (!lid) {
          const parent = parentId ? (parentOf.get(parentId) as { lid: string } | undefined) : undefined;
          if (parentId && !parent) throw new Error(`List item ${item.id}: parent ${parentId} does not exist.`);
          lid = parent ? `${parent.lid}.${position + 1}` : String(item.id);
        }
        insert.run(item.id, lid, item.name, parentId, position);
      }
    });
    this.listValueCache.clear();
  }

  /** Items in tree order: each list followed by its values, depth first. */
  listItemsInTreeOrder(): ListItemRow[] {
    const rows = this.db.prepare('SELECT * FROM list_items ORDER BY "parent-id", "position", "id"').all() as ListItemRow[];
    const children = new Map<number, ListItemRow[]>();
    for (const row of rows) {
      const list = children.get(row['parent-id']) ?? [];
      list.push(row);
      children.set(row['parent-id'], list);
    }
    const out: ListItemRow[] = [];
    const visit = (parent: number) => {
      for (const row of children.get(parent) ?? []) {
        out.push(row);
        visit(row.id);
      }
    };
    visit(0);
    return out;
  }

  getListItem(id: number): ListItemRow | undefined {
    return this.db.prepare('SELECT * FROM list_items WHERE "id" = ?').get(id) as ListItemRow | undefined;
  }

  /** Every value of a list, nested values of a tree list (like `subject`) included. */
  listValues(listId: number): Set<string> {
    let values = this.listValueCache.get(listId);
    if (!values) {
      const rows = this.db
        .prepare(
          `WITH RECURSIVE tree(id, name) AS (
             SELECT "id", "name" FROM list_items WHERE "parent-id" = ?
             UNION ALL SELECT li."id", li."name" FROM list_items li JOIN tree ON li."parent-id" = tree.id)
           SELECT name FROM tree`,
        )
        .all(listId) as { name: string }[];
      values = new Set(rows.map((r) => r.name));
      this.listValueCache.set(listId, values);
    }
    return values;
  }

  // ---- releases, cycles, environments ------------------------------------------------------

  insertRelease(r: ReleaseInput): number {
    const info = this.db
      .prepare('INSERT INTO releases ("id", "name", "start-date", "end-date", "description") VALUES (?, ?, ?, ?, ?)')
      .run(r.id ?? null, r.name, r.startDate ?? null, r.endDate ?? null, r.description ?? null);
    return Number(info.lastInsertRowid);
  }

  insertCycle(c: CycleInput): number {
    const info = this.db
      .prepare('INSERT INTO release_cycles ("id", "name", "parent-id", "start-date", "end-date") VALUES (?, ?, ?, ?, ?)')
      .run(c.id ?? null, c.name, c.releaseId, c.startDate ?? null, c.endDate ?? null);
    return Number(info.lastInsertRowid);
  }

  insertEnvironment(e: EnvironmentInput): number {
    const info = this.db.prepare('INSERT INTO environments ("id", "name") VALUES (?, ?)').run(e.id ?? null, e.name);
    return Number(info.lastInsertRowid);
  }

  /** The names of a table of releases, cycles or environments, by id. */
  resourceNames(table: ResourceTable): Map<number, string> {
    const rows = this.statement(`SELECT "id", "name" FROM ${table}`).all() as { id: number; name: string }[];
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** One release or cycle row (every column), or undefined. */
  resourceRow(table: 'releases' | 'release_cycles', id: number): Record<string, unknown> | undefined {
    return this.statement(`SELECT * FROM ${table} WHERE "id" = ?`).get(id) as Record<string, unknown> | undefined;
  }

  resourceExists(table: ResourceTable, id: number): boolean {
    return this.db.prepare(`SELECT 1 FROM ${table} WHERE "id" = ?`).get(id) !== undefined;
  }

  // ---- defects -----------------------------------------------------------------------------

  /** Inserts defects in one transaction (fast enough for 100,000 rows); returns their ids. */
  insertDefects(records: Iterable<DefectInput>): number[] {
    const ids: number[] = [];
    this.transaction(() => {
      for (const record of records) ids.push(this.insertOne(record));
    });
    return ids;
  }

  /**
   * Runs a bulk load of defects with the defect indexes dropped, then builds them again: sorting
   * once beats keeping 14 indexes up to date row by row, whose pages no longer fit the cache past
   * a few hundred thousand defects. Reads meanwhile stay correct, only slower. The indexes come
   * back even when `load` fails.
   */
  async withoutDefectIndexes<T>(load: () => Promise<T>): Promise<T> {
    const dropped = this.db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'defects' AND sql IS NOT NULL").all() as { name: string; sql: string }[];
    this.transaction(() => {
      for (const { name } of dropped) this.db.exec(`DROP INDEX ${quoted(name)}`);
    });
    // Commits of the load skip fsync and sort in a larger cache; the final commit below is FULL
    // again, and its fsync of the journal makes everything before it durable too.
    const cacheSize = this.db.pragma('cache_size', { simple: true }) as number;
    this.db.pragma('synchronous = OFF');
    this.db.pragma('cache_size = -131072');
    try {
      return await load();
    } finally {
      this.db.pragma('synchronous = FULL');
      this.transaction(() => {
        for (const { sql } of dropped) this.db.exec(sql);
      });
      this.db.pragma(`cache_size = ${cacheSize}`);
    }
  }

  insertDefect(record: DefectInput): number {
    return this.transaction(() => this.insertOne(record));
  }

  private insertOne(record: DefectInput): number {
    const now = this.now();
    const defaults: DefectInput = {
      'ver-stamp': 1,
      'last-modified': formatDateTime(now),
      'creation-time': formatDate(now),
      'has-linkage': 'N',
      'has-others-linkage': 'N',
      attachment: 'N',
    };
    const values = this.defectColumns.map((col) => toStored(record[col] ?? defaults[col] ?? null));
    return Number(this.insertDefectStmt.run(...values).lastInsertRowid);
  }

  getDefect(id: number): DefectRow | undefined {
    return this.statement('SELECT * FROM defects WHERE "id" = ?').get(id) as DefectRow | undefined;
  }

  /**
   * The rows of one page of a collection request, in its order: the named columns (field names;
   * null: all). The page's ids are found on the indexes first; only those rows are read. A page
   * past the first in an order no index gives is a slice of that order sorted whole and kept
   * until a write (SortedOrders), so paging through it sorts once, not once per page.
   */
  defectPage(c: CompiledCollectionRequest, columns: readonly string[] | null): IterableIterator<DefectRow> {
    const select = columns ? columns.map(quoted).join(', ') : '*';
    const page = pageQuery('defects', select, c);
    if (c.offset >= c.limit && c.limit > 0 && this.sortsWithoutIndex(page.sql, page.params)) return this.rowsByIds(select, this.sortedDefectIds(c).slice(c.offset, c.offset + c.limit));
    return this.statement(page.sql).iterate(...page.params) as IterableIterator<DefectRow>;
  }

  /** Every match of a request's filter in its order, sorted once per write generation. */
  private sortedDefectIds(c: CompiledCollectionRequest): readonly number[] {
    const sql = `SELECT "id" FROM defects WHERE ${c.where} ORDER BY ${c.orderBy}`;
    return this.sortedOrders.ids(
      `${sql}\u0000${JSON.stringify(c.params)}`,
      this.writeGeneration(),
      () =>
        this.statement(sql)
          .pluck()
          .all(...c.params) as number[],
    );
  }

  /** The rows of `ids` in that order, read one by one (an answer budget stops the reading early). */
  private *rowsByIds(select: string, ids: readonly number[]): IterableIterator<DefectRow> {
    const read = this.statement(`SELECT ${select} FROM defects WHERE "id" = ?`);
    for (const id of ids) {
      const row = read.get(id) as DefectRow | undefined;
      if (row) yield row;
    }
  }

  /** Whether SQLite sorts the matches itself (no index gives the order): its cost grows with the offset. */
  private sortsWithoutIndex(sql: string, params: readonly SqlParam[]): boolean {
    const plan = this.statement(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { parent: number; detail: string }[];
    // Steps under the page's subquery (parent ≠ 0): the outer query sorts only the page's own rows.
    return plan.some((step) => step.parent !== 0 && /TEMP B-TREE FOR (RIGHT PART OF )?ORDER BY/.test(step.detail));
  }

  /**
   * The defects matching a request's filter, counted per value of one column (`groups/{field}`):
   * an empty value counts with no value (null), as ALM's `field[""]` finds both. One GROUP BY on
   * the column's index, kept until a write like the totals.
   */
  groupDefectCounts(c: CompiledCollectionRequest, column: string): { value: StoredValue; count: number }[] {
    const sql = `SELECT NULLIF(${column}, '') AS value, COUNT(*) AS count FROM defects WHERE ${c.where} GROUP BY NULLIF(${column}, '') ORDER BY value IS NULL, value`;
    return this.statement(sql).all(...c.params) as { value: StoredValue; count: number }[];
  }

  /** The ver-stamp of a defect (null when it has none), or undefined when it does not exist. */
  defectVerStamp(id: number): StoredValue | undefined {
    return this.statement('SELECT "ver-stamp" FROM defects WHERE "id" = ?').pluck().get(id) as StoredValue | undefined;
  }

  /** One page of a compiled collection request over a table of this project (locks, list items, attachments), in its order. */
  rowsOf<T>(table: 'locks' | 'list_items' | 'attachments' | 'releases' | 'release_cycles', c: CompiledCollectionRequest): T[] {
    const page = pageQuery(table, '*', c);
    return this.statement(page.sql).all(...page.params) as T[];
  }

  /** The same page read row by row, so an answer budget (AnswerBudget.rows) stops it before it is held whole. */
  iterateRowsOf<T>(table: 'locks' | 'list_items' | 'attachments', c: CompiledCollectionRequest): IterableIterator<T> {
    const page = pageQuery(table, '*', c);
    return this.statement(page.sql).iterate(...page.params) as IterableIterator<T>;
  }

  /** How many rows of a table a compiled collection request's filter selects (kept until a write). */
  countOf(table: 'locks' | 'list_items' | 'attachments' | 'releases' | 'release_cycles', c: CompiledCollectionRequest): number {
    const { sql, params } = countQuery(table, c);
    return this.count(sql, params);
  }

  /** Ids of the defects a compiled filter selects, in id order. */
  defectIdsWhere(where: string, params: readonly SqlParam[]): number[] {
    return this.statement(`SELECT "id" FROM defects WHERE ${where} ORDER BY "id"`)
      .pluck()
      .all(...params) as number[];
  }

  /** Writes the given columns (field names) of one defect; returns false when it does not exist. */
  updateDefect(id: number, changes: Readonly<Record<string, StoredValue>>): boolean {
    const names = Object.keys(changes);
    if (names.length === 0) return this.getDefect(id) !== undefined;
    const sets = names.map((n) => `"${n}" = ?`).join(', ');
    const info = this.statement(`UPDATE defects SET ${sets} WHERE "id" = ?`).run(...names.map((n) => changes[n] ?? null), id);
    return info.changes > 0;
  }

  /** Writes `changes` to every defect a compiled filter selects, bumping each ver-stamp. */
  updateDefectsWhere(where: string, params: readonly SqlParam[], changes: Readonly<Record<string, StoredValue>>, lastModified: string): void {
    const sets = Object.keys(changes).map((n) => `${quoted(n)} = ?`);
    sets.push('"ver-stamp" = "ver-stamp" + 1', '"last-modified" = ?');
    this.db.prepare(`UPDATE defects SET ${sets.join(', ')} WHERE ${where}`).run(...Object.values(changes), lastModified, ...params);
  }

  deleteDefect(id: number): boolean {
    return this.db.prepare('DELETE FROM defects WHERE "id" = ?').run(id).changes > 0;
  }

  countDefects(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM defects').get() as { n: number }).n;
  }
}

function toStored(value: StoredValue | readonly string[]): StoredValue {
  if (Array.isArray(value)) return JSON.stringify(value);
  return value as StoredValue;
}
