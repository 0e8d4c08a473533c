// "Favorites" of a project (issue 42): the server's ALM favorites of the defects module, as ALM
// keeps them: the Public and Private folders, their sub-folders, and the favorites in each
// (reference §17). A folder reads its content when opened; a favorite is a FavoriteNode.
import * as l10n from '@vscode/l10n';
import type { FavoriteFolder } from '../../api';
import { escapeMarkdown } from '../../util/markdown';
import { FavoriteNode } from './favoriteNode';
import { MessageNode, failureNode, loadingNode } from './messageNode';
import type { ProjectScope } from './scopes';
import { LoadingNode } from './treeNode';
import type { NodeItem, TreeContext, TreeNode } from './treeNode';

/** A folder of favorites: a root (Public, Private) or a sub-folder. */
class FavoriteFolderNode extends LoadingNode {
  readonly id: string;

  constructor(
    parent: TreeNode,
    readonly projectNode: ProjectScope,
    ctx: TreeContext,
    readonly folder: FavoriteFolder,
    /** Whether the folder is public: the server's flag, else the root's. */
    readonly isPublic: boolean,
  ) {
    super(parent, ctx);
    this.id = `${projectNode.id}/favorites/${folder.id}`;
  }

  item(): NodeItem {
    return {
      label: this.folder.name,
      tooltip: this.isPublic
        ? l10n.t('Public favorites of {0}: the whole project sees them', escapeMarkdown(this.projectNode.ref.project))
        : l10n.t('Your private favorites in {0}: only you see them', escapeMarkdown(this.projectNode.ref.project)),
      collapsible: this.remembered(),
      icon: { id: this.isPublic ? 'organization' : 'lock' },
      contextValue: `alm:favoriteFolder${this.isPublic ? '+public' : '+private'}`,
      accessibility: { label: this.isPublic ? l10n.t('Public favorites folder {0}', this.folder.name) : l10n.t('Private favorites folder {0}', this.folder.name), role: 'treeitem' },
    };
  }

  protected async load(signal: AbortSignal): Promise<TreeNode[]> {
    const api = await this.projectNode.api();
    const content = await api.favorites.content(this.folder.id, { signal });
    const kids: TreeNode[] = [
      ...content.folders.map((f) => new FavoriteFolderNode(this, this.projectNode, this.ctx, f, f.public ?? this.isPublic)),
      ...content.favorites.map((f) => new FavoriteNode(this, this.projectNode, this.ctx, f, f.public ?? this.isPublic)),
    ];
    if (content.truncated) kids.push(new MessageNode(this, this.ctx, 'info', l10n.t('More favorites than shown: the first {0} are listed', kids.length)));
    return kids.length ? kids : [new MessageNode(this, this.ctx, 'empty', l10n.t('No favorites'))];
  }

  protected failure(error: unknown): TreeNode {
    return failureNode(this, this.ctx, this.projectNode.server.name, error);
  }

  protected loadingNode(): TreeNode {
    return loadingNode(this, this.ctx, l10n.t('Loading favorites…'));
  }
}

/** "Favorites": the roots of the project's favorites tree. */
export class FavoritesNode extends LoadingNode {
  readonly id: string;

  constructor(
    readonly projectNode: ProjectScope,
    ctx: TreeContext,
  ) {
    super(projectNode, ctx);
    this.id = `${projectNode.id}/favorites`;
  }

  item(): NodeItem {
    return {
      label: l10n.t('Favorites'),
      tooltip: l10n.t('ALM favorites of the project: public ones shared with the team, and your private ones'),
      collapsible: this.remembered(),
      icon: { id: 'star-full' },
      contextValue: 'alm:favorites',
      accessibility: { label: l10n.t('ALM favorites of the project'), role: 'treeitem' },
    };
  }

  /** The favorites whose folders are loaded (each may hold defect rows of its own, or not yet). */
  favoritesShown(): FavoriteNode[] {
    const found: FavoriteNode[] = [];
    const collect = (node: TreeNode): void => {
      if (node instanceof FavoriteNode) found.push(node);
      else if (node instanceof LoadingNode) for (const child of node.loaded ?? []) collect(child);
    };
    collect(this);
    return found;
  }

  protected async load(signal: AbortSignal): Promise<TreeNode[]> {
    const api = await this.projectNode.api();
    const roots = await api.favorites.roots({ signal });
    if (roots.length === 0) return [new MessageNode(this, this.ctx, 'empty', l10n.t('No favorites'))];
    // A root without the flag is public unless it is the Private one (the server's own names).
    return roots.map((r) => new FavoriteFolderNode(this, this.projectNode, this.ctx, r, r.public ?? !/^private$/i.test(r.name)));
  }

  protected failure(error: unknown): TreeNode {
    return failureNode(this, this.ctx, this.projectNode.server.name, error);
  }

  protected loadingNode(): TreeNode {
    return loadingNode(this, this.ctx, l10n.t('Loading favorites…'));
  }
}
