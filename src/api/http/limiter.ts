// A counting semaphore: at most `max` requests in flight, the rest wait in FIFO order, so a
// burst of tree expansions cannot flood a server. A waiter that is aborted leaves the queue.
// Not the Agent's `connections` limit: a download into a file runs on a connection of its own
// (receiveSocket.ts) outside the Agent's pool, so only this queue bounds parallel downloads; an
// injected dispatcher has no limit of ours; and sign-in requests bypass this queue, where in the
// Agent's pool they would wait behind every request already dispatched.
import { CancelledError } from '../errors';

export type Release = () => void;

export class Limiter {
  private active = 0;
  private readonly waiting: { grant: () => void; reject: (e: unknown) => void }[] = [];

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError('maxConcurrent must be a positive integer');
  }

  get inFlight(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** A release function when a slot is free right now, else undefined (no queueing). */
  tryAcquire(): Release | undefined {
    if (this.active >= this.max || this.waiting.length > 0) return undefined;
    this.active++;
    return this.releaser();
  }

  /** Resolves with a release function (idempotent) once a slot is free. */
  acquire(signal?: AbortSignal): Promise<Release> {
    if (signal?.aborted) return Promise.reject(new CancelledError());
    if (this.active < this.max) {
      this.active++;
      return Promise.resolve(this.releaser());
    }
    return new Promise<Release>((resolve, reject) => {
      const entry = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          this.active++;
          resolve(this.releaser());
        },
        reject,
      };
      const onAbort = (): void => {
        const i = this.waiting.indexOf(entry);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(new CancelledError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  private releaser(): Release {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.active--;
      this.waiting.shift()?.grant();
    };
  }
}
