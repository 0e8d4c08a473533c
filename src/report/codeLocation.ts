// Where reported lines are, read from the workspace's Git repository through the Git extension:
// the path in the repository, the commit, and a permalink when the branch's upstream is on a
// recognised host and holds the commit (nothing ahead of it) and the file has no uncommitted
// change (the lines would not match). Also the environment a stack trace is reported with.
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { gitApi } from '../util/gitApi';
import type { Repository } from '../util/git';
import type { CodeLink, Environment } from './description';
import { hostedRepository, permalink } from './permalink';

/** The Git repository of `uri` (or of the first workspace folder), when Git is on and there is one. */
async function repositoryOf(uri: vscode.Uri | undefined): Promise<Repository | undefined> {
  const api = await gitApi().catch(() => undefined);
  if (!api) return undefined;
  const target = uri ?? vscode.workspace.workspaceFolders?.[0]?.uri;
  return (target && api.getRepository(target)) ?? (api.repositories.length === 1 ? api.repositories[0] : undefined);
}

/** The link to lines `startLine`–`endLine` (1-based) of `uri`. */
export async function codeLink(uri: vscode.Uri, startLine: number, endLine: number): Promise<CodeLink> {
  const repo = uri.scheme === 'file' ? await repositoryOf(uri) : undefined;
  const relative = vscode.workspace.asRelativePath(uri, false);
  if (!repo) return { path: relative, startLine, endLine };
  const inRepo = path.relative(repo.rootUri.fsPath, uri.fsPath).split(path.sep).join('/');
  const head = repo.state.HEAD;
  const commit = head?.commit;
  const base = { path: inRepo, startLine, endLine, commit };
  if (!commit) return { ...base, noLinkReason: vscode.l10n.t('no commit yet') };
  const changed = [...repo.state.workingTreeChanges, ...repo.state.indexChanges].some((c) => c.uri.fsPath === uri.fsPath);
  if (changed) return { ...base, noLinkReason: vscode.l10n.t('the file has uncommitted changes') };
  const remote = head.upstream && repo.state.remotes.find((r) => r.name === head.upstream?.remote);
  if (!remote || head.ahead === undefined || head.ahead > 0) return { ...base, noLinkReason: vscode.l10n.t('the commit is not pushed') };
  const hosted = hostedRepository(remote.fetchUrl ?? remote.pushUrl ?? '');
  if (!hosted) return { ...base, noLinkReason: vscode.l10n.t('the remote is not on a known hosting service') };
  return { ...base, permalink: permalink(hosted, { path: inRepo, commit, startLine, endLine }) };
}

/** OS, VS Code version, and the Git branch and commit of the repository of `uri` (or the workspace). */
export async function environment(uri: vscode.Uri | undefined): Promise<Environment> {
  const repo = await repositoryOf(uri);
  const head = repo?.state.HEAD;
  return {
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    vscode: `${vscode.version} (${vscode.env.appHost})`,
    branch: head?.name,
    commit: head?.commit,
  };
}
