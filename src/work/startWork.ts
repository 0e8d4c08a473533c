// "ALM: Start Work on Defect…" and "Stop Work": picks the defect (argument, active defect editor, or
// a pick of My Defects and recent ones), switches to its branch through the Git extension's API,
// optionally assigns it to the user and moves it to "in progress" under the server lock, pre-fills
// the commit message and shows the defect in the status bar. Without Git only the last two happen.
import * as vscode from 'vscode';
import { LockedByOtherError } from '../api/index';
import type { Defect, ProjectApi } from '../api/index';
import type { ConnectionManager } from '../auth/connectionManager';
import { EditingHereError, writeUnderLock } from '../defects/lockedWrite';
import { statusValues } from '../defects/status';
import { defectRefFrom, parseDefectId } from '../defects/refs';
import type { DefectRef } from '../defects/refs';
import { describeError } from '../util/log';
import type { Log } from '../util/log';
import type { DefectSource } from './defectSource';
import { gitApi } from '../util/gitApi';
import { pickRepository, switchToBranch } from './gitRepo';
import type { Repository } from '../util/git';
import { branchName, commitMessage, inProgressStatus } from './templates';
import type { WorkState } from './workState';

export interface StartWorkDeps {
  manager: ConnectionManager;
  source: DefectSource;
  state: WorkState;
  log: Log;
  /** The defect of the active defect editor, when one is active. */
  activeEditorDefect(): DefectRef | undefined;
  /** Whether an editor in this window holds the defect's lock (the session's lock is shared: taking and releasing it here would release the editor's). */
  editingHere(ref: DefectRef): boolean;
  /** Announces a defect Start Work changed, so the tree, grids and an editor open on it in read mode show it. */
  defectSaved(ref: DefectRef, defect: Defect): void;
}

export interface StartWorkResult {
  ref: DefectRef;
  branch?: string;
  /** What happened to the defect on the server. */
  update: 'updated' | 'unchanged' | 'skipped' | 'locked' | 'failed';
  commitMessage: string;
}

type UpdateChoice = 'always' | 'never';

export async function startWork(deps: StartWorkDeps, arg: unknown): Promise<StartWorkResult | undefined> {
  const ref = defectRefFrom(arg) ?? deps.activeEditorDefect() ?? (await pickDefect(deps.source));
  if (!ref) return undefined;
  const connection = await deps.manager.connection(ref.server);
  const api = await connection.project(ref.domain, ref.project);
  const defect = await api.defects.get(ref.id, { fields: ['name', 'status', 'owner'] });
  const summary = String(defect.name ?? '');
  const config = vscode.workspace.getConfiguration('almDefects');
  const values = { id: ref.id, summary, project: ref.project, user: connection.username };

  let branch: string | undefined;
  let repo: Repository | undefined;
  const git = await gitApi();
  if (git) repo = await pickRepository(git);
  if (repo) {
    branch = branchName(config.get<string>('branchTemplate', ''), values);
    const how = await switchToBranch(repo, branch);
    deps.log.info(`[work] ${how} branch ${branch} for defect ${ref.id}`);
  }

  const update = await maybeUpdate(deps, ref, api, defect, connection.username);

  const message = commitMessage(config.get<string>('commitTemplate', ''), values);
  if (repo) {
    const previous = deps.state.current?.commitMessage;
    // Only an empty box or our own earlier template is replaced; the user's words are never lost.
    if (!repo.inputBox.value.trim() || repo.inputBox.value === previous) repo.inputBox.value = message;
  }
  await deps.state.set({ ref, summary, branch, commitMessage: message });
  const parts = [branch ? vscode.l10n.t('Working on defect {0} on branch {1}', ref.id, branch) : vscode.l10n.t('Working on defect {0}', ref.id)];
  if (update === 'updated') parts.push(vscode.l10n.t('(assigned to you)'));
  if (update === 'locked') parts.push(vscode.l10n.t('(not updated: someone is editing it)'));
  vscode.window.setStatusBarMessage(parts.join(' '), 5000);
  return { ref, branch, update, commitMessage: message };
}

export async function stopWork(state: WorkState): Promise<void> {
  const work = state.current;
  if (!work) return;
  const git = await gitApi().catch(() => undefined);
  for (const repo of git?.repositories ?? []) {
    if (repo.inputBox.value === work.commitMessage) repo.inputBox.value = '';
  }
  await state.set(undefined);
}

