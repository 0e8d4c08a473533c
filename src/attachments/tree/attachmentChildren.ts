// Hangs attachments under defect nodes: the tree asks for a defect's children when it is expanded,
// and this lists that defect's attachments (sorted by name; "No attachments" when there are none).
// It remembers which tree nodes show which defect, so an upload, rename or delete can reload
// exactly those rows. No `vscode` import.
import * as l10n from '@vscode/l10n';
import type { ProjectApi } from '../../api';
import type { DefectRef, ProjectRefKey } from '../../defects/refs';
import type { DefectChildrenProvider, TreeContext, TreeNode } from '../../tree';
import { MessageNode } from '../../tree';
import { LoadingNode } from '../../tree';
import { AttachmentNode } from './attachmentNode';
import { COMMAND } from '../../util/commands';

export const UPLOAD_ATTACHMENT_COMMAND = COMMAND.uploadAttachment;

function defectKey(ref: DefectRef): string {
  return [ref.server, ref.domain, ref.project, ref.id].map((s) => encodeURIComponent(String(s))).join('/');
}

export class AttachmentChildren implements DefectChildrenProvider {
  private readonly shown = new Map<string, Set<TreeNode>>();

  constructor(
    private readonly ctx: TreeContext,
    private readonly project: (ref: ProjectRefKey) => Promise<Pick<ProjectApi, 'attachments'>>,
  ) {}

  async children(defect: DefectRef, parent: TreeNode, signal: AbortSignal): Promise<TreeNode[]> {
    this.remember(defect, parent);
    const api = await this.project(defect);
    const list = await api.attachments.list({ entity: { type: 'defect', ids: [defect.id] }, signal });
    if (list.length === 0) {
      const upload = { command: UPLOAD_ATTACHMENT_COMMAND, title: l10n.t('Upload Attachment…'), arguments: [{ ...defect }] };
      return [new MessageNode(parent, this.ctx, 'empty', l10n.t('No attachments'), upload, l10n.t('Drop files here or click to upload.'))];
    }
    list.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true }) || a.id - b.id);
    return list.map((a) => new AttachmentNode(parent, this.ctx, defect, a));
  }

  /** Reloads the attachments of `defect` wherever the tree shows them; returns how many rows reloaded. */
  refresh(defect: DefectRef): number {
    const nodes = this.shown.get(defectKey(defect));
    if (!nodes) return 0;
    let count = 0;
    for (const node of [...nodes]) {
      if (!isLive(node)) {
        nodes.delete(node);
        continue;
      }
      node.refresh();
      count++;
    }
    if (nodes.size === 0) this.shown.delete(defectKey(defect));
    return count;
  }

  private remember(defect: DefectRef, parent: TreeNode): void {
    const key = defectKey(defect);
    const set = this.shown.get(key) ?? new Set<TreeNode>();
    for (const n of set) if (!isLive(n)) set.delete(n);
    set.add(parent);
    this.shown.set(key, set);
  }
}

/** Still in the tree: every ancestor that loads children still holds it (a reload replaces nodes). */
function isLive(node: TreeNode): boolean {
  for (let n = node; n.parent; n = n.parent) {
    if (n.parent instanceof LoadingNode && !n.parent.loaded?.includes(n)) return false;
  }
  return true;
}
