// The host's half of a webview's `ready` handshake, for the editor and the grid alike. A page says
// `ready` once its script listens; what the host posts before that is held for it. Posting early
// too (VS Code hands a loading page the messages it was posted once its listener is in place) paints
// the page without waiting for `ready` to travel to the extension host and back; the page may still
// miss them (VS Code gives up on a slow load), so `ready` hands back what was held, to post again or
// to replace by the whole state. A `ready` with nothing since the last one means the page was loaded
// again (hidden and restored): the caller rebuilds it. No `vscode` import.

export interface ReadyQueueOptions<M> {
  /** Posts one message to the page. */
  send(message: M): void;
  /** Whether to post before `ready` as well (asked at each message). */
  early(): boolean;
  /** Whether `next` makes the held `queued` moot (only the latest state matters); none: everything is held. */
  replaces?(queued: M, next: M): boolean;
}

/** What a `ready` from the page found: what was held for it, or `again` when it was ready already (a reloaded page). */
export type ReadyOutcome<M> = { again: false; held: M[] } | { again: true };

export class ReadyQueue<M> {
  private ready = false;
  private held: M[] = [];

  constructor(private readonly options: ReadyQueueOptions<M>) {}

  get isReady(): boolean {
    return this.ready;
  }

  /** Sends now if the page is ready; else holds it (and sends it early when asked to). */
  post(message: M): void {
    if (this.ready) return this.options.send(message);
    if (this.options.replaces) this.held = this.held.filter((queued) => !this.options.replaces?.(queued, message));
    this.held.push(message);
    if (this.options.early()) this.options.send(message);
  }

  /** The page said `ready`. */
  pageReady(): ReadyOutcome<M> {
    if (this.ready) return { again: true };
    this.ready = true;
    const held = this.held;
    this.held = [];
    return { again: false, held };
  }

  /** The page is being loaded again (its content replaced): hold until it says `ready` again. */
  reset(): void {
    this.ready = false;
  }

  /** Nothing more is sent (the panel is gone). */
  clear(): void {
    this.held = [];
  }
}
