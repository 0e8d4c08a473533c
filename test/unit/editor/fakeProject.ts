// An in-memory project behind the editor's slice of ProjectApi: field metadata shaped like the
// seed's defect table, lists (one hierarchical), defects with ver-stamps, and locks per user —
// enough to drive the controller through every path in plain Node.
import { LockLostError, LockedByOtherError, NotFoundError, ValidationError } from '../../../src/api/index';
import type { Defect, DefectChanges, EntityRef, FieldCatalog, FieldMeta, ListItem, ListTree, LockHandle, ProjectUser, ProjectUsers } from '../../../src/api/index';
import type { EditorProjectApi } from '../../../src/editor/controller/types';
import { catalogOf } from '../../support/fieldMeta';

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

export function fakeCatalog(): FieldCatalog {
  const fields = DEFS.map(meta);
  return catalogOf(fields);
}

export function fakeLists(): ListTree {
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
  const index = new Map<number, ListItem>();
  const walk = (i: ListItem) => {
    index.set(i.id, i);
    i.children.forEach(walk);
  };
  lists.forEach(walk);
  const valuesOf = (id: number): string[] => {
    const out: string[] = [];
    const rec = (i: ListItem) => i.children.forEach((c) => (out.push(c.name), rec(c)));
    const l = index.get(id);
    if (l) rec(l);
    return out;
  };
  return { lists, byListId: (id) => index.get(id), valuesOf, hasValue: (id, v) => valuesOf(id).includes(v) };
}

export interface FakeLock {
  id: number;
  entity: EntityRef;
  user: string;
  handle?: FakeHandle;
}

class FakeHandle implements LockHandle {
  state: 'held' | 'released' | 'lost' = 'held';
  constructor(
    readonly lock: { id: number; entity: EntityRef; user: string; lockTime: string; sessionLastTouch: string | null },
    private readonly project: FakeProject,
  ) {}
  async release(): Promise<void> {
    if (this.state !== 'held') return;
    this.state = 'released';
    this.project.locks_.delete(this.lock.entity.id);
    this.project.calls.push(`release ${this.lock.entity.id}`);
  }
}

export class FakeProject implements EditorProjectApi {
  readonly store = new Map<number, Defect>();
  readonly locks_ = new Map<number, FakeLock>();
  readonly calls: string[] = [];
  nextId = 100;
  nextLock = 1;
  /** Makes the next update fail with this error. */
  failUpdate: Error | undefined;
  catalog = fakeCatalog();
  lists = fakeLists();

  constructor(readonly user = 'alice') {}

  seed(defect: Partial<Defect> & { id: number }): Defect {
    const d: Defect = { 'ver-stamp': 1, ...defect, type: 'defect' };
    this.store.set(d.id, d);
    return d;
  }

  /** Another user's change, straight into the store (bumps ver-stamp). */
  changeAsOther(id: number, changes: DefectChanges): void {
    const d = this.store.get(id);
    if (!d) throw new Error(`no defect ${id}`);
    this.store.set(id, { ...d, ...changes, 'ver-stamp': (d['ver-stamp'] ?? 0) + 1 });
  }

  lockAsOther(id: number, user: string): void {
    this.locks_.set(id, { id: this.nextLock++, entity: { type: 'defect', id }, user });
  }

  /** Runs before each defect read (e.g. a session that expires while a save reads). */
  beforeGet: (() => void) | undefined;
  /** Runs when an update arrives, before anything else (e.g. its PUT met an expired session). */
  beforeUpdate: (() => void) | undefined;

  /**
   * The session expired and the client signed in again: the server released every lock this
   * user's session held, and the client marked their handles lost.
   */
  expireSession(): void {
    for (const [id, l] of this.locks_) {
      if (l.user !== this.user) continue;
      if (l.handle) l.handle.state = 'lost';
      this.locks_.delete(id);
    }
    this.calls.push('re-sign-in');
  }

  /** The server ended the session that held the lock. */
  loseLock(id: number): void {
    const l = this.locks_.get(id);
    if (l?.handle) l.handle.state = 'lost';
    this.locks_.delete(id);
  }

  fields = async (): Promise<FieldCatalog> => this.catalog;
  listItems = async (): Promise<ListTree> => this.lists;
  /** The project's users, as the client lists them. */
  userList: ProjectUser[] = [{ name: 'alice' }, { name: 'bob' }, { name: 'carol' }];
  users = async (): Promise<ProjectUsers> => ({ users: this.userList, source: 'project' });

  readonly defects = {
    get: async (id: number): Promise<Defect> => {
      this.beforeGet?.();
      this.calls.push(`get ${id}`);
      const d = this.store.get(id);
      if (!d) throw new NotFoundError(`Defect ${id} does not exist.`);
      return structuredClone(d);
    },
    update: async (id: number, changes: DefectChanges, options?: { original?: Defect; lock?: LockHandle }): Promise<Defect> => {
      this.beforeUpdate?.();
      // As the real client: a write made under a lock is never sent without it.
      if (options?.lock && options.lock.state !== 'held') {
        this.calls.push(`update ${id} refused: lock lost`);
        throw new LockLostError(`The lock on defect ${id} was lost.`);
      }
      const send = Object.fromEntries(Object.entries(changes).filter(([k, v]) => JSON.stringify(options?.original?.[k]) !== JSON.stringify(v)));
      this.calls.push(`update ${id} ${JSON.stringify(send)}`);
      if (this.failUpdate) {
        const e = this.failUpdate;
        this.failUpdate = undefined;
        throw e;
      }
      const held = this.locks_.get(id);
      if (held && held.user !== this.user) throw new LockedByOtherError(`Locked by ${held.user}`, held.user, '2026-01-05 10:00:00');
      const d = this.store.get(id);
      if (!d) throw new NotFoundError(`Defect ${id} does not exist.`);
      const next: Defect = { ...d, ...send, 'ver-stamp': (d['ver-stamp'] ?? 0) + 1, 'last-modified': '2026-01-05 12:00:00' };
      this.store.set(id, next);
      return structuredClone(next);
    },
    create: async (fields: DefectChanges): Promise<Defect> => {
      this.calls.push(`create ${JSON.stringify(fields)}`);
      if (!fields.severity) throw new ValidationError('Required field missing', [{ field: 'severity', label: 'Severity', code: 'required', message: 'Severity is required.' }]);
      const d: Defect = { ...fields, type: 'defect', id: this.nextId++, 'ver-stamp': 1 };
      this.store.set(d.id, d);
      return structuredClone(d);
    },
  };

  readonly locks = {
    acquire: async (entity: EntityRef): Promise<LockHandle> => {
      this.calls.push(`lock ${entity.id}`);
      const held = this.locks_.get(entity.id);
      if (held && held.user !== this.user) throw new LockedByOtherError(`Locked by ${held.user}`, held.user, '2026-01-05 09:30:00');
      const lock = { id: this.nextLock++, entity, user: this.user, lockTime: '2026-01-05 10:00:00', sessionLastTouch: null };
      const handle = new FakeHandle(lock, this);
      this.locks_.set(entity.id, { ...lock, handle });
      return handle;
    },
  };
}
