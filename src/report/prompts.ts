// The questions "Report ALM Defect…" asks, replaceable in test mode (activate()'s usePrompts).
import * as vscode from 'vscode';

export interface ReportPrompts {
  /** After the defect was created from a TODO comment: put `reference` into the comment? */
  insertReference(reference: string, id: number): Promise<boolean>;
  /** The whole selection could not be attached: try again? */
  retryAttachment(name: string, id: number, reason: string): Promise<boolean>;
}

export const vscodeReportPrompts: ReportPrompts = {
  insertReference: async (reference, id) => {
    const insert = vscode.l10n.t('Insert "{0}"', reference);
    const choice = await vscode.window.showInformationMessage(vscode.l10n.t('Defect {0} created. Insert a reference to it in the comment?', id), insert);
    return choice === insert;
  },
  retryAttachment: async (name, id, reason) => {
    const retry = vscode.l10n.t('Retry');
    const choice = await vscode.window.showErrorMessage(vscode.l10n.t('Defect {0} was created, but {1} (the whole selection) could not be attached: {2}', id, name, reason), retry);
    return choice === retry;
  },
};
