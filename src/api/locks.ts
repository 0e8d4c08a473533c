// Locks: acquire returns a handle bound to the session (which keeps the session alive while any
// lock is held); release deletes the lock exactly once, and later calls resolve at once.
import { NotFoundError, ServerError } from './errors';
import type { ProjectContext } from './projectContext';
import type { CallOptions } from './options';
import type { SessionBound } from './session';
import type { LockHandle, LocksApi } from './surface';
import type { EntityRef, Lock } from './types';

function toLock(r: Record<string, unknown>): Lock {
  const entity = r.entity as Record<string, unknown> | undefined;
  if (typeof r.id !== 'number' || !entity || typeof entity.id !== 'number') {
    throw new ServerError('The server returned a lock without an id or entity.');
  }
  return {
    id: r.id,
    entity: { id: entity.id, type: String(entity.type) },
    user: String(r.user ?? ''),
    lockTime: String(r['lock-time'] ?? ''),
    sessionLastTouch: typeof r['session-last-touch'] === 'string' ? r['session-last-touch'] : null,
  };
}

class Handle implements LockHandle, SessionBound {
  private current: 'held' | 'released' | 'lost' = 'held';
  private releasing: Promise<void> | undefined;

  constructor(
    readonly lock: Lock,
    private readonly ctx: ProjectContext,
  ) {}

  get state(): 'held' | 'released' | 'lost' {
    return this.current;
  }

  sessionEnded(): void {
    // The server released every lock of the ended session; nothing is left to delete.
    if (this.current === 'held') this.current = 'lost';
  }

  release(): Promise<void> {
    if (this.current !== 'held') return this.releasing ?? Promise.resolve();
    this.releasing ??= this.doRelease().finally(() => {
      // After a failure the lock is still held: let a later call try again.
      if (this.current === 'held') this.releasing = undefined;
    });
    return this.releasing;
  }

  private async doRelease(): Promise<void> {
    const { ctx } = this;
    try {
      await ctx.transport.text({
        method: 'DELETE',
        path: ctx.dialect.lockPath(ctx.scope, this.lock.id),
        target: { kind: 'entity' },
        // A release must not be left hanging by a caller's cancelled operation.
        overallMs: 30_000,
      });
    } catch (e) {
      if (!(e instanceof NotFoundError)) throw e;
      ctx.logger.debug(`lock ${this.lock.id} was already gone`);
    }
    if (this.current === 'held') this.current = 'released';
    ctx.session.unbind(this);
  }
}

export class LocksResource implements LocksApi {
  constructor(private readonly ctx: ProjectContext) {}

  async acquire(entity: EntityRef, o: CallOptions = {}): Promise<LockHandle> {
    const { ctx } = this;
    const { path, body } = ctx.dialect.lockCreate(ctx.scope, entity);
    const res = await ctx.transport.json({ method: 'POST', path, json: body, signal: o.signal });
    const handle = new Handle(toLock(ctx.dialect.parseCreatedLock(res.body)), ctx);
    ctx.session.bind(handle);
    return handle;
  }
}