/** Assigns to the user and moves to "in progress" when the setting says so (asking once, remembering). */
async function maybeUpdate(deps: StartWorkDeps, ref: DefectRef, api: ProjectApi, defect: Defect, user: string): Promise<StartWorkResult['update']> {
  const statuses = statusValues(await api.fields('defects'), await api.listItems());
  const target = inProgressStatus(statuses);
  // The question names the status this project uses for work in progress: "in progress" read as
  // a promise of a status the project may not have (the demo's is "Open").
  const choice = await updateChoice(target);
  if (choice !== 'always') return 'skipped';
  const changes: Record<string, string> = {};
  if (defect.owner !== user) changes.owner = user;
  if (target && defect.status !== target) changes.status = target;
  if (Object.keys(changes).length === 0) return 'unchanged';
  // Start Work sets the owner and status whatever they were: nothing seen to check (the rule in src/defects/lockedWrite.ts).
  try {
    const saved = await writeUnderLock(api.locks, ref.id, { editingHere: (id) => deps.editingHere({ ...ref, id }) }, async (lock) =>
      api.defects.update(ref.id, changes, { original: await api.defects.get(ref.id), lock }),
    );
    deps.log.info(`[work] defect ${ref.id}: ${JSON.stringify(changes)}`);
    deps.defectSaved(ref, saved);
    return 'updated';
  } catch (e) {
    if (e instanceof EditingHereError) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Defect {0} was not assigned to you: its editor is in edit mode. Save or cancel there, then start work again.', ref.id));
      return 'locked';
    }
    if (e instanceof LockedByOtherError) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Defect {0} was not assigned to you: {1} is editing it.', ref.id, e.lockedBy ?? vscode.l10n.t('another user')));
      return 'locked';
    }
    void vscode.window.showWarningMessage(vscode.l10n.t('Defect {0} was not updated: {1}', ref.id, describeError(e)));
    return 'failed';
  }
}

/** The `almDefects.startWork.updateDefect` setting; `ask` asks once and stores the answer. */
async function updateChoice(target: string | undefined): Promise<UpdateChoice> {
  const config = vscode.workspace.getConfiguration('almDefects');
  const current = config.get<string>('startWork.updateDefect', 'ask');
  if (current === 'always' || current === 'never') return current;
  const yes = vscode.l10n.t('Assign to Me');
  const no = vscode.l10n.t('Leave It As It Is');
  const question = target
    ? vscode.l10n.t('When you start work on a defect, assign it to you and set its status to its project\'s working status (here "{0}")?', target)
    : vscode.l10n.t('When you start work on a defect, assign it to you?');
  const answer = await vscode.window.showInformationMessage(question, { modal: true, detail: vscode.l10n.t('Your answer is kept in the setting almDefects.startWork.updateDefect.') }, yes, no);
  if (answer === undefined) return 'never';
  const chosen: UpdateChoice = answer === yes ? 'always' : 'never';
  await config.update('startWork.updateDefect', chosen, vscode.ConfigurationTarget.Global);
  return chosen;
}

async function pickDefect(source: DefectSource): Promise<DefectRef | undefined> {
  const choices = await source.choices();
  const project = source.defaultProject();
  const items: (vscode.QuickPickItem & { ref?: DefectRef })[] = choices.map((c) => ({
    label: `${c.ref.id}: ${c.summary}`,
    description: [c.status, c.source === 'mine' ? vscode.l10n.t('My Defects') : vscode.l10n.t('recently opened')].filter(Boolean).join(' · '),
    ref: c.ref,
  }));
  if (project) items.push({ label: `$(edit) ${vscode.l10n.t('Enter a defect id…')}`, alwaysShow: true });
  const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Start Work on Defect'), placeHolder: vscode.l10n.t('Pick a defect'), matchOnDescription: true });
  if (!picked || picked.ref || !project) return picked?.ref;
  const text = await vscode.window.showInputBox({
    title: vscode.l10n.t('Start Work on a defect of {0}', project.project),
    prompt: vscode.l10n.t('Defect id'),
    validateInput: (v) => (parseDefectId(v) ? undefined : vscode.l10n.t('Enter a defect id, e.g. 42')),
  });
  const id = text === undefined ? undefined : parseDefectId(text);
  return id ? { ...project, id } : undefined;
}
