// The data fake projects start with: the editor's schema (the seed's defect fields and lists) and
// the tree's (status, severity and owner over defects whose values cycle).
import type { Defect, FieldCatalog, FieldMeta, ListItem, ListTree } from '../../../src/api';
import { catalogOf, fieldMeta } from '../fieldMeta';

type Def = [name: string, label: string, type: string, extra?: Partial<FieldMeta> & { listId?: number; resource?: string; multiple?: boolean }];

const DEFS: Def[] = [
  ['id', 'Defect ID', 'Integer', { maxLength: 10 }],
  ['ver-stamp', 'Version Stamp', 'Integer'],
  ['name', 'Summary', 'String', { required: true, maxLength: 255 }],
  ['description', 'Description', 'Memo'],
  ['dev-comments', 'Comments', 'Memo'],
  ['creation-time', 'Detected on Date', 'Date', { required: true, maxLength: 1 }],
  ['last-modified', 'Modified', 'String', { maxLength: 20 }],
  ['detected-by', 'Detected By', 'Reference', { required: true, resource: 'user', maxLength: 60 }],
  ['owner', 'Assigned To', 'Reference', { resource: 'user', maxLength: 60 }],
  ['severity', 'Severity', 'Reference By Value', { required: true, listId: 287, maxLength: 70 }],
  ['status', 'Status', 'Reference By Value', { listId: 222, maxLength: 70 }],
  ['priority', 'Priority', 'Reference By Value', { listId: 260, maxLength: 70 }],
  ['subject', 'Subject', 'Reference By Value', { listId: 2, maxLength: 10 }],
  ['detected-in-rel', 'Detected in Release', 'Reference', { resource: 'releases' }],
  ['estimated-fix-time', 'Estimated Fix Time', 'Integer', { maxLength: 5 }],
  ['user-02', 'Platforms', 'Reference By Value', { listId: 1002, multiple: true, maxLength: 255 }],
  ['user-03', 'Customer Reference', 'String', { maxLength: 40 }],
  ['user-04', 'Effort (days)', 'Float'],
];

function meta([name, label, type, extra = {}]: Def): FieldMeta {
  const source = extra.listId !== undefined ? { kind: 'list' as const, listId: extra.listId } : extra.resource ? { kind: 'resource' as const, collection: extra.resource } : undefined;
  return {
    name,
    label,
    dataType: { name: type, multiple: extra.multiple ?? false, ...(source ? { source } : {}) },
    required: extra.required ?? false,
    ...(extra.maxLength !== undefined ? { maxLength: extra.maxLength } : {}),
    referenceMatch: source !== undefined,
    ...(type === 'Memo' ? { sanitization: 'HTML' } : {}),
    inputValidations: [],
    outputValidations: [],
    hidden: extra.hidden ?? false,
    editable: extra.editable ?? true,
  };
}

/** The seed's defect fields (what the editor shows), for the editor's tests. */
export function editorCatalog(): FieldCatalog {
  const fields = DEFS.map(meta);
  return catalogOf(fields);
}

/** `lists` indexed as the client's ListTree: by list id, with each list's values depth first. */
function listTree(lists: ListItem[]): ListTree {
  const index = new Map<number, ListItem>();
  const walk = (i: ListItem): void => {
    index.set(i.id, i);
    i.children.forEach(walk);
  };
  lists.forEach(walk);
  const valuesOf = (id: number): string[] => {
    const out: string[] = [];
    const rec = (i: ListItem): void => i.children.forEach((c) => (out.push(c.name), rec(c)));
    const l = index.get(id);
    if (l) rec(l);
    return out;
  };
  return { lists, byListId: (id) => index.get(id), valuesOf, hasValue: (id, v) => valuesOf(id).includes(v) };
}

/** The editor's lists: flat ones, and Subject as a tree. */
export function editorLists(): ListTree {
  let next = 10_000;
  const item = (name: string, parentId: number, children: ListItem[] = []): ListItem => {
    const it: ListItem = { id: next++, logicalName: name, name, parentId, children };
    children.forEach((c) => (c.parentId = it.id));
    return it;
  };
  const list = (id: number, name: string, values: ListItem[]): ListItem => ({ id, logicalName: name, name, parentId: 0, children: values });
  const flat = (id: number, ...names: string[]) => names.map((n) => item(n, id));
  const lists = [
    list(222, 'Bug Status', flat(222, 'New', 'Open', 'Fixed', 'Closed')),
    list(260, 'Priority', flat(260, '1-Low', '2-Medium', '3-High')),
    list(287, 'Severity', flat(287, '1-Low', '2-Medium', '3-High')),
    list(2, 'Subject', [item('Accounts', 2, [item('Login', 0), item('Billing', 0)]), item('Orders', 2, [item('Checkout', 0, [item('Payment', 0)])])]),
    list(1002, 'Platforms', flat(1002, 'Windows', 'Linux', 'macOS')),
  ];
  return listTree(lists);
}

const STATUSES = ['New', 'Open', 'Fixed', 'Closed'];
export const SEVERITIES = ['1-Low', '2-Medium', '3-High', '4-Very High', '5-Urgent'];
const USERS = ['alice', 'bob', 'carol'];

/** Deterministic defects: status, severity and owner cycle; every 7th has no owner. */
export function treeDefects(n: number): Defect[] {
  return Array.from({ length: n }, (_, i) => {
    const id = i + 1;
    return {
      type: 'defect' as const,
      id,
      name: `Defect number ${id}${id % 10 === 0 ? ' login' : ''}`,
      status: STATUSES[id % STATUSES.length],
      severity: SEVERITIES[id % SEVERITIES.length],
      priority: 'P2',
      owner: id % 7 === 0 ? null : USERS[id % USERS.length],
      'detected-by': 'bob',
      'creation-time': '2024-01-02',
      'last-modified': '2024-01-03 10:00:00',
      description: '<html><body>secret body</body></html>',
    };
  });
}

/** The tree's catalog: status and severity from lists, Assigned To from the users. */
export function treeCatalog(): FieldCatalog {
  const meta = (name: string, listId: number): FieldMeta => fieldMeta(name, { dataType: { name: 'Reference By Value', multiple: false, source: { kind: 'list', listId } }, referenceMatch: true });
  // Assigned To takes the project's users, as the servers describe it (a reference to `user`).
  const owner: FieldMeta = { ...meta('owner', 0), dataType: { name: 'Reference', multiple: false, source: { kind: 'resource', collection: 'user' } } };
  const fields = [meta('status', 222), meta('severity', 287), owner];
  return catalogOf(fields);
}

function treeItem(id: number, name: string, parentId: number, children: ListItem[] = []): ListItem {
  return { id, name, logicalName: `L${id}`, parentId, children };
}

/** The tree's lists: status and severity (as the defects use them), Subject three levels deep. */
export function treeLists(): ListTree {
  const statusItems = STATUSES.map((s, i) => treeItem(1000 + i, s, 222));
  const severityItems = SEVERITIES.map((s, i) => treeItem(2000 + i, s, 287));
  const status = treeItem(222, 'Bug Status', 0, statusItems);
  const severity = treeItem(287, 'Severity', 0, severityItems);
  const subject = treeItem(2, 'Subject', 0, [treeItem(3000, 'Apps', 2, [treeItem(3001, 'Mobile', 3000, [treeItem(3002, 'iOS', 3001)])])]);
  return listTree([status, severity, subject]);
}
