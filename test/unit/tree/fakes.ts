// Fakes for the tree's unit tests: an in-memory ProjectApi that pages, filters and sorts like the
// server (enough of it: =, in, like, and/or/not), a client factory whose sign-in checks a
// password, an in-memory vault and memento, a TreeContext that records redraws, and demoTree: a
// signed-in tree down to Demo's "Defects" node, which the tree and refresh tests start from.
import * as assert from 'node:assert/strict';
import type {
  Condition,
  Defect,
  DomainRef,
  FieldCatalog,
  FieldMeta,
  Filter,
  ListItem,
  ListTree,
  OrderBySpec,
  Page,
  PageRequest,
  ProjectApi,
  ProjectUsers,
  SessionEvent,
  SessionInfo,
} from '../../../src/api';
import { AuthError } from '../../../src/api';
import type { Credentials } from '../../../src/api';
import { ServerConnection } from '../../../src/auth/connection';
import type { AlmClientLike, ClientFactory, PasswordVault } from '../../../src/auth/connection';
import type { ServerEntry } from '../../../src/config/servers';
import { transportOptions } from '../../../src/config/transport';
import { Log } from '../../../src/util/log';
import type { LogSink } from '../../../src/util/log';
import { ViewState } from '../../../src/tree/model/viewState';
import type { MementoLike } from '../../../src/tree/model/viewState';
import { DefectsNode } from '../../../src/tree/nodes/defectsNode';
import { realClock } from '../../../src/tree/nodes/loadingClock';
import type { LoadingClock } from '../../../src/tree/nodes/loadingClock';
import { ProjectNode } from '../../../src/tree/nodes/projectNode';
import { TreeRoot } from '../../../src/tree/nodes/root';
import { LoadingNode } from '../../../src/tree/nodes/treeNode';
import type { ServerSource, TreeContext, TreeNode } from '../../../src/tree/nodes/treeNode';
import { catalogOf, fieldMeta } from '../../support/fieldMeta';

const STATUSES = ['New', 'Open', 'Fixed', 'Closed'];
export const SEVERITIES = ['1-Low', '2-Medium', '3-High', '4-Very High', '5-Urgent'];
const USERS = ['alice', 'bob', 'carol'];

/** Deterministic defects: status, severity and owner cycle; every 7th has no owner. */
function makeDefects(n: number): Defect[] {
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

/** A field value as the fake server compares it: lists joined as String() does, the rest as JSON. */
function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return Array.isArray(value) ? value.join(',') : JSON.stringify(value);
}

function matches(value: unknown, c: Condition): boolean {
  const text = asText(value);
  switch (c.op) {
    case '=':
      return c.value === '' ? text === '' : text === String(c.value);
    case '<>':
      return text !== String(c.value);
    case '<':
      return Number(value) < Number(c.value);
    case '>':
      return Number(value) > Number(c.value);
    case '<=':
      return Number(value) <= Number(c.value);
    case '>=':
      return Number(value) >= Number(c.value);
    case 'in':
      return c.values.map(String).includes(text);
    case 'like': {
      const like = c.pattern.split('*').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      const re = new RegExp(`^${like.join('.*')}$`, 'i');
      return re.test(text);
    }
    case 'not':
      return !matches(value, c.condition);
    case 'and':
      return c.conditions.every((x) => matches(value, x));
    case 'or':
      return c.conditions.some((x) => matches(value, x));
  }
}

function toCondition(entry: Filter[string]): Condition {
  if (Array.isArray(entry)) return { op: 'in', values: entry };
  if (typeof entry === 'string' || typeof entry === 'number') return { op: '=', value: entry };
  return entry;
}

export interface PageCall {
  offset: number;
  pageSize: number;
  fields: readonly string[] | undefined;
  filter: Filter | undefined;
  orderBy: readonly OrderBySpec[] | undefined;
  signal: AbortSignal | undefined;
}

export class FakeProject implements ProjectApi {
  readonly calls: PageCall[] = [];
  /** When set, page() waits for it before answering (to test slow loads and cancellation). */
  gate: Promise<void> | undefined;
  failWith: Error | undefined;
  listReads: { refresh: boolean | undefined }[] = [];

  constructor(
    readonly domain: string,
    readonly project: string,
    public rows: Defect[],
  ) {}

