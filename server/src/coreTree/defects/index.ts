// The Core defects collection: reads (read.ts) and writes (write.ts).
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { registerCoreDefectReads } from './read';
import { registerCoreDefectWrites } from './write';

export function registerCoreDefects(app: FastifyInstance, ctx: ServerContext): void {
  registerCoreDefectReads(app, ctx);
  registerCoreDefectWrites(app, ctx);
}
