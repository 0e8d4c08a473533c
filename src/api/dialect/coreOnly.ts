// Resources ALM serves in its Core tree only (a defect's history, defect links). A 12.5x server
// offers Core beside the `/api` tree the client prefers, on the same session: those resources are
// asked there. `beside` says the Core tree was not the one detected, so a 404 may mean the server
// has no Core tree at all (an /api-only server) rather than a missing entity.
import type { ProjectContext } from '../projectContext';
import { CoreDialect } from './core';
import type { WireDialect } from './dialect';

const CORE = new CoreDialect();

export async function coreDialectFor(ctx: Pick<ProjectContext, 'dialect'>, signal?: AbortSignal): Promise<{ dialect: WireDialect; beside: boolean }> {
  const detected = await ctx.dialect(signal);
  return detected.tree === 'rest' ? { dialect: detected, beside: false } : { dialect: CORE, beside: true };
}
