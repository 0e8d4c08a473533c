// The rows the grid page holds: whole pages of the result, fetched as they come into view and
// dropped again when far away, so memory stays bounded however far the user scrolls (a window of
// `maxPages` pages around what is shown). Pure: no DOM, unit-tested.
import type { GridRow } from '../../src/shared/gridProtocol';

export class RowWindow {
  private readonly pages = new Map<number, GridRow[]>();
  private readonly failures = new Map<number, string>();

  constructor(
    readonly pageSize: number,
    readonly maxPages: number,
  ) {}

  /** Pages held (tests, the heap figure). */
  get heldPages(): number[] {
    return [...this.pages.keys()].sort((a, b) => a - b);
  }

  pageOf(index: number): number {
    return Math.floor(index / this.pageSize);
  }

  row(index: number): GridRow | undefined {
    return this.pages.get(this.pageOf(index))?.[index % this.pageSize];
  }

  /** Why the page holding row `index` could not be fetched, if it could not. */
  failure(index: number): string | undefined {
    return this.failures.get(this.pageOf(index));
  }

  /**
   * The pages covering rows `first`…`last` and `around` pages on each side, within `total` rows,
   * the shown ones first (nearest the middle first), so the host fetches what the user sees first.
   */
  wanted(first: number, last: number, total: number, around = 1): { shown: number[]; all: number[] } {
    if (total <= 0 || last < first) return { shown: [], all: [] };
    const lastPage = this.pageOf(total - 1);
    const from = Math.max(0, this.pageOf(first));
    const to = Math.min(lastPage, this.pageOf(last));
    const shown: number[] = [];
    for (let p = from; p <= to; p++) shown.push(p);
    const extra: number[] = [];
    for (let d = 1; d <= around; d++) {
      if (to + d <= lastPage) extra.push(to + d);
      if (from - d >= 0) extra.push(from - d);
    }
    return { shown, all: [...shown, ...extra] };
  }

  /** The pages of `pages` neither held nor failed: what to ask the host for. */
  missing(pages: readonly number[]): number[] {
    return pages.filter((p) => !this.pages.has(p) && !this.failures.has(p));
  }

  /**
   * Holds a page's rows (replacing any held: the change check brings pages again), then drops the
   * pages farthest from `keep` (the pages wanted now) while more than maxPages are held.
   */
  put(page: number, rows: GridRow[], keep: readonly number[]): void {
    this.failures.delete(page);
    this.pages.set(page, rows);
    if (this.pages.size <= this.maxPages) return;
    const centre = keep.length ? (Math.min(...keep) + Math.max(...keep)) / 2 : page;
    const farthest = [...this.pages.keys()].filter((p) => !keep.includes(p) && p !== page).sort((a, b) => Math.abs(b - centre) - Math.abs(a - centre));
    for (const p of farthest) {
      if (this.pages.size <= this.maxPages) break;
      this.pages.delete(p);
    }
  }

  /** Whether a page failed and was not asked for again since. */
  get hasFailures(): boolean {
    return this.failures.size > 0;
  }

  fail(page: number, message: string): void {
    this.failures.set(page, message);
  }

  /** Forgets failures, so those pages are asked for again (Reload). */
  clearFailures(): void {
    this.failures.clear();
  }

  /** Puts a changed row in place wherever a held page has its defect; returns the row indexes changed. */
  replace(row: GridRow): number[] {
    const changed: number[] = [];
    for (const [page, rows] of this.pages) {
      rows.forEach((r, i) => {
        if (r.id !== row.id) return;
        rows[i] = row;
        changed.push(page * this.pageSize + i);
      });
    }
    return changed;
  }

  clear(): void {
    this.pages.clear();
    this.failures.clear();
  }
}
