// Seeds the demo site on top of the baseline every data dir gets (users alice and bob, the three
// projects, the standard lists): more users, releases, cycles and environments, defects
// (streamed in batches, never all in memory) and attachments of several types.
import { AttachmentStore } from '../store/attachments';
import type { ServerContext } from '../context';
import { DEMO_PROJECTS, DEMO_USERS, seedBaseline } from './baseline';
import type { ProjectStore } from '../store/project';
import type { DefectInput } from '../store/projectTypes';
import { attachDemoFiles } from './attachFiles';
import { seedDemoFavorites } from './favorites';
import { seedDemoHistory } from './history';
import { seedDemoLinks, seedDemoRequirements } from './links';
import { HOSTILE_COMMENT_EVERY, HOSTILE_DEFECT_POSITION, IMAGE_DEFECT_POSITION, generateDefects } from './defects';
import { Random, randomPassword } from './random';
import { ensureLists, readVocabulary } from './vocabulary';

interface DemoUser {
  name: string;
  password: string;
  fullName: string;
}

interface DemoProjectSummary {
  domain: string;
  project: string;
  defects: number;
  attachments: number;
  /** Id of the defect whose description shows an attached image inline. */
  imageDefectId: number | null;
  /** Ids of defects (among the first 200) carrying hostile HTML; the first holds every construct. */
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
/** From this many defects a project's indexes are dropped while seeding and built once after. */
const BULK_SEED = 20_000;

/** Defects per demo project; null means the `defects` option. */
const DEMO_DEFECT_COUNTS: Record<string, number | null> = { 'DEFAULT/Demo': null, 'DEFAULT/Playground': 30, 'QA/Regression': 50 };

/**
 * A project only some users belong to (issue 14): the demo's other projects hold every user, this
 * one only its members, so a non-member (alice, bob) gets 403 and does not see it listed.
 */
export const RESTRICTED_PROJECT = { domain: 'QA', project: 'Audit', members: ['carol', 'dave'], defects: 12 } as const;

const OTHER_USERS = [
  { name: 'carol', fullName: 'Carol Chen' },
  { name: 'dave', fullName: 'Dave Dubois' },
  { name: 'erin', fullName: "Erin O'Neill" },
  { name: 'frank', fullName: 'Frank Müller' },
];

export async function seedDemo(ctx: ServerContext, opts: DemoOptions = {}): Promise<DemoSummary> {
  const seed = opts.seed ?? 1;
  const demoDefects = opts.defects ?? ctx.options.defects;
  if (!Number.isInteger(demoDefects) || demoDefects < 0) throw new Error(`Invalid demo defect count ${String(demoDefects)}.`);
  if (ctx.site.isEmpty()) seedBaseline(ctx);
  for (const { domain, project } of [...DEMO_PROJECTS, RESTRICTED_PROJECT]) {
    if (ctx.projects.create(domain, project).countDefects() > 0) {
      throw new Error(`${domain}/${project} already holds defects; demo data is seeded only into a new data directory.`);
    }
  }
  // Generated passwords come from the system's random source, not the seed: the demo data is the
  // same in every data directory, but a password printed for one must not open another (issue 28 item 8).
  const users: DemoUser[] = [...DEMO_USERS.map((u) => ({ name: u.name, password: u.password, fullName: u.fullName })), ...OTHER_USERS.map((u) => ({ ...u, password: randomPassword(12) }))];
  for (const u of users) {
    if (!ctx.site.getUser(u.name)) ctx.site.addUser({ ...u, email: `${u.name}@example.com` });
  }

  const summaries: DemoProjectSummary[] = [];
  for (const { domain, project } of DEMO_PROJECTS) {
    const count = DEMO_DEFECT_COUNTS[`${domain}/${project}`] ?? demoDefects;
    const store = ctx.projects.create(domain, project);
    // Each project draws from its own stream, so the Demo size does not change the others.
    const projectRng = new Random(seed * 7919 + summaries.length + 1);
    summaries.push(await seedProject(ctx, store, projectRng, users, count));
  }
  const restricted = ctx.projects.create(RESTRICTED_PROJECT.domain, RESTRICTED_PROJECT.project);
  const members = users.filter((u) => (RESTRICTED_PROJECT.members as readonly string[]).includes(u.name));
  summaries.push(await seedProject(ctx, restricted, new Random(seed * 7919 + summaries.length + 1), members, RESTRICTED_PROJECT.defects));
  return { seed, users, projects: summaries };
}

async function seedProject(ctx: ServerContext, store: ProjectStore, rng: Random, users: DemoUser[], count: number): Promise<DemoProjectSummary> {
  store.transaction(() => {
    store.insertUsers(users.map((u) => ({ name: u.name, fullName: u.fullName, email: `${u.name}@example.com` })));
    ensureLists(store);
    addResources(store, rng);
  });
  const vocabulary = readVocabulary(store);

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
  const load = async () => {
    for (const defect of generateDefects(rng, vocabulary, count)) {
      batch.push(defect);
      if (batch.length >= BATCH) await flush();
    }
    if (batch.length) await flush();
  };
  // A large seed builds the defect indexes once at the end (bench:server -- --defects 1000000).
  if (count >= BULK_SEED) await store.withoutDefectIndexes(load);
  else await load();

  const attachments = new AttachmentStore(store, () => ctx.now());
  const attached = attachDemoFiles({
    store,
    attachments,
    rng,
    defectIds: ids,
    rootPath: ctx.options.rootPath,
    imagePosition: IMAGE_DEFECT_POSITION,
  });
  seedDemoLinks(ctx, store, ids);
  seedDemoRequirements(ctx, store);
  seedDemoHistory(store, ids);
  seedDemoFavorites(store);
  const hostileDefectIds: number[] = [];
  if (ids.length >= HOSTILE_DEFECT_POSITION) hostileDefectIds.push(ids[HOSTILE_DEFECT_POSITION - 1]);
  for (let p = HOSTILE_COMMENT_EVERY; p <= ids.length; p += HOSTILE_COMMENT_EVERY) hostileDefectIds.push(ids[p - 1]);
  return {
    domain: store.domain,
    project: store.name,
    defects: store.countDefects(),
    attachments: attached.count,
    imageDefectId: attached.imageDefectId,
    hostileDefectIds,
  };
}

/** `YYYY-MM-DD` plus `days`. */
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Releases with sprints, and environments, beside those of the baseline. */
function addResources(store: ProjectStore, rng: Random): void {
  for (const r of [
    { name: 'Release 2.0', start: '2025-07-01', end: '2025-12-31' },
    { name: 'Release 2.1', start: '2026-01-05', end: '2026-06-30' },
  ]) {
    const id = store.insertRelease({ name: r.name, startDate: r.start, endDate: r.end, description: `<html><body><p>${r.name}</p></body></html>` });
    const sprints = rng.int(3, 4);
    // Four-week sprints from the release's start, so cycles can be chosen and queried by date.
    for (let s = 1; s <= sprints; s++) store.insertCycle({ name: `Sprint ${s}`, releaseId: id, startDate: addDays(r.start, (s - 1) * 28), endDate: addDays(r.start, s * 28 - 1) });
  }
  for (const name of ['Windows 11 / Chrome', 'macOS 14 / Safari', 'Ubuntu 24.04 / Firefox', 'Android 14', 'iOS 17']) {
    store.insertEnvironment({ name });
  }
}
