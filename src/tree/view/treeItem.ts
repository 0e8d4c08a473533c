// Turns a node's plain NodeItem into a vscode.TreeItem: ThemeIcon + ThemeColor, collapsible state
// and the node's stable id. The Markdown tooltip (no HTML, no command links) is left out and filled
// in on hover (resolveTooltip): the extension host parses every Markdown tooltip it is sent (to find
// links) and the workbench parses it again as each row is drawn, which on a redraw of hundreds of
// rows ("Load more") cost several times the rest of the redraw.
import * as vscode from 'vscode';
import type { NodeItem, TreeNode } from '../nodes/treeNode';

const COLLAPSIBLE: Record<NodeItem['collapsible'], vscode.TreeItemCollapsibleState> = {
  none: vscode.TreeItemCollapsibleState.None,
  collapsed: vscode.TreeItemCollapsibleState.Collapsed,
  expanded: vscode.TreeItemCollapsibleState.Expanded,
};

/** The row without its tooltip (see resolveTooltip). */
export function toTreeItem(node: TreeNode): vscode.TreeItem {
  const item = node.item();
  const t = new vscode.TreeItem(item.label, COLLAPSIBLE[item.collapsible]);
  t.id = node.id;
  t.description = item.description;
  if (item.icon) t.iconPath = new vscode.ThemeIcon(item.icon.id, item.icon.color ? new vscode.ThemeColor(item.icon.color) : undefined);
  t.contextValue = item.contextValue;
  if (item.command) t.command = item.command;
  t.accessibilityInformation = item.accessibility;
  return t;
}

/** Fills in the tooltip of `node`'s row when VS Code asks for it (TreeDataProvider.resolveTreeItem). */
export async function resolveTooltip(t: vscode.TreeItem, node: TreeNode): Promise<vscode.TreeItem> {
  return withTooltip(t, await node.resolveTooltip());
}

/** Sets a node's Markdown tooltip on its row: no HTML, no command links. */
function withTooltip(t: vscode.TreeItem, tooltip: string | undefined): vscode.TreeItem {
  if (tooltip) {
    const md = new vscode.MarkdownString(tooltip);
    md.supportHtml = false;
    md.isTrusted = false;
    t.tooltip = md;
  }
  return t;
}
