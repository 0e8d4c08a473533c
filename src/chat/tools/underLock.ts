// Writes from chat take the same server lock as the editor's Edit: acquired before the defect is
// read, held while the change is sent, released afterwards whatever happened. Another user's lock
// surfaces as the client's LockedByOtherError, which the tools describe as text. A defect being
// edited in this window is refused first: the editor's lock is this session's too, and releasing
// "ours" would release it.
import * as l10n from '@vscode/l10n';
import type { LockHandle, ProjectApi } from '../../api/index';
import { ToolInputError } from '../model/results';
import type { ProjectRefKey } from '../../defects/refs';
import type { ChatToolServices } from '../services';

export async function withDefectLock<T>(services: ChatToolServices, ref: ProjectRefKey, api: ProjectApi, id: number, signal: AbortSignal, fn: () => Promise<T>): Promise<T> {
  if (services.editingHere({ server: ref.server, domain: ref.domain, project: ref.project, id })) {
    throw new ToolInputError(
      l10n.t(
        'Error: open for editing. Defect {0} is being edited in the defect editor of this VS Code window, which holds its lock. Save or cancel there first (the editor also has Add comment).',
        id,
      ),
    );
  }
  const handle: LockHandle = await api.locks.acquire({ type: 'defect', id }, { signal });
  try {
    return await fn();
  } finally {
    // A failed release must not hide the write's own outcome; the session's end frees it anyway.
    await handle.release().catch(() => undefined);
  }
}
