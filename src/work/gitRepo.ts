// Finds the Git repository to work in through the built-in Git extension's API: the repository of
// the active file, else the only one open, else a pick. Undefined when Git is disabled, missing or
// there is no repository (Start Work then only sets the status bar and the commit template).
import * as vscode from 'vscode';
import type { API, Repository } from '../util/git';

export async function pickRepository(api: API): Promise<Repository | undefined> {
  const active = vscode.window.activeTextEditor?.document.uri;
  const own = active ? api.getRepository(active) : null;
  if (own) return own;
  const repos = api.repositories;
  if (repos.length <= 1) return repos[0];
  const picked = await vscode.window.showQuickPick(
    repos.map((r) => ({ label: vscode.workspace.asRelativePath(r.rootUri, false) || r.rootUri.fsPath, repo: r })),
    { title: vscode.l10n.t('Start Work: which repository?') },
  );
  return picked?.repo;
}

/** Switches to `name`, creating it from HEAD when it does not exist. Resolves whether it was created. */
export async function switchToBranch(repo: Repository, name: string): Promise<'created' | 'switched' | 'current'> {
  if (repo.state.HEAD?.name === name) return 'current';
  const exists = await repo.getBranch(name).then(
    () => true,
    () => false,
  );
  if (exists) {
    await repo.checkout(name);
    return 'switched';
  }
  await repo.createBranch(name, true);
  return 'created';
}
