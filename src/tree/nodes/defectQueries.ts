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
import { FavoriteNode } from './favoriteNode';
import { GroupNode } from './groupNode';
import { ProjectNode } from './projectNode';
import type { ProjectScope } from './scopes';

/** The query of a project's "Defects" or "My Defects", a group node, or a project (its "Defects"); undefined for any other node. */
export function defectQueryOf(node: unknown): DefectQuery | undefined {
  if (node instanceof ProjectNode) return defectsQuery(node, 'all');
  if (node instanceof DefectsNode) return defectsQuery(node.projectNode, node.mode);
  // Before its filter is read, a favorite has no query: an empty one would be a wider result.
  if (node instanceof FavoriteNode) return node.view ? favoriteQuery(node) : undefined;
  if (node instanceof GroupNode) {
    if (node.defectsNode instanceof FavoriteNode && !node.defectsNode.view) return undefined;
    const base = node.defectsNode instanceof FavoriteNode ? favoriteQuery(node.defectsNode) : defectsQuery(node.projectNode, node.defectsNode instanceof DefectsNode ? node.defectsNode.mode : 'all');
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

/**
 * An ALM favorite as its node runs it: its filter and order (the tree's sort where it has none);
 * what was not applied is in the title, so the grid says it too. Call after the node has loaded.
 */
function favoriteQuery(node: FavoriteNode): DefectQuery {
  const view = node.view;
  const notApplied = view?.notApplied.length ? ` (${view.notApplied.join('; ')})` : '';
  return {
    ...node.projectNode.ref,
    filter: node.apiFilter(),
    orderBy: view?.orderBy.length ? [...view.orderBy] : orderByFor(node.projectNode.sort),
    title: `${node.favorite.name} · ${node.projectNode.ref.project}${notApplied}`,
  };
}

/** A favorite node's result and its own columns (field, width), for "Open as Grid"; undefined for any other node. */
export async function favoriteOpeningOf(node: unknown): Promise<{ query: DefectQuery; columns: { name: string; width: number }[]; key: string } | undefined> {
  if (!(node instanceof FavoriteNode)) return undefined;
  const view = await node.translated();
  return {
    query: favoriteQuery(node),
    // ALM's widths are pixels as the grid's are; a column without one takes the grid's default.
    columns: view.columns.map((c) => ({ name: c.field, width: c.width ?? 130 })),
    key: `ALM favorite ${node.favorite.id}`,
  };
}
