// The tree's top level: one ServerNode per configured server, kept across redraws (so loaded
// children survive) and replaced only when the server's entry changes. Also finds nodes for
// commands ("the project of this defect", "the node with this id").
import type { TreeContext, TreeNode } from './treeNode';
import { ServerNode } from './serverNode';

export class TreeRoot {
  private nodes = new Map<string, { node: ServerNode; entry: string }>();

  constructor(private readonly ctx: TreeContext) {}

  /** The server rows, in settings order. */
  servers(): ServerNode[] {
    const next = new Map<string, { node: ServerNode; entry: string }>();
    for (const source of this.ctx.servers()) {
      const entry = JSON.stringify(source.entry);
      const kept = this.nodes.get(source.name);
      if (kept && kept.entry === entry && kept.node.server === source) next.set(source.name, kept);
      else next.set(source.name, { node: new ServerNode(this.ctx, source), entry });
    }
    for (const [name, old] of this.nodes) if (next.get(name) !== old) old.node.dispose();
    this.nodes = next;
    return [...next.values()].map((v) => v.node);
  }

  server(name: string): ServerNode | undefined {
    return this.nodes.get(name)?.node ?? this.servers().find((s) => s.server.name === name);
  }

  /** Nearest ancestor (or self) of a given class. */
  static ancestor<T extends TreeNode>(node: TreeNode | undefined, kind: abstract new (...args: never[]) => T): T | undefined {
    for (let n = node; n; n = n.parent) if (n instanceof kind) return n;
    return undefined;
  }

  dispose(): void {
    for (const { node } of this.nodes.values()) node.dispose();
    this.nodes.clear();
  }
}
