// A project's audit log (reference §16.9): one entry per write that changed fields with History
// on, with who, when and each field's old and new value as text. Entries go with their entity.
import { countQuery, pageQuery } from '../query/index';
import type { CompiledCollectionRequest } from '../query/index';
import type { ProjectStore } from './project';
import type { StoredValue } from './projectTypes';

export interface AuditProperty {
  name: string;
  label: string;
  oldValue: string;
  newValue: string;
}

export interface AuditEntry {
  id: number;
  parentType: string;
  parentId: number;
  action: string;
  /** `yyyy-MM-dd HH:mm:ss`, server-local. */
  time: string;
  user: string;
  properties: AuditProperty[];
}

interface AuditRow {
  id: number;
  'parent-type': string;
  'parent-id': number;
  action: string;
  time: string;
  user: string;
}

interface PropertyRow {
  'audit-id': number;
  name: string;
  label: string;
  'old-value': string;
  'new-value': string;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
/** Ids per IN list, well under SQLite's bound-parameter limit. */
const CHUNK = 500;

export class AuditStore {
  constructor(readonly project: ProjectStore) {}

  /** The current values of `columns` of the defects `ids` that exist, by id: what an update is about to replace. */
  defectValues(ids: readonly number[], columns: readonly string[]): Map<number, Record<string, StoredValue>> {
    const out = new Map<number, Record<string, StoredValue>>();
    const select = ['id', ...columns].map(quoted).join(', ');
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      const rows = this.project.db.prepare(`SELECT ${select} FROM defects WHERE "id" IN (${chunk.map(() => '?').join(', ')})`).all(...chunk) as Record<string, StoredValue>[];
      for (const row of rows) out.set(Number(row.id), row);
    }
    return out;
  }

  /** Drops the oldest entries of one entity past the newest `keep` (their fields go with them). */
  keepNewest(parentType: string, parentId: number, keep: number): void {
    this.project
      .statement('DELETE FROM audits WHERE "parent-type" = ? AND "parent-id" = ? AND "id" <= (SELECT "id" FROM audits WHERE "parent-type" = ? AND "parent-id" = ? ORDER BY "id" DESC LIMIT 1 OFFSET ?)')
      .run(parentType, parentId, parentType, parentId, keep);
  }

  /** Appends an entry with its changed fields; returns its id. */
  insert(entry: Omit<AuditEntry, 'id'>): number {
    return this.project.transaction(() => {
      const id = Number(
        this.project
          .statement('INSERT INTO audits ("parent-type", "parent-id", "action", "time", "user") VALUES (?, ?, ?, ?, ?)')
          .run(entry.parentType, entry.parentId, entry.action, entry.time, entry.user).lastInsertRowid,
      );
      const property = this.project.statement('INSERT INTO audit_properties ("audit-id", "position", "name", "label", "old-value", "new-value") VALUES (?, ?, ?, ?, ?, ?)');
      entry.properties.forEach((p, position) => property.run(id, position, p.name, p.label, p.oldValue, p.newValue));
      return id;
    });
  }

  /** How many entries of one entity a compiled request's filter selects. */
  count(parentType: string, parentId: number, c: CompiledCollectionRequest): number {
    const { sql, params } = countQuery('audits', this.scoped(parentType, parentId, c));
    return this.project.count(sql, params);
  }

  /** One page of an entity's entries, in the request's order, with their changed fields. */
  page(parentType: string, parentId: number, c: CompiledCollectionRequest): AuditEntry[] {
    const { sql, params } = pageQuery('audits', '*', this.scoped(parentType, parentId, c));
    const rows = this.project.statement(sql).all(...params) as AuditRow[];
    const properties = new Map<number, AuditProperty[]>();
    for (let i = 0; i < rows.length; i += CHUNK) {
      const ids = rows.slice(i, i + CHUNK).map((r) => r.id);
      const found = this.project.db.prepare(`SELECT * FROM audit_properties WHERE "audit-id" IN (${ids.map(() => '?').join(', ')}) ORDER BY "audit-id", "position"`).all(...ids) as PropertyRow[];
      for (const p of found) {
        const list = properties.get(p['audit-id']) ?? [];
        list.push({ name: p.name, label: p.label, oldValue: p['old-value'], newValue: p['new-value'] });
        properties.set(p['audit-id'], list);
      }
    }
    return rows.map((r) => ({ id: r.id, parentType: r['parent-type'], parentId: r['parent-id'], action: r.action, time: r.time, user: r.user, properties: properties.get(r.id) ?? [] }));
  }

  /** Removes an entity's entries (it is being deleted); their fields go with them. */
  deleteOf(parentType: string, parentId: number): void {
    this.project.statement('DELETE FROM audits WHERE "parent-type" = ? AND "parent-id" = ?').run(parentType, parentId);
  }

  private scoped(parentType: string, parentId: number, c: CompiledCollectionRequest): CompiledCollectionRequest {
    return { ...c, where: `"parent-type" = ? AND "parent-id" = ? AND (${c.where})`, params: [parentType, parentId, ...c.params] };
  }
}
