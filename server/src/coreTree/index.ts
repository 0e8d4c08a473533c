// The Core `/rest` tree's project resources, registered under
// `<root>/rest/domains/:domain/projects/:project` behind the same session hook as the `/api`
// tree. Both trees read and write the same project stores through the same rules.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { registerCoreAttachments } from './attachments/index';
import { registerCoreCustomization } from './customization/index';
import { registerCoreDefects } from './defects/index';
import { registerCoreFavorites } from './favorites/index';
import { registerCoreHistory } from './history/index';
import { registerCoreLinks } from './links/index';
import { registerCoreLocks } from './locks/index';
import { registerCoreReleases } from './releases';

export { registerCoreDomains } from './domains';

/** Each Core feature adds its `registerX(app, ctx)` here. */
const FEATURES: ((app: FastifyInstance, ctx: ServerContext) => void)[] = [
  registerCoreDefects,
  registerCoreLocks,
  registerCoreAttachments,
  registerCoreCustomization,
  registerCoreHistory,
  registerCoreLinks,
  registerCoreReleases,
  registerCoreFavorites,
];

export function registerCoreProjectRoutes(app: FastifyInstance, ctx: ServerContext): void {
  for (const register of FEATURES) register(app, ctx);
}