  readonly defects = {
    page: (r?: PageRequest): Promise<Page<Defect>> => this.page(r ?? {}),
    query: () => {
      throw new Error('not used by the tree');
    },
    get: () => Promise.reject(new Error('not used')),
    update: () => Promise.reject(new Error('not used')),
    updateMany: () => Promise.reject(new Error('not used')),
    create: () => Promise.reject(new Error('not used')),
    delete: () => Promise.reject(new Error('not used')),
  } as unknown as ProjectApi['defects'];

  readonly attachments = {} as ProjectApi['attachments'];
  readonly locks = {} as ProjectApi['locks'];
  readonly history = {} as ProjectApi['history'];
  readonly links = {} as ProjectApi['links'];
  readonly favorites = {} as ProjectApi['favorites'];
  releases(): Promise<never> {
    throw new Error('not used by the tree');
  }

  private async page(r: PageRequest): Promise<Page<Defect>> {
    const offset = r.offset ?? 0;
    const pageSize = r.pageSize ?? 500;
    this.calls.push({ offset, pageSize, fields: r.fields, filter: r.filter, orderBy: r.orderBy, signal: r.signal });
    if (this.gate) await this.gate;
    if (r.signal?.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
    if (this.failWith) throw this.failWith;
    let rows = this.rows.filter((d) => Object.entries(r.filter ?? {}).every(([f, e]) => matches(d[f], toCondition(e))));
    const order = (r.orderBy ?? ['id']).map((o) => (typeof o === 'string' ? { field: o.replace(/^[-+]/, ''), direction: o.startsWith('-') ? 'desc' : 'asc' } : o));
    rows = [...rows].sort((a, b) => {
      for (const o of order) {
        const x = a[o.field] ?? '';
        const y = b[o.field] ?? '';
        const cmp = typeof x === 'number' && typeof y === 'number' ? x - y : asText(x).localeCompare(asText(y));
        if (cmp) return o.direction === 'desc' ? -cmp : cmp;
      }
      return 0;
    });
    const items = rows.slice(offset, offset + pageSize).map((d) => {
      if (!r.fields) return d;
      const out: Defect = { type: 'defect', id: d.id };
      for (const f of r.fields) out[f] = d[f];
      return out;
    });
    return { items, total: rows.length, offset, nextOffset: offset + items.length, hasMore: offset + items.length < rows.length };
  }

  listItems(options?: { refresh?: boolean }): Promise<ListTree> {
    this.listReads.push({ refresh: options?.refresh });
    return Promise.resolve(fakeLists());
  }

  users(): Promise<ProjectUsers> {
    return Promise.resolve({ users: [{ name: 'alice', fullName: 'Alice Adams' }, { name: 'bob' }, { name: 'carol' }], source: 'project' });
  }

  fields(): Promise<FieldCatalog> {
    const meta = (name: string, listId: number): FieldMeta => fieldMeta(name, { dataType: { name: 'Reference By Value', multiple: false, source: { kind: 'list', listId } }, referenceMatch: true });
    // Assigned To takes the project's users, as the servers describe it (a reference to `user`).
    const owner: FieldMeta = { ...meta('owner', 0), dataType: { name: 'Reference', multiple: false, source: { kind: 'resource', collection: 'user' } } };
    const fields = [meta('status', 222), meta('severity', 287), owner];
    return Promise.resolve(catalogOf(fields));
  }
}

function item(id: number, name: string, parentId: number, children: ListItem[] = []): ListItem {
  return { id, name, logicalName: `L${id}`, parentId, children };
}

function fakeLists(): ListTree {
  const statusItems = STATUSES.map((s, i) => item(1000 + i, s, 222));
  const severityItems = SEVERITIES.map((s, i) => item(2000 + i, s, 287));
  const status = item(222, 'Bug Status', 0, statusItems);
  const severity = item(287, 'Severity', 0, severityItems);
  const subject = item(2, 'Subject', 0, [item(3000, 'Apps', 2, [item(3001, 'Mobile', 3000, [item(3002, 'iOS', 3001)])])]);
  const lists = [status, severity, subject];
  const all = new Map<number, ListItem>();
  const walk = (i: ListItem): void => {
    all.set(i.id, i);
    i.children.forEach(walk);
  };
  lists.forEach(walk);
  const valuesOf = (id: number): string[] => {
    const out: string[] = [];
    const rec = (i: ListItem): void => i.children.forEach((c) => (out.push(c.name), rec(c)));
    const l = all.get(id);
    if (l) rec(l);
    return out;
  };
  return { lists, byListId: (id) => all.get(id), valuesOf, hasValue: (id, v) => valuesOf(id).includes(v) };
}

/** A client whose sign-in accepts only `password`; counts what it was asked. */
export class FakeClient implements AlmClientLike {
  signIns = 0;
  disposed = false;
  domainsCalls = 0;
  private signedIn = false;
  private readonly listeners = new Set<(e: SessionEvent) => void>();

