// The result a tree node shows (defects/results.ts), for the views opened from it (the grid, CSV
// export): the node's filter and order exactly as the node sends them, so both show the same rows.
// A project gives its "Defects"; a group adds its own condition; a saved filter replaces the project's.
import type { DefectQuery } from '../../defects/defectQuery';
import { defectsQuery, favoriteQuery, favoriteResult, groupQuery } from '../../defects/results';
import type { DefectResult, ResultScope } from '../../defects/results';
import { orderByFor } from '../model/arrangement';
import { DefectsNode } from './defectsNode';
import { FavoriteNode } from './favoriteNode';
import { GroupNode } from './groupNode';
import { ProjectNode } from './projectNode';
import type { ProjectScope } from './scopes';

/** A project node as its results read it: its ref, the user, its filter and the tree's sort. */
export function resultScopeOf(project: ProjectScope): ResultScope {
  return { ref: project.ref, username: project.server.username, filter: project.filter, orderBy: orderByFor(project.sort) };
}

/** The result of a project (its "Defects"), "Defects" or "My Defects", a favorite or a group node; undefined for any other node. */
export async function resultOf(node: unknown): Promise<DefectResult | undefined> {
  // A favorite opens with its own columns (read with its filter).
  if (node instanceof FavoriteNode) return favoriteResult(resultScopeOf(node.projectNode), node.favorite, await node.translated());
  const query = defectQueryOf(node);
  return query && { query };
}

function defectQueryOf(node: unknown): DefectQuery | undefined {
  if (node instanceof ProjectNode) return defectsQuery(resultScopeOf(node), 'all');
  if (node instanceof DefectsNode) return defectsQuery(resultScopeOf(node.projectNode), node.mode);
  if (node instanceof GroupNode) {
    const list = node.defectsNode;
    // Before its filter is read, a favorite has no query: an empty one would be a wider result.
    if (list instanceof FavoriteNode && !list.view) return undefined;
    const scope = resultScopeOf(node.projectNode);
    const base = list instanceof FavoriteNode && list.view ? favoriteQuery(scope, list.favorite.name, list.view) : defectsQuery(scope, list instanceof DefectsNode ? list.mode : 'all');
    return groupQuery(base, node.field, node.group.value);
  }
  return undefined;
}
