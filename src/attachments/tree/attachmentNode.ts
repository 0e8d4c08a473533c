// One attachment under a defect in the ALM tree: its name, "size · modified", the description as
// tooltip and an icon by file type. Clicking opens it through the `alm-attachment:` file system.
// No `vscode` import: the tree's adapter turns the NodeItem into a TreeItem.
import * as l10n from '@vscode/l10n';
import type { Attachment } from '../../api';
import type { DefectRef } from '../../defects/refs';
import type { NodeItem, TreeContext } from '../../tree';
import { TreeNode } from '../../tree';
import { attachmentDescription, attachmentIcon, attachmentTooltip } from '../model/format';
import type { AttachmentLocation } from '../model/location';
import { COMMAND } from '../../util/commands';

export const OPEN_ATTACHMENT_COMMAND = COMMAND.openAttachment;

export class AttachmentNode extends TreeNode {
  readonly id: string;

  constructor(
    parent: TreeNode,
    ctx: TreeContext,
    /** The defect it belongs to. */
    readonly defect: DefectRef,
    readonly attachment: Attachment,
  ) {
    super(parent, ctx);
    this.id = `${parent.id}/attachment/${attachment.id}`;
  }

  get location(): AttachmentLocation {
    const { server, domain, project } = this.defect;
    return { server, domain, project, id: this.attachment.id, name: this.attachment.name };
  }

  item(): NodeItem {
    const a = this.attachment;
    return {
      label: a.name,
      description: attachmentDescription(a),
      tooltip: attachmentTooltip(a),
      collapsible: 'none',
      icon: { id: attachmentIcon(a.name) },
      contextValue: 'alm:attachment',
      accessibility: { label: l10n.t('Attachment {0}, {1}', a.name, attachmentDescription(a)), role: 'treeitem' },
      command: { command: OPEN_ATTACHMENT_COMMAND, title: l10n.t('Open Attachment'), arguments: [this] },
    };
  }
}
