// Which pages of rows the host is fetching for one grid. The page says which it wants now (what
// it shows and just around it); a fetch for a page scrolled away is aborted, so dragging the
// scrollbar through 100,000 rows asks for what the user stops at, not for everything passed on the
// way. At most `concurrency` requests run at once; the rest wait in the page's order.

export type FetchPage = (page: number, signal: AbortSignal) => Promise<void>;

export class PageFetcher {
  private readonly running = new Map<number, AbortController>();
  private queue: number[] = [];

  constructor(
    private readonly fetchPage: FetchPage,
    private readonly concurrency = 3,
  ) {}

  /** Pages being fetched now (tests). */
  get inFlight(): number[] {
    return [...this.running.keys()];
  }

  want(pages: readonly number[]): void {
    const wanted = new Set(pages);
    for (const [page, controller] of this.running) {
      if (!wanted.has(page)) {
        controller.abort();
        this.running.delete(page);
      }
    }
    this.queue = [...wanted].filter((p) => !this.running.has(p));
    this.pump();
  }

  /** Fetches `pages` again (the periodic change check), after what is queued. */
  again(pages: readonly number[]): void {
    for (const p of pages) if (!this.running.has(p) && !this.queue.includes(p)) this.queue.push(p);
    this.pump();
  }

  /** Aborts everything (a new query, or the grid closed). */
  reset(): void {
    for (const c of this.running.values()) c.abort();
    this.running.clear();
    this.queue = [];
  }

  private pump(): void {
    while (this.running.size < this.concurrency && this.queue.length) {
      const page = this.queue.shift()!;
      const controller = new AbortController();
      this.running.set(page, controller);
      void this.fetchPage(page, controller.signal).finally(() => {
        if (this.running.get(page) === controller) this.running.delete(page);
        this.pump();
      });
    }
  }
}
