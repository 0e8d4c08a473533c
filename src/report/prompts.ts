// The questions "Report ALM Defect…" asks, replaceable in test mode (activate()'s usePrompts).
import * as vscode from 'vscode';

/** What to do with a defect just reported from a TODO comment: insert the reference, copy its VS Code link, or nothing. */
type ReferenceChoice = 'insert' | 'copyLink' | undefined;

export interface ReportPrompts {
  /** After the defect was created from a TODO comment: put `reference` into the comment, or copy the defect's VS Code link? */
  insertReference(reference: string, id: number): Promise<ReferenceChoice>;
  /** After the defect was created from other code (a selection, a problem, a trace, a test): copy its VS Code link? */
  offerLink(id: number): Promise<boolean>;
  /** The whole selection could not be attached: try again? */
  retryAttachment(name: string, id: number, reason: string): Promise<boolean>;
}

const copyLinkLabel = () => vscode.l10n.t('Copy VS Code Link');

export const vscodeReportPrompts: ReportPrompts = {
  insertReference: async (reference, id) => {
    const insert = vscode.l10n.t('Insert "{0}"', reference);
    const copy = copyLinkLabel();
    const choice = await vscode.window.showInformationMessage(vscode.l10n.t('Defect {0} created. Insert a reference to it in the comment?', id), insert, copy);
    return choice === insert ? 'insert' : choice === copy ? 'copyLink' : undefined;
  },
  offerLink: async (id) => {
    const copy = copyLinkLabel();
    return (await vscode.window.showInformationMessage(vscode.l10n.t('Defect {0} created from your code. Share it with a link that opens it in VS Code.', id), copy)) === copy;
  },
  retryAttachment: async (name, id, reason) => {
    const retry = vscode.l10n.t('Retry');
    const choice = await vscode.window.showErrorMessage(vscode.l10n.t('Defect {0} was created, but {1} (the whole selection) could not be attached: {2}', id, name, reason), retry);
    return choice === retry;
  },
};
