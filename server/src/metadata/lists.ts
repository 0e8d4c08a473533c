// The project lists behind the list-based defect fields, with the values every project of this
// server starts with. Items are numbered from 10000 so they never collide with list ids.
import { LIST_IDS } from './defectFields';
import type { ListItemInput } from '../store/projectTypes';

/** A value; `children` makes a tree list like the subject folders. */
interface ListValue {
  name: string;
  children?: ListValue[];
}

export interface ListDefinition {
  id: number;
  name: string;
  values: ListValue[];
}

const flat = (...names: string[]): ListValue[] => names.map((name) => ({ name }));

export const STANDARD_LISTS: readonly ListDefinition[] = [
  { id: LIST_IDS.yesNo, name: 'Y/N', values: flat('Y', 'N') },
  {
    id: LIST_IDS.subject,
    name: 'Subject',
    values: [
      { name: 'Accounts', children: flat('Login', 'Profile', 'Billing') },
      { name: 'Orders', children: flat('Cart', 'Checkout', 'Shipping') },
      { name: 'Reports', children: flat('Export', 'Charts') },
    ],
  },
  { id: LIST_IDS.versions, name: 'Versions', values: flat('1.0', '1.1', '1.2', '2.0', '2.1') },
  { id: LIST_IDS.status, name: 'Bug Status', values: flat('New', 'Open', 'Fixed', 'Closed', 'Rejected', 'Reopen') },
  { id: LIST_IDS.priority, name: 'Priority', values: flat('1-Low', '2-Medium', '3-High', '4-Very High', '5-Urgent') },
  { id: LIST_IDS.project, name: 'Project', values: flat('Web Shop', 'Mobile App', 'Back Office') },
  { id: LIST_IDS.severity, name: 'Severity', values: flat('1-Low', '2-Medium', '3-High', '4-Very High', '5-Urgent') },
  { id: LIST_IDS.component, name: 'Component', values: flat('UI', 'API', 'Database', 'Installer', 'Documentation') },
  { id: LIST_IDS.platforms, name: 'Platforms', values: flat('Windows', 'macOS', 'Linux', 'Android', 'iOS') },
  { id: LIST_IDS.linkType, name: 'Link Type', values: flat('Duplicate', 'Related') },
];

/** Flattens list definitions into list-items, parents first, with dotted logical identifiers. */
export function listItemsOf(lists: readonly ListDefinition[], firstItemId = 10000): ListItemInput[] {
  const items: ListItemInput[] = [];
  let next = firstItemId;
  const addValues = (values: readonly ListValue[], parentId: number, parentLid: string) => {
    values.forEach((value, index) => {
      const id = next++;
      const lid = `${parentLid}.${index + 1}`;
      items.push({ id, name: value.name, parentId, logicalIdentifier: lid, position: index });
      if (value.children) addValues(value.children, id, lid);
    });
  };
  lists.forEach((list, index) => {
    const lid = `LIST.${list.name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
    items.push({ id: list.id, name: list.name, parentId: 0, logicalIdentifier: lid, position: index });
    addValues(list.values, list.id, lid);
  });
  return items;
}
