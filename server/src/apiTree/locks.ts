// locks: POST `{data:[{entity:{id,type}}]}` → 201 `{data:[lock]}`; DELETE by id, only by the
// owner; GET to read them. A lock belongs to the session that took it and dies with it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAGING } from '../config';
import type { AlmSession, ProjectStore, ServerContext } from '../context';
import { AlmError } from '../errors';
import { CATALOGS } from '../metadata/catalog';
import { compileCollectionRequest } from '../query/index';
import type { LockRow } from '../store/projectTypes';
import { formatDateTime } from '../store/time';
import { lockEntity, releaseLock } from '../rules/locks';
import { liveLock } from '../rules/lockGuard';
import { entityId, projectOf, queryParams } from '../params';

/** The lock record; `session-last-touch` is the holder session's latest activity when known. */
function lockJson(lock: LockRow, ctx?: ServerContext): Record<string, unknown> {
  const touched = ctx?.sessions.lastTouch(lock.session);
  return {
    type: 'lock',
    id: lock.id,
    entity: { id: lock['parent-id'], type: lock['parent-type'] },
    user: lock.user,
    'lock-time': lock['lock-time'],
    'session-last-touch': touched === undefined ? lock['session-last-touch'] : formatDateTime(new Date(touched)),
  };
}

const sessionOf = (request: FastifyRequest) => request.almSession as AlmSession;

function lockOne(ctx: ServerContext, store: ProjectStore, who: AlmSession, item: unknown): LockRow {
  const entity = item && typeof item === 'object' ? (item as { entity?: unknown }).entity : undefined;
  const { id, type } = (entity && typeof entity === 'object' ? entity : {}) as { id?: unknown; type?: unknown };
  if (typeof type !== 'string' || (typeof id !== 'number' && typeof id !== 'string')) {
    throw new AlmError(400, 'qccore.general-error', 'Each lock needs "entity": {"id": <integer>, "type": "<entity type>"}.');
  }
  return lockEntity(ctx, store, who, type, entityId(String(id), type));
}

export function registerLocks(app: FastifyInstance, ctx: ServerContext): void {
  app.post('/locks', async (request, reply) => {
    const store = projectOf(ctx, request);
    const body = request.body as { data?: unknown } | null;
    const data = body && typeof body === 'object' && !Array.isArray(body) ? body.data : undefined;
    if (!Array.isArray(data) || data.length === 0) {
      throw new AlmError(400, 'qccore.general-error', 'Expected {"data":[{"entity":{"id":<integer>,"type":"defect"}}]}.');
    }
    const locks = store.transaction(() => data.map((item) => lockOne(ctx, store, sessionOf(request), item)));
    void reply.code(201);
    return { data: locks.map((lock) => lockJson(lock, ctx)) };
  });

  app.delete('/locks/:id', async (request) => {
    const store = projectOf(ctx, request);
    const id = entityId((request.params as { id: string }).id, 'lock');
    const lock = store.locks.byId(id);
    if (!lock) throw new AlmError(404, 'qccore.entity-not-found', `Lock ${id} does not exist (it may have been released when its session ended).`);
    releaseLock(store, sessionOf(request), lock);
    return lockJson(lock, ctx);
  });

  // Deleting the collection releases the caller's own locks only: others' locks are theirs.
  app.delete('/locks', async (request) => {
    const store = projectOf(ctx, request);
    const who = sessionOf(request);
    const mine = store.locks.releaseAllOfUser(who.user);
    return { data: mine.map((lock) => lockJson(lock, ctx)), 'total-count': mine.length };
  });

  app.get('/locks', async (request) => {
    const store = projectOf(ctx, request);
    ctx.sessions.sweep();
    const compiled = compileCollectionRequest(queryParams(request), CATALOGS.locks, PAGING);
    const rows = store.rowsOf<LockRow>('locks', compiled);
    return { data: rows.map((lock) => lockJson(lock, ctx)), 'total-count': store.countOf('locks', compiled) };
  });

  app.get('/locks/:id', async (request) => {
    const store = projectOf(ctx, request);
    const id = entityId((request.params as { id: string }).id, 'lock');
    const lock = store.locks.byId(id);
    if (!lock || !liveLock(ctx, store, lock['parent-type'], lock['parent-id'])) {
      throw new AlmError(404, 'qccore.entity-not-found', `Lock ${id} does not exist.`);
    }
    return lockJson(lock, ctx);
  });
}
