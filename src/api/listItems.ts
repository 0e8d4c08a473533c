// Project lists from `list-items`: top-level items (parent id 0) are lists, their descendants
// the values. Built into a tree with an index by id, so "the values of list 222" is one lookup.
import { scalarText } from './dialect/coreValues';
import type { ListItem, ListTree } from './types';

function num(v: unknown): number | undefined {
  return typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined;
}

export function toListItem(r: Record<string, unknown>): ListItem {
  const parent = r.parent;
  const parentId = parent && typeof parent === 'object' ? num((parent as Record<string, unknown>).id) : num(r['parent-id']);
  const logical = r['logical-identifier'] ?? r['logical-name'];
  return {
    id: num(r.id) ?? -1,
    logicalName: typeof logical === 'string' ? logical : '',
    name: scalarText(r.name),
    parentId: parentId ?? 0,
    children: [],
  };
}

export class Lists implements ListTree {
  readonly lists: ListItem[] = [];
  private readonly index = new Map<number, ListItem>();
  private readonly valueCache = new Map<number, Set<string>>();

  constructor(items: Iterable<ListItem>) {
    const all = [...items];
    for (const item of all) this.index.set(item.id, item);
    for (const item of all) {
      const parent = item.parentId === 0 ? undefined : this.index.get(item.parentId);
      // An item whose parent is missing is shown as a list rather than dropped.
      if (parent && parent !== item) parent.children.push(item);
      else this.lists.push(item);
    }
  }

  byListId(id: number): ListItem | undefined {
    return this.index.get(id);
  }

  valuesOf(listId: number): string[] {
    const out: string[] = [];
    const walk = (item: ListItem, depth: number): void => {
      if (depth > 64) return; // defends against a cyclic parent chain from a broken server
      for (const child of item.children) {
        out.push(child.name);
        walk(child, depth + 1);
      }
    };
    const list = this.index.get(listId);
    if (list) walk(list, 0);
    return out;
  }

  hasValue(listId: number, value: string): boolean {
    let set = this.valueCache.get(listId);
    if (!set) {
      set = new Set(this.valuesOf(listId));
      this.valueCache.set(listId, set);
    }
    return set.has(value);
  }
}
