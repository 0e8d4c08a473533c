// The tiny base every tree node extends: a stable id, a parent link, a plain description of its
// row (NodeItem, turned into a vscode.TreeItem by the adapter), children and refresh/dispose.
// LoadingNode adds the one loading discipline all server-backed nodes share: children are cached,
// a load shows "Loading…" when slow, a refresh aborts the load in flight instead of stacking
// another, and a failure becomes a message node instead of an exception.
import { isCancellation } from '../../api';
import type { DomainRef, ProjectApi, ProjectRef, RestTree } from '../../api';
import type { ConnectionStatus } from '../../auth/connection';
import type { ServerEntry } from '../../config/servers';
import type { DefectRef } from '../../defects/refs';
import { describeError } from '../../util/log';
import type { Log } from '../../util/log';
import { isAbort } from '../../util/cancellation';
import type { RowAccessibility } from '../model/accessibility';
import type { ViewState } from '../model/viewState';
import type { LoadingClock } from './loadingClock';

// What tree nodes need from the rest of the extension, as interfaces: the connections, the view
// state, settings and a way to announce changes. The VS Code adapter supplies the real ones; unit
// tests supply fakes, so no node imports `vscode`.
/** One server's connection as the tree sees it (ServerConnection implements it). */
export interface ServerSource {
  readonly name: string;
  readonly entry: ServerEntry;
  readonly status: ConnectionStatus;
  readonly problem: string | undefined;
  readonly canLoad: boolean;
  /** While signed out: why the last sign-in could not connect (shown with its fixes instead of "Sign in"). */
  readonly connectionFailure?: unknown;
  /** The user "me" stands for. */
  readonly username: string;
  /** The REST tree the server's client speaks, once configured or detected. */
  readonly tree?: RestTree;
  domains(signal?: AbortSignal): Promise<DomainRef[]>;
  projects(domain: string, signal?: AbortSignal): Promise<ProjectRef[]>;
  project(domain: string, project: string): Promise<ProjectApi>;
}

/** Lets a later feature (attachments) hang children under defect nodes. */
export interface DefectChildrenProvider {
  children(defect: DefectRef, parent: TreeNode, signal: AbortSignal): Promise<TreeNode[]>;
}

export interface TreeContext {
  servers(): readonly ServerSource[];
  readonly state: ViewState;
  /** Defects per page (setting `almDefects.pageSize`). */
  pageSize(): number;
  /** Tells the view that `node` (or everything) changed. */
  changed(node?: TreeNode): void;
  readonly log: Log;
  /** How long a load may take before a "Loading…" node shows in its place. */
  readonly loadingDelayMs: number;
  /** The time that delay is measured in. */
  readonly clock: LoadingClock;
  defectChildren?: DefectChildrenProvider;
  /** VS Code's display language (BCP 47), for the counts the rows show; English grouping when absent. */
  readonly locale?: string;
  /** A mark another feature puts before a defect row's description (a follow-up flag's `⚑ due today`). */
  defectMark?: (ref: DefectRef) => string | undefined;
}

export type Collapsible = 'none' | 'collapsed' | 'expanded';

interface NodeIcon {
  /** Codicon id, e.g. `bug` or `loading~spin`. */
  id: string;
  /** Theme color id, e.g. `almDefects.severity.urgent`. */
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
  /** What a screen reader announces: each value named, no symbols (model/accessibility.ts). */
  accessibility: RowAccessibility;
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

  /** The tooltip with what takes a request to know (names of users and releases); `item().tooltip` without. */
  resolveTooltip(): Promise<string | undefined> {
    return Promise.resolve(this.item().tooltip);
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
  /** When the pending load began: a reload started before VS Code asked has used part of the delay. */
  private loadStarted = 0;
  private controller: AbortController | undefined;
  private announce = false;
  /** A quiet reload runs: its end does not redraw, the caller redraws once (quietReload). */
  private quiet = false;

  /** Whether this node's own row shows what the load found (a total), so it redraws when the load finishes. */
  protected redrawsAfterLoad(): boolean {
    return false;
  }

  /** Loads the children; a thrown error becomes a message node. */
  protected abstract load(signal: AbortSignal): Promise<TreeNode[]>;

  /** The message node for a failure; subclasses turn sign-in problems into "Sign in" rows. */
  protected abstract failure(error: unknown): TreeNode;

  override async getChildren(): Promise<TreeNode[]> {
    if (this.cached) return this.cached;
    const pending = this.start();
    const slow = this.ctx.clock.delay(this.ctx.loadingDelayMs - (this.ctx.clock.now() - this.loadStarted)).then(() => undefined);
    const early = await Promise.race([pending, slow]);
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
    this.forget();
    this.ctx.changed(this);
  }

  /**
   * Loads afresh while the rows on screen stay, and does not redraw when done: the caller redraws
   * once (quietReload). A node not expanded, or never loaded, only forgets its children and loads
   * when next asked.
   */
  reloadQuietly(): Promise<void> {
    // Its own expansion only: a node under a collapsed ancestor costs a request the user does not
    // see yet, where a missed ancestor (the view state learns expansions from events VS Code can
    // lose, viewRequests.ts) would cost a second redraw of every filter.
    const shown = this.cached !== undefined && this.ctx.state.isExpanded(this.id);
    this.forget();
    if (!shown) return Promise.resolve();
    this.quiet = true;
    return this.start().then(() => undefined);
  }

  /** Ends a quiet reload: a load still running redraws this node itself when it finishes. */
  endQuiet(): void {
    this.quiet = false;
  }

  private forget(): void {
    this.controller?.abort();
    this.controller = undefined;
    this.pending = undefined;
    this.quiet = false;
    this.disposeChildren();
    this.cached = undefined;
  }

  override dispose(): void {
    this.controller?.abort();
    this.disposeChildren();
  }

  /** Replaces the shown children without a redraw (Load more): the redraw went out at the click, and its children request waits for them. */
  protected replaceChildren(children: TreeNode[]): void {
    this.cached = children;
  }

  protected abstract loadingNode(): TreeNode;

  private start(): Promise<TreeNode[]> {
    if (this.pending) return this.pending;
    const controller = new AbortController();
    this.controller = controller;
    this.loadStarted = this.ctx.clock.now();
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
        const redraw = this.announce || this.redrawsAfterLoad();
        this.announce = false;
        if (redraw && !this.quiet) this.ctx.changed(this);
        return children;
      });
    this.pending = run;
    return run;
  }

  private disposeChildren(): void {
    for (const c of this.cached ?? []) c.dispose();
  }
}
