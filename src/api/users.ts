// The project's users for the user pickers: the server's user list through the dialect, or, when
// the server refuses it (403 without the right, 404 on an api-only server), the users named on the
// most recent defects — partial, so the ALM log says which one the pickers got and why.
import { ForbiddenError, NotFoundError, UnexpectedAnswerError } from './errors';
import type { DialectIo, WireDialect } from './dialect/dialect';
import type { AlmLogger, CallOptions } from './options';
import type { DefectsApi } from './surface';
import type { ProjectUser, ProjectUsers } from './types';

/** How many recent defects the fallback reads (one page). */
export const RECENT_DEFECTS = 500;

export interface UsersSource {
  dialect: WireDialect;
  io: DialectIo;
  defects: Pick<DefectsApi, 'page'>;
  logger: AlmLogger;
  /** `DOMAIN/Project`, for the log. */
  project: string;
}

export async function loadProjectUsers(src: UsersSource): Promise<ProjectUsers> {
  try {
    const users = await src.dialect.loadUsers(src.io);
    src.logger.debug(`${src.project}: ${users.length} project users from the server's user list`);
    return { users, source: 'project' };
  } catch (e) {
    if (!(e instanceof ForbiddenError || e instanceof NotFoundError || e instanceof UnexpectedAnswerError)) throw e;
    const why =
      e instanceof UnexpectedAnswerError
        ? `answered the project's user list in a form this version does not know (${e.message})`
        : `refused the project's user list (HTTP ${e.status ?? '?'}${e.request ? ` on ${e.request}` : ''})`;
    src.logger.warn(`${src.project}: the server ${why}; ` + `the user pickers offer the users named on the ${RECENT_DEFECTS} most recent defects instead`);
    return { users: await recentDefectUsers(src.defects, { signal: src.io.signal }), source: 'recent-defects' };
  }
}

/** Owners and detectors of the most recent defects, sorted by name. */
async function recentDefectUsers(defects: Pick<DefectsApi, 'page'>, o: CallOptions = {}): Promise<ProjectUser[]> {
  const page = await defects.page({ fields: ['owner', 'detected-by'], orderBy: ['-id'], pageSize: RECENT_DEFECTS, signal: o.signal });
  const names = new Set<string>();
  for (const d of page.items) {
    for (const v of [d.owner, d['detected-by']]) if (typeof v === 'string' && v) names.add(v);
  }
  return [...names].sort((a, b) => a.localeCompare(b)).map((name) => ({ name }));
}
