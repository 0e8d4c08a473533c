// Attachment descriptors (rows of the project database) and their content (one file each in the
// project's attachments folder). The order of every change keeps a crash at any point consistent
// (issue 14): new content is written and flushed under a name no record uses, the record is
// committed pointing at it, and only then is the old file removed. A crash before the commit
// leaves an unreferenced file, after it an unreferenced old file; `reconcile` at start removes
// both, so a record never points at missing, cut or foreign bytes.
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { crashPoint } from '../faults';
import type { ProjectStore } from './project';
import { formatDateTime } from './time';

export interface AttachmentRow {
  id: number;
  name: string;
  description: string | null;
  'ref-type': string;
  'ref-subtype': number;
  'file-size': number;
  'last-modified': string;
  'vc-user-name': string | null;
  'vc-cur-ver': string | null;
  'parent-id': number;
  'parent-type': string;
  'content-type': string;
  /** The content's file in the attachments folder; null means the file named by the id. */
  'content-file'?: string | null;
}

export interface NewAttachment {
  name: string;
  /** Stored as given; callers wrap plain text with `toHtmlFragment`. */
  description: string | null;
  refSubtype: number;
  entityType: string;
  entityId: number;
  contentType: string;
}

const TEMP_PREFIX = '.upload-';

/** What reconcile found and repaired at start. */
export interface ReconcileReport {
  /** Files no record references (interrupted uploads, replaced or deleted content). */
  orphansRemoved: number;
  /** Records whose content file is missing, removed with their entity's attachment flag. */
  recordsRemoved: number;
}

export class AttachmentStore {
  constructor(
    readonly project: ProjectStore,
    private readonly now: () => Date,
  ) {}

  get dir(): string {
    return this.project.attachmentsDir;
  }

  /** The file holding an attachment's content. */
  contentPath(row: Pick<AttachmentRow, 'id' | 'content-file'>): string {
    return join(this.dir, row['content-file'] ?? String(row.id));
  }

