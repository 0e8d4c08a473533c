// Lock enforcement for writes: while another user holds a live lock on an entity, its PUT and
// DELETE fail with 403 qccore.lock-failure naming the holder and since when (reference §9).
import type { AlmSession, ProjectStore, ServerContext } from '../context';
import { AlmError } from '../errors';
import { whenWritable } from '../diskFull';
import type { LockRow } from '../store/projectTypes';

export function lockFailure(lock: LockRow, action: string): AlmError {
  return new AlmError(403, 'qccore.lock-failure', `Failed to ${action}: the entity is locked by user '${lock.user}' since ${lock['lock-time']}.`, [
    { Name: 'user', Value: lock.user },
    { Name: 'lock-time', Value: lock['lock-time'] },
    { Name: 'lock-id', Value: lock.id },
  ]);
}

/**
 * The live lock on an entity, or undefined. A lock whose session has ended (idle, signed out)
 * is released here rather than blocking others until the next sweep.
 */
export function liveLock(ctx: ServerContext, store: ProjectStore, entityType: string, entityId: number): LockRow | undefined {
  const lock = store.locks.find(entityType, entityId);
  if (!lock) return undefined;
  if (ctx.sessions.isAlive(lock.session)) return lock;
  // Where the project cannot be written (a full disk, a read-only start) the row stays; it is dead all the same.
  whenWritable(() => store.locks.release(lock.id));
  return undefined;
}

/** Throws 403 when a user other than the session's holds a lock on the entity. */
export function assertWritable(ctx: ServerContext, store: ProjectStore, entityType: string, entityId: number, session: AlmSession, action: string): void {
  const lock = liveLock(ctx, store, entityType, entityId);
  if (lock && lock.user !== session.user) throw lockFailure(lock, action);
}
