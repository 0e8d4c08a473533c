// The project lists of the demo: every list the seed names (ids 1, 2, 35, 222, 260, 266, 287)
// plus the lists of the user-defined fields. Values are ids from 2000 up, in tree order.
import { LIST_IDS } from '../metadata/defectFields';
import type { ListItemInput } from '../store/projectTypes';

export const STATUSES = ['New', 'Open', 'Fixed', 'Closed', 'Rejected', 'Reopen'] as const;
export const LEVELS = ['1-Low', '2-Medium', '3-High', '4-Very High', '5-Urgent'] as const;
export const VERSIONS = ['1.0', '1.1', '1.2', '2.0', '2.1', '3.0'] as const;
export const COMPONENTS = ['Web UI', 'REST API', 'Database', 'Auth', 'Reporting', 'Installer', 'Mobile'] as const;
export const PLATFORMS = ['Windows', 'macOS', 'Linux', 'Android', 'iOS'] as const;

/** Subject tree (list 2): folder names stay within the field's 10 characters. */
interface SubjectNode {
  name: string;
  children?: SubjectNode[];
}
export const SUBJECT_TREE: SubjectNode[] = [
  {
    name: 'Product',
    children: [
      { name: 'Frontend', children: [{ name: 'Login' }, { name: 'Dashboard' }, { name: 'Settings' }] },
      { name: 'Backend', children: [{ name: 'Orders' }, { name: 'Billing', children: [{ name: 'Invoices' }, { name: 'Refunds' }] }] },
    ],
  },
  { name: 'Platform', children: [{ name: 'Security' }, { name: 'Deploy' }] },
];

/** Leaf subjects: the values defects use. */
export function subjectLeaves(nodes: SubjectNode[] = SUBJECT_TREE): string[] {
  return nodes.flatMap((n) => (n.children ? subjectLeaves(n.children) : [n.name]));
}

export function demoListItems(projectNames: readonly string[]): ListItemInput[] {
  const items: ListItemInput[] = [];
  let nextId = 2000;
  const list = (id: number, name: string, values: readonly string[]) => {
    items.push({ id, name });
    for (const value of values) items.push({ id: nextId++, name: value, parentId: id });
  };
  list(LIST_IDS.yesNo, 'Y/N', ['Y', 'N']);
  items.push({ id: LIST_IDS.subject, name: 'Subject' });
  const addTree = (nodes: SubjectNode[], parentId: number) => {
    for (const node of nodes) {
      const id = nextId++;
      items.push({ id, name: node.name, parentId });
      if (node.children) addTree(node.children, id);
    }
  };
  addTree(SUBJECT_TREE, LIST_IDS.subject);
  list(LIST_IDS.versions, 'Versions', VERSIONS);
  list(LIST_IDS.status, 'Bug Status', STATUSES);
  list(LIST_IDS.priority, 'Priority', LEVELS);
  list(LIST_IDS.project, 'Projects', projectNames);
  list(LIST_IDS.severity, 'Severity', LEVELS);
  list(LIST_IDS.component, 'Component', COMPONENTS);
  list(LIST_IDS.platforms, 'Platforms', PLATFORMS);
  return items;
}
