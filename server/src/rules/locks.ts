// The rules of locks, shared by the `/api` tree's `locks` collection and the Core tree's
// `{collection}/{id}/lock`: one store, so a lock taken through either tree blocks writes through both.
import type { AlmSession, ProjectStore, ServerContext } from '../context';
import { AlmError } from '../errors';
import { liveLock, lockFailure } from './lockGuard';
import type { LockRow } from '../store/projectTypes';

/** Entity types that can be locked, with how to tell that the entity exists. */
const LOCKABLE: Record<string, (store: ProjectStore, id: number) => boolean> = {
  defect: (store, id) => store.getDefect(id) !== undefined,
};

/** Takes the lock for the session (or returns the one it already holds); 404 or 403 otherwise. */
export function lockEntity(ctx: ServerContext, store: ProjectStore, who: AlmSession, type: string, id: number): LockRow {
  const exists = LOCKABLE[type];
  if (!exists) throw new AlmError(400, 'qccore.general-error', `Entities of type '${type}' cannot be locked; lockable types: ${Object.keys(LOCKABLE).join(', ')}.`);
  if (!exists(store, id)) throw new AlmError(404, 'qccore.entity-not-found', `Cannot lock ${type} ${id}: it does not exist.`);
  const held = liveLock(ctx, store, type, id);
  if (held && held.session === who.id) return held;
  if (held) throw lockFailure(held, `lock ${type} ${id}`);
  // One member locking most of a project for an hour blocks everyone else's edits (issue 28 item 8).
  // The bound is the user's, over all of their live sessions: a bound per session was passed by
  // signing in again (issue 38 item 15). Locks of ended sessions are released, so they do not count.
  const max = ctx.options.limits.maxLocksPerUser;
  if (liveLocksOfUser(ctx, store, who.user) >= max) {
    throw new AlmError(
      409,
      'qccore.general-error',
      `You already hold ${max} locks in this project, the most one user may hold (over all of your sessions). Release locks you no longer need, then lock ${type} ${id} again.`,
      [{ Name: 'maximum-locks', Value: max }],
    );
  }
  return store.locks.take(type, id, who.user, who.id);
}

function liveLocksOfUser(ctx: ServerContext, store: ProjectStore, user: string): number {
  let count = 0;
  for (const held of store.locks.countsOfUser(user)) if (ctx.sessions.isAlive(held.session)) count += held.count;
  return count;
}

/** Releases a lock; only the user who took it may (403 qccore.lock-failure otherwise). */
export function releaseLock(store: ProjectStore, who: AlmSession, lock: LockRow): void {
  if (lock.user !== who.user) {
    throw new AlmError(403, 'qccore.lock-failure', `Lock ${lock.id} belongs to user '${lock.user}' (since ${lock['lock-time']}); only that user can release it.`, [
      { Name: 'user', Value: lock.user },
      { Name: 'lock-time', Value: lock['lock-time'] },
    ]);
  }
  store.locks.release(lock.id);
}
