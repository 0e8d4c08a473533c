// Links to a few lines of a file at one commit on the service that hosts the repository: GitHub,
// GitLab, Bitbucket Cloud and Azure DevOps, from their https and ssh remote URL forms. Hosts are
// recognised by name (github.com, gitlab.com and hosts named "github…"/"gitlab…" such as
// GitHub Enterprise or a self-managed GitLab, bitbucket.org, dev.azure.com, *.visualstudio.com).
// No `vscode` import, so it is tested in plain mocha.

type HostKind = 'github' | 'gitlab' | 'bitbucket' | 'azure';

/** A remote the permalink can be built for: the web address of the repository and how its files are linked. */
export interface HostedRepository {
  readonly kind: HostKind;
  /** e.g. https://github.com/owner/repo, https://dev.azure.com/org/project/_git/repo */
  readonly webUrl: string;
}

export interface CodeLocation {
  /** Path from the repository root, with "/" separators. */
  readonly path: string;
  readonly commit: string;
  /** 1-based, inclusive. */
  readonly startLine: number;
  readonly endLine: number;
}

/** The hosting service and web address of a remote URL, or undefined for an unknown host or form. */
export function hostedRepository(remoteUrl: string): HostedRepository | undefined {
  const parsed = splitRemote(remoteUrl.trim());
  if (!parsed) return undefined;
  const host = parsed.host.toLowerCase();
  const segments = parsed.path
    .replace(/\.git\/?$/i, '')
    .split('/')
    .filter((s) => s !== '');
  if (segments.length < 2) return undefined;
  if (host === 'ssh.dev.azure.com' || host === 'vs-ssh.visualstudio.com') {
    // git@ssh.dev.azure.com:v3/org/project/repo
    const [version, org, project, repo] = segments;
    if (version !== 'v3' || !repo || segments.length !== 4) return undefined;
    return { kind: 'azure', webUrl: `https://dev.azure.com/${org}/${project}/_git/${repo}` };
  }
  if (host === 'dev.azure.com') {
    // https://org@dev.azure.com/org/project/_git/repo
    const git = segments.indexOf('_git');
    if (git !== 2 || segments.length !== 4) return undefined;
    return { kind: 'azure', webUrl: `https://dev.azure.com/${segments.join('/')}` };
  }
  if (host.endsWith('.visualstudio.com')) {
    // https://org.visualstudio.com/project/_git/repo (older form), optionally with DefaultCollection
    const git = segments.indexOf('_git');
    if (git < 1 || git !== segments.length - 2) return undefined;
    return { kind: 'azure', webUrl: `https://${host}/${segments.join('/')}` };
  }
  const kind: HostKind | undefined =
    host === 'bitbucket.org' ? 'bitbucket' : host === 'github.com' || host.startsWith('github.') ? 'github' : host === 'gitlab.com' || host.startsWith('gitlab.') ? 'gitlab' : undefined;
  if (!kind) return undefined;
  // GitHub and Bitbucket repositories are owner/repo; GitLab's may sit in nested groups.
  if (kind !== 'gitlab' && segments.length !== 2) return undefined;
  return { kind, webUrl: `https://${host}/${segments.join('/')}` };
}

/** The permalink of `location` in `repo`. */
export function permalink(repo: HostedRepository, location: CodeLocation): string {
  const { commit, startLine, endLine } = location;
  const path = location.path.split('/').map(encodeURIComponent).join('/');
  const single = startLine === endLine;
  switch (repo.kind) {
    case 'github':
      return `${repo.webUrl}/blob/${commit}/${path}#L${startLine}${single ? '' : `-L${endLine}`}`;
    case 'gitlab':
      return `${repo.webUrl}/-/blob/${commit}/${path}#L${startLine}${single ? '' : `-${endLine}`}`;
    case 'bitbucket':
      return `${repo.webUrl}/src/${commit}/${path}#lines-${startLine}${single ? '' : `:${endLine}`}`;
    case 'azure': {
      // Azure DevOps selects to the start of lineEnd+1 so the last line is whole.
      const query = new URLSearchParams({ path: `/${location.path}`, version: `GC${commit}`, line: String(startLine), lineEnd: String(endLine + 1), lineStartColumn: '1', lineEndColumn: '1' });
      return `${repo.webUrl}?${query.toString()}`;
    }
  }
}

/** Host and path of the URL forms Git accepts for a remote: scheme://[user@]host[:port]/path and scp-like user@host:path. */
function splitRemote(url: string): { host: string; path: string } | undefined {
  const withScheme = /^(?:https?|ssh|git):\/\/(?:[^@/]+@)?([^/:]+)(?::\d+)?\/(.+)$/i.exec(url);
  if (withScheme) return { host: withScheme[1], path: withScheme[2] };
  const scpLike = /^(?:[^@/]+@)?([^/:]+):(?!\/\/)(.+)$/.exec(url);
  if (scpLike) return { host: scpLike[1], path: scpLike[2] };
  return undefined;
}
