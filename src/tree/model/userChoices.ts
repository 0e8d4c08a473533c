// The choices of the filter menu's user pickers ("Assigned To", "Detected By"): "me" first, then
// the project's users, then names already in the filter that the list lacks (a user since
// removed, or one typed by hand), so opening the picker never drops a condition.
import * as l10n from '@vscode/l10n';
import type { ProjectUsers } from '../../api';
import { ME } from '../../defects/filter';

export interface UserChoice {
  /** The value the filter stores: a user name, or `ME`. */
  value: string;
  label: string;
  description?: string;
  picked: boolean;
}

export function userChoices(current: readonly string[], list: ProjectUsers | undefined, username: string): UserChoice[] {
  const chosen = new Set(current);
  const choices: UserChoice[] = [{ value: ME, label: 'me', description: username, picked: chosen.has(ME) }];
  const seen = new Set<string>([ME]);
  for (const u of list?.users ?? []) {
    if (seen.has(u.name)) continue;
    seen.add(u.name);
    choices.push({ value: u.name, label: u.name, ...(u.fullName ? { description: u.fullName } : {}), picked: chosen.has(u.name) });
  }
  for (const name of current) {
    if (seen.has(name)) continue;
    seen.add(name);
    choices.push({ value: name, label: name, description: l10n.t('not in the project list'), picked: true });
  }
  return choices;
}

/** Names typed as text (`a, me, b`) as filter values: "me" in any case is `ME`. */
export function typedUsers(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((u) => (u.toLowerCase() === 'me' ? ME : u));
}

/** Where the pickers' names came from, for the picker's placeholder. */
export function usersNote(list: ProjectUsers | undefined): string {
  if (!list) return l10n.t('The project\'s users could not be read: type names with "Other Names…".');
  return list.source === 'project' ? l10n.t('None checked: anyone.') : l10n.t('The server does not list its users: these are the users of recent defects. None checked: anyone.');
}
