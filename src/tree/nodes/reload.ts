// Reloading without a lag: VS Code holds back a tree change that follows another within 200 ms
// until 200 ms have passed, so "redraw now, redraw again once loaded" cost every filter, grouping
// and sort 200 ms. Here the nodes reload behind the rows on screen and the view redraws once: when
// the loads are in, or when they turn out slow (the slow ones then show "Loading…" and redraw
// themselves when done, as a first load does).
import type { LoadingNode, TreeContext, TreeNode } from './treeNode';

/** Reloads `nodes` quietly, then redraws `redraw` (the nodes or an ancestor of them) in one change. */
export async function reloadThenRedraw(ctx: TreeContext, redraw: readonly TreeNode[], nodes: readonly LoadingNode[]): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<void>((resolve) => (timer = setTimeout(resolve, ctx.loadingDelayMs)));
  try {
    await Promise.race([Promise.all(nodes.map((n) => n.reloadQuietly())), slow]);
  } finally {
    clearTimeout(timer);
    for (const n of nodes) n.endQuiet();
    for (const r of redraw) ctx.changed(r);
  }
}
