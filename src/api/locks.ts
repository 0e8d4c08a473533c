// Locks: acquire returns a handle bound to the session (which keeps the session alive while any
// lock is held); release deletes the lock exactly once, and later calls resolve at once.
import { scalarText } from './dialect/coreValues';
import { NetworkError, NotFoundError, ServerError, TimeoutError } from './errors';
import type { ProjectContext } from './projectContext';
import type { CallOptions } from './options';
import type { SessionBound } from './session';
import type { LockHandle, LocksApi } from './surface';
import type { EntityRef, Lock } from './types';

/** Pauses before each further attempt to release a lock the server could not be told about. */
const RELEASE_RETRY_MS = [250, 1000, 2500];

/** Failures another attempt may not meet: no connection, no answer in time, a gateway's 5xx. */
function isTransient(e: unknown): boolean {
  return e instanceof NetworkError || e instanceof TimeoutError || (e instanceof ServerError && (e.status === undefined || e.status >= 500));
}

export function toLock(r: Record<string, unknown>): Lock {
  const entity = r.entity as Record<string, unknown> | undefined;
  if (typeof r.id !== 'number' || !entity || typeof entity.id !== 'number') {
    throw new ServerError('The server returned a lock without an id or entity.');
  }
  return {
    id: r.id,
    entity: { id: entity.id, type: String(entity.type) },
    user: scalarText(r.user),
    lockTime: scalarText(r['lock-time']),
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
    const dialect = await ctx.dialect();
    for (let attempt = 0; this.current === 'held'; attempt++) {
      try {
        await ctx.transport.text({
          method: 'DELETE',
          path: dialect.lockReleasePath(ctx.scope, this.lock),
          target: { kind: 'entity' },
          // Nothing of the answer is read; XML too, since Core locks answer only XML on 12.0x–12.2x (reference §9.1).
          accept: 'application/json, application/xml;q=0.9',
          // A release must not be left hanging by a caller's cancelled operation.
          overallMs: 30_000,
        });
        break;
      } catch (e) {
        if (e instanceof NotFoundError) {
          ctx.logger.debug(`lock ${this.lock.id} was already gone`);
          break;
        }
        // A lock left behind blocks everyone else until the session idles out: a dropped
        // connection or a gateway error is worth a few more tries (DELETE is idempotent).
        const wait = RELEASE_RETRY_MS[attempt];
        if (wait === undefined || !isTransient(e)) throw e;
        ctx.logger.debug(`releasing lock ${this.lock.id} failed (${e instanceof Error ? e.message : String(e)}); trying again`);
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
    if (this.current === 'held') this.current = 'released';
    ctx.session.unbind(this);
  }
}

export class LocksResource implements LocksApi {
  constructor(private readonly ctx: ProjectContext) {}

  async acquire(entity: EntityRef, o: CallOptions = {}): Promise<LockHandle> {
    const { ctx } = this;
    const dialect = await ctx.dialect(o.signal);
    const { path, body } = dialect.lockCreate(ctx.scope, entity);
    // The /api tree POSTs to the locks collection; Core POSTs to the entity's lock, with no body.
    const res = await ctx.transport.json({ method: 'POST', path, json: body, signal: o.signal });
    const handle = new Handle(dialect.parseCreatedLock(res.body, entity, ctx.session.current?.username ?? ''), ctx);
    ctx.session.bind(handle);
    return handle;
  }
}
