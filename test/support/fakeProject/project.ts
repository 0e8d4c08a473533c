// One in-memory project behind ProjectApi for the unit tests (and the page tests' editor harness):
// defects that page, filter and sort as the server does, reads and writes with ver-stamps, bulk
// updates, locks per user, metadata, lists and users, and the hooks tests need to make a call slow,
// fail or meet an expired session. Build it with fakeProject({ defects, catalog, lists, users, … }).
import { LockLostError, LockedByOtherError, NotFoundError, ServerError, ValidationError } from '../../../src/api';
import type {
  BulkUpdateResult,
  CollectionQuery,
  Defect,
  DefectChanges,
  EntityRef,
  FieldCatalog,
  Filter,
  HistoryApi,
  ListTree,
  LockHandle,
  OrderBySpec,
  Page,
  PageRequest,
  PagedQuery,
  ProjectApi,
  ProjectUser,
  ProjectUsers,
  ReleaseCatalog,
} from '../../../src/api';
import { pageOf } from './query';
import { editorCatalog, editorLists } from './schemas';

/** One page request the fake answered. */
export interface PageCall {
  offset: number;
  pageSize: number;
  fields: readonly string[] | undefined;
  filter: Filter | undefined;
  orderBy: readonly OrderBySpec[] | undefined;
  signal: AbortSignal | undefined;
}

export interface FakeLock {
  id: number;
  entity: EntityRef;
  user: string;
  since: string;
  handle?: FakeHandle;
}

export interface FakeProjectOptions {
  /** The signed-in user (default alice): whose locks are "ours". */
  user?: string;
  domain?: string;
  project?: string;
  defects?: Defect[];
  /** Field metadata (default: the editor's schema, schemas.ts). */
  catalog?: FieldCatalog;
  lists?: ListTree;
  users?: ProjectUser[];
  /** Given, the project lists releases; left out, it has no `releases` (as older servers' fakes: fields show ids). */
  releases?: () => Promise<ReleaseCatalog>;
  /** Given, the project has an audit trail. */
  history?: Pick<HistoryApi, 'of'>;
  /** Writes to a defect this user holds no lock on fail (to prove a caller locks first). */
  writesNeedLock?: boolean;
}

class FakeHandle implements LockHandle {
  state: 'held' | 'released' | 'lost' = 'held';
  constructor(
    readonly lock: { id: number; entity: EntityRef; user: string; lockTime: string; sessionLastTouch: string | null },
    private readonly project: FakeProject,
  ) {}
  async release(): Promise<void> {
    if (this.state !== 'held') return;
    this.project.calls.push(`release ${this.lock.entity.id}`);
    if (this.project.failRelease) throw this.project.failRelease;
    this.state = 'released';
    this.project.locks_.delete(this.lock.entity.id);
  }
}

/** The defects by id, over the project's `rows` (tests push to and edit rows directly too). */
class DefectStore {
  constructor(private readonly project: FakeProject) {}
  get(id: number): Defect | undefined {
    return this.project.rows.find((d) => d.id === id);
  }
  has(id: number): boolean {
    return this.get(id) !== undefined;
  }
  set(id: number, defect: Defect): void {
    const at = this.project.rows.findIndex((d) => d.id === id);
    if (at >= 0) this.project.rows[at] = defect;
    else this.project.rows.push(defect);
  }
}

const notFaked = (what: string) => (): never => {
  throw new Error(`${what} is not faked`);
};

