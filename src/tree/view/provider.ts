// The TreeDataProvider: it only delegates to the nodes. It also implements the nodes' TreeContext
// (redraws coalesced per tick, page size, view state), shows view progress while a node loads, and
// remembers expanded nodes.
import * as vscode from 'vscode';
import type { ConnectionManager } from '../../auth/connectionManager';
import { readPageSize } from '../../config/settings';
import type { DefectRef } from '../../defects/refs';
import type { Log } from '../../util/log';
import type { ViewState } from '../model/viewState';
import type { DefectChildrenProvider, ServerSource, TreeContext, TreeNode } from '../nodes/treeNode';
import { realClock } from '../nodes/loadingClock';
import { TreeRoot } from '../nodes/root';
import { LoadingNode } from '../nodes/treeNode';
import { childrenForView } from '../nodes/viewRequests';
import type { ServerNode } from '../nodes/serverNode';
import { resolveTooltip, toTreeItem } from './treeItem';

export const VIEW_ID = 'almDefects.tree';

export class AlmTreeProvider implements vscode.TreeDataProvider<TreeNode>, TreeContext, vscode.Disposable {
  private readonly changedEmitter = new vscode.EventEmitter<TreeNode | TreeNode[] | undefined>();
  readonly onDidChangeTreeData = this.changedEmitter.event;
  readonly root: TreeRoot;
  readonly loadingDelayMs = 400;
  readonly clock = realClock;
  readonly locale = vscode.env.language;
  defectChildren?: DefectChildrenProvider;
  defectMark?: (ref: DefectRef) => string | undefined;
  private pending: Set<TreeNode> | 'all' | undefined;
  private readonly subscriptions: { dispose(): void }[] = [];

  constructor(
    private readonly manager: ConnectionManager,
    readonly state: ViewState,
    readonly log: Log,
  ) {
    this.root = new TreeRoot(this);
    this.subscriptions.push(
      manager.onDidChangeServers(() => this.changed()),
      manager.onDidChangeConnection((c) => this.root.server(c.name)?.connectionChanged()),
    );
  }

  servers(): readonly ServerSource[] {
    return this.manager.all();
  }

  pageSize(): number {
    return readPageSize();
  }

  /** Redraws `node` (or everything); several calls in one tick become one event. */
  changed(node?: TreeNode): void {
    const scheduled = this.pending !== undefined;
    if (!node) this.pending = 'all';
    else if (this.pending === undefined) this.pending = new Set([node]);
    else if (this.pending !== 'all') this.pending.add(node);
    if (scheduled) return;
    queueMicrotask(() => {
      const p = this.pending;
      this.pending = undefined;
      if (p === undefined) return;
      this.changedEmitter.fire(p === 'all' ? undefined : [...p]);
    });
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    return toTreeItem(node);
  }

  /** The tooltip, asked for on hover: rows are sent without one (see treeItem.ts). */
  resolveTreeItem(item: vscode.TreeItem, node: TreeNode): Promise<vscode.TreeItem> {
    return resolveTooltip(item, node);
  }

  getChildren(node?: TreeNode): vscode.ProviderResult<TreeNode[]> {
    this.log.trace(`getChildren ${node?.id ?? '(root)'}`);
    if (!node) return this.root.servers();
    // Only a load shows the view's progress bar: other nodes answer at once, without a round trip.
    const loads = node instanceof LoadingNode && node.loaded === undefined;
    const children = childrenForView(node, this.state);
    void children.then((c) => this.log.trace(`${node.id}: ${c.length} children`));
    if (loads) void vscode.window.withProgress({ location: { viewId: VIEW_ID } }, () => children);
    return children;
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return node.parent;
  }

  /** Every server's subtree reloads (connections are kept). */
  refreshAll(): void {
    for (const s of this.root.servers()) s.refresh();
    this.changed();
  }

  serverNodes(): ServerNode[] {
    return this.root.servers();
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.root.dispose();
    this.changedEmitter.dispose();
  }
}
