// Runs a bulk update the way every write goes (src/defects/lockedWrite.ts): each defect under its
// server lock, taken before the change and released after it, whatever happened. A defect another
// user holds is skipped and reported with who holds it, never overwritten; one this window's editor
// holds is skipped as well. Bulk sets values whatever was there, so it has no seen values to check. The defects locked together are written with the server's bulk
// PUT, in chunks that stay below the server's per-session lock and per-request element limits; where
// the bulk PUT does not apply (the server refuses the form, or refuses the whole request for one bad
// element) the chunk is written one defect at a time, so each gets its own outcome. Setting fields to
// given values is idempotent, so a chunk written again after a failed bulk PUT cannot do harm.
// No `vscode` import.
import type { DefectChanges, LockHandle, ProjectApi } from '../api/index';
import { LockedByOtherError, ValidationError, isCancellation } from '../api/index';
import { EditingHereError, lockDefect, releaseLocks } from '../defects/lockedWrite';
import { isAbort } from '../util/cancellation';
import type { BulkOutcome } from './outcome';

/** Defects locked and written together: below the emulator's 100 locks per session, and leaving room for open editors. */
const CHUNK = 50;
/** Lock requests (and single PUTs) in flight at once; the client's own limiter bounds it too. */
const CONCURRENT = 4;

export interface BulkRunOptions {
  /** Whether a defect editor of this window holds (or is taking) the defect's lock. */
  editingHere(id: number): boolean;
  signal?: AbortSignal;
  /** After each defect's outcome is known: how many are done of how many. */
  onProgress?(done: number, total: number): void;
  /** The server's bulk PUT for defects locked together (default), or one PUT per defect. */
  bulk?: boolean;
  chunkSize?: number;
  /** Why the bulk PUT was given up for the rest of the run (for the log). */
  onBulkRefused?(reason: string): void;
}

type BulkApi = Pick<ProjectApi, 'locks' | 'defects'>;

function cancelled(e: unknown): boolean {
  return isCancellation(e) || isAbort(e);
}

function reasonOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Runs `work` over `items` with at most `limit` at once. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

class BulkRun {
  private readonly outcomes = new Map<number, BulkOutcome>();
  private bulk: boolean;

  constructor(
    private readonly api: BulkApi,
    private readonly changes: DefectChanges,
    private readonly total: number,
    private readonly o: BulkRunOptions,
  ) {
    this.bulk = o.bulk ?? true;
  }

  results(ids: readonly number[]): BulkOutcome[] {
    return ids.map((id) => this.outcomes.get(id) ?? { id, kind: 'not-run' });
  }

  private done(outcome: BulkOutcome): void {
    this.outcomes.set(outcome.id, outcome);
    this.o.onProgress?.(this.outcomes.size, this.total);
  }

  async chunk(ids: readonly number[]): Promise<void> {
    const held = new Map<number, LockHandle>();
    try {
      await pool(ids, CONCURRENT, (id) => this.lock(id, held));
      if (held.size > 0 && !this.o.signal?.aborted) await this.write(held);
    } finally {
      await releaseLocks(held.values());
    }
  }

  private async lock(id: number, held: Map<number, LockHandle>): Promise<void> {
    if (this.o.signal?.aborted) return;
    try {
      held.set(id, await lockDefect(this.api.locks, id, this.o));
    } catch (e) {
      if (cancelled(e)) return;
      if (e instanceof EditingHereError) return this.done({ id, kind: 'editing-here' });
      if (e instanceof LockedByOtherError) return this.done({ id, kind: 'locked', by: e.lockedBy });
      this.done({ id, kind: 'refused', reason: reasonOf(e) });
    }
  }

  private async write(held: Map<number, LockHandle>): Promise<void> {
    const ids = [...held.keys()];
    if (this.bulk && ids.length > 1) {
      const rest = await this.writeBulk(ids, held);
      if (rest.length === 0) return;
      ids.splice(0, ids.length, ...rest);
    }
    await pool(ids, CONCURRENT, async (id) => {
      if (this.o.signal?.aborted) return;
      try {
        this.done({ id, kind: 'updated', defect: await this.api.defects.update(id, this.changes, { lock: held.get(id), signal: this.o.signal }) });
      } catch (e) {
        if (!cancelled(e)) this.done({ id, kind: 'refused', reason: reasonOf(e) });
      }
    });
  }

  /** One bulk PUT; returns the defects it left without an outcome (to be written one at a time). */
  private async writeBulk(ids: number[], held: Map<number, LockHandle>): Promise<number[]> {
    try {
      const result = await this.api.defects.updateMany(
        ids.map((id) => ({ id, changes: this.changes })),
        { signal: this.o.signal, locks: [...held.values()] },
      );
      for (const d of result.updated) if (held.has(d.id)) this.done({ id: d.id, kind: 'updated', defect: d });
      for (const f of result.failed) if (held.has(f.id)) this.done({ id: f.id, kind: 'refused', reason: f.reason });
      return ids.filter((id) => !this.outcomes.has(id));
    } catch (e) {
      if (cancelled(e)) return [];
      // A refusal of the whole request (the `/api` tree's bulk is one transaction) names one
      // element; the others deserve their own outcome. Anything else: the form does not work here.
      if (!(e instanceof ValidationError)) {
        this.bulk = false;
        this.o.onBulkRefused?.(reasonOf(e));
      }
      return ids;
    }
  }
}

/** Sets `changes` on every defect of `ids`; resolves with one outcome per defect, in the order given. */
export async function runBulkUpdate(api: BulkApi, ids: readonly number[], changes: DefectChanges, o: BulkRunOptions): Promise<BulkOutcome[]> {
  const unique = [...new Set(ids)];
  const run = new BulkRun(api, changes, unique.length, o);
  const size = Math.max(1, o.chunkSize ?? CHUNK);
  for (let i = 0; i < unique.length && !o.signal?.aborted; i += size) await run.chunk(unique.slice(i, i + size));
  return run.results(unique);
}
