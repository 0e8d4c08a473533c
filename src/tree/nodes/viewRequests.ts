// What the view's own requests tell the nodes. VS Code asks for a node's children only when it
// shows the node expanded (on expanding it, or on redrawing it expanded), so such a request also
// repairs the view state's record of expansions, which otherwise learns them from expand/collapse
// events alone. Those events can be lost: while VS Code's extension host waits for a node's
// children it forgets that node's descendants (extHostTreeViews `fetchChildrenNodes`), and an
// expand event for one of them arriving then finds no element and is dropped without a word. The
// project's redraw waits for its defect nodes' quiet reload (reload.ts), a window of tens of
// milliseconds in which a dropped expansion left "Defects" recorded as collapsed while shown
// expanded; every later filter then reloaded it loudly, redrawing it twice (+200 ms, bench:ui).
import type { TreeNode } from './treeNode';
import type { ViewState } from '../model/viewState';

/** The children of `node` as the view asks for them; records `node` as expanded in the view. */
export function childrenForView(node: TreeNode, state: ViewState): Promise<TreeNode[]> {
  if (!state.isExpanded(node.id)) void state.setExpanded(node.id, true);
  return node.getChildren();
}