  constructor(
    private readonly credentials: () => Promise<Credentials>,
    private readonly world: FakeWorld,
  ) {}

  async signIn(): Promise<SessionInfo> {
    this.signIns++;
    const c = await this.credentials();
    const [username, secret] = 'clientId' in c ? [this.world.keyUsers.get(c.clientId) ?? c.clientId, c.secret] : [c.username, c.password];
    if (this.world.unreachable) throw this.world.unreachable;
    if (secret !== this.world.password) throw new AuthError(`Sign-in as ${username} failed: the user name or password is wrong.`);
    this.signedIn = true;
    for (const l of this.listeners) l({ signedIn: true, username, reason: 'sign-in' });
    return { username, flow: 'api' };
  }

  async dispose(): Promise<void> {
    this.disposed = true;
  }

  async domains(): Promise<DomainRef[]> {
    this.domainsCalls++;
    if (!this.signedIn) await this.signIn();
    // Like `include-projects-info=y`: the listing carries each domain's projects.
    return this.world.domains.map((d) => ({ name: d.name, projects: d.projects.map((p) => ({ domain: d.name, name: p.project })) }));
  }

  async projects(domain: string): Promise<{ domain: string; name: string }[]> {
    if (!this.signedIn) await this.signIn();
    return (this.world.domains.find((d) => d.name === domain)?.projects ?? []).map((p) => ({ domain, name: p.project }));
  }

  project(domain: string, project: string): ProjectApi {
    const p = this.world.domains.find((d) => d.name === domain)?.projects.find((x) => x.project === project);
    if (!p) throw new Error(`no project ${domain}/${project}`);
    return p;
  }

  onDidChangeSession(listener: (event: SessionEvent) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }
}

/** The server side of the fakes: which password is right, which domains and projects exist. */
export class FakeWorld {
  password = 'secret';
  /** The user the server names at an API key's sign-in (its ALM_USER cookie), by client id. */
  readonly keyUsers = new Map<string, string>();
  /** When set, sign-in fails with it (a network error, say). */
  unreachable: Error | undefined;
  readonly clients: FakeClient[] = [];
  domains: { name: string; projects: FakeProject[] }[];

  constructor(defects = 250) {
    this.domains = [
      { name: 'DEFAULT', projects: [new FakeProject('DEFAULT', 'Demo', makeDefects(defects)), new FakeProject('DEFAULT', 'Playground', makeDefects(3))] },
      { name: 'QA', projects: [new FakeProject('QA', 'Regression', [])] },
    ];
  }

  readonly factory: ClientFactory = (_entry, credentials) => {
    const c = new FakeClient(() => credentials(), this);
    this.clients.push(c);
    return c;
  };

  project(domain: string, name: string): FakeProject {
    const p = this.domains.find((d) => d.name === domain)?.projects.find((x) => x.project === name);
    if (!p) throw new Error(`no project ${domain}/${name}`);
    return p;
  }
}

export class MapVault implements PasswordVault {
  readonly map = new Map<string, string>();
  get(e: ServerEntry): Promise<string | undefined> {
    return Promise.resolve(this.map.get(`${e.url}|${e.username}`));
  }
  set(e: ServerEntry, p: string): Promise<void> {
    this.map.set(`${e.url}|${e.username}`, p);
    return Promise.resolve();
  }
  delete(e: ServerEntry): Promise<void> {
    this.map.delete(`${e.url}|${e.username}`);
    return Promise.resolve();
  }
}

export class MapMemento implements MementoLike {
  readonly map = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.map.get(key) as T | undefined;
  }
  update(key: string, value: unknown): Promise<void> {
    // Stored as JSON, the way VS Code persists it.
    this.map.set(key, JSON.parse(JSON.stringify(value)));
    return Promise.resolve();
  }
}

