// The defect being worked on: kept in the workspace state (it survives a reload), shown in the
// status bar (click opens the defect) and as the `almDefects.working` context key for menus.
import * as vscode from 'vscode';
import type { DefectRef } from '../defects/refs';
import { COMMAND } from '../util/commands';

export interface CurrentWork {
  ref: DefectRef;
  summary: string;
  branch?: string;
  /** The commit message Start Work put in the input box (Stop Work clears it while unchanged). */
  commitMessage: string;
}

const KEY = 'almDefects.currentWork';

export class WorkState implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly changed = new vscode.EventEmitter<CurrentWork | undefined>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly memento: vscode.Memento) {
    this.item = vscode.window.createStatusBarItem('almDefects.work', vscode.StatusBarAlignment.Left, 90);
    this.item.name = vscode.l10n.t('ALM Defect in Progress');
    this.show();
  }

  get current(): CurrentWork | undefined {
    const v = this.memento.get<CurrentWork>(KEY);
    return v && typeof v.ref?.id === 'number' ? v : undefined;
  }

  async set(work: CurrentWork | undefined): Promise<void> {
    await this.memento.update(KEY, work);
    this.show();
    this.changed.fire(work);
  }

  dispose(): void {
    this.item.dispose();
    this.changed.dispose();
  }

  private show(): void {
    const work = this.current;
    void vscode.commands.executeCommand('setContext', 'almDefects.working', !!work);
    if (!work) {
      this.item.hide();
      return;
    }
    const short = work.summary.length > 30 ? `${work.summary.slice(0, 29)}…` : work.summary;
    this.item.text = `$(tools) ${vscode.l10n.t('Defect {0}: {1}', work.ref.id, short)}`;
    const tip = new vscode.MarkdownString();
    tip.appendText(vscode.l10n.t('Working on defect {0} ({1}): {2}', work.ref.id, work.ref.project, work.summary));
    if (work.branch) tip.appendText(`\n${vscode.l10n.t('Branch: {0}', work.branch)}`);
    tip.appendText(`\n${vscode.l10n.t('Click to open it; "ALM: Stop Work on Defect" clears this.')}`);
    this.item.tooltip = tip;
    this.item.command = { command: COMMAND.openDefect, title: vscode.l10n.t('Open Defect'), arguments: [work.ref] };
    this.item.show();
  }
}
