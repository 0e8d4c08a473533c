// The values demo defects draw from, read from the project's own lists and resources, so every
// generated value passes the server's Reference Match validation. Lists missing from a project
// are created from the standard definitions; a subject tree shallower than three levels gets
// sub-folders, so clients meet a real tree.
import { LIST_IDS } from '../metadata/defectFields';
import { STANDARD_LISTS, listItemsOf } from '../metadata/lists';
import type { ProjectStore } from '../store/project';
import type { ListItemRow } from '../store/projectTypes';

export interface Vocabulary {
  project: string;
  users: readonly string[];
  statuses: readonly string[];
  severities: readonly string[];
  priorities: readonly string[];
  versions: readonly string[];
  projects: readonly string[];
  yesNo: readonly string[];
  components: readonly string[];
  platforms: readonly string[];
  /** Leaf folders of the subject tree (list 2). */
  subjects: readonly string[];
  releases: readonly { id: number; cycles: readonly number[] }[];
  environments: readonly number[];
}

/** Sub-folders added under the first leaf folders of a shallow subject tree. */
const SUB_FOLDERS = ['Web', 'Mobile', 'API'];

export function ensureLists(store: ProjectStore): void {
  const missing = STANDARD_LISTS.filter((list) => !store.getListItem(list.id));
  if (missing.length > 0) {
    const maxId = store.db.prepare('SELECT COALESCE(MAX("id"), 0) FROM list_items').pluck().get() as number;
    store.insertListItems(listItemsOf(missing, Math.max(10000, maxId + 1)));
  }
  const items = store.listItemsInTreeOrder();
  if (depthBelow(items, LIST_IDS.subject) >= 3) return;
  let nextId = (store.db.prepare('SELECT MAX("id") FROM list_items').pluck().get() as number) + 1;
  const added = [];
  for (const leaf of leavesBelow(items, LIST_IDS.subject).slice(0, 2)) {
    for (const name of SUB_FOLDERS) added.push({ id: nextId++, name, parentId: leaf.id });
  }
  // Two levels may be missing (a flat list): add one more under the first new folder.
  if (depthBelow(items, LIST_IDS.subject) < 2 && added[0]) {
    for (const name of SUB_FOLDERS) added.push({ id: nextId++, name, parentId: added[0].id });
  }
  store.insertListItems(added);
}

export function readVocabulary(store: ProjectStore): Vocabulary {
  const values = (id: number) => {
    const set = [...store.listValues(id)];
    if (set.length === 0) throw new Error(`List ${id} of ${store.domain}/${store.name} has no values.`);
    return set;
  };
  const items = store.listItemsInTreeOrder();
  const releases = (store.db.prepare('SELECT "id" FROM releases ORDER BY "id"').pluck().all() as number[]).map((id) => ({
    id,
    cycles: store.db.prepare('SELECT "id" FROM release_cycles WHERE "parent-id" = ? ORDER BY "id"').pluck().all(id) as number[],
  }));
  const environments = store.db.prepare('SELECT "id" FROM environments ORDER BY "id"').pluck().all() as number[];
  return {
    project: store.name,
    users: store.listUsers().map((u) => u.name),
    statuses: values(LIST_IDS.status),
    severities: values(LIST_IDS.severity),
    priorities: values(LIST_IDS.priority),
    versions: values(LIST_IDS.versions),
    projects: values(LIST_IDS.project),
    yesNo: values(LIST_IDS.yesNo),
    components: values(LIST_IDS.component),
    platforms: values(LIST_IDS.platforms),
    subjects: leavesBelow(items, LIST_IDS.subject).map((i) => i.name),
    releases,
    environments,
  };
}

function childrenOf(items: readonly ListItemRow[], id: number): ListItemRow[] {
  return items.filter((i) => i['parent-id'] === id);
}

function depthBelow(items: readonly ListItemRow[], id: number): number {
  const children = childrenOf(items, id);
  return children.length ? 1 + Math.max(...children.map((c) => depthBelow(items, c.id))) : 0;
}

function leavesBelow(items: readonly ListItemRow[], id: number): ListItemRow[] {
  return childrenOf(items, id).flatMap((c) => (childrenOf(items, c.id).length ? leavesBelow(items, c.id) : [c]));
}
