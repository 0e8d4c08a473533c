// The questions "Flag for Follow-up…" asks, replaceable in test mode (activate()'s usePrompts).
import * as vscode from 'vscode';
import type { DefectRef } from '../defects/refs';
import type { FollowUpFlag } from './flags';
import { localDay, parseDueDate } from './flags';

export interface FollowUpPrompts {
  /** The day to follow up on (`day`: `YYYY-MM-DD`), `clear` to remove the flag, undefined when cancelled. */
  due(ref: DefectRef, current: FollowUpFlag | undefined): Promise<{ day: string } | 'clear' | undefined>;
  /** The note (may be empty); undefined when cancelled. */
  note(ref: DefectRef, current: FollowUpFlag | undefined): Promise<string | undefined>;
}

export const vscodeFollowUpPrompts: FollowUpPrompts = {
  due: async (ref, current) => {
    const title = vscode.l10n.t('Flag defect {0} for follow-up', ref.id);
    if (current) {
      const change = vscode.l10n.t('Change the date or note');
      const clear = vscode.l10n.t('Clear the flag');
      const picked = await vscode.window.showQuickPick([change, clear], { title, placeHolder: vscode.l10n.t('Flagged for {0}: {1}', current.due, current.note) });
      if (picked === undefined) return undefined;
      if (picked === clear) return 'clear';
    }
    const text = await vscode.window.showInputBox({
      title,
      prompt: vscode.l10n.t('Follow up on: a date (YYYY-MM-DD), today, tomorrow, +3 (days) or next week'),
      value: current?.due ?? 'tomorrow',
      ignoreFocusOut: true,
      validateInput: (v) => (parseDueDate(v, new Date()) ? undefined : vscode.l10n.t('Enter a day from today on, e.g. {0}, tomorrow or +3', localDay(new Date()))),
    });
    const day = text === undefined ? undefined : parseDueDate(text, new Date());
    return day ? { day } : undefined;
  },
  note: (ref, current) =>
    Promise.resolve(
      vscode.window.showInputBox({
        title: vscode.l10n.t('Flag defect {0} for follow-up', ref.id),
        prompt: vscode.l10n.t('Note (optional): what to check then'),
        value: current?.note ?? '',
        ignoreFocusOut: true,
      }),
    ),
};
