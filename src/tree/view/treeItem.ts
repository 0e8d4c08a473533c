// Turns a node's plain NodeItem into a vscode.TreeItem: ThemeIcon + ThemeColor, Markdown tooltip
// (no HTML, no command links), collapsible state and the node's stable id.
import * as vscode from 'vscode';
import type { NodeItem, TreeNode } from '../nodes/treeNode';

const COLLAPSIBLE: Record<NodeItem['collapsible'], vscode.TreeItemCollapsibleState> = {
  none: vscode.TreeItemCollapsibleState.None,
  collapsed: vscode.TreeItemCollapsibleState.Collapsed,
  expanded: vscode.TreeItemCollapsibleState.Expanded,
};

export function toTreeItem(node: TreeNode): vscode.TreeItem {
  const item = node.item();
  const t = new vscode.TreeItem(item.label, COLLAPSIBLE[item.collapsible]);
  t.id = node.id;
  t.description = item.description;
  if (item.tooltip) {
    const md = new vscode.MarkdownString(item.tooltip);
    md.supportHtml = false;
    md.isTrusted = false;
    t.tooltip = md;
  }
  if (item.icon) t.iconPath = new vscode.ThemeIcon(item.icon.id, item.icon.color ? new vscode.ThemeColor(item.icon.color) : undefined);
  t.contextValue = item.contextValue;
  if (item.command) t.command = item.command;
  return t;
}
