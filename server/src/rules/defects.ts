// The rules of defect writes, shared by the `/api` and the Core `/rest` trees so both validate,
// version, lock-check and delete exactly alike: the trees only parse bodies and render answers.
import { AttachmentStore } from '../store/attachments';
import type { AlmSession, ProjectStore, ServerContext } from '../context';
import { AlmError } from '../errors';
import { crashPoint } from '../faults';
import { assertRequired, validateChanges } from './defectChanges';
import type { DefectBody } from './defectChanges';
import { writeWithHistory } from './history';
import { deleteLinksOf } from './links';
import { assertWritable } from './lockGuard';
import { AuditStore } from '../store/audits';
import type { DefectRow, StoredValue } from '../store/projectTypes';
import { formatDate, formatDateTime } from '../store/time';

export function defectNotFound(id: number): AlmError {
  return new AlmError(404, 'qccore.entity-not-found', `Defect ${id} does not exist.`, [{ Name: 'id', Value: id }]);
}

/** Applies a validated update to one defect: bumps ver-stamp, refreshes last-modified, records the history. */
export function applyDefectUpdate(ctx: ServerContext, store: ProjectStore, who: AlmSession, id: number, body: DefectBody): void {
  // Only the ver-stamp is read: a row may hold megabytes of memo text that this write never needs.
  const verStamp = store.defectVerStamp(id);
  if (verStamp === undefined) throw defectNotFound(id);
  assertWritable(ctx, store, 'defect', id, who, `update defect ${id}`);
  const changes = validateChanges(store, body, id);
  writeWithHistory(ctx, store, who.user, [id], changes, () => {
    store.updateDefect(id, { ...changes, 'ver-stamp': Number(verStamp ?? 0) + 1, 'last-modified': formatDateTime(ctx.now()) });
  });
}

/** applyDefectUpdate, answering the updated row. */
export function updateDefect(ctx: ServerContext, store: ProjectStore, who: AlmSession, id: number, body: DefectBody): DefectRow {
  applyDefectUpdate(ctx, store, who, id, body);
  return store.getDefect(id) as DefectRow;
}

/** Creates one defect from a validated body, with the server's defaults (status New, today). */
export function createDefect(ctx: ServerContext, store: ProjectStore, body: DefectBody): DefectRow {
  const values = validateChanges(store, body, undefined);
  const now = ctx.now();
  const record: Record<string, StoredValue> = { status: 'New', 'creation-time': formatDate(now), ...values };
  assertRequired(record);
  return store.getDefect(store.insertDefect({ ...record, 'ver-stamp': 1, 'last-modified': formatDateTime(now) })) as DefectRow;
}

/** The row of a defect the session may delete; throws 404 or 403 before anything changes. */
export function deletableDefect(ctx: ServerContext, store: ProjectStore, who: AlmSession, id: number): DefectRow {
  const row = store.getDefect(id);
  if (!row) throw defectNotFound(id);
  assertWritable(ctx, store, 'defect', id, who, `delete defect ${id}`);
  return row;
}

/**
 * Deletes checked defects with their locks, attachments, links and history, inside the caller's transaction.
 * Attachment content leaves the disk only after that transaction commits.
 */
export function deleteDefects(ctx: ServerContext, store: ProjectStore, rows: DefectRow[]): DefectRow[] {
  const attachments = new AttachmentStore(store, ctx.now);
  const audits = new AuditStore(store);
  // Queued first, so it fires after the commit but before any attachment file is removed.
  store.afterCommit(() => crashPoint('defect.delete.after-commit'));
  for (const row of rows) {
    const id = Number(row.id);
    store.deleteDefect(id);
    store.locks.releaseAllOn('defect', id);
    attachments.deleteAllOf('defect', id);
    deleteLinksOf(ctx, store, id);
    audits.deleteOf('defect', id);
  }
  crashPoint('defect.delete.before-commit');
  return rows;
}
