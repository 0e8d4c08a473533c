// The ALM tree as the extension builds it (TreeRoot over a ServerConnection with the real AlmClient,
// the view's state in memory), for the integration tests that run it against the ALM server.
import * as assert from 'node:assert/strict';
import { almClientFactory } from '../../../src/auth/clientFactory';
import { ServerConnection } from '../../../src/auth/connection';
import type { ServerEntry } from '../../../src/config/servers';
import { transportOptions } from '../../../src/config/transport';
import type { HttpSettings } from '../../../src/config/transport';
import { TreeRoot } from '../../../src/tree/nodes/root';
import type { TreeNode } from '../../../src/tree/nodes/treeNode';
import { Log } from '../../../src/util/log';
import type { RunningServer } from '../../support/server';
import { MapVault, RecordingSink, kids, testContext } from '../../unit/tree/fakes';
import type { TestContext } from '../../unit/tree/fakes';

export interface Tree {
  connection: ServerConnection;
  ctx: TestContext;
  root: TreeRoot;
}

/** The tree of one server entry named Demo (pinned to DEFAULT), with `password` stored for alice (none: never signed in). */
export async function treeOf(
  server: Pick<RunningServer, 'baseUrl'>,
  password: string | undefined,
  pin: Partial<ServerEntry> = { domain: 'DEFAULT' },
  http: HttpSettings = { proxyStrictSSL: true, noProxy: [] },
): Promise<Tree> {
  const entry: ServerEntry = { name: 'Demo', url: server.baseUrl, username: 'alice', ...pin };
  const vault = new MapVault();
  if (password !== undefined) await vault.set(entry, password);
  const log = Log.create(new RecordingSink());
  const transport = transportOptions(entry, http, undefined);
  const connection = new ServerConnection(entry, transport, vault, almClientFactory(log), log);
  await connection.loadPassword();
  const ctx = testContext();
  ctx.sources = [connection];
  return { connection, ctx, root: new TreeRoot(ctx) };
}

/** The node under the path of labels below the server row (e.g. `['DEFAULT', 'Demo', 'Defects']`). */
export async function node(tree: Tree, ...path: string[]): Promise<TreeNode> {
  let current: TreeNode = tree.root.servers()[0];
  for (const label of path) {
    const next = (await kids(current)).find((n) => n.item().label === label);
    assert.ok(next, `no tree node at ${path.join(' › ')} (stopped at ${label})`);
    current = next;
  }
  return current;
}
