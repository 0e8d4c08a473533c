// Shared by "Defects"/"My Defects" and group nodes: a LoadingNode whose children are a DefectList,
// with "Load more" appending the next page in place. A refresh aborts a page in flight (it uses
// the load's signal), and a second click while a page loads is ignored rather than stacked.
import * as l10n from '@vscode/l10n';
import type { Filter, OrderBySpec, ProjectApi } from '../../api';
import { orderByFor } from '../model/arrangement';
import { describeError } from '../../util/log';
import { isAbort } from '../../util/cancellation';
import type { ProjectRefKey } from '../../defects/refs';
import { DefectList } from './defectList';
import type { DefectNode } from './defectNode';
import { failureNode, loadingNode } from './messageNode';
import type { ProjectScope } from './scopes';
import { LoadingNode } from './treeNode';
import type { TreeNode } from './treeNode';

export abstract class PagedNode extends LoadingNode {
  protected list: DefectList | undefined;
  private signal: AbortSignal | undefined;
  private loadingMore = false;

  abstract readonly projectNode: ProjectScope;

  /** The list's total once known (for descriptions and tests). */
  get total(): number | undefined {
    return this.list?.total;
  }
  get loadedCount(): number {
    return this.list?.loadedCount ?? 0;
  }

  /** The row of defect `id` if a loaded page holds it (nothing is fetched). */
  loadedRow(id: number): DefectNode | undefined {
    return this.list?.row(id);
  }

  /** Every loaded defect row (none before the first page). */
  loadedRows(): DefectNode[] {
    return this.list?.loadedRows() ?? [];
  }

  /** Loads the first page of `filter` and returns its rows. */
  protected async firstPage(api: ProjectApi, filter: Filter, signal: AbortSignal, emptyText: string): Promise<TreeNode[]> {
    this.signal = signal;
    const orderBy: OrderBySpec[] = orderByFor(this.ctx.state.sort);
    const project: ProjectRefKey = this.projectNode.ref;
    const list = new DefectList(this, this.ctx, { api, filter, orderBy, project }, emptyText);
    await list.loadNext(signal);
    this.list = list;
    return list.nodes();
  }

  /** Appends the next page; resolves when it is shown (or failed, with a message in the log). */
  async loadMore(): Promise<void> {
    const list = this.list;
    const signal = this.signal;
    if (!list || !signal || !list.hasMore || this.loadingMore || signal.aborted) return;
    this.loadingMore = true;
    // "Loading more…" only once the page is slow: a redraw now would hold back the one that shows
    // the page (VS Code delays a tree change within 200 ms of the last by 200 ms).
    const busy = setTimeout(() => list.setLoadingMore(true), this.ctx.loadingDelayMs);
    try {
      await list.loadNext(signal);
      if (this.list === list && !signal.aborted) this.show(list.nodes());
    } catch (e) {
      if (signal.aborted || isAbort(e)) return;
      this.ctx.log.warn(`${this.id}: loading more failed: ${describeError(e)}`);
      // Keep what is loaded and put the error where "Load more" was, with a retry.
      list.setLoadingMore(false);
      this.show([...list.nodes().slice(0, -1), failureNode(this, this.ctx, this.projectNode.server.name, e)]);
    } finally {
      clearTimeout(busy);
      this.loadingMore = false;
    }
  }

  protected failure(error: unknown): TreeNode {
    return failureNode(this, this.ctx, this.projectNode.server.name, error);
  }

  protected loadingNode(): TreeNode {
    return loadingNode(this, this.ctx, l10n.t('Loading defects…'));
  }
}
