// One defect: "id: status · owner — name" (a long name shortened), its severity after it, an icon by severity and a Markdown tooltip.
// Clicking opens it. When a feature registers defect children (attachments), it expands to them.
import * as l10n from '@vscode/l10n';
import type { Defect } from '../../api';
import type { DefectRef } from '../../defects/refs';
import type { ValueNames } from '../../defects/fieldText';
import { severityIcon } from '../model/severity';
import { defectSpeech } from '../model/accessibility';
import { defectDescription, defectRowLabel, defectTooltip } from '../model/tooltip';
import type { NodeItem, TreeContext, TreeNode } from './treeNode';
import { failureNode, loadingNode } from './messageNode';
import { LoadingNode } from './treeNode';
import { COMMAND } from '../../util/commands';

export class DefectNode extends LoadingNode {
  readonly id: string;
  /** Changed on the server (seen by the periodic refresh) since the user last opened it. */
  changedRemotely = false;

  constructor(
    parent: TreeNode,
    ctx: TreeContext,
    readonly ref: DefectRef,
    public defect: Defect,
    /** The project's user and release names for the tooltip (read once per project by the client). */
    private readonly names?: () => Promise<ValueNames>,
  ) {
    super(parent, ctx);
    this.id = `${parent.id}/${ref.id}`;
  }

  item(): NodeItem {
    const d = this.defect;
    const changed = this.changedRemotely;
    const mark = this.ctx.defectMark?.(this.ref);
    const details = defectDescription(d);
    const description = changed ? (details ? l10n.t('● changed · {0}', details) : l10n.t('● changed')) : details;
    return {
      label: defectRowLabel(d),
      description: [mark, description].filter(Boolean).join(' · '),
      // Built when read: the view asks for it on hover only, while rows are drawn by the hundred.
      get tooltip() {
        return changed ? `${defectTooltip(d)}\n\n_${l10n.t('Changed on the server since you last opened it.')}_` : defectTooltip(d);
      },
      collapsible: this.ctx.defectChildren ? 'collapsed' : 'none',
      icon: severityIcon(typeof d.severity === 'string' ? d.severity : undefined),
      contextValue: changed ? 'alm:defect+changed' : 'alm:defect',
      command: { command: COMMAND.openDefect, title: l10n.t('Open Defect'), arguments: [this.ref] },
      accessibility: defectSpeech(d, changed),
    };
  }

  override async resolveTooltip(): Promise<string | undefined> {
    const names = this.names ? await this.names().catch(() => ({})) : {};
    const tooltip = defectTooltip(this.defect, names);
    return this.changedRemotely ? `${tooltip}\n\n_${l10n.t('Changed on the server since you last opened it.')}_` : tooltip;
  }

  protected load(signal: AbortSignal): Promise<TreeNode[]> {
    return this.ctx.defectChildren ? this.ctx.defectChildren.children(this.ref, this, signal) : Promise.resolve([]);
  }

  protected failure(error: unknown): TreeNode {
    return failureNode(this, this.ctx, this.ref.server, error);
  }

  protected loadingNode(): TreeNode {
    return loadingNode(this, this.ctx);
  }
}
