// Seeds a data directory with the demo site through the server's own stores, then closes them,
// so the server under test opens the data the way it opens any existing data dir. A seeded dir is
// kept under test-results/bench-server-data/ (git-ignored): seeding a million defects takes
// minutes, and the next run of the same size and the same seeding code reuses it.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SessionService } from '../../server/src/store/sessions';
import { Storage } from '../../server/src/store/storage';
import { resolveOptions } from '../../server/src/config';
import type { ServerContext } from '../../server/src/context';
import { seedDemo } from '../../server/src/demo/index';
import type { DemoSummary } from '../../server/src/demo/index';
import { ProjectRegistry } from '../../server/src/store/registry';
import { SiteStore } from '../../server/src/store/site';
import { time } from './stats';

export async function seedDataDir(dataDir: string, defects: number): Promise<DemoSummary> {
  const now = () => new Date();
  const site = new SiteStore(dataDir);
  const projects = new ProjectRegistry(site, dataDir, now);
  const ctx: ServerContext = {
    options: resolveOptions({ dataDir, defects }),
    site,
    projects,
    sessions: new SessionService(site, projects, 3600, now),
    storage: new Storage(),
    now,
  };
  try {
    return await seedDemo(ctx, { defects });
  } finally {
    projects.closeAll();
    site.close();
  }
}

/** The repository root: the bundle runs from dist/bench/, the sources from bench/server/. */
const REPO = join(__dirname, '..', '..');

/** What the seeded data depends on: the demo generator and its baseline (a schema change migrates on open). */
function seedCodeHash(): string {
  const hash = createHash('sha256');
  const demo = join(REPO, 'server', 'src', 'demo');
  for (const file of readdirSync(demo).sort()) hash.update(readFileSync(join(demo, file)));
  return hash.digest('hex').slice(0, 12);
}

/**
 * A data dir seeded with `defects` demo defects: the kept one when its seeding completed with the
 * same code, else a new one (`seedMs` says how long that took; undefined when reused).
 */
export async function seededDataDir(defects: number, fresh: boolean): Promise<{ dir: string; seedMs?: number }> {
  const root = join(REPO, 'test-results', 'bench-server-data');
  const dir = join(root, `${defects}-${seedCodeHash()}`);
  const complete = join(dir, '.complete');
  if (!fresh && existsSync(complete)) return { dir };
  // Older seeds of this size (other seeding code) are dropped: each is gigabytes at a million.
  if (existsSync(root)) for (const old of readdirSync(root)) if (old.startsWith(`${defects}-`)) rmSync(join(root, old), { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const seedMs = await time(() => seedDataDir(dir, defects));
  writeFileSync(complete, `${new Date().toISOString()} ${defects} defects in ${(seedMs / 1000).toFixed(1)} s\n`);
  return { dir, seedMs };
}
