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
import { liveLock, lockFailure } from './lockGuard';
import { entityId, projectOf, queryParams } from './params';

/** Entity types that can be locked, with how to tell that the entity exists. */
const LOCKABLE: Record<string, (store: ProjectStore, id: number) => boolean> = {
  defect: (store, id) => store.getDefect(id) !== undefined,
};

/** The lock record; `session-last-touch` is the holder session's latest activity when known. */
export function lockJson(lock: LockRow, ctx?: ServerContext): Record<string, unknown> {
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
  const exists = LOCKABLE[type];
  if (!exists) throw new AlmError(400, 'qccore.general-error', `Entities of type '${type}' cannot be locked; lockable types: ${Object.keys(LOCKABLE).join(', ')}.`);
  const entityIdNum = entityId(String(id), type);
  if (!exists(store, entityIdNum)) throw new AlmError(404, 'qccore.entity-not-found', `Cannot lock ${type} ${entityIdNum}: it does not exist.`);
  const held = liveLock(ctx, store, type, entityIdNum);
  if (held && held.session === who.id) return held;
  if (held) throw lockFailure(held, `lock ${type} ${entityIdNum}`);
  return store.insertLock(type, entityIdNum, who.user, who.id);
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
    const lock = store.getLockById(id);
    if (!lock) throw new AlmError(404, 'qccore.entity-not-found', `Lock ${id} does not exist (it may have been released when its session ended).`);
    const who = sessionOf(request);
    if (lock.user !== who.user) {
      throw new AlmError(403, 'qccore.lock-failure', `Lock ${id} belongs to user '${lock.user}' (since ${lock['lock-time']}); only that user can release it.`, [
        { Name: 'user', Value: lock.user },
        { Name: 'lock-time', Value: lock['lock-time'] },
      ]);
    }
    store.deleteLock(id);
    return lockJson(lock, ctx);
  });

  // Deleting the collection releases the caller's own locks only: others' locks are theirs.
  app.delete('/locks', async (request) => {
    const store = projectOf(ctx, request);
    const who = sessionOf(request);
    const mine = store.db.prepare('SELECT * FROM locks WHERE "user" = ? ORDER BY "id"').all(who.user) as LockRow[];
    store.db.prepare('DELETE FROM locks WHERE "user" = ?').run(who.user);
    return { data: mine.map((lock) => lockJson(lock, ctx)), 'total-count': mine.length };
  });

  app.get('/locks', async (request) => {
    const store = projectOf(ctx, request);
    ctx.sessions.sweep();
    const compiled = compileCollectionRequest(queryParams(request), CATALOGS.locks, PAGING);
    const rows = store.db
      .prepare(`SELECT * FROM locks WHERE ${compiled.where} ORDER BY ${compiled.orderBy} LIMIT ? OFFSET ?`)
      .all(...compiled.params, compiled.limit, compiled.offset) as LockRow[];
    const total = store.db.prepare(`SELECT COUNT(*) AS n FROM locks WHERE ${compiled.where}`).get(...compiled.params) as { n: number };
    return { data: rows.map((lock) => lockJson(lock, ctx)), 'total-count': total.n };
  });

  app.get('/locks/:id', async (request) => {
    const store = projectOf(ctx, request);
    const id = entityId((request.params as { id: string }).id, 'lock');
    const lock = store.getLockById(id);
    if (!lock || !liveLock(ctx, store, lock['parent-type'], lock['parent-id'])) {
      throw new AlmError(404, 'qccore.entity-not-found', `Lock ${id} does not exist.`);
    }
    return lockJson(lock, ctx);
  });
}
