// Favorite folders and favorites (reference §17) of one project: reads limited to what a user may
// see (public ones, the roots, and their own private ones), and the writes the rules decide on.
import { countQuery, pageQuery } from '../query/index';
import type { CompiledCollectionRequest } from '../query/index';
import type { ProjectStore } from './project';

export type FavoriteTable = 'favorite_folders' | 'favorites';

export interface FavoriteRow {
  id: number;
  name: string;
  'parent-id': number;
  'module-id': number;
  owner: string | null;
  public: 'Y' | 'N';
  /** Favorites only. */
  filter?: string | null;
}

export interface NewFavoriteRow {
  name: string;
  parentId: number;
  moduleId: number;
  owner: string;
  public: 'Y' | 'N';
  filter?: string | null;
}

const VISIBLE = '("public" = \'Y\' OR "owner" IS NULL OR "owner" = ?)';

export class FavoriteStore {
  constructor(
    readonly project: ProjectStore,
    readonly table: FavoriteTable,
  ) {}

  /** The compiled request limited to what `user` may see. */
  private visible(c: CompiledCollectionRequest, user: string): CompiledCollectionRequest {
    return { ...c, where: `(${c.where}) AND ${VISIBLE}`, params: [...c.params, user] };
  }

  count(c: CompiledCollectionRequest, user: string): number {
    const { sql, params } = countQuery(this.table, this.visible(c, user));
    return this.project.count(sql, params);
  }

  page(c: CompiledCollectionRequest, user: string): FavoriteRow[] {
    const { sql, params } = pageQuery(this.table, '*', this.visible(c, user));
    return this.project.statement(sql).all(...params) as FavoriteRow[];
  }

  /** One row `user` may see, or undefined (a private one of another user is not there for them). */
  get(id: number, user: string): FavoriteRow | undefined {
    return this.project.statement(`SELECT * FROM ${this.table} WHERE "id" = ? AND ${VISIBLE}`).get(id, user) as FavoriteRow | undefined;
  }

  /** The names in a folder that `user` sees, to keep sibling names apart. */
  siblingNames(parentId: number, user: string, except: number | null): string[] {
    const rows = this.project.statement(`SELECT "name" FROM ${this.table} WHERE "parent-id" = ? AND "id" IS NOT ? AND ${VISIBLE}`).all(parentId, except, user) as { name: string }[];
    return rows.map((r) => r.name);
  }

  /** How many folders and favorites a folder holds, whoever owns them. */
  children(folderId: number): number {
    const folders = this.project.statement('SELECT COUNT(*) AS n FROM favorite_folders WHERE "parent-id" = ?').get(folderId) as { n: number };
    const favorites = this.project.statement('SELECT COUNT(*) AS n FROM favorites WHERE "parent-id" = ?').get(folderId) as { n: number };
    return folders.n + favorites.n;
  }

  insert(row: NewFavoriteRow): number {
    const columns = ['"name"', '"parent-id"', '"module-id"', '"owner"', '"public"'];
    const values: (string | number | null)[] = [row.name, row.parentId, row.moduleId, row.owner, row.public];
    if (this.table === 'favorites') {
      columns.push('"filter"');
      values.push(row.filter ?? null);
    }
    const sql = `INSERT INTO ${this.table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
    return Number(this.project.statement(sql).run(...values).lastInsertRowid);
  }

  update(id: number, changes: { name?: string; parentId?: number; public?: 'Y' | 'N'; filter?: string | null }): void {
    const columns: Record<string, string | number | null | undefined> = { name: changes.name, 'parent-id': changes.parentId, public: changes.public };
    if (this.table === 'favorites') columns.filter = changes.filter;
    const set = Object.entries(columns).filter(([, value]) => value !== undefined);
    if (set.length === 0) return;
    const sql = `UPDATE ${this.table} SET ${set.map(([name]) => `"${name}" = ?`).join(', ')} WHERE "id" = ?`;
    this.project.statement(sql).run(...set.map(([, value]) => value), id);
  }

  delete(id: number): void {
    this.project.statement(`DELETE FROM ${this.table} WHERE "id" = ?`).run(id);
  }

  /** Whether `user` holds the right to make and change public favorites in this project. */
  mayPublish(user: string): boolean {
    const row = this.project.statement('SELECT "public-favorites" AS p FROM users WHERE "name" = ?').get(user) as { p: string } | undefined;
    return row?.p === 'Y';
  }

  /** Gives or takes the right (the demo's Viewer-like user has none). */
  setMayPublish(user: string, may: boolean): void {
    this.project.statement('UPDATE users SET "public-favorites" = ? WHERE "name" = ?').run(may ? 'Y' : 'N', user);
  }
}
