// A list, or a value of one; values with values of their own (subject folders) expand further.
import * as l10n from '@vscode/l10n';
import type { ListItem } from '../../api';
import { escapeMarkdown } from '../../util/markdown';
import type { NodeItem, TreeContext } from './treeNode';
import { TreeNode } from './treeNode';

export class ListItemNode extends TreeNode {
  readonly id: string;

  constructor(
    parent: TreeNode,
    ctx: TreeContext,
    readonly listItem: ListItem,
    readonly isList: boolean,
  ) {
    super(parent, ctx);
    // List item ids are unique in a project; the parent path keeps them unique across projects.
    this.id = `${parent.id}/${listItem.id}`;
  }

  item(): NodeItem {
    const n = this.listItem.children.length;
    const description = this.isList ? (n === 1 ? l10n.t('1 value') : l10n.t('{0} values', n)) : n ? `${n}` : undefined;
    return {
      label: this.listItem.name,
      description,
      tooltip: this.isList ? l10n.t('List **{0}**', escapeMarkdown(this.listItem.name)) : l10n.t('Value **{0}**', escapeMarkdown(this.listItem.name)),
      collapsible: n === 0 ? 'none' : this.remembered(),
      icon: { id: this.isList ? 'list-unordered' : n ? 'folder' : 'symbol-enum-member' },
      contextValue: this.isList ? 'alm:list' : 'alm:listValue',
      accessibility: { label: this.speech(n), role: 'treeitem' },
    };
  }

  /** "List Severity, 4 values"; "Value Web, 2 values below": the count alone is not read as one. */
  private speech(n: number): string {
    const name = this.listItem.name;
    if (this.isList) return n === 1 ? l10n.t('List {0}, 1 value', name) : l10n.t('List {0}, {1} values', name, n);
    return n ? l10n.t('Value {0}, {1} values below', name, n) : l10n.t('Value {0}', name);
  }

  override getChildren(): Promise<TreeNode[]> {
    return Promise.resolve(this.listItem.children.map((c) => new ListItemNode(this, this.ctx, c, false)));
  }
}
