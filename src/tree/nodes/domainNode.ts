// A domain: its projects (or only the pinned one), from the domain listing when the server sent
// them with it, otherwise from the domain's projects collection.
import * as l10n from '@vscode/l10n';
import type { DomainRef } from '../../api';
import { nodeId } from '../../defects/refs';
import { escapeMarkdown } from '../../util/markdown';
import type { NodeItem, ServerSource, TreeContext, TreeNode } from './treeNode';
import { MessageNode, failureNode, loadingNode } from './messageNode';
import { ProjectNode } from './projectNode';
import { LoadingNode } from './treeNode';

export class DomainNode extends LoadingNode {
  readonly id: string;
  private reloads = 0;

  constructor(
    parent: TreeNode,
    ctx: TreeContext,
    readonly server: ServerSource,
    readonly domain: DomainRef,
  ) {
    super(parent, ctx);
    this.id = nodeId(server.name, domain.name);
  }

  item(): NodeItem {
    return {
      label: this.domain.name,
      collapsible: this.remembered(),
      icon: { id: 'folder-library' },
      contextValue: 'alm:domain',
      accessibility: { label: l10n.t('Domain {0}', this.domain.name), role: 'treeitem' },
      tooltip: l10n.t('Domain **{0}** on {1}', escapeMarkdown(this.domain.name), escapeMarkdown(this.server.name)),
    };
  }

  protected async load(signal: AbortSignal): Promise<TreeNode[]> {
    // The domain listing may carry the projects; a refresh asks the server again.
    const listed = this.reloads++ === 0 ? this.domain.projects : undefined;
    const projects = listed ?? (await this.server.projects(this.domain.name, signal));
    const pinned = this.server.entry.project;
    const shown = pinned ? projects.filter((p) => p.name.toLowerCase() === pinned.toLowerCase()) : projects;
    if (pinned && shown.length === 0) {
      return [new MessageNode(this, this.ctx, 'error', l10n.t('Project "{0}" is not in {1} or not open to {2}', pinned, this.domain.name, this.server.username))];
    }
    if (shown.length === 0) return [new MessageNode(this, this.ctx, 'empty', l10n.t('No projects'))];
    return shown.map((p) => new ProjectNode(this, this.ctx, this.server, this.domain.name, p.name));
  }

  protected failure(error: unknown): TreeNode {
    return failureNode(this, this.ctx, this.server.name, error);
  }

  protected loadingNode(): TreeNode {
    return loadingNode(this, this.ctx, l10n.t('Loading projects…'));
  }
}
