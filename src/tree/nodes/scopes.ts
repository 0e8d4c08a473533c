// What nodes below a project read from the nodes above them, as interfaces: children depend on
// these instead of on ProjectNode and DefectsNode, which create them, so no import runs in a circle.
import type { Filter, OrderBySpec, ProjectApi } from '../../api';
import type { DefectFilter } from '../../defects/filter';
import type { ProjectRefKey } from '../../defects/refs';
import type { SortSpec } from '../model/arrangement';
import type { ServerSource, TreeNode } from './treeNode';

/** A project node as its "Defects", "My Defects", "Lists" and group nodes see it (ProjectNode implements it). */
export interface ProjectScope extends TreeNode {
  readonly ref: ProjectRefKey;
  readonly server: ServerSource;
  /** The project's saved filter, if any. */
  readonly filter: DefectFilter | undefined;
  /** The tree's sort, which its defect lists (and the views opened from them) use. */
  readonly sort: SortSpec;
  /** The project's client resources (signs in on first use). */
  api(): Promise<ProjectApi>;
}

/** A "Defects" node as its groups see it (DefectsNode implements it). */
export interface DefectsScope extends TreeNode {
  readonly projectNode: ProjectScope;
  /** The filter the node applies, a new object each call: a group adds its own condition to it. */
  apiFilter(): Filter;
  /** The list's own order, which its groups keep too (an ALM favorite's); else the tree's sort. */
  ownOrder?(): readonly OrderBySpec[] | undefined;
}
