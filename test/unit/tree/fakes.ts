// Fakes for the tree's unit tests: projects from test/support/fakeProject, a client factory whose sign-in checks a
// password, an in-memory vault and memento, a TreeContext that records redraws, and demoTree: a
// signed-in tree down to Demo's "Defects" node, which the tree and refresh tests start from.
import * as assert from 'node:assert/strict';
import type { Credentials, Defect, DomainRef, ProjectApi, SessionEvent, SessionInfo } from '../../../src/api';
import { AuthError } from '../../../src/api';
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
import { fakeProject } from '../../support/fakeProject/project';
import type { FakeProject } from '../../support/fakeProject/project';
import { treeCatalog, treeDefects, treeLists } from '../../support/fakeProject/schemas';

export { SEVERITIES } from '../../support/fakeProject/schemas';

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
    return p.api();
  }

  onDidChangeSession(listener: (event: SessionEvent) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }
}

/** A project of the tree's fake server: its lists, catalog and users, Alice named in full. */
function treeProject(domain: string, project: string, defects: Defect[]): FakeProject {
  return fakeProject({ domain, project, defects, catalog: treeCatalog(), lists: treeLists(), users: [{ name: 'alice', fullName: 'Alice Adams' }, { name: 'bob' }, { name: 'carol' }] });
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
      { name: 'DEFAULT', projects: [treeProject('DEFAULT', 'Demo', treeDefects(defects)), treeProject('DEFAULT', 'Playground', treeDefects(3))] },
      { name: 'QA', projects: [treeProject('QA', 'Regression', [])] },
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