export class FakeProject {
  readonly domain: string;
  readonly project: string;
  readonly user: string;
  /** The stored defects; a test may push or edit rows as another client's change. */
  rows: Defect[];
  readonly store = new DefectStore(this);
  readonly locks_ = new Map<number, FakeLock>();
  /** What was asked of defects and locks, in order: `get 7`, `update 7 {…}`, `lock 7`, `release 7`, `put 7`, `bulk 1,2`. */
  readonly calls: string[] = [];
  /** The page requests, in order. */
  readonly pageCalls: PageCall[] = [];
  /** The queries walked (defects.query), in order. */
  readonly queries: CollectionQuery[] = [];
  readonly listReads: { refresh: boolean | undefined }[] = [];
  nextId = 100;
  nextLock = 1;
  catalog: FieldCatalog;
  lists: ListTree;
  userList: ProjectUser[];
  /** Runs when a page is asked for, after it is logged (e.g. a cancel at the third page). */
  beforePage: (() => void) | undefined;
  /** Changes each page before it is answered (e.g. a server that stops short of its total). */
  alterPage: ((page: Page<Defect>) => Page<Defect>) | undefined;
  /** When set, page() waits for it before answering (to test slow loads and cancellation). */
  gate: Promise<void> | undefined;
  /** When set, page() fails with it. */
  failWith: Error | undefined;
  /** Makes every lock release fail with this error (after it was asked for). */
  failRelease: Error | undefined;
  /** Makes the next update fail with this error. */
  failUpdate: Error | undefined;
  /** Updates of these defects are refused with the reason (one by one and in a bulk update). */
  readonly refuse = new Map<number, string>();
  /** How a bulk update goes as a whole: per defect (default), failed (HTTP 500), or refused (a validation error). */
  bulk: 'works' | 'fails' | 'refuses' = 'works';
  /** Runs when a lock is asked for, before anything else. */
  beforeLock: ((id: number) => void) | undefined;
  /** Runs before each defect read (e.g. a session that expires while a save reads). */
  beforeGet: (() => void) | undefined;
  /** Runs when an update arrives, before anything else (e.g. its PUT met an expired session). */
  beforeUpdate: (() => void) | undefined;
  readonly releases?: () => Promise<ReleaseCatalog>;
  readonly history?: Pick<HistoryApi, 'of'>;
  private readonly writesNeedLock: boolean;

  constructor(options: FakeProjectOptions = {}) {
    this.user = options.user ?? 'alice';
    this.domain = options.domain ?? 'DEFAULT';
    this.project = options.project ?? 'Demo';
    this.rows = options.defects ?? [];
    this.catalog = options.catalog ?? editorCatalog();
    this.lists = options.lists ?? editorLists();
    this.userList = options.users ?? [{ name: 'alice' }, { name: 'bob' }, { name: 'carol' }];
    if (options.releases) this.releases = options.releases;
    if (options.history) this.history = options.history;
    this.writesNeedLock = options.writesNeedLock ?? false;
  }

  /** How many locks this user holds. */
  heldLocks(): number {
    return [...this.locks_.values()].filter((l) => l.user === this.user).length;
  }

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

  /** Another user takes the lock on defect `id` (since `since`, as the server says). */
  lockAsOther(id: number, user: string, since = '2026-01-05 09:30:00'): void {
    this.locks_.set(id, { id: this.nextLock++, entity: { type: 'defect', id }, user, since });
  }

  /** The session expired and the client signed in again: the server released every lock this user's session held, and the client marked their handles lost. */
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
  listItems = async (options?: { refresh?: boolean }): Promise<ListTree> => {
    this.listReads.push({ refresh: options?.refresh });
    return this.lists;
  };
  users = async (): Promise<ProjectUsers> => ({ users: this.userList, source: 'project' });

  readonly defects = {
    page: (r: PageRequest = {}): Promise<Page<Defect>> => this.page(r),
    query: (q: CollectionQuery = {}): PagedQuery<Defect> => this.query(q),
    get: async (id: number): Promise<Defect> => {
      this.beforeGet?.();
      this.calls.push(`get ${id}`);
      const d = this.store.get(id);
      if (!d) throw new NotFoundError(`Defect ${id} does not exist.`);
      return structuredClone(d);
    },
    update: async (id: number, changes: DefectChanges, options?: { original?: Defect; lock?: LockHandle }): Promise<Defect> => this.update(id, changes, options),
    updateMany: async (items: readonly { id: number; changes: DefectChanges }[]): Promise<BulkUpdateResult> => this.updateMany(items),
    create: async (fields: DefectChanges): Promise<Defect> => {
      this.calls.push(`create ${JSON.stringify(fields)}`);
      if (!fields.severity) throw new ValidationError('Required field missing', [{ field: 'severity', label: 'Severity', code: 'required', message: 'Severity is required.' }]);
      const d: Defect = { ...fields, type: 'defect', id: this.nextId++, 'ver-stamp': 1 };
      this.store.set(d.id, d);
      return structuredClone(d);
    },
    delete: async (id: number): Promise<Defect> => {
      const d = this.store.get(id);
      if (!d) throw new NotFoundError(`Defect ${id} does not exist.`);
      this.rows = this.rows.filter((x) => x.id !== id);
      return d;
    },
  };

