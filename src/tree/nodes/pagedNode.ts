// Shared by "Defects"/"My Defects" and group nodes: a LoadingNode whose children are a DefectList,
// with "Load more" appending the next page in place. A refresh aborts a page in flight (it uses
// the load's signal), and a second click while a page loads is ignored rather than stacked.
import * as l10n from '@vscode/l10n';
import { totalOrder } from '../../api';
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

/** A "Load more" in flight: its page, and whether the view was answered before it came in. */
interface Appending {
  done: Promise<void>;
  /** When the click came: the view waits at most the loading delay from then. */
  started: number;
  answeredEarly: boolean;
}

export abstract class PagedNode extends LoadingNode {
  protected list: DefectList | undefined;
  private signal: AbortSignal | undefined;
  private appending: Appending | undefined;

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

  /** Loads the first page of `filter` and returns its rows; `order` replaces the tree's sort (a favorite's own). */
  protected async firstPage(api: ProjectApi, filter: Filter, signal: AbortSignal, emptyText: string, order?: readonly OrderBySpec[]): Promise<TreeNode[]> {
    this.signal = signal;
    const orderBy: OrderBySpec[] = order?.length ? totalOrder(order) : orderByFor(this.ctx.state.sort);
    const project: ProjectRefKey = this.projectNode.ref;
    const list = new DefectList(this, this.ctx, { api, filter, orderBy, project }, emptyText);
    await list.loadNext(signal);
    this.list = list;
    return list.nodes();
  }

  /**
   * Appends the next page; resolves when it is shown (or failed, with a message in the log).
   * The redraw goes out at the click, not when the page is in: the view's children request then
   * travels while the page loads, and getChildren answers it with the new rows (waiting at most the
   * loading delay from the click). Only a page slower than that redraws again, replacing "Loading more…".
   */
  async loadMore(): Promise<void> {
    const list = this.list;
    const signal = this.signal;
    if (!list || !signal || !list.hasMore || this.appending || signal.aborted) return;
    const appending: Appending = { done: this.appendNext(list, signal), started: this.ctx.clock.now(), answeredEarly: false };
    this.appending = appending;
    this.ctx.changed(this);
    // appendNext never rejects.
    await appending.done;
    this.appending = undefined;
    if (appending.answeredEarly && this.list === list && !signal.aborted) this.ctx.changed(this);
  }

  /** While a page is appended, the view's request waits for it (at most the loading delay; then the rows so far, "Loading more…" last). */
  override async getChildren(): Promise<TreeNode[]> {
    const appending = this.appending;
    if (appending && this.loaded) {
      const wait = this.ctx.loadingDelayMs - (this.ctx.clock.now() - appending.started);
      const inTime = await Promise.race([appending.done.then(() => true), this.ctx.clock.delay(wait).then(() => false)]);
      if (!inTime && this.appending === appending) {
        appending.answeredEarly = true;
        this.list?.setLoadingMore(true);
      }
    }
    return super.getChildren();
  }

  /** Loads the next page into the shown rows without a redraw (loadMore sends it); never rejects. */
  private async appendNext(list: DefectList, signal: AbortSignal): Promise<void> {
    try {
      await list.loadNext(signal);
      if (this.list === list && !signal.aborted) this.replaceChildren(list.nodes());
    } catch (e) {
      if (signal.aborted || isAbort(e)) return;
      this.ctx.log.warn(`${this.id}: loading more failed: ${describeError(e)}`);
      // Keep what is loaded and put the error where "Load more" was, with a retry.
      list.setLoadingMore(false);
      this.replaceChildren([...list.nodes().slice(0, -1), failureNode(this, this.ctx, this.projectNode.server.name, e)]);
    }
  }

  protected failure(error: unknown): TreeNode {
    return failureNode(this, this.ctx, this.projectNode.server.name, error);
  }

  protected loadingNode(): TreeNode {
    return loadingNode(this, this.ctx, l10n.t('Loading defects…'));
  }
}
