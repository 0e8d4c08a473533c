// What the tree remembers across window reloads: expanded nodes, each project's filter, the
// grouping and the sort. Stored in workspaceState through a Memento-shaped interface, so the
// logic runs (and is tested) without VS Code. Stored JSON is re-validated on read.
import type { GroupBy, SortSpec } from './arrangement';
import { readGroupBy, readSort } from './arrangement';
import type { DefectFilter } from '../../defects/filter';
import { isEmptyFilter, readFilter } from '../../defects/filter';
import { Emitter } from '../../util/emitter';

export interface MementoLike {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

const KEYS = {
  expanded: 'almDefects.tree.expanded',
  filters: 'almDefects.tree.filters',
  groupBy: 'almDefects.tree.groupBy',
  sort: 'almDefects.tree.sort',
} as const;

/**
 * Expanded ids kept at most, so the store cannot grow without bound. The oldest that holds no
 * other kept id drops off first: a server or project expanded once, long ago, outlives the
 * hundreds of defect rows expanded under it since (node ids are paths: a child's id is its
 * parent's, "/", and more).
 */
const MAX_EXPANDED = 500;

/** `ids` without its oldest entry that is no other entry's ancestor. */
function withoutOldestLeaf(ids: readonly string[]): string[] {
  const leaf = ids.findIndex((id) => !ids.some((other) => other.startsWith(`${id}/`)));
  // Some entry is always a leaf (the longest); -1 cannot happen, but drops the oldest if it did.
  const drop = leaf < 0 ? 0 : leaf;
  return [...ids.slice(0, drop), ...ids.slice(drop + 1)];
}

export class ViewState {
  private expanded: string[];
  private filters: Record<string, DefectFilter>;
  private group: GroupBy;
  private sortSpec: SortSpec;
  private readonly filtersChanged = new Emitter<void>();
  /** Fires after any project's filter is set or cleared (the view keeps a context key for the palette). */
  readonly onDidChangeFilters = this.filtersChanged.event;

  constructor(private readonly memento: MementoLike) {
    const ids = memento.get<unknown>(KEYS.expanded);
    this.expanded = Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : [];
    this.filters = {};
    const stored = memento.get<unknown>(KEYS.filters);
    if (typeof stored === 'object' && stored !== null) {
      for (const [k, v] of Object.entries(stored)) {
        const f = readFilter(v);
        if (f) this.filters[k] = f;
      }
    }
    this.group = readGroupBy(memento.get<unknown>(KEYS.groupBy));
    this.sortSpec = readSort(memento.get<unknown>(KEYS.sort));
  }

  isExpanded(id: string): boolean {
    return this.expanded.includes(id);
  }

  setExpanded(id: string, expanded: boolean): Promise<void> {
    const without = this.expanded.filter((x) => x !== id);
    if (!expanded && without.length === this.expanded.length) return Promise.resolve();
    let ids = expanded ? [...without, id] : without;
    while (ids.length > MAX_EXPANDED) ids = withoutOldestLeaf(ids);
    this.expanded = ids;
    return Promise.resolve(this.memento.update(KEYS.expanded, this.expanded));
  }

  /** The filter of a project (key from `projectKey`). */
  filter(project: string): DefectFilter | undefined {
    return this.filters[project];
  }

  setFilter(project: string, filter: DefectFilter | undefined): Promise<void> {
    if (isEmptyFilter(filter)) delete this.filters[project];
    else this.filters[project] = filter as DefectFilter;
    this.filtersChanged.fire();
    return Promise.resolve(this.memento.update(KEYS.filters, this.filters));
  }

  /** Whether any project has a filter, loaded in the tree or not. */
  get hasFilters(): boolean {
    return Object.keys(this.filters).length > 0;
  }

  get groupBy(): GroupBy {
    return this.group;
  }

  setGroupBy(group: GroupBy): Promise<void> {
    this.group = group;
    return Promise.resolve(this.memento.update(KEYS.groupBy, group));
  }

  get sort(): SortSpec {
    return this.sortSpec;
  }

  setSort(sort: SortSpec): Promise<void> {
    this.sortSpec = sort;
    return Promise.resolve(this.memento.update(KEYS.sort, sort));
  }
}
