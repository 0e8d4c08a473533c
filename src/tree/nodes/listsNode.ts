// "Lists" of a project: every list with its values, nested as the server nests them (the subject
// tree goes several levels deep). Refresh re-reads the lists instead of the client's cache.
import * as l10n from '@vscode/l10n';
import type { NodeItem, TreeContext, TreeNode } from './treeNode';
import { ListItemNode } from './listItemNode';
import { MessageNode, failureNode, loadingNode } from './messageNode';
import type { ProjectScope } from './scopes';
import { LoadingNode } from './treeNode';

export class ListsNode extends LoadingNode {
  readonly id: string;
  private reread = false;

  constructor(
    readonly projectNode: ProjectScope,
    ctx: TreeContext,
  ) {
    super(projectNode, ctx);
    this.id = `${projectNode.id}/lists`;
  }

  item(): NodeItem {
    return {
      label: l10n.t('Lists'),
      collapsible: this.remembered(),
      icon: { id: 'list-tree' },
      contextValue: 'alm:lists',
      accessibility: { label: l10n.t('Lists of the project (read-only)'), role: 'treeitem' },
      tooltip: l10n.t('The project lists and their values (read-only)'),
    };
  }

  override refresh(): void {
    this.reread = true;
    super.refresh();
  }

  protected async load(signal: AbortSignal): Promise<TreeNode[]> {
    const api = await this.projectNode.api();
    const refresh = this.reread;
    this.reread = false;
    const tree = await api.listItems({ signal, refresh });
    if (tree.lists.length === 0) return [new MessageNode(this, this.ctx, 'empty', l10n.t('No lists'))];
    return tree.lists.map((l) => new ListItemNode(this, this.ctx, l, true));
  }

  protected failure(error: unknown): TreeNode {
    return failureNode(this, this.ctx, this.projectNode.server.name, error);
  }

  protected loadingNode(): TreeNode {
    return loadingNode(this, this.ctx, l10n.t('Loading lists…'));
  }
}
