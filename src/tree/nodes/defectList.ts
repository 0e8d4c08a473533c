// One paged list of defects (a project's, or a group's): the defects loaded so far, the next
// offset and the server's total. Its rows are the defects, then a "Load more" row with the count
// still on the server — never a silent cut-off.
import type { Defect, Filter, OrderBySpec, ProjectApi } from '../../api';
import { TREE_FIELDS } from '../model/arrangement';
import { projectNames } from '../../defects/fieldText';
import type { ProjectRefKey } from '../../defects/refs';
import type { TreeContext, TreeNode } from './treeNode';
import { DefectNode } from './defectNode';
import { LoadMoreNode } from './loadMoreNode';
import { MessageNode } from './messageNode';

export interface DefectQuery {
  api: ProjectApi;
  filter: Filter;
  orderBy: OrderBySpec[];
  project: ProjectRefKey;
}

export class DefectList {
  private readonly defects: Defect[] = [];
  private readonly rows = new Map<number, DefectNode>();
  private nextOffset = 0;
  private totalValue: number | undefined;
  private more = false;
  private moreNode: LoadMoreNode | undefined;

  constructor(
    private readonly owner: TreeNode & { loadMore(): Promise<void> },
    private readonly ctx: TreeContext,
    private readonly query: DefectQuery,
    private readonly emptyText: string,
  ) {}

  /** `total-count` of the (filtered) collection, once a page arrived. */
  get total(): number | undefined {
    return this.totalValue;
  }
  get loadedCount(): number {
    return this.defects.length;
  }
  get hasMore(): boolean {
    return this.more;
  }

  /** Names for the rows' tooltips: the client caches them per project, so every row asks the same. */
  private readonly names = () => projectNames(this.query.api);

  async loadNext(signal: AbortSignal): Promise<void> {
    const page = await this.query.api.defects.page({
      offset: this.nextOffset,
      pageSize: this.ctx.pageSize(),
      fields: TREE_FIELDS,
      orderBy: this.query.orderBy,
      filter: this.query.filter,
      signal,
    });
    for (const d of page.items) {
      // A defect edited between two pages can move and come back; one row per id keeps ids unique.
      if (this.rows.has(d.id)) continue;
      this.defects.push(d);
      this.rows.set(d.id, new DefectNode(this.owner, this.ctx, { ...this.query.project, id: d.id }, d, this.names));
    }
    this.nextOffset = page.nextOffset;
    this.totalValue = page.total;
    this.more = page.hasMore && page.items.length > 0;
  }

  /** Rows to show: the defects, then "Load more" while the server has more. */
  nodes(): TreeNode[] {
    if (this.defects.length === 0) return [new MessageNode(this.owner, this.ctx, 'empty', this.emptyText)];
    const out: TreeNode[] = this.defects.map((d) => this.rows.get(d.id) as DefectNode);
    if (this.more) {
      const remaining = Math.max(0, (this.totalValue ?? 0) - this.defects.length);
      this.moreNode = new LoadMoreNode(this.owner, this.ctx, remaining, Math.min(remaining, this.ctx.pageSize()));
      out.push(this.moreNode);
    }
    return out;
  }

  /**
   * Marks the "Load more" row as busy (or not), without a redraw: Load more has sent the redraw of
   * the whole list at the click, and the view reads this row with the rest.
   */
  setLoadingMore(busy: boolean): void {
    if (this.moreNode) this.moreNode.busy = busy;
  }

  /** Every loaded row (the periodic refresh re-reads their fields in place). */
  loadedRows(): DefectNode[] {
    return [...this.rows.values()];
  }

  /** The loaded defect with this id, e.g. to reveal it. */
  row(id: number): DefectNode | undefined {
    return this.rows.get(id);
  }
}