  readonly locks = {
    acquire: async (entity: EntityRef): Promise<LockHandle> => {
      this.calls.push(`lock ${entity.id}`);
      this.beforeLock?.(entity.id);
      if (!this.store.has(entity.id)) throw new NotFoundError(`Defect ${entity.id} was not found.`);
      const held = this.locks_.get(entity.id);
      if (held && held.user !== this.user) throw new LockedByOtherError(`The entity is locked by ${held.user}.`, held.user, held.since);
      const lock = { id: this.nextLock++, entity, user: this.user, lockTime: '2026-01-05 10:00:00', sessionLastTouch: null };
      const handle = new FakeHandle(lock, this);
      this.locks_.set(entity.id, { ...lock, since: lock.lockTime, handle });
      return handle;
    },
  };

  readonly attachments = { list: notFaked('attachments') } as unknown as ProjectApi['attachments'];
  readonly links = {} as ProjectApi['links'];
  readonly favorites = {} as ProjectApi['favorites'];

  /** This project as the whole ProjectApi (what a client's `project()` returns): unfaked parts throw when called. */
  api(): ProjectApi {
    return Object.assign(this, {
      releases: this.releases ?? notFaked('releases'),
      history: this.history ?? { of: notFaked('history') },
    });
  }

  private async page(r: PageRequest): Promise<Page<Defect>> {
    this.pageCalls.push({ offset: r.offset ?? 0, pageSize: r.pageSize ?? 500, fields: r.fields, filter: r.filter, orderBy: r.orderBy, signal: r.signal });
    this.beforePage?.();
    if (this.gate) await this.gate;
    if (r.signal?.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
    if (this.failWith) throw this.failWith;
    const page = pageOf(this.rows, r);
    return this.alterPage ? this.alterPage(page) : page;
  }

  /** The pages of a query, read one after another as the client's walker does. */
  private query(q: CollectionQuery): PagedQuery<Defect> {
    this.queries.push(q);
    let total: number | undefined;
    const pages = async function* (this: FakeProject): AsyncGenerator<Page<Defect>> {
      for (let offset = 0; ;) {
        q.signal?.throwIfAborted();
        const page = await this.page({ ...q, offset, pageSize: q.pageSize });
        total = page.total;
        yield page;
        if (!page.hasMore) return;
        offset = page.nextOffset;
      }
    }.bind(this);
    return {
      get total() {
        return total;
      },
      pages,
      async *[Symbol.asyncIterator]() {
        for await (const page of pages()) yield* page.items;
      },
    };
  }

  private async update(id: number, changes: DefectChanges, options?: { original?: Defect; lock?: LockHandle }): Promise<Defect> {
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
    const reason = this.refuse.get(id);
    if (reason) throw new ValidationError(reason, [{ code: 'other', message: reason }]);
    const held = this.locks_.get(id);
    if (held && held.user !== this.user) throw new LockedByOtherError(`The entity is locked by ${held.user}.`, held.user, held.since);
    return structuredClone(this.apply(id, send));
  }

  private async updateMany(items: readonly { id: number; changes: DefectChanges }[]): Promise<BulkUpdateResult> {
    this.calls.push(`bulk ${items.map((i) => i.id).join(',')}`);
    if (this.bulk === 'fails') throw new ServerError('The ALM server failed (HTTP 500).');
    if (this.bulk === 'refuses') throw new ValidationError('Element 2: bad value', [{ code: 'other', message: 'bad' }]);
    const result: BulkUpdateResult = { updated: [], failed: [] };
    for (const i of items) {
      const reason = this.refuse.get(i.id);
      if (reason) result.failed.push({ id: i.id, reason });
      else result.updated.push(this.apply(i.id, i.changes));
    }
    return result;
  }

  /** Stores `changes` on defect `id` with a new ver-stamp. */
  private apply(id: number, changes: DefectChanges): Defect {
    const d = this.store.get(id);
    if (!d) throw new NotFoundError(`Defect ${id} does not exist.`);
    if (this.writesNeedLock && this.locks_.get(id)?.user !== this.user) throw new Error(`defect ${id} written without its lock`);
    const next: Defect = { ...d, ...changes, 'ver-stamp': (d['ver-stamp'] ?? 0) + 1, 'last-modified': '2026-01-05 12:00:00' };
    this.store.set(id, next);
    return next;
  }
}

/** A fake project (see FakeProject): `fakeProject({ defects, catalog, lists, users, releases, history })`. */
export function fakeProject(options: FakeProjectOptions = {}): FakeProject {
  return new FakeProject(options);
}
