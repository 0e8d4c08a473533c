// Writes from chat take the same server lock as the editor's Edit: acquired before the defect is
// read, held while the change is sent, released afterwards whatever happened. Another user's lock
// surfaces as the client's LockedByOtherError, which the tools describe as text.
import type { LockHandle, ProjectApi } from '../../api/index';

export async function withDefectLock<T>(api: ProjectApi, id: number, signal: AbortSignal, fn: () => Promise<T>): Promise<T> {
  const handle: LockHandle = await api.locks.acquire({ type: 'defect', id }, { signal });
  try {
    return await fn();
  } finally {
    // A failed release must not hide the write's own outcome; the session's end frees it anyway.
    await handle.release().catch(() => undefined);
  }
}
