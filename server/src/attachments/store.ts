// Attachment descriptors (rows of the project database) and their content (one file per id in
// the project's attachments folder). New content is always written to a temporary file first
// and renamed into place inside the database transaction, so a record never points at a
// half-written file and a failed upload leaves neither a record nor a file behind.
import { randomBytes } from 'node:crypto';
import { readdirSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { ProjectStore } from '../store/project';
import { formatDateTime } from '../store/time';

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
const TRASH_PREFIX = '.trash-';

export class AttachmentStore {
  constructor(
    readonly project: ProjectStore,
    private readonly now: () => Date,
  ) {}

  get dir(): string {
    return this.project.attachmentsDir;
  }

  contentPath(id: number): string {
    return join(this.dir, String(id));
  }

  /** A fresh path in the attachments folder for content being received. */
  tempPath(): string {
    return join(this.dir, `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
  }

  get(id: number): AttachmentRow | undefined {
    return this.project.db.prepare('SELECT * FROM attachments WHERE "id" = ?').get(id) as AttachmentRow | undefined;
  }

  findByName(entityType: string, entityId: number, name: string): AttachmentRow | undefined {
    return this.project.db
      .prepare('SELECT * FROM attachments WHERE "parent-type" = ? AND "parent-id" = ? AND "name" = ?')
      .get(entityType, entityId, name) as AttachmentRow | undefined;
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
      // Inside the transaction: if the rename fails, the insert is rolled back with it.
      renameSync(tempFile, this.contentPath(id));
      this.markParent(att.entityType, att.entityId);
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
    return this.project.transaction(() => {
      const sets = ['"file-size" = ?', '"last-modified" = ?', '"content-type" = ?'];
      const values: (string | number | null)[] = [size, this.stamp(), changes.contentType];
      if (changes.description !== undefined) {
        sets.push('"description" = ?');
        values.push(changes.description);
      }
      this.project.db.prepare(`UPDATE attachments SET ${sets.join(', ')} WHERE "id" = ?`).run(...values, id);
      renameSync(tempFile, this.contentPath(id));
      return this.get(id) as AttachmentRow;
    });
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

  /** Deletes the record and its content; returns the deleted row. */
  delete(row: AttachmentRow): AttachmentRow {
    const trash = join(this.dir, `${TRASH_PREFIX}${row.id}-${randomBytes(4).toString('hex')}`);
    this.project.transaction(() => {
      this.project.db.prepare('DELETE FROM attachments WHERE "id" = ?').run(row.id);
      // Moved aside inside the transaction, removed after it commits: a crash in between
      // leaves a stray trash file (swept at start), never a record without content.
      renameSync(this.contentPath(row.id), trash);
      this.markParent(row['parent-type'], row['parent-id']);
    });
    try {
      unlinkSync(trash);
    } catch {
      // Swept on the next start.
    }
    return row;
  }

  /** Deletes every attachment of an entity (when the entity itself is deleted); returns how many. */
  deleteAllOf(entityType: string, entityId: number): number {
    const rows = this.project.db
      .prepare('SELECT * FROM attachments WHERE "parent-type" = ? AND "parent-id" = ?')
      .all(entityType, entityId) as AttachmentRow[];
    for (const row of rows) this.delete(row);
    return rows.length;
  }

  /** Removes leftovers of interrupted uploads and deletes. */
  sweep(): number {
    let removed = 0;
    for (const name of readdirSync(this.dir)) {
      if (name.startsWith(TEMP_PREFIX) || name.startsWith(TRASH_PREFIX)) {
        rmSync(join(this.dir, name), { force: true });
        removed++;
      }
    }
    return removed;
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
