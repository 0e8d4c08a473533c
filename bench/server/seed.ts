// Seeds a data directory with the demo site through the server's own stores, then closes them,
// so the server under test opens the data the way it opens any existing data dir.
import { SessionService } from '../../server/src/auth/sessions';
import { resolveOptions } from '../../server/src/config';
import type { ServerContext } from '../../server/src/context';
import { seedDemo } from '../../server/src/demo/index';
import type { DemoSummary } from '../../server/src/demo/index';
import { ProjectRegistry } from '../../server/src/store/registry';
import { SiteStore } from '../../server/src/store/site';

export async function seedDataDir(dataDir: string, defects: number): Promise<DemoSummary> {
  const now = () => new Date();
  const site = new SiteStore(dataDir);
  const projects = new ProjectRegistry(site, dataDir, now);
  const ctx: ServerContext = {
    options: resolveOptions({ dataDir, defects }),
    site,
    projects,
    sessions: new SessionService(site, projects, 3600, now),
    now,
  };
  try {
    return await seedDemo(ctx, { defects });
  } finally {
    projects.closeAll();
    site.close();
  }
}
