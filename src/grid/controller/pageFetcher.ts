// Which pages of rows the host is fetching for one grid. The page says which it wants now (what
// it shows and just around it); a fetch for a page scrolled away is aborted, so dragging the
// scrollbar through 100,000 rows asks for what the user stops at, not for everything passed on the
// way. At most `concurrency` requests run at once; the rest wait in the page's order. The pages in
// view go first and alone: the pages around them start only once those are in, so after a jump the
// server (and the connection) answer the rows the user looks at without sharing them with the
// read-ahead.

export type FetchPage = (page: number, signal: AbortSignal) => Promise<void>;

export class PageFetcher {
  private readonly running = new Map<number, AbortController>();
  private queue: number[] = [];
  /** Pages in view: fetched before, and not alongside, the others. */
  private urgent = new Set<number>();

  constructor(
    private readonly fetchPage: FetchPage,
    private readonly concurrency = 3,
  ) {}

  /** Pages being fetched now (tests). */
  get inFlight(): number[] {
    return [...this.running.keys()];
  }

  /** `pages`: every page wanted, in order; `inView`: those of them the user sees now (all of them when absent). */
  want(pages: readonly number[], inView: readonly number[] = pages): void {
    const wanted = new Set(pages);
    for (const [page, controller] of this.running) {
      if (!wanted.has(page)) {
        controller.abort();
        this.running.delete(page);
      }
    }
    this.urgent = new Set(inView.filter((p) => wanted.has(p)));
    const waiting = [...wanted].filter((p) => !this.running.has(p));
    this.queue = [...waiting.filter((p) => this.urgent.has(p)), ...waiting.filter((p) => !this.urgent.has(p))];
    this.pump();
  }

  /** Fetches `pages` (the ones shown) again for the periodic change check, after what is queued. */
  again(pages: readonly number[]): void {
    for (const p of pages) {
      this.urgent.add(p);
      if (!this.running.has(p) && !this.queue.includes(p)) this.queue.push(p);
    }
    this.pump();
  }

  /** Aborts everything (a new query, or the grid closed). */
  reset(): void {
    for (const c of this.running.values()) c.abort();
    this.running.clear();
    this.queue = [];
    this.urgent.clear();
  }

  private pump(): void {
    while (this.running.size < this.concurrency && this.queue.length) {
      const page = this.queue[0];
      // A page out of view waits while a page in view is on its way.
      if (!this.urgent.has(page) && [...this.running.keys()].some((p) => this.urgent.has(p))) return;
      this.queue.shift();
      const controller = new AbortController();
      this.running.set(page, controller);
      void this.fetchPage(page, controller.signal).finally(() => {
        if (this.running.get(page) === controller) {
          this.running.delete(page);
          this.urgent.delete(page);
        }
        this.pump();
      });
    }
  }
}
