// The tree's periodic refresh: the loaded rows of expanded "Defects" / "My Defects" nodes (and their
// groups) are re-read in place, a batch of ids per query, so rows keep their identity: nothing
// collapses and the selection stays. A row whose fields changed is redrawn and marked until the
// user opens that defect. New or deleted defects show with the next manual refresh (the loaded
// pages are not re-paged, which would move rows under the user's eyes).
import { defectsByIds, sameValue } from '../api/index';
import type { Defect } from '../api/index';
import { TREE_FIELDS } from '../tree';
import type { DefectRef } from '../defects/refs';
import type { DefectNode } from '../tree';
import { PagedNode } from '../tree';
import { ProjectNode } from '../tree';
import { LoadingNode } from '../tree';
import type { TreeNode } from '../tree';
import type { RefreshCheck } from './scheduler';

export interface TreeRefreshHost {
  /** The roots of the tree (servers). */
  roots(): readonly TreeNode[];
  /** Whether the view is on screen. */
  visible(): boolean;
  isExpanded(id: string): boolean;
  /** The selected rows: their ancestors are expanded on screen even when no expand event was seen (reveal). */
  selection(): readonly TreeNode[];
  changed(node: TreeNode): void;
}

function refKey(ref: DefectRef): string {
  return JSON.stringify([ref.server, ref.domain, ref.project, ref.id]);
}

export class TreeRefresh implements RefreshCheck {
  readonly name = 'tree';
  /** Defects marked as changed; kept by key so a row rebuilt by "Load more" keeps its mark. */
  private readonly marked = new Set<string>();
  /** Queries sent (diagnostics and tests). */
  queries = 0;

  constructor(private readonly host: TreeRefreshHost) {}

  async run(): Promise<void> {
    if (!this.host.visible()) return;
    for (const node of this.expandedPagedNodes()) await this.refreshRows(node);
  }

  /** The user opened a defect: its rows are no longer "changed". */
  opened(ref: DefectRef): void {
    if (!this.marked.delete(refKey(ref))) return;
    for (const node of this.expandedPagedNodes()) {
      for (const row of node.loadedRows()) {
        if (row.changedRemotely && refKey(row.ref) === refKey(ref)) {
          row.changedRemotely = false;
          this.host.changed(row);
        }
      }
    }
  }

  private async refreshRows(node: PagedNode): Promise<void> {
    const rows = node.loadedRows();
    if (rows.length === 0) return;
    const api = await node.projectNode.api();
    // The client's one batch rule for reading ids (src/api/byIds.ts).
    const read = await defectsByIds(
      api.defects,
      rows.map((r) => r.ref.id),
      { fields: TREE_FIELDS, onQuery: () => this.queries++ },
    );
    const fresh = new Map(read.map((d) => [d.id, d]));
    for (const row of rows) this.apply(row, fresh.get(row.ref.id));
  }

  private apply(row: DefectNode, fresh: Defect | undefined): void {
    const key = refKey(row.ref);
    // The one value equality (api/fieldValues.ts): no value read as null once and as '' later is no change.
    if (fresh && TREE_FIELDS.some((f) => !sameValue(fresh[f], row.defect[f]))) {
      row.defect = fresh;
      this.marked.add(key);
    }
    const mark = this.marked.has(key);
    if ((fresh && row.defect === fresh) || row.changedRemotely !== mark) {
      row.changedRemotely = mark;
      this.host.changed(row);
    }
  }

  /** Paged nodes with loaded rows under expanded ancestors only. */
  private expandedPagedNodes(): PagedNode[] {
    const out: PagedNode[] = [];
    const open = new Set<string>();
    for (const selected of this.host.selection()) for (let p = selected.parent; p; p = p.parent) open.add(p.id);
    const walk = (nodes: readonly TreeNode[]) => {
      for (const n of nodes) {
        if (!(this.host.isExpanded(n.id) || open.has(n.id))) continue;
        if (n instanceof PagedNode) out.push(n);
        // Only what is already loaded: the refresh never loads a level itself.
        if (n instanceof LoadingNode) walk(n.loaded ?? []);
        else if (n instanceof ProjectNode) walk(n.defectsNodes);
      }
    };
    walk(this.host.roots());
    return out;
  }
}
