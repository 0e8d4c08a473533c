// The result a tree node shows, as a DefectQuery another view opens (the grid, CSV export): the
// node's filter and order exactly as the node sends them, so both show the same rows. A project
// gives its "Defects"; a group adds its own condition; a saved filter replaces the project's.
import * as l10n from '@vscode/l10n';
import type { DefectQuery } from '../../defects/defectQuery';
import { NO_VALUE } from '../../defects/fieldText';
import { addCondition, toApiFilter } from '../../defects/filter';
import type { SavedFilter } from '../../defects/filter';
import { orderByFor } from '../model/arrangement';
import { DefectsNode } from './defectsNode';
import { GroupNode } from './groupNode';
import { ProjectNode } from './projectNode';
import type { ProjectScope } from './scopes';

/** The query of a project's "Defects" or "My Defects", a group node, or a project (its "Defects"); undefined for any other node. */
export function defectQueryOf(node: unknown): DefectQuery | undefined {
  if (node instanceof ProjectNode) return defectsQuery(node, 'all');
  if (node instanceof DefectsNode) return defectsQuery(node.projectNode, node.mode);
  if (node instanceof GroupNode) {
    const base = defectsQuery(node.projectNode, node.defectsNode instanceof DefectsNode ? node.defectsNode.mode : 'all');
    const value = node.group.value;
    const label = value ?? NO_VALUE;
    return {
      ...base,
      // An empty value matches defects without one, as the group node itself asks.
      filter: addCondition(base.filter, node.field, { op: '=', value: value ?? '' }),
      title: `${node.field}: ${label} · ${base.title}`,
    };
  }
  return undefined;
}

/** "Defects" (the project's filter) or "My Defects" (also owner = me), in the tree's sort. */
export function defectsQuery(project: ProjectScope, mode: 'all' | 'mine'): DefectQuery {
  const me = project.server.username;
  const filter = toApiFilter(project.filter, me);
  if (mode === 'mine') addCondition(filter, 'owner', { op: '=', value: me });
  return {
    ...project.ref,
    filter,
    orderBy: orderByFor(project.sort),
    title: `${mode === 'all' ? l10n.t('Defects') : l10n.t('My Defects')} · ${project.ref.project}`,
  };
}

/** A saved filter applied to a project (in place of the project's own filter), in the tree's sort. */
export function savedFilterQuery(project: ProjectScope, saved: SavedFilter): DefectQuery {
  return {
    ...project.ref,
    filter: toApiFilter(saved.filter, project.server.username),
    orderBy: orderByFor(project.sort),
    title: `${saved.name} · ${project.ref.project}`,
  };
}
