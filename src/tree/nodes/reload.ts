// Reloading with one redraw: VS Code holds back a tree change that follows another within 200 ms
// until 200 ms have passed, so "redraw now, redraw again once loaded" cost every filter, grouping
// and sort 200 ms. Instead the nodes reload behind the rows on screen while their parent redraws at
// once, and the parent's children are handed to the view only when the reloads are in (or turn
// out slow: the slow ones then show "Loading…" and redraw themselves when done, as a first load
// does). The view's round trip and the requests overlap, and the rows and totals come in one go.
import type { LoadingNode, TreeContext } from './treeNode';

/** Reloads `nodes` quietly; resolves when all are in, or when the loading delay has passed. */
export async function quietReload(ctx: TreeContext, nodes: readonly LoadingNode[]): Promise<void> {
  try {
    await Promise.race([Promise.all(nodes.map((n) => n.reloadQuietly())), ctx.clock.delay(ctx.loadingDelayMs)]);
  } finally {
    for (const n of nodes) n.endQuiet();
  }
}
