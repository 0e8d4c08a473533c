// "Flag for Follow-up…" and "Clear Follow-up Flag" on a defect of the tree, the grid, the inbox or
// the active defect editor (and from chat, through the same command). The flags live in global
// state synced by Settings Sync; views show them through `mark`.
import * as vscode from 'vscode';
import { defectRefFrom } from '../defects/refs';
import type { DefectRef } from '../defects/refs';
import { registerCommand } from '../util/command';
import { COMMAND } from '../util/commands';
import type { Log } from '../util/log';
import { FOLLOW_UPS_KEY, FollowUpStore, flagMark, localDay, summaryFrom } from './flags';
import type { FollowUpFlag } from './flags';
import type { FollowUpPrompts } from './prompts';

export interface FollowUpDeps {
  log: Log;
  prompts: () => FollowUpPrompts;
  /** The defect the command acts on without an argument: the active editor's, else the tree's selection. */
  current(): DefectRef | undefined;
}

export interface FollowUpFeature extends vscode.Disposable {
  readonly store: FollowUpStore;
  /** The flag of a defect as a row's mark (`⚑ due today`), undefined when it has none. */
  mark(ref: DefectRef): string | undefined;
}

/** What the flag command resolves to (tests and chat read it). */
type FlagResult = { flagged: FollowUpFlag } | { cleared: DefectRef } | undefined;

export function registerFollowUps(context: vscode.ExtensionContext, deps: FollowUpDeps): FollowUpFeature {
  const tag = deps.log.child('followUp');
  context.globalState.setKeysForSync([FOLLOW_UPS_KEY]);
  const store = new FollowUpStore(context.globalState);
  const words = { today: vscode.l10n.t('due today'), overdue: (day: string) => vscode.l10n.t('overdue ({0})', day) };
  const refOf = (arg: unknown): DefectRef | undefined => defectRefFrom(arg) ?? deps.current();
  const disposables = [
    registerCommand(COMMAND.flagForFollowUp, tag, async (arg): Promise<FlagResult> => {
      const ref = refOf(arg);
      if (!ref) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Select a defect in the ALM view or open one, then flag it for follow-up.'));
        return undefined;
      }
      const current = store.get(ref);
      const due = await deps.prompts().due(ref, current);
      if (due === undefined) return undefined;
      if (due === 'clear') {
        await store.clear(ref);
        return { cleared: ref };
      }
      const note = await deps.prompts().note(ref, current);
      if (note === undefined) return undefined;
      const summary = summaryFrom(arg);
      const flag: FollowUpFlag = { ref, due: due.day, note: note.trim(), ...(summary ? { summary } : {}) };
      await store.set(flag);
      tag.info(`flagged ${ref.project} #${ref.id} for ${flag.due}`);
      vscode.window.setStatusBarMessage(vscode.l10n.t('Defect {0} flagged for follow-up on {1}', ref.id, flag.due), 3000);
      return { flagged: flag };
    }),
    registerCommand(COMMAND.clearFollowUp, tag, async (arg) => {
      const ref = refOf(arg);
      return ref ? store.clear(ref) : false;
    }),
    // Another window (or Settings Sync) may have changed the flags: global state has no change event.
    vscode.window.onDidChangeWindowState((s) => {
      if (s.focused) store.reload();
    }),
  ];
  return {
    store,
    mark: (ref) => {
      const flag = store.get(ref);
      return flag ? flagMark(flag, localDay(new Date()), words) : undefined;
    },
    dispose: () => {
      for (const d of disposables.reverse()) d.dispose();
    },
  };
}
