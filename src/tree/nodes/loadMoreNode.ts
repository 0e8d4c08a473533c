// The last row of a paged list: loads the next page in place and says how many defects remain.
import type { NodeItem, TreeContext } from './treeNode';
import { TreeNode } from './treeNode';

export class LoadMoreNode extends TreeNode {
  readonly id: string;
  busy = false;

  constructor(
    readonly owner: TreeNode & { loadMore(): Promise<void> },
    ctx: TreeContext,
    readonly remaining: number,
    readonly next: number,
  ) {
    super(owner, ctx);
    this.id = `${owner.id}/~more`;
  }

  item(): NodeItem {
    const remaining = this.remaining.toLocaleString('en-US');
    return {
      label: this.busy ? 'Loading more…' : `Load ${this.next} more`,
      description: `${remaining} remaining`,
      tooltip: `${remaining} more defects match; click to load the next ${this.next}.`,
      collapsible: 'none',
      icon: { id: this.busy ? 'loading~spin' : 'ellipsis' },
      contextValue: 'alm:loadMore',
      command: this.busy ? undefined : { command: 'almDefects.loadMore', title: 'Load More', arguments: [this] },
    };
  }
}
