// One generation of a grid's query: what the controller knows of the rows of one filter, order
// and column set. A query change makes a new one, so nothing of the old one (the pages seen, the
// result's size, a late first page) can leak into the new rows; the selection is carried over only
// when the rows are the same query's (columns changed, a reload). No `vscode` import.
import type { GridRow } from '../../shared/gridProtocol';
import type { IndexRange } from '../../shared/rowRanges';

export class Generation {
  /** The first page's fetch (the init carries its rows); aborted when the next generation starts. */
  readonly firstPage = new AbortController();
  /** The pages the page shows (the change check fetches them again). */
  shown: number[] = [];
  /** The rows the page has selected, as index ranges of this generation (for the context menu's commands). */
  selected: IndexRange[];
  /** The ids of the pages fetched so far (a selection's ids are read from them first). */
  readonly pageIds = new Map<number, number[]>();
  /** The result's size as its last page said. */
  total = 0;
  /** The highest defect id when the generation began (a selection's later ids were added since). */
  newestId: number | undefined;

  constructor(
    /** Counts up from 1; the page drops messages of any other. */
    readonly number: number,
    /** The filter and order: a restart with the same keeps the selection. */
    readonly rowsKey: string,
    selected: IndexRange[] | undefined,
  ) {
    this.selected = selected ?? [];
  }

  /** A page arrived: its ids (a selection's are read from them) and the result's size. */
  took(page: number, result: { total: number; rows: GridRow[] }): void {
    this.pageIds.set(
      page,
      result.rows.map((r) => r.id),
    );
    this.total = result.total;
  }

  abort(): void {
    this.firstPage.abort();
  }
}
