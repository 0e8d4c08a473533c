// `customization/lists`, `customization/used-lists` and `customization/entities/{e}/lists`
// (reference §12.1): the project's lists, read from the same list-items the `/api` tree serves,
// with their items inline and tree lists (like Subject) nested.
//   XML  <Lists><List><Name>Severity</Name><Id>287</Id><Items><Item value="1-Low" logicalName="…"/></Items></List></Lists>
//   JSON {"lists":[{"Name":"Severity","Id":287,"Items":[{"value":"1-Low","logicalName":"…"}]}]}
import { AlmError } from '../../errors';
import type { FieldCatalog } from '../../metadata/catalog';
import type { ProjectStore } from '../../store/project';
import type { ListItemRow } from '../../store/projectTypes';
import type { CoreJsonDialect } from '../../profile';
import type { CoreFormat } from '../wire/entity';
import { xmlDocument } from '../../xml';

interface CoreListItem {
  value: string;
  logicalName: string;
  children: CoreListItem[];
}

export interface CoreList {
  id: number;
  name: string;
  items: CoreListItem[];
}

/** Every list of the project (the top-level list-items), items nested under their parents. */
export function projectLists(store: ProjectStore): CoreList[] {
  const rows = store.listItemsInTreeOrder();
  const children = new Map<number, ListItemRow[]>();
  for (const row of rows) {
    const siblings = children.get(row['parent-id']) ?? [];
    siblings.push(row);
    children.set(row['parent-id'], siblings);
  }
  const itemsOf = (parent: number): CoreListItem[] => (children.get(parent) ?? []).map((row) => ({ value: row.name, logicalName: row['logical-identifier'], children: itemsOf(row.id) }));
  return (children.get(0) ?? []).map((list) => ({ id: list.id, name: list.name, items: itemsOf(list.id) }));
}

/** The lists the fields of these catalogs are bound to (their `List-Id`s). */
export function usedListIds(catalogs: readonly FieldCatalog[]): Set<number> {
  const ids = new Set<number>();
  for (const catalog of catalogs) for (const def of catalog.fields) if (def.listId !== undefined) ids.add(def.listId);
  return ids;
}

export interface ListSelection {
  name?: string;
  id?: string;
}

/**
 * The lists a `name=`/`id=` selection picks. Naming a list that is not among `lists` is a 404,
 * which tells a client to look in `customization/lists` instead (as a public C# client does).
 */
export function selectLists(lists: readonly CoreList[], selection: ListSelection, where: string): CoreList[] {
  const { name, id } = selection;
  if (id !== undefined && !/^\d{1,15}$/.test(id.trim())) {
    throw new AlmError(400, 'qccore.general-error', `Parameter id is a list id (a number, the List-Id of a field), not '${id}'.`);
  }
  const picked = lists.filter((list) => (id === undefined || list.id === Number(id)) && (name === undefined || list.name.toLowerCase() === name.trim().toLowerCase()));
  if (picked.length === 0 && (name !== undefined || id !== undefined)) {
    const what = [name !== undefined ? `name '${name}'` : '', id !== undefined ? `id ${id}` : ''].filter(Boolean).join(' and ');
    throw new AlmError(404, 'qccore.entity-not-found', `No list with ${what} in ${where}.`);
  }
  return picked;
}

function itemJson(item: CoreListItem): Record<string, unknown> {
  const out: Record<string, unknown> = { value: item.value, logicalName: item.logicalName };
  if (item.children.length) out.Items = item.children.map(itemJson);
  return out;
}

function itemNode(item: CoreListItem): Record<string, unknown> {
  const node: Record<string, unknown> = { '@_value': item.value, '@_logicalName': item.logicalName };
  if (item.children.length) node.Item = item.children.map(itemNode);
  return node;
}

export function renderLists(lists: readonly CoreList[], format: CoreFormat, dialect: CoreJsonDialect = 'xml-mapped'): { type: string; body: string } {
  if (format === 'json') {
    // 26.1 lists carry a LogicalName beside the Name (reference §16.8).
    const body = { lists: lists.map((l) => ({ Name: l.name, Id: l.id, ...(dialect === 'live-26.1' ? { LogicalName: l.name } : {}), Items: l.items.map(itemJson) })) };
    return { type: 'application/json; charset=utf-8', body: JSON.stringify(body) };
  }
  const tree = { Lists: { List: lists.map((l) => ({ Name: l.name, Id: String(l.id), Items: { Item: l.items.map(itemNode) } })) } };
  return { type: 'application/xml; charset=utf-8', body: xmlDocument(tree) };
}
