// The tiny base every tree node extends: a stable id, a parent link, a plain description of its
// row (NodeItem, turned into a vscode.TreeItem by the adapter), children and refresh/dispose.
// LoadingNode adds the one loading discipline all server-backed nodes share: children are cached,
// a load shows "Loading…" when slow, a refresh aborts the load in flight instead of stacking
// another, and a failure becomes a message node instead of an exception.
import { isCancellation } from '../../api';
import { describeError } from '../../util/log';
import { isAbort } from '../../util/cancellation';
import type { TreeContext } from './context';

export type Collapsible = 'none' | 'collapsed' | 'expanded';

interface NodeIcon {
  /** Codicon id, e.g. `bug` or `loading~spin`. */
  id: string;
  /** Theme color id, e.g. `charts.red`. */
  color?: string;
}

export interface NodeCommand {
  command: string;
  title: string;
  arguments?: unknown[];
}

/** Everything VS Code needs to draw a row; strings only, so plain tests can assert on it. */
export interface NodeItem {
  label: string;
  description?: string;
  /** Markdown. */
  tooltip?: string;
  collapsible: Collapsible;
  icon?: NodeIcon;
  /** `alm:<kind>` plus `+flag`s, matched by regex in menus. */
  contextValue: string;
  command?: NodeCommand;
}

export abstract class TreeNode {
  abstract readonly id: string;

  constructor(
    readonly parent: TreeNode | undefined,
    protected readonly ctx: TreeContext,
  ) {}

  abstract item(): NodeItem;

  getChildren(): Promise<TreeNode[]> {
    return Promise.resolve([]);
  }

  /** Forgets what was loaded and redraws. */
  refresh(): void {
    this.ctx.changed(this);
  }

  dispose(): void {
    // Nodes without resources have nothing to release.
  }

  /** Collapsed or expanded as remembered; containers stay expandable across reloads. */
  protected remembered(): Collapsible {
    return this.ctx.state.isExpanded(this.id) ? 'expanded' : 'collapsed';
  }
}

export abstract class LoadingNode extends TreeNode {
  private cached: TreeNode[] | undefined;
  private pending: Promise<TreeNode[]> | undefined;
  private controller: AbortController | undefined;
  private announce = false;

  /** Nodes whose own row shows what the load found (a total) redraw when it finishes. */
  protected readonly redrawAfterLoad: boolean = false;

  /** Loads the children; a thrown error becomes a message node. */
  protected abstract load(signal: AbortSignal): Promise<TreeNode[]>;

  /** The message node for a failure; subclasses turn sign-in problems into "Sign in" rows. */
  protected abstract failure(error: unknown): TreeNode;

  override async getChildren(): Promise<TreeNode[]> {
    if (this.cached) return this.cached;
    const pending = this.start();
    const early = await Promise.race([pending, delay(this.ctx.loadingDelayMs)]);
    if (early) return early;
    this.announce = true;
    return [this.loadingNode()];
  }

  /** The children once loaded, never a "Loading…" placeholder; for commands and tests that wait. */
  async resolveChildren(): Promise<TreeNode[]> {
    for (;;) {
      if (this.cached) return this.cached;
      const run = this.start();
      const children = await run;
      // Loaded, or replaced by a refresh while loading (then wait for the new load).
      if (this.cached === children || !this.pending) return children;
    }
  }

  /** The children currently shown, without loading. */
  get loaded(): readonly TreeNode[] | undefined {
    return this.cached;
  }

  override refresh(): void {
    this.controller?.abort();
    this.controller = undefined;
    this.pending = undefined;
    this.disposeChildren();
    this.cached = undefined;
    this.ctx.changed(this);
  }

  override dispose(): void {
    this.controller?.abort();
    this.disposeChildren();
  }

  /** Replaces the shown children (after "Load more", a new page) and redraws this node. */
  protected show(children: TreeNode[]): void {
    this.cached = children;
    this.ctx.changed(this);
  }

  protected abstract loadingNode(): TreeNode;

  private start(): Promise<TreeNode[]> {
    if (this.pending) return this.pending;
    const controller = new AbortController();
    this.controller = controller;
    const run = this.load(controller.signal)
      .catch((e: unknown): TreeNode[] => {
        if (controller.signal.aborted || isCancellation(e) || isAbort(e)) return [];
        this.ctx.log.warn(`${this.id}: ${describeError(e)}`);
        return [this.failure(e)];
      })
      .then((children) => {
        // A refresh while loading replaced this load: its result is dropped, not shown.
        if (this.pending !== run) return children;
        this.pending = undefined;
        this.cached = children;
        if (this.announce || this.redrawAfterLoad) {
          this.announce = false;
          this.ctx.changed(this);
        }
        return children;
      });
    this.pending = run;
    return run;
  }

  private disposeChildren(): void {
    for (const c of this.cached ?? []) c.dispose();
  }
}

function delay(ms: number): Promise<undefined> {
  return new Promise((resolve) => setTimeout(() => resolve(undefined), ms).unref?.());
}
