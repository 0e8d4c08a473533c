// "Defects" and "My Defects" of a project. Ungrouped, the defects page in directly; grouped by
// status, severity or owner, one group per value with its exact count, each group paging alone.
import * as l10n from '@vscode/l10n';
import { addCondition, toApiFilter } from '../../defects/filter';
import type { Filter } from '../../api';
import { countGroups } from '../../defects/groupCounts';
import { describeSort } from '../model/arrangement';
import { defectListSpeech, rowCount } from '../model/accessibility';
import type { NodeItem, TreeContext, TreeNode } from './treeNode';
import { groupNodes } from './groupNode';
import { MessageNode } from './messageNode';
import { PagedNode } from './pagedNode';
import type { DefectsScope, ProjectScope } from './scopes';

export type DefectsMode = 'all' | 'mine';

export class DefectsNode extends PagedNode implements DefectsScope {
  readonly id: string;
  private groupCount: number | undefined;

  constructor(
    readonly projectNode: ProjectScope,
    ctx: TreeContext,
    readonly mode: DefectsMode,
  ) {
    super(projectNode, ctx);
    this.id = `${projectNode.id}/${mode === 'all' ? 'defects' : 'mine'}`;
  }

  item(): NodeItem {
    const group = this.ctx.state.groupBy;
    const total = this.list?.total ?? this.groupCount;
    const parts: string[] = [];
    if (total !== undefined) parts.push(rowCount(total, this.ctx.locale));
    if (group !== 'none') parts.push(l10n.t('by {0}', group));
    parts.push(describeSort(this.ctx.state.sort));
    const label = this.mode === 'all' ? l10n.t('Defects') : l10n.t('My Defects');
    return {
      label,
      description: parts.join(' · '),
      tooltip: this.mode === 'all' ? l10n.t('Defects of the project (filter applies)') : l10n.t('Defects assigned to {0} (filter applies)', this.projectNode.server.username),
      collapsible: this.remembered(),
      icon: { id: this.mode === 'all' ? 'bug' : 'account' },
      contextValue: `alm:defects${group !== 'none' ? '+grouped' : ''}`,
      accessibility: defectListSpeech(label, total, group, this.ctx.state.sort, this.ctx.locale),
    };
  }

  // The description shows the total, known only once loaded.
  protected override redrawsAfterLoad(): boolean {
    return true;
  }

  /** The filter this node applies: the project's, plus owner = me for "My Defects". */
  apiFilter(): Filter {
    const me = this.projectNode.server.username;
    const filter = toApiFilter(this.projectNode.filter, me);
    return this.mode === 'mine' ? addCondition(filter, 'owner', { op: '=', value: me }) : filter;
  }

  protected async load(signal: AbortSignal): Promise<TreeNode[]> {
    this.list = undefined;
    this.groupCount = undefined;
    const filter = this.apiFilter();
    const api = await this.projectNode.api();
    const group = this.ctx.state.groupBy;
    const empty = this.projectNode.filter ? l10n.t('No defects match the filter') : this.mode === 'mine' ? l10n.t('No defects assigned to you') : l10n.t('No defects');
    let rows: TreeNode[];
    if (group === 'none') {
      rows = await this.firstPage(api, filter, signal, empty);
    } else {
      const groups = await countGroups(api, group, filter, signal);
      this.groupCount = groups.reduce((n, g) => n + g.count, 0);
      rows = groups.length ? await groupNodes(this, this.ctx, api, group, groups, signal) : [new MessageNode(this, this.ctx, 'empty', empty)];
    }
    return rows;
  }
}