export class RecordingSink implements LogSink {
  readonly lines: string[] = [];
  trace = (m: string): void => void this.lines.push(`trace ${m}`);
  debug = (m: string): void => void this.lines.push(`debug ${m}`);
  info = (m: string): void => void this.lines.push(`info ${m}`);
  warn = (m: string): void => void this.lines.push(`warn ${m}`);
  error = (m: string): void => void this.lines.push(`error ${m}`);
}

export interface TestContext extends TreeContext {
  readonly redraws: (TreeNode | undefined)[];
  sources: ServerSource[];
  size: number;
}

/**
 * A loading-delay clock that moves only when told: a delay ends when `advance` passes it, never by
 * itself, so a test decides whether a load was slow instead of racing the machine's speed.
 */
export class ManualClock implements LoadingClock {
  private time = 0;
  private readonly waiting: { until: number; resolve: () => void }[] = [];
  private readonly waitListeners: ((ms: number) => void)[] = [];

  now(): number {
    return this.time;
  }

  delay(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    for (const l of this.waitListeners.splice(0)) l(ms);
    return new Promise((resolve) => this.waiting.push({ until: this.time + ms, resolve }));
  }

  /** Moves the time on by `ms`, ending the delays that have passed. */
  advance(ms: number): void {
    this.time += ms;
    for (const w of this.waiting.filter((x) => x.until <= this.time)) {
      this.waiting.splice(this.waiting.indexOf(w), 1);
      w.resolve();
    }
  }

  /** Resolves with its length when a delay (longer than 0) is running: at once if one is, else when one starts. */
  whenWaiting(): Promise<number> {
    const running = this.waiting[0];
    if (running) return Promise.resolve(running.until - this.time);
    return new Promise((resolve) => this.waitListeners.push(resolve));
  }
}

export function testContext(memento = new MapMemento(), loadingDelayMs = 10_000, clock: LoadingClock = realClock): TestContext {
  const redraws: (TreeNode | undefined)[] = [];
  const ctx: TestContext = {
    redraws,
    sources: [],
    size: 100,
    servers: () => ctx.sources,
    state: new ViewState(memento),
    pageSize: () => ctx.size,
    changed: (node) => void redraws.push(node),
    log: Log.create(new RecordingSink()),
    loadingDelayMs,
    clock,
  };
  return ctx;
}

export const DEMO_ENTRY: ServerEntry = { name: 'Demo', url: 'http://alm.test/qcbin', username: 'alice' };

/** The children a node shows, waiting for its load to finish. */
export function kids(node: TreeNode): Promise<TreeNode[]> {
  return node instanceof LoadingNode ? node.resolveChildren() : node.getChildren();
}

/**
 * A signed-in tree over `count` fake defects, down to Demo's "Defects" node (not loaded yet);
 * `groupBy` is set before the tree is built.
 */
export async function demoTree(count: number, options: { groupBy?: 'severity' | 'owner'; clock?: LoadingClock } = {}) {
  const world = new FakeWorld(count);
  const vault = new MapVault();
  await vault.set(DEMO_ENTRY, 'secret');
  const connection = new ServerConnection(DEMO_ENTRY, transportOptions(DEMO_ENTRY, { proxyStrictSSL: true, noProxy: [] }, undefined), vault, world.factory, Log.create(new RecordingSink()));
  await connection.loadPassword();
  const ctx = testContext(undefined, undefined, options.clock);
  ctx.sources = [connection];
  if (options.groupBy) await ctx.state.setGroupBy(options.groupBy);
  const root = new TreeRoot(ctx);
  const [server] = root.servers();
  const [domain] = await kids(server);
  const project = (await kids(domain)).find((n): n is ProjectNode => n instanceof ProjectNode && n.project === 'Demo');
  assert.ok(project, 'the Demo project');
  const [defects] = await kids(project);
  assert.ok(defects instanceof DefectsNode, 'the Defects node');
  return { world, ctx, root, server, domain, project, defects, fake: world.project('DEFAULT', 'Demo') };
}
