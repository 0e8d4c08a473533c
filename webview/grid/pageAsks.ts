// When the grid page tells the host which pages it wants. The host fetches the pages of the latest
// `want` and aborts any other, so a want lists every page still needed; it is sent only when that
// changed: a page needed that is not on its way, one on its way no longer needed, or other pages
// shown (the change check fetches those again). A page arriving is no change: asking again for the
// ones still on their way would make the host fetch again a page it has just sent. Pure, unit-tested.

export class PageAsks {
  /** The pages of the last want that have not arrived: the host is fetching them. */
  private onTheirWay = new Set<number>();
  private shown = '';

  /** Whether a want of `pages` (shown: `shown`) is to be sent; when it is, it counts as sent. */
  next(pages: readonly number[], shown: readonly number[]): boolean {
    const shownKey = shown.join();
    const needed = pages.some((p) => !this.onTheirWay.has(p));
    const dropped = [...this.onTheirWay].some((p) => !pages.includes(p));
    if (!needed && !dropped && shownKey === this.shown) return false;
    this.onTheirWay = new Set(pages);
    this.shown = shownKey;
    return true;
  }

  /** A page's rows (or its failure) arrived. */
  arrived(page: number): void {
    this.onTheirWay.delete(page);
  }

  /** A new query: nothing asked yet. */
  reset(): void {
    this.onTheirWay.clear();
    this.shown = '';
  }
}
