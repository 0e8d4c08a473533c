// How one request is stopped: by the caller's signal or by the request's own overall time limit,
// through one abort handle undici accepts as `signal`. An EventEmitter, not an AbortController:
// undici accepts both, and on the hot GET path EventTarget listeners cost ten times more.
import { EventEmitter } from 'node:events';

/** An abort source undici accepts as `signal`; a real AbortSignal is made only when a slow path needs one. */
export class RequestAbort extends EventEmitter {
  aborted = false;
  private controller: AbortController | undefined;

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.controller?.abort();
    this.emit('abort');
  }

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort();
    }
    return this.controller.signal;
  }
}

/** The abort handle of one request, fed by the caller's signal and a timer of `overallMs` (none when null or 0). */
export class RequestDeadline {
  readonly abort = new RequestAbort();
  private fired = false;
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly onCallerAbort = (): void => this.abort.abort();

  constructor(
    overallMs: number | null,
    private readonly caller: AbortSignal | undefined,
  ) {
    this.timer = overallMs
      ? setTimeout(() => {
          this.fired = true;
          this.abort.abort();
        }, overallMs)
      : undefined;
    if (caller?.aborted) this.abort.abort();
    else caller?.addEventListener('abort', this.onCallerAbort, { once: true });
  }

  /** Our own time limit ended the request (not the caller). */
  get timedOut(): boolean {
    return this.fired && !this.caller?.aborted;
  }

  get cancelled(): boolean {
    return !!this.caller?.aborted;
  }

  /** Stops listening; the request is done (or handed off and done later). */
  detach(): void {
    clearTimeout(this.timer);
    this.caller?.removeEventListener('abort', this.onCallerAbort);
  }
}
