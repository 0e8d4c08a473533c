// A project: "Defects", "My Defects", "Favorites" (ALM's, issue 42) and "Lists". Its description shows the active filter; the
// filter, grouping and sort apply to both defect nodes, which reload when any of them changes.
import * as l10n from '@vscode/l10n';
import type { ProjectApi } from '../../api';
import { describeFilter, isEmptyFilter } from '../../defects/filter';
import type { DefectFilter } from '../../defects/filter';
import type { SortSpec } from '../model/arrangement';
import { nodeId, projectKey } from '../../defects/refs';
import { escapeMarkdown } from '../../util/markdown';
import type { ProjectRefKey } from '../../defects/refs';
import type { NodeItem, ServerSource, TreeContext } from './treeNode';
import { DefectsNode } from './defectsNode';
import { FavoritesNode } from './favoritesNode';
import { ListsNode } from './listsNode';
import { quietReload } from './reload';
import type { ProjectScope } from './scopes';
import { TreeNode } from './treeNode';
import type { LoadingNode } from './treeNode';

export class ProjectNode extends TreeNode implements ProjectScope {
  readonly id: string;
  readonly ref: ProjectRefKey;
  private kids: [DefectsNode, DefectsNode, FavoritesNode, ListsNode] | undefined;
  private reloading: Promise<void> | undefined;

  constructor(
    parent: TreeNode,
    ctx: TreeContext,
    readonly server: ServerSource,
    readonly domain: string,
    readonly project: string,
  ) {
    super(parent, ctx);
    this.id = nodeId(server.name, domain, project);
    this.ref = { server: server.name, domain, project };
  }

  get filter(): DefectFilter | undefined {
    return this.ctx.state.filter(projectKey(this.ref));
  }

  get sort(): SortSpec {
    return this.ctx.state.sort;
  }

  /** The project's client resources (signs in on first use). */
  api(): Promise<ProjectApi> {
    return this.server.project(this.domain, this.project);
  }

  item(): NodeItem {
    const filter = this.filter;
    const filtered = !isEmptyFilter(filter);
    return {
      label: this.project,
      description: filtered ? l10n.t('filter: {0}', describeFilter(filter)) : undefined,
      tooltip:
        l10n.t('Project **{0}** in {1} on {2}', escapeMarkdown(this.project), escapeMarkdown(this.domain), escapeMarkdown(this.server.name)) +
        (filtered ? `\n\n${l10n.t('Filter: {0}', escapeMarkdown(describeFilter(filter)))}` : ''),
      collapsible: this.remembered(),
      icon: { id: filtered ? 'filter' : 'project' },
      contextValue: `alm:project${filtered ? '+filtered' : ''}`,
      accessibility: { label: filtered ? l10n.t('Project {0}, filtered: {1}', this.project, describeFilter(filter)) : l10n.t('Project {0}', this.project), role: 'treeitem' },
    };
  }

  override async getChildren(): Promise<TreeNode[]> {
    // While the defect nodes reload (reloadDefects), the view's request waits for them here, so
    // the redraw that started the reload shows their new rows and totals.
    await this.reloading;
    this.kids ??= [new DefectsNode(this, this.ctx, 'all'), new DefectsNode(this, this.ctx, 'mine'), new FavoritesNode(this, this.ctx), new ListsNode(this, this.ctx)];
    return [...this.kids];
  }

  /** The "Favorites" row, once the project has been opened. */
  get favoritesNode(): FavoritesNode | undefined {
    return this.kids?.[2];
  }

  get defectsNodes(): DefectsNode[] {
    return this.kids ? [this.kids[0], this.kids[1]] : [];
  }

  async setFilter(filter: DefectFilter | undefined): Promise<void> {
    // The state holds the filter at once; storing it runs beside the reload, not before it.
    const stored = this.ctx.state.setFilter(projectKey(this.ref), filter);
    await this.reloadDefects('filter');
    await stored;
  }

  /**
   * The project's lists of defect rows: Defects, My Defects and every ALM favorite whose folder is
   * loaded (a favorite is grouped and, without an order of its own, sorted as the tree is).
   */
  defectLists(): LoadingNode[] {
    return [...this.defectsNodes, ...(this.favoritesNode?.favoritesShown() ?? [])];
  }

  /**
   * Filter, grouping or sort changed: the defect lists reload behind their rows and the project
   * redraws at once, in one change with its new row (the filter) and the reloaded nodes under it
   * (see reload.ts); lists stay. The filter is Defects' and My Defects' alone; grouping and sort
   * are the favorites' too (`arranged`). Resolves when the reload is in or slow.
   */
  reloadDefects(changed: 'filter' | 'arranged' = 'arranged'): Promise<void> {
    const reloading = quietReload(this.ctx, changed === 'filter' ? this.defectsNodes : this.defectLists());
    this.reloading = reloading;
    void reloading.then(() => {
      if (this.reloading === reloading) this.reloading = undefined;
    });
    this.ctx.changed(this);
    return reloading;
  }

  override refresh(): void {
    for (const k of this.kids ?? []) k.refresh();
    this.ctx.changed(this);
  }

  override dispose(): void {
    for (const k of this.kids ?? []) k.dispose();
  }
}
