// One group under a grouped "Defects" node: the defects whose status, severity or owner has this
// value (or none), with the count from the grouping scan, paged like the ungrouped list.
import * as l10n from '@vscode/l10n';
import type { ProjectApi } from '../../api';
import type { GroupBy } from '../model/arrangement';
import { fieldText, projectNames } from '../../defects/fieldText';
import { addCondition } from '../../defects/filter';
import type { GroupCount } from '../../defects/groupCounts';
import { groupSpeech, rowCount } from '../model/accessibility';
import { severityIcon } from '../model/severity';
import type { NodeItem, TreeContext, TreeNode } from './treeNode';
import { PagedNode } from './pagedNode';
import type { DefectsScope, ProjectScope } from './scopes';

export class GroupNode extends PagedNode {
  readonly id: string;
  readonly projectNode: ProjectScope;

  constructor(
    readonly defectsNode: DefectsScope,
    ctx: TreeContext,
    private readonly api: ProjectApi,
    readonly field: Exclude<GroupBy, 'none'>,
    readonly group: GroupCount,
    /** The value as every view writes it (an owner as "Full Name (login)"), NO_VALUE for none. */
    private readonly label: string,
  ) {
    super(defectsNode, ctx);
    this.projectNode = defectsNode.projectNode;
    // "~" cannot start an encoded value, so the no-value group never collides with a real one.
    this.id = `${defectsNode.id}/${field}=${group.value === null ? '~none' : encodeURIComponent(group.value)}`;
  }

  item(): NodeItem {
    const label = this.label;
    const icon = this.field === 'severity' ? severityIcon(this.group.value) : { id: this.field === 'owner' ? 'person' : 'circle-large-outline' };
    const count = this.list?.total ?? this.group.count;
    return {
      label,
      description: rowCount(count, this.ctx.locale),
      collapsible: this.remembered(),
      icon,
      contextValue: `alm:group+${this.field}`,
      tooltip: this.group.value === null ? l10n.t('{0} defects with {1} empty', this.group.count, this.field) : l10n.t('{0} defects with {1} “{2}”', this.group.count, this.field, label),
      accessibility: groupSpeech(this.field, label, count, this.ctx.locale),
    };
  }

  // The description shows the count from the grouping scan until the first page brings the total:
  // only a total that differs (the list changed since) redraws the row.
  protected override redrawsAfterLoad(): boolean {
    return this.list?.total !== undefined && this.list.total !== this.group.count;
  }

  protected load(signal: AbortSignal): Promise<TreeNode[]> {
    // An empty value matches defects without one, the way ALM reads `field['']`.
    const filter = addCondition(this.defectsNode.apiFilter(), this.field, { op: '=', value: this.group.value ?? '' });
    return this.firstPage(this.api, filter, signal, l10n.t('No defects (changed since the count)'), this.defectsNode.ownOrder?.());
  }
}

/**
 * The group rows of a grouped list, each labelled as the value reads everywhere else: users by
 * full name (the one names loader, cached per project; a refusal leaves login names).
 */
export async function groupNodes(parent: DefectsScope, ctx: TreeContext, api: ProjectApi, field: Exclude<GroupBy, 'none'>, groups: readonly GroupCount[], signal: AbortSignal): Promise<GroupNode[]> {
  const names = await projectNames(api, { signal });
  return groups.map((g) => new GroupNode(parent, ctx, api, field, g, fieldText(field, g.value, names)));
}
