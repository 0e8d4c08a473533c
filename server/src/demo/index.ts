// Seeds a new data directory with the demo site: users, domains and projects, every list,
// releases, cycles, environments, defects (streamed in batches) and attachments.
import { AttachmentStore } from '../attachments/store';
import type { ServerContext } from '../context';
import type { ProjectStore } from '../store/project';
import type { DefectInput } from '../store/projectTypes';
import { HOSTILE_COMMENT_EVERY, HOSTILE_DEFECT_POSITION, IMAGE_DEFECT_POSITION, generateDefects } from './defects';
import type { DefectContext } from './defects';
import { attachDemoFiles } from './attachFiles';
import { demoListItems, subjectLeaves } from './lists';
import { Random } from './random';

export interface DemoUser {
  name: string;
  password: string;
  fullName: string;
}

export interface DemoProjectSummary {
  domain: string;
  project: string;
  defects: number;
  attachments: number;
  /** Id of the defect whose description shows an attached image inline. */
  imageDefectId: number | null;
  /** Ids of defects carrying hostile HTML (the first one holds every construct). */
  hostileDefectIds: number[];
}

export interface DemoSummary {
  seed: number;
  users: DemoUser[];
  projects: DemoProjectSummary[];
}

export interface DemoOptions {
  /** Defects in DEFAULT/Demo; default: the server's `defects` option (200). */
  defects?: number;
  seed?: number;
}

/** Defects are inserted this many per transaction. */
const BATCH = 2000;

export const DEMO_PROJECTS = [
  { domain: 'DEFAULT', project: 'Demo', defects: null },
  { domain: 'DEFAULT', project: 'Playground', defects: 30 },
  { domain: 'QA', project: 'Regression', defects: 50 },
] as const;

const NAMED_USERS = [
  { name: 'alice', password: 'alice-demo', fullName: 'Alice Anderson' },
  { name: 'bob', password: 'bob-demo', fullName: 'Bob Brown' },
];
const OTHER_USERS = [
  { name: 'carol', fullName: 'Carol Chen' },
  { name: 'dave', fullName: 'Dave Dubois' },
  { name: 'erin', fullName: "Erin O'Neill" },
  { name: 'frank', fullName: 'Frank Müller' },
];

export async function seedDemo(ctx: ServerContext, opts: DemoOptions = {}): Promise<DemoSummary> {
  if (!ctx.site.isEmpty()) throw new Error('The data directory already holds domains; demo data is seeded only into a new one.');
  const seed = opts.seed ?? 1;
  const demoDefects = opts.defects ?? ctx.options.defects;
  if (!Number.isInteger(demoDefects) || demoDefects < 0) throw new Error(`Invalid demo defect count ${String(demoDefects)}.`);
  const rng = new Random(seed);
  const users: DemoUser[] = [...NAMED_USERS, ...OTHER_USERS.map((u) => ({ ...u, password: rng.token(12) }))];
  for (const u of users) ctx.site.addUser({ name: u.name, password: u.password, fullName: u.fullName, email: `${u.name}@example.com` });

  const summaries: DemoProjectSummary[] = [];
  for (const spec of DEMO_PROJECTS) {
    const count = spec.defects ?? demoDefects;
    const store = ctx.projects.create(spec.domain, spec.project);
    // Each project draws from its own stream, so the Demo size does not change the others.
    const projectRng = new Random(seed * 7919 + summaries.length + 1);
    summaries.push(await seedProject(ctx, store, projectRng, users, count));
  }
  return { seed, users, projects: summaries };
}

async function seedProject(ctx: ServerContext, store: ProjectStore, rng: Random, users: DemoUser[], count: number): Promise<DemoProjectSummary> {
  store.insertUsers(users.map((u) => ({ name: u.name, fullName: u.fullName, email: `${u.name}@example.com` })));
  store.insertListItems(demoListItems(DEMO_PROJECTS.map((p) => p.project)));
  const defectCtx = store.transaction(() => resources(store, rng, users));

  const ids: number[] = [];
  let batch: DefectInput[] = [];
  const flush = async () => {
    const inserted = store.insertDefects(batch);
    // Only the first ids matter for the summary and the attachments.
    if (ids.length < 200) ids.push(...inserted.slice(0, 200 - ids.length));
    batch = [];
    // Let the server answer other requests between batches of a large seed.
    await new Promise((resolve) => setImmediate(resolve));
  };
  for (const defect of generateDefects(rng, defectCtx, count)) {
    batch.push(defect);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length) await flush();

  const attachments = new AttachmentStore(store, () => ctx.now());
  const attached = attachDemoFiles({
    store, attachments, rng, defectIds: ids, rootPath: ctx.options.rootPath, imagePosition: IMAGE_DEFECT_POSITION,
  });
  const hostileDefectIds = [];
  if (count >= HOSTILE_DEFECT_POSITION) hostileDefectIds.push(firstIdAt(ids, HOSTILE_DEFECT_POSITION));
  for (let p = HOSTILE_COMMENT_EVERY; p <= Math.min(count, ids.length); p += HOSTILE_COMMENT_EVERY) hostileDefectIds.push(firstIdAt(ids, p));
  return {
    domain: store.domain,
    project: store.name,
    defects: store.countDefects(),
    attachments: attached.count,
    imageDefectId: attached.imageDefectId,
    hostileDefectIds,
  };
}

function firstIdAt(ids: number[], position: number): number {
  return ids[position - 1] as number;
}

/** Releases with their cycles, and environments. */
function resources(store: ProjectStore, rng: Random, users: DemoUser[]): DefectContext {
  const releases = [
    { name: 'Release 1.0', start: '2024-09-01', end: '2025-03-31' },
    { name: 'Release 2.0', start: '2025-04-01', end: '2025-09-30' },
    { name: 'Release 2.1', start: '2025-10-01', end: '2026-03-31' },
  ].map((r) => {
    const id = store.insertRelease({ name: r.name, startDate: r.start, endDate: r.end, description: `<html><body><p>${r.name}</p></body></html>` });
    const cycles: number[] = [];
    const sprints = rng.int(3, 4);
    for (let s = 1; s <= sprints; s++) cycles.push(store.insertCycle({ name: `Sprint ${s}`, releaseId: id }));
    return { id, cycles };
  });
  const environments = ['Windows 11 / Chrome', 'macOS 14 / Safari', 'Ubuntu 24.04 / Firefox', 'Android 14', 'iOS 17'].map((name) =>
    store.insertEnvironment({ name }),
  );
  return { project: store.name, users: users.map((u) => u.name), subjects: subjectLeaves(), releases, environments };
}
