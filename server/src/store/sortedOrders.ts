// Orders no index gives, sorted whole once and kept until the next write. SQLite answers a page
// of such an order by sorting every match up to the page's end, so paging on through it (the
// grid's scrollbar dragged to the middle of 100,000 defects sorted by Priority) sorted everything
// again for each page. A real ALM server answers any depth in any order the metadata allows; this
// answers it by sorting once and reading a page as a slice of the kept ids.

/** Orders kept per project: a few grids and exports paging at once; each is one id per match. */
const MAX_KEPT = 4;

export class SortedOrders {
  /** By query text and parameters, least recently used first, with the write generation they were sorted at. */
  private readonly kept = new Map<string, { generation: string; ids: readonly number[] }>();

  /**
   * The ids of every match of `key` in its order: kept ones while `generation` (which changes with
   * every write) is the one they were sorted at, else sorted again by `sort`.
   */
  ids(key: string, generation: string, sort: () => number[]): readonly number[] {
    const kept = this.kept.get(key);
    this.kept.delete(key);
    const ids = kept?.generation === generation ? kept.ids : sort();
    if (this.kept.size >= MAX_KEPT) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(key, { generation, ids });
    return ids;
  }
}
