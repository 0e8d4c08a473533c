// The last row of a paged list: loads the next page in place and says how many defects remain.
import * as l10n from '@vscode/l10n';
import type { NodeItem, TreeContext } from './treeNode';
import { TreeNode } from './treeNode';
import { COMMAND } from '../../util/commands';
import { rowCount } from '../model/accessibility';

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
    const remaining = rowCount(this.remaining, this.ctx.locale);
    return {
      label: this.busy ? l10n.t('Loading more…') : l10n.t('Load {0} more', this.next),
      description: l10n.t('{0} remaining', remaining),
      tooltip: l10n.t('{0} more defects match; click to load the next {1}.', remaining, this.next),
      collapsible: 'none',
      icon: { id: this.busy ? 'loading~spin' : 'ellipsis' },
      contextValue: 'alm:loadMore',
      accessibility: { label: this.busy ? l10n.t('Loading more…') : l10n.t('Load {0} more defects, {1} remaining', this.next, remaining), role: 'treeitem' },
      command: this.busy ? undefined : { command: COMMAND.loadMore, title: l10n.t('Load More'), arguments: [this] },
    };
  }
}
