// One way to write to a defect under its server lock, for every feature that changes a defect:
// bulk update, chat's updates and comments, a duplicate's comment, Start Work, a rename that
// rewrites memos, and the editor's save (whose lock lives as long as its edit, so it uses the rule
// and the guard here but holds the lock itself). No `vscode` import: tested in plain mocha.
//
// THE CONFLICT RULE ("seen values stand"), the same for every writer, as a real ALM has it:
//  1. Another user's lock refuses the write. The server answers the lock request with who holds it
//     and since when (the client's LockedByOtherError, its text kept); nothing is sent.
//  2. A defect this window's editor holds is refused before anything is sent (EditingHereError):
//     its lock is this session's too, so taking it here would succeed and the release after the
//     write would free the editor's lock under it.
//  3. A write based on values someone saw (the editor's form, chat's confirmed change) is refused
//     when one of those values changed on the server since: checked under the lock on a fresh read,
//     the ver-stamp deciding at once where both sides have one (ChangedMeanwhileError; the editor
//     lets the user choose field by field instead). A write that sets values whatever was there
//     (bulk, Start Work, a comment appended to the comments as they are now) saw nothing, so it
//     writes over what the server has.
import * as l10n from '@vscode/l10n';
import { SERVER_OWNED_FIELDS, sameValue } from '../api/index';
import type { CallOptions, Defect, DefectsApi, FieldValue, LockHandle, LocksApi } from '../api/index';

type Values = Readonly<Record<string, FieldValue | undefined>>;

/** Rule 2: the defect is being edited in this window's defect editor, which holds its lock. */
export class EditingHereError extends Error {
  override readonly name = 'EditingHereError';
  constructor(readonly id: number) {
    super(l10n.t('Defect {0} is being edited in the defect editor of this window, which holds its lock. Save or cancel there first.', id));
  }
}

/** Rule 3: values the write was based on changed on the server since they were seen; nothing was written. */
export class ChangedMeanwhileError extends Error {
  override readonly name = 'ChangedMeanwhileError';
  constructor(
    readonly id: number,
    /** The fields whose server value moved. */
    readonly fields: readonly string[],
  ) {
    super(l10n.t('Defect {0} was changed on the server since it was read ({1}); nothing was written.', id, fields.join(', ')));
  }
}

/** A defect's ver-stamp as a number (the /api tree sends it as text), or null when it has none. */
export function verStampOf(values: Values): number | null {
  const v = values['ver-stamp'];
  return typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null;
}

/**
 * Rule 3: the fields among `fields` (by default those of `seen`) whose value on the server
 * (`latest`) is not the one seen; none when both ver-stamps are known and equal. Server-owned
 * fields (id, ver-stamp, last-modified) are never a conflict.
 */
export function changedSinceSeen(seen: Values, latest: Values, fields: Iterable<string> = Object.keys(seen)): string[] {
  const seenStamp = verStampOf(seen);
  if (seenStamp !== null && seenStamp === verStampOf(latest)) return [];
  return [...new Set(fields)].filter((f) => !SERVER_OWNED_FIELDS.has(f) && !sameValue(seen[f], latest[f]));
}

export interface LockOptions {
  /** Rule 2's guard: whether an editor of this window holds (or is taking) defect `id`'s lock. */
  editingHere?: (id: number) => boolean;
  signal?: AbortSignal;
}

/**
 * Takes defect `id`'s lock for a write (rules 1 and 2): throws EditingHereError when this window's
 * editor holds it, and the client's LockedByOtherError when another user does.
 */
export async function lockDefect(locks: Pick<LocksApi, 'acquire'>, id: number, o: LockOptions = {}): Promise<LockHandle> {
  if (o.editingHere?.(id)) throw new EditingHereError(id);
  return locks.acquire({ type: 'defect', id }, { signal: o.signal });
}

/** Gives locks back. A failed release must not hide the write's own outcome; the session's end frees the lock anyway. */
export async function releaseLocks(handles: Iterable<LockHandle>): Promise<void> {
  await Promise.all([...handles].map((h) => h.release().catch(() => undefined)));
}

/**
 * Writes defect `id` under its lock: the guard, the lock, `write` (which passes `lock` on to the
 * update, so that a lock the session lost meanwhile refuses it), and the release whatever happened.
 */
export async function writeUnderLock<T>(locks: Pick<LocksApi, 'acquire'>, id: number, o: LockOptions, write: (lock: LockHandle) => Promise<T>): Promise<T> {
  const lock = await lockDefect(locks, id, o);
  try {
    return await write(lock);
  } finally {
    await releaseLocks([lock]);
  }
}

/**
 * Rule 3 under the lock: reads defect `id` afresh and throws ChangedMeanwhileError when a value of
 * `seen` moved since; resolves with the fresh read, the `original` of the update that follows.
 */
export async function readUnchanged(defects: Pick<DefectsApi, 'get'>, id: number, seen: Values, o: CallOptions = {}): Promise<Defect> {
  const latest = await defects.get(id, { signal: o.signal });
  const moved = changedSinceSeen(seen, latest);
  if (moved.length) throw new ChangedMeanwhileError(id, moved);
  return latest;
}