  /** A fresh path in the attachments folder for content being received. */
  tempPath(): string {
    return join(this.dir, `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
  }

  get(id: number): AttachmentRow | undefined {
    return this.project.db.prepare('SELECT * FROM attachments WHERE "id" = ?').get(id) as AttachmentRow | undefined;
  }

  findByName(entityType: string, entityId: number, name: string): AttachmentRow | undefined {
    return this.project.db.prepare('SELECT * FROM attachments WHERE "parent-type" = ? AND "parent-id" = ? AND "name" = ?').get(entityType, entityId, name) as AttachmentRow | undefined;
  }

  /** `report.txt` → `report (1).txt`, `report (2).txt`, … : the first name free on the entity. */
  freeName(entityType: string, entityId: number, name: string): string {
    if (!this.findByName(entityType, entityId, name)) return name;
    const ext = extname(name);
    const base = name.slice(0, name.length - ext.length);
    for (let n = 1; ; n++) {
      const candidate = `${base} (${n})${ext}`;
      if (!this.findByName(entityType, entityId, candidate)) return candidate;
    }
  }

  /** Records a new attachment whose content waits at `tempFile`; returns the stored row. */
  insert(att: NewAttachment, tempFile: string, size: number): AttachmentRow {
    return this.project.transaction(() => {
      const info = this.project.db
        .prepare(
          `INSERT INTO attachments ("name", "description", "ref-type", "ref-subtype", "file-size", "last-modified",
             "vc-user-name", "vc-cur-ver", "parent-id", "parent-type", "content-type")
           VALUES (?, ?, 'File', ?, ?, ?, NULL, NULL, ?, ?, ?)`,
        )
        .run(att.name, att.description, att.refSubtype, size, this.stamp(), att.entityId, att.entityType, att.contentType);
      const id = Number(info.lastInsertRowid);
      // The id's file is referenced only once this commits; a crash before leaves an orphan.
      const target = join(this.dir, String(id));
      renameSync(tempFile, target);
      this.syncDir();
      this.project.afterCommit(() => crashPoint('attachment.insert.after-commit'));
      try {
        this.markParent(att.entityType, att.entityId);
        crashPoint('attachment.insert.before-commit');
      } catch (err) {
        rmSync(target, { force: true });
        throw err;
      }
      return this.get(id) as AttachmentRow;
    });
  }

  /** Convenience for generated content (demo data): writes the bytes, then inserts. */
  insertBuffer(att: NewAttachment, content: Buffer): AttachmentRow {
    const temp = this.tempPath();
    writeFileSync(temp, content, { flush: true });
    try {
      return this.insert(att, temp, content.length);
    } catch (err) {
      rmSync(temp, { force: true });
      throw err;
    }
  }

  /** Replaces the content of an existing attachment (override-existing-attachment=y). */
  replaceContent(id: number, changes: { description?: string | null; contentType: string }, tempFile: string, size: number): AttachmentRow {
    // A fresh name: the old file stays whole and referenced until the new record commits.
    const fresh = `${id}-${randomBytes(6).toString('hex')}`;
    renameSync(tempFile, join(this.dir, fresh));
    this.syncDir();
    try {
      return this.project.transaction(() => {
        const old = this.get(id) as AttachmentRow;
        const sets = ['"file-size" = ?', '"last-modified" = ?', '"content-type" = ?', '"content-file" = ?'];
        const values: (string | number | null)[] = [size, this.stamp(), changes.contentType, fresh];
        if (changes.description !== undefined) {
          sets.push('"description" = ?');
          values.push(changes.description);
        }
        this.project.db.prepare(`UPDATE attachments SET ${sets.join(', ')} WHERE "id" = ?`).run(...values, id);
        crashPoint('attachment.replace.before-commit');
        this.removeAfterCommit(old, 'attachment.replace.after-commit');
        return this.get(id) as AttachmentRow;
      });
    } catch (err) {
      rmSync(join(this.dir, fresh), { force: true });
      throw err;
    }
  }

  /** Changes name and/or description; returns the updated row. */
  update(id: number, changes: { name?: string; description?: string | null }): AttachmentRow {
    const sets = ['"last-modified" = ?'];
    const values: (string | number | null)[] = [this.stamp()];
    if (changes.name !== undefined) {
      sets.push('"name" = ?');
      values.push(changes.name);
    }
    if (changes.description !== undefined) {
      sets.push('"description" = ?');
      values.push(changes.description);
    }
    this.project.db.prepare(`UPDATE attachments SET ${sets.join(', ')} WHERE "id" = ?`).run(...values, id);
    return this.get(id) as AttachmentRow;
  }

  /**
   * Deletes the record; its content goes once the (outermost) transaction commits, so a defect
   * delete that rolls back, or a crash before its commit, keeps every attachment whole.
   */
  delete(row: AttachmentRow): AttachmentRow {
    this.project.transaction(() => {
      this.project.db.prepare('DELETE FROM attachments WHERE "id" = ?').run(row.id);
      this.markParent(row['parent-type'], row['parent-id']);
      crashPoint('attachment.delete.before-commit');
      this.removeAfterCommit(row, 'attachment.delete.after-commit');
    });
    return row;
  }

  /** Deletes every attachment of an entity (when the entity itself is deleted); returns how many. */
  deleteAllOf(entityType: string, entityId: number): number {
    const rows = this.project.db.prepare('SELECT * FROM attachments WHERE "parent-type" = ? AND "parent-id" = ?').all(entityType, entityId) as AttachmentRow[];
    for (const row of rows) this.delete(row);
    return rows.length;
  }

  /**
   * Run at start, before any request: removes every file no record references (interrupted
   * uploads, content replaced or deleted just before a crash) and every record whose content
   * is missing, so what the server serves is always complete.
   */
  reconcile(): ReconcileReport {
    const rows = this.project.db.prepare('SELECT "id", "content-file", "parent-type", "parent-id" FROM attachments').all() as AttachmentRow[];
    const referenced = new Set(rows.map((row) => row['content-file'] ?? String(row.id)));
    let orphansRemoved = 0;
    for (const name of readdirSync(this.dir)) {
      if (referenced.has(name)) continue;
      rmSync(join(this.dir, name), { force: true, recursive: true });
      orphansRemoved++;
    }
    const missing = rows.filter((row) => !existsSync(this.contentPath(row)));
    this.project.transaction(() => {
      for (const row of missing) {
        this.project.db.prepare('DELETE FROM attachments WHERE "id" = ?').run(row.id);
        this.markParent(row['parent-type'], row['parent-id']);
      }
    });
    return { orphansRemoved, recordsRemoved: missing.length };
  }

  /** Queues removal of a record's old content file for after the commit (crash point first). */
  private removeAfterCommit(row: AttachmentRow, point: string): void {
    const file = this.contentPath(row);
    this.project.afterCommit(() => {
      crashPoint(point);
      // A failure leaves an orphan that reconcile removes at the next start.
      rmSync(file, { force: true });
    });
  }

  /** Makes renames in the attachments folder durable before the record that names them commits. */
  private syncDir(): void {
    const fd = openSync(this.dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }

  /** Keeps a defect's `attachment` flag (Y/N) in step with its attachments, as ALM does. */
  private markParent(entityType: string, entityId: number): void {
    if (entityType !== 'defect') return;
    this.project.db
      .prepare(
        `UPDATE defects SET "attachment" = CASE WHEN EXISTS
           (SELECT 1 FROM attachments WHERE "parent-type" = 'defect' AND "parent-id" = ?) THEN 'Y' ELSE 'N' END
         WHERE "id" = ?`,
      )
      .run(entityId, entityId);
  }

  private stamp(): string {
    return formatDateTime(this.now());
  }
}
