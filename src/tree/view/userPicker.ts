// The filter menu's user picker: the project's users (ProjectApi.users, the server's user list or
// the users of recent defects) checked in a multi-select, with "Other Names…" for typing names
// the list lacks. When the list cannot be read at all, typing is all that is left.
import * as vscode from 'vscode';
import { pickMany } from '../../util/pickMany';
import type { ProjectUsers } from '../../api';
import { describeError } from '../../util/log';
import { ME } from '../../defects/filter';
import { typedUsers, userChoices, usersNote } from '../model/userChoices';
import type { ProjectNode } from '../nodes/projectNode';

/** The names chosen for `label` (`ME` for "me"), or undefined when the user dismissed the picker. */
export async function pickUsers(project: ProjectNode, label: string, current: readonly string[]): Promise<string[] | undefined> {
  let list: ProjectUsers | undefined;
  try {
    list = await (await project.api()).users();
  } catch (e) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Cannot read the users of {0}: {1}', project.project, describeError(e)));
  }
  type Item = vscode.QuickPickItem & { value?: string };
  const choices = userChoices(current, list, project.server.username);
  const other: Item = { label: `$(edit) ${vscode.l10n.t('Other Names…')}`, description: vscode.l10n.t('type names the list lacks'), alwaysShow: true };
  const items: Item[] = [...choices.map((c): Item => ({ label: c.label, description: c.description, picked: c.picked, value: c.value })), other];
  const picked = await pickMany(items, {
    title: vscode.l10n.t('{0} is any of', label),
    placeHolder: usersNote(list),
    ignoreFocusOut: true,
    matchOnDescription: true,
  });
  if (!picked) return undefined;
  const values = picked.flatMap((p) => (p.value === undefined ? [] : [p.value]));
  if (!picked.includes(other)) return values;
  const text = await vscode.window.showInputBox({
    title: vscode.l10n.t('{0}: other names', label),
    prompt: vscode.l10n.t({
      message: 'User names separated by commas; "me" is {0}.',
      args: [project.server.username],
      comment: ['"me" is the keyword the user types: keep it untranslated'],
    }),
  });
  if (text === undefined) return values;
  return [...new Set([...values, ...typedUsers(text)])].sort((a, b) => (a === ME ? -1 : b === ME ? 1 : 0));
}
