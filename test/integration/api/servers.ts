// The kinds of server connection-level tests (proxies, TLS) run against: both trees, where the
// client picks the /api tree, and a Core-only one, where it speaks Core.
import type { ServerOptions } from '../../support/server';

export const SERVERS: { trees: NonNullable<ServerOptions['trees']>; tree: 'api' | 'rest' }[] = [
  { trees: ['api', 'rest'], tree: 'api' },
  { trees: ['rest'], tree: 'rest' },
];
