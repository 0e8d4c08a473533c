// The defects collection: reads, writes and its lock enforcement.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { registerDefectReads } from './read';
import { registerDefectWrites } from './write';

export function registerDefects(app: FastifyInstance, ctx: ServerContext): void {
  registerDefectReads(app, ctx);
  registerDefectWrites(app, ctx);
}
