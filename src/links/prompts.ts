// The questions a defect link asks, replaceable in test mode (activate()'s usePrompts).
import * as vscode from 'vscode';
import type { LinkEntry } from './openLink';
import type { DefectLinkTarget } from '../defects/vscodeLink';

export interface LinkPrompts {
  /** Several of the user's entries are the link's server: which account opens it? */
  pickEntry(entries: readonly LinkEntry[], target: DefectLinkTarget): Promise<LinkEntry | undefined>;
  /** The link names a server the user has not added: add it (true) or leave the link unopened. */
  offerAddServer(serverUrl: string): Promise<boolean>;
}

export const vscodeLinkPrompts: LinkPrompts = {
  pickEntry: async (entries, target) =>
    (
      await vscode.window.showQuickPick(
        entries.map((e) => ({ label: e.name, description: e.account, entry: e })),
        { title: vscode.l10n.t('Open defect {0} of {1} as which account?', target.id, target.project), ignoreFocusOut: true },
      )
    )?.entry,
  offerAddServer: async (serverUrl) => {
    const add = vscode.l10n.t('Add Server…');
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t('The link opens a defect on {0}, which is not one of your ALM servers. Nothing was sent to it. Add it as a server?', serverUrl),
      { modal: false },
      add,
    );
    return choice === add;
  },
};
