// The Core defects collection: reads (read.ts), group counts (groups.ts) and writes (write.ts).
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { registerCoreDefectGroups } from './groups';
import { registerCoreDefectReads } from './read';
import { registerCoreDefectWrites } from './write';

export function registerCoreDefects(app: FastifyInstance, ctx: ServerContext): void {
  // Before the reads: `groups/…` is not a defect id.
  registerCoreDefectGroups(app, ctx);
  registerCoreDefectReads(app, ctx);
  registerCoreDefectWrites(app, ctx);
}
