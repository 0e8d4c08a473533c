// What to tell VS Code when the set of signed-in accounts changes. VS Code's Accounts menu adds an
// account by its label but removes one by its id (first match), so an account whose label changes
// (an API key, "API key k" until the server names its user "alice") must be announced as removed
// and added again: announced as "changed", the menu lists both labels and a sign-out leaves one behind.
// No `vscode` import: the provider hands in its sessions.

export interface AccountSession {
  readonly id: string;
  readonly account: { readonly id: string; readonly label: string };
}

export interface AccountChanges<S extends AccountSession> {
  added: S[];
  removed: S[];
  changed: S[];
}

/** The changes from `known` to `next` (both keyed by session id), a relabelled account as removed + added. */
export function accountChanges<S extends AccountSession>(known: ReadonlyMap<string, S>, next: ReadonlyMap<string, S>): AccountChanges<S> {
  const out: AccountChanges<S> = { added: [], removed: [], changed: [] };
  for (const [id, s] of next) {
    const old = known.get(id);
    if (!old) out.added.push(s);
    else if (old.account.id !== s.account.id || old.account.label !== s.account.label) {
      out.removed.push(old);
      out.added.push(s);
    }
  }
  for (const [id, s] of known) if (!next.has(id)) out.removed.push(s);
  return out;
}

export function hasChanges(c: AccountChanges<AccountSession>): boolean {
  return c.added.length > 0 || c.removed.length > 0 || c.changed.length > 0;
}
