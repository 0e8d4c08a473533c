// Core locks (reference §9.1): `defects/{id}/lock` — GET the LockStatusEntity (UNLOCKED,
// LOCKED_BY_ME, LOCKED_BY_OTHER with LockUser), POST to take the lock (answers the locked
// entity), DELETE to release it. The lock store and rules are the `/api` tree's (rules/locks.ts),
// so a lock taken through either tree blocks writes through the other. "Me" is this session:
// locks belong to sessions and die with them (§9.3).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AlmSession, ServerContext } from '../../context';
import { entityId, projectOf } from '../../params';
import { liveLock } from '../../rules/lockGuard';
import { defectNotFound } from '../../rules/defects';
import { lockEntity, releaseLock } from '../../rules/locks';
import type { LockRow } from '../../store/projectTypes';
import { ReferenceNames, defectEntity } from '../defects/convert';
import { renderEntity } from '../wire/entity';
import { xmlDocument } from '../../xml';
import type { CoreFormat } from '../wire/entity';
import { coreFormat } from '../wire/negotiate';

const sessionOf = (request: FastifyRequest): AlmSession => request.almSession as AlmSession;

/** The LockStatusEntity; JSON mirrors the XML elements with string values, like Core entity values. */
function lockStatus(lock: LockRow | undefined, who: AlmSession, format: CoreFormat): { type: string; body: string } {
  const mine = lock !== undefined && lock.session === who.id;
  const status = lock === undefined ? 'UNLOCKED' : mine ? 'LOCKED_BY_ME' : 'LOCKED_BY_OTHER';
  // LockedByMe and LockUser are optional (D-lockschema); the documented UNLOCKED answer has neither.
  const entity: Record<string, string> = lock ? { LockStatus: status, LockedByMe: String(mine), LockUser: lock.user } : { LockStatus: status };
  return format === 'json' ? { type: 'application/json; charset=utf-8', body: JSON.stringify(entity) } : { type: 'application/xml; charset=utf-8', body: xmlDocument({ LockStatusEntity: entity }) };
}

export function registerCoreLocks(app: FastifyInstance, ctx: ServerContext): void {
  const target = (request: FastifyRequest) => {
    const store = projectOf(ctx, request);
    const id = entityId((request.params as { id: string }).id, 'defect');
    if (!store.getDefect(id)) throw defectNotFound(id);
    return { store, id };
  };

  app.get('/defects/:id/lock', async (request, reply) => {
    const { store, id } = target(request);
    const { type, body } = lockStatus(liveLock(ctx, store, 'defect', id), sessionOf(request), coreFormat(request));
    return reply.type(type).send(body);
  });

  app.post('/defects/:id/lock', async (request, reply) => {
    const { store, id } = target(request);
    store.transaction(() => lockEntity(ctx, store, sessionOf(request), 'defect', id));
    const row = store.getDefect(id);
    if (!row) throw defectNotFound(id);
    const { type, body } = renderEntity(defectEntity(row, null, new ReferenceNames(store)), coreFormat(request), ctx.options.profile);
    return reply.type(type).send(body);
  });

  // Releasing a lock nobody holds succeeds: the entity is unlocked either way.
  app.delete('/defects/:id/lock', async (request, reply) => {
    const { store, id } = target(request);
    const lock = liveLock(ctx, store, 'defect', id);
    if (lock) releaseLock(store, sessionOf(request), lock);
    return reply.code(200).send();
  });
}
