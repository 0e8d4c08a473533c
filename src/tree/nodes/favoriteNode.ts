// One ALM favorite under a project's "Favorites" (issue 42): the defects its filter selects, paged,
// grouped and in its own order (the tree's sort where it has none), like "Defects". The filter XML
// is translated by the client (readFavoriteFilter); what could not be applied shows on the row
// (a warning icon, the description and tooltip), so a wider result is never shown silently.
import * as l10n from '@vscode/l10n';
import { readFavoriteView } from '../../api';
import type { Favorite, FavoriteView, Filter, OrderBySpec } from '../../api';
import { escapeMarkdown } from '../../util/markdown';
import { countGroups } from '../../defects/groupCounts';
import { favoriteSpeech, rowCount } from '../model/accessibility';
import { groupNodes } from './groupNode';
import { MessageNode } from './messageNode';
import { PagedNode } from './pagedNode';
import type { DefectsScope, ProjectScope } from './scopes';
import type { NodeItem, TreeContext, TreeNode } from './treeNode';

export class FavoriteNode extends PagedNode implements DefectsScope {
  readonly id: string;
  /** The translated filter, once the node has loaded (it needs the project's field labels). */
  view: FavoriteView | undefined;
  private groupCount: number | undefined;

  constructor(
    parent: TreeNode,
    readonly projectNode: ProjectScope,
    ctx: TreeContext,
    readonly favorite: Favorite,
    readonly isPublic: boolean,
  ) {
    super(parent, ctx);
    this.id = `${projectNode.id}/favorite/${favorite.id}`;
  }

  item(): NodeItem {
    const notApplied = this.view?.notApplied ?? [];
    const total = this.list?.total ?? this.groupCount;
    const parts: string[] = [];
    if (total !== undefined) parts.push(rowCount(total, this.ctx.locale));
    if (notApplied.length) parts.push(notApplied.join('; '));
    const owner = this.favorite.owner ? l10n.t(' by {0}', this.favorite.owner) : '';
    return {
      label: this.favorite.name,
      description: parts.join(' · ') || undefined,
      tooltip:
        l10n.t('ALM favorite **{0}** ({1}{2})', escapeMarkdown(this.favorite.name), this.isPublic ? l10n.t('public') : l10n.t('private'), escapeMarkdown(owner)) +
        (notApplied.length ? `\n\n$(warning) ${escapeMarkdown(l10n.t('Not applied: {0}. The list may show more defects than the favorite does in ALM.', notApplied.join('; ')))}` : ''),
      collapsible: this.remembered(),
      icon: notApplied.length ? { id: 'warning', color: 'list.warningForeground' } : { id: 'star-full' },
      contextValue: `alm:favorite${this.isPublic ? '+public' : '+private'}${this.ctx.state.groupBy !== 'none' ? '+grouped' : ''}`,
      accessibility: favoriteSpeech(this.favorite.name, this.isPublic, total, notApplied, this.ctx.locale),
    };
  }

  protected override redrawsAfterLoad(): boolean {
    return true;
  }

  /** The favorite's own order (ties broken by id, as everywhere), which its groups keep too. */
  ownOrder(): readonly OrderBySpec[] | undefined {
    return this.view?.orderBy;
  }

  /**
   * The favorite's filter as the client runs it (empty until loaded), a copy each time: a group adds
   * its condition to what it gets (addCondition), which narrowed the favorite itself to that group
   * (after an Update Selected recount, "Open urgent" showed only the group opened before).
   */
  apiFilter(): Filter {
    return { ...this.view?.filter };
  }

  /** Reads the filter with the project's field labels and REST aliases, once. */
  async translated(signal?: AbortSignal): Promise<FavoriteView> {
    if (this.view) return this.view;
    this.view = await readFavoriteView(await this.projectNode.api(), this.favorite, signal);
    return this.view;
  }

  protected async load(signal: AbortSignal): Promise<TreeNode[]> {
    this.list = undefined;
    this.groupCount = undefined;
    const view = await this.translated(signal);
    const api = await this.projectNode.api();
    const group = this.ctx.state.groupBy;
    const empty = l10n.t('No defects match the favorite');
    if (group === 'none') return this.firstPage(api, view.filter, signal, empty, view.orderBy);
    const groups = await countGroups(api, group, view.filter, signal);
    this.groupCount = groups.reduce((n, g) => n + g.count, 0);
    return groups.length ? await groupNodes(this, this.ctx, api, group, groups, signal) : [new MessageNode(this, this.ctx, 'empty', empty)];
  }
}
