// Defect links (reference §16.10) and the two flags they keep on defects: `has-linkage` (the
// defect made a link, first endpoint) and `has-others-linkage` (another defect links to it,
// second endpoint with type `defect`). Reads go through the `defect_links_named` view, which adds
// the second endpoint's current name.
import { countQuery, pageQuery } from '../query/index';
import type { CompiledCollectionRequest } from '../query/index';
import type { ProjectStore } from './project';
import { formatDate, formatDateTime } from './time';

export interface LinkRow {
  id: number;
  'first-endpoint-id': number;
  'second-endpoint-id': number;
  'second-endpoint-type': string;
  'second-endpoint-name': string | null;
  'second-endpoint-status': string | null;
  'link-type': string | null;
  comment: string | null;
  owner: string | null;
  'creation-time': string | null;
  'last-modified': string | null;
}

export interface NewLink {
  firstId: number;
  secondId: number;
  secondType: string;
  linkType: string | null;
  comment: string | null;
  owner: string;
}

const VIEW = 'defect_links_named';

export class LinkStore {
  constructor(
    readonly project: ProjectStore,
    private readonly now: () => Date,
  ) {}

  get(id: number): LinkRow | undefined {
    return this.project.statement(`SELECT * FROM ${VIEW} WHERE "id" = ?`).get(id) as LinkRow | undefined;
  }

  count(c: CompiledCollectionRequest): number {
    const { sql, params } = countQuery(VIEW, c);
    return this.project.count(sql, params);
  }

  page(c: CompiledCollectionRequest): LinkRow[] {
    const { sql, params } = pageQuery(VIEW, '*', c);
    return this.project.statement(sql).all(...params) as LinkRow[];
  }

  /** A link between two defects in either direction, if there is one. */
  between(a: number, b: number): LinkRow | undefined {
    return this.project
      .statement(
        `SELECT * FROM ${VIEW} WHERE "second-endpoint-type" = 'defect'
           AND (("first-endpoint-id" = ? AND "second-endpoint-id" = ?) OR ("first-endpoint-id" = ? AND "second-endpoint-id" = ?))`,
      )
      .get(a, b, b, a) as LinkRow | undefined;
  }

  /** The link from a defect to a requirement, if there is one. */
  toRequirement(first: number, requirement: number): LinkRow | undefined {
    return this.project.statement(`SELECT * FROM ${VIEW} WHERE "first-endpoint-id" = ? AND "second-endpoint-type" = 'requirement' AND "second-endpoint-id" = ?`).get(first, requirement) as
      LinkRow | undefined;
  }

  /** Whether the project has this requirement (a link may point to it). */
  requirementExists(id: number): boolean {
    return this.project.statement('SELECT 1 FROM requirements WHERE "id" = ?').get(id) !== undefined;
  }

  /** Adds a requirement a link may point to (the demo's); returns its id. */
  insertRequirement(name: string, status: string): number {
    return Number(this.project.statement('INSERT INTO requirements ("name", "status") VALUES (?, ?)').run(name, status).lastInsertRowid);
  }

  /** Every link a defect is an endpoint of, in either direction. */
  ofDefect(id: number): LinkRow[] {
    return this.project.statement(`SELECT * FROM ${VIEW} WHERE "first-endpoint-id" = ? OR ("second-endpoint-type" = 'defect' AND "second-endpoint-id" = ?) ORDER BY "id"`).all(id, id) as LinkRow[];
  }

  /** Stores a link made now and sets the flags of both defects; returns its id. */
  insert(link: NewLink): number {
    return this.project.transaction(() => {
      const id = Number(
        this.project
          .statement(
            'INSERT INTO defect_links ("first-endpoint-id", "second-endpoint-id", "second-endpoint-type", "link-type", "comment", "owner", "creation-time", "last-modified") VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
          )
          .run(link.firstId, link.secondId, link.secondType, link.linkType, link.comment, link.owner, formatDate(this.now()), formatDateTime(this.now())).lastInsertRowid,
      );
      this.markDefects([link.firstId, ...(link.secondType === 'defect' ? [link.secondId] : [])]);
      return id;
    });
  }

  /** Removes a link and updates the flags of the defects it joined; false when there is none. */
  delete(id: number): boolean {
    return this.project.transaction(() => {
      const row = this.get(id);
      if (!row) return false;
      this.project.statement('DELETE FROM defect_links WHERE "id" = ?').run(id);
      this.markDefects([row['first-endpoint-id'], ...(row['second-endpoint-type'] === 'defect' ? [row['second-endpoint-id']] : [])]);
      return true;
    });
  }

  /**
   * Sets `has-linkage` and `has-others-linkage` of the given defects from their links, as the
   * `attachment` flag follows attachments: a server-kept flag, so ver-stamp and last-modified stay.
   */
  markDefects(ids: readonly number[]): void {
    const mark = this.project.statement(
      `UPDATE defects SET
         "has-linkage" = CASE WHEN EXISTS (SELECT 1 FROM defect_links WHERE "first-endpoint-id" = @id) THEN 'Y' ELSE 'N' END,
         "has-others-linkage" = CASE WHEN EXISTS (SELECT 1 FROM defect_links WHERE "second-endpoint-type" = 'defect' AND "second-endpoint-id" = @id) THEN 'Y' ELSE 'N' END
       WHERE "id" = @id`,
    );
    for (const id of new Set(ids)) mark.run({ id });
  }
}
