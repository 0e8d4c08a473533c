// Wires "Start Work" / "Stop Work", the work status bar and the commit message completion, and
// remembers recently opened defects for them.
import * as vscode from 'vscode';
import type { Defect } from '../api/index';
import type { ConnectionManager } from '../auth/connectionManager';
import type { DefectEditorApi } from '../editor';
import type { DefectLookup } from '../references';
import type { DefectRef } from '../defects/refs';
import { describeError } from '../util/log';
import type { Log } from '../util/log';
import { CommitCompletionProvider, SCM_INPUT_LANGUAGE } from './commitCompletion';
import { DefectSource } from './defectSource';
import { startWork, stopWork } from './startWork';
import type { StartWorkResult } from './startWork';
import { WorkState } from './workState';
import { COMMAND } from '../util/commands';

export interface WorkFeature extends vscode.Disposable {
  /** Records a defect the user opened (recent defects for completion and the pick). */
  opened(ref: DefectRef): void;
}

export function registerWork(
  context: vscode.ExtensionContext,
  manager: ConnectionManager,
  lookup: DefectLookup,
  editor: DefectEditorApi,
  log: Log,
  defectSaved: (ref: DefectRef, defect: Defect) => void,
): WorkFeature {
  const tag = log.child('work');
  const state = new WorkState(context.workspaceState);
  const source = new DefectSource(manager, lookup, context.workspaceState);
  const deps = {
    manager,
    source,
    state,
    log,
    activeEditorDefect: (): DefectRef | undefined => {
      const key = editor.activeKey();
      return key && key.id !== undefined ? { server: key.server, domain: key.domain, project: key.project, id: key.id } : undefined;
    },
    editingHere: (ref: DefectRef) => editor.editingHere(ref),
    defectSaved,
  };
  const disposables: vscode.Disposable[] = [
    state,
    vscode.commands.registerCommand(COMMAND.startWork, async (arg: unknown): Promise<StartWorkResult | undefined> => {
      try {
        return await startWork(deps, arg);
      } catch (e) {
        tag.error(`start work: ${describeError(e)}`);
        void vscode.window.showErrorMessage(vscode.l10n.t('Could not start work: {0}', describeError(e)));
        return undefined;
      }
    }),
    vscode.commands.registerCommand(COMMAND.stopWork, () => stopWork(state)),
    vscode.languages.registerCompletionItemProvider({ language: SCM_INPUT_LANGUAGE }, new CommitCompletionProvider(source, state), '#', '-'),
  ];
  return {
    opened: (ref) => void source.opened(ref).catch((e: unknown) => tag.warn(`recent defects: ${describeError(e)}`)),
    dispose: () => disposables.reverse().forEach((d) => void d.dispose()),
  };
}
