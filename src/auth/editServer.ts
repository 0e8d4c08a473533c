// "ALM: Edit Server…" and "ALM: Remove Server…". A change of URL or user name is checked against
// the server (with the stored or a newly typed password) before it is saved; the password moves
// with it. Removing signs out (releasing the session's locks) and deletes the stored password.
import * as vscode from 'vscode';
import type { RestTree } from '../api';
import { checkServerName, checkServerUrl, secretKey, signInLabel, treeLabel } from '../config/servers';
import type { ServerEntry, TreeChoice } from '../config/servers';
import { readServers, writeServers } from '../config/settings';
import { runCheck } from './addServer';
import { cancelled, connectionFor, entryFrom, fail, fieldsOf } from './serverArgs';
import type { CommandResult, ServerFields } from './serverArgs';
import type { AuthServices } from './services';

type Field = 'name' | 'url' | 'username' | 'signIn' | 'tree' | 'pin' | 'caFile' | 'verify';

export async function editServer(services: AuthServices, arg?: unknown): Promise<CommandResult> {
  const connection = await connectionFor(services.manager, arg, vscode.l10n.t('Edit which ALM server?'));
  if (!connection) return cancelled();
  const before = connection.entry;
  const given = fieldsOf(arg);
  const scripted = Object.keys(given).length > 0;
  const changes: ServerFields = scripted ? given : await promptChange(services, before);
  if (changes === CANCEL) return cancelled();

  const next = entryFrom({ ...before, ...changes, name: changes.name ?? before.name, url: changes.url ?? before.url, username: changes.username ?? before.username });
  if (changes.domain === '') delete next.domain;
  if (changes.domain === '' || changes.project === '') delete next.project;
  if (changes.caFile === '') delete next.caFile;
  if (next.name !== before.name) {
    const problem = checkServerName(next.name, readServers(), before.name);
    if (problem) return fail(problem);
  }
  const urlProblem = checkServerUrl(next.url);
  if (urlProblem) return fail(urlProblem);

  if (next.auth === 'apiKey' && !next.clientId) return fail(vscode.l10n.t('An API key needs its client id.'));
  if (next.auth !== 'apiKey' && !next.username) return fail(vscode.l10n.t('Enter the user name.'));
  const identityChanged = next.url !== before.url || secretKey(next) !== secretKey(before);
  const transportChanged = next.caFile !== before.caFile || next.rejectUnauthorized !== before.rejectUnauthorized;
  const needsCheck = identityChanged || transportChanged || next.dialect !== before.dialect || changes.password !== undefined;
  let password = changes.password;
  if (needsCheck && password === undefined) {
    // The stored secret still applies when only the URL, tree or TLS changed; another user or key needs theirs.
    if (secretKey({ ...next, url: before.url }) === secretKey(before)) password = await services.vault.get(before);
    if (password === undefined) {
      const apiKey = next.auth === 'apiKey';
      if (scripted) return fail(apiKey ? vscode.l10n.t('Give the secret of API key {0} to check the new settings.', next.clientId ?? '') : vscode.l10n.t('Give the password of {0} to check the new settings.', next.username));
      password = await vscode.window.showInputBox({
        title: apiKey ? vscode.l10n.t('Enter the secret of API key {0} on {1}', next.clientId ?? '', next.url) : vscode.l10n.t('Enter the password of {0} on {1}', next.username, next.url),
        password: true,
        ignoreFocusOut: true,
      });
      if (password === undefined) return cancelled();
    }
  }
  let tree: RestTree | undefined;
  if (needsCheck && password !== undefined) {
    const result = await runCheck(services, next, password);
    if (!result.ok) return fail(result.message);
    tree = result.tree;
    vscode.window.setStatusBarMessage(vscode.l10n.t('{0}: signed in (REST tree: {1})', next.name, treeLabel(tree)), 6000);
  }

  const servers = readServers().map((s) => (s.name === before.name ? next : s));
  if (password !== undefined && (identityChanged || changes.password !== undefined)) {
    await services.vault.set(next, password);
    if (identityChanged) await services.vault.delete(before);
  }
  await writeServers(servers);
  await services.reload();
  services.log.child('auth').info(`edited server ${before.name}${next.name !== before.name ? ` (now ${next.name})` : ''}`);
  return { ok: true, server: next.name, ...(tree ? { tree } : {}) };
}

export async function removeServer(services: AuthServices, arg?: unknown): Promise<CommandResult> {
  const connection = await connectionFor(services.manager, arg, vscode.l10n.t('Remove which ALM server?'));
  if (!connection) return cancelled();
  if (!(await services.prompts().confirmRemove(connection.name))) return cancelled();
  const name = connection.name;
  await connection.signOut();
  await writeServers(readServers().filter((s) => s.name !== name));
  await services.reload();
  services.log.child('auth').info(`removed server ${name}`);
  return { ok: true, server: name };
}

const CANCEL: ServerFields = {};

/** Asks what to change and the new value; CANCEL when the user backs out. */
async function promptChange(services: AuthServices, entry: ServerEntry): Promise<ServerFields> {
  type Item = vscode.QuickPickItem & { field: Field };
  const items: Item[] = [
    { label: vscode.l10n.t('Name'), description: entry.name, field: 'name' },
    { label: vscode.l10n.t('URL'), description: entry.url, field: 'url' },
    { label: entry.auth === 'apiKey' ? vscode.l10n.t('API Key Client Id') : vscode.l10n.t('User Name'), description: entry.auth === 'apiKey' ? entry.clientId : entry.username, field: 'username' },
    { label: vscode.l10n.t('Sign-in Kind'), description: entry.auth === 'apiKey' ? vscode.l10n.t('API key') : vscode.l10n.t('user name and password'), field: 'signIn' },
    { label: vscode.l10n.t('REST Tree'), description: `${entry.dialect ?? 'auto'}${services.manager.get(entry.name)?.tree ? ` ${vscode.l10n.t('(in use: {0})', treeLabel(services.manager.get(entry.name)?.tree))}` : ''}`, field: 'tree' },
    { label: vscode.l10n.t('Pinned Domain and Project'), description: entry.domain ? `${entry.domain}${entry.project ? ` / ${entry.project}` : ''}` : vscode.l10n.t('all'), field: 'pin' },
    { label: vscode.l10n.t('CA File'), description: entry.caFile ?? vscode.l10n.t('none (system certificates)'), field: 'caFile' },
    { label: vscode.l10n.t('Certificate Verification'), description: entry.rejectUnauthorized === false ? vscode.l10n.t('off') : vscode.l10n.t('on'), field: 'verify' },
  ];
  const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Edit {0}', entry.name), ignoreFocusOut: true });
  if (!picked) return CANCEL;
  const input = (prompt: string, value: string, validate: (v: string) => string | undefined): Thenable<string | undefined> =>
    vscode.window.showInputBox({ title: vscode.l10n.t('Edit {0}', entry.name), prompt, value, ignoreFocusOut: true, validateInput: validate });
  switch (picked.field) {
    case 'name': {
      const v = await input(vscode.l10n.t('New name'), entry.name, (x) => checkServerName(x, readServers(), entry.name));
      return v === undefined ? CANCEL : { name: v.trim() };
    }
    case 'url': {
      const v = await input(vscode.l10n.t('New base URL'), entry.url, (x) => checkServerUrl(x));
      return v === undefined ? CANCEL : { url: v.trim() };
    }
    case 'username': {
      if (entry.auth === 'apiKey') {
        const v = await input(vscode.l10n.t('New client id of the API key'), entry.clientId ?? '', (x) => (x.trim() ? undefined : vscode.l10n.t('Enter the client id')));
        return v === undefined ? CANCEL : { clientId: v.trim() };
      }
      const v = await input(vscode.l10n.t('New user name'), entry.username, (x) => (x.trim() ? undefined : vscode.l10n.t('Enter the user name')));
      return v === undefined ? CANCEL : { username: v.trim() };
    }
    case 'signIn':
      return pickSignIn(entry, input);
    case 'tree': {
      type TreeItem = vscode.QuickPickItem & { choice: TreeChoice };
      const trees: TreeItem[] = [
        { label: 'auto', description: vscode.l10n.t('detect once per sign-in, /api where both answer'), choice: 'auto' },
        { label: 'api', description: vscode.l10n.t('the /api tree of ALM 12.5x'), choice: 'api' },
        { label: 'rest', description: vscode.l10n.t('the Core /rest tree (every ALM version)'), choice: 'rest' },
      ];
      const t = await vscode.window.showQuickPick(trees, { title: vscode.l10n.t('REST tree of {0}', entry.name), ignoreFocusOut: true });
      return t ? { dialect: t.choice } : CANCEL;
    }
    case 'pin':
      return pickPinFor(services, entry);
    case 'caFile': {
      const systemOnly = vscode.l10n.t('Use System Certificates Only');
      const choice = await vscode.window.showQuickPick([vscode.l10n.t('Choose CA File…'), systemOnly], { title: vscode.l10n.t('CA certificates') });
      if (choice === systemOnly) return { caFile: '' };
      if (!choice) return CANCEL;
      const files = await vscode.window.showOpenDialog({ canSelectMany: false, filters: { Certificates: ['pem', 'crt', 'cer'] } });
      return files?.length ? { caFile: files[0].fsPath } : CANCEL;
    }
    case 'verify': {
      if (entry.rejectUnauthorized === false) return { rejectUnauthorized: true };
      const ok = await vscode.window.showWarningMessage(
        vscode.l10n.t('Turn off certificate verification for {0}?', entry.name),
        { modal: true, detail: vscode.l10n.t('Anyone between you and the server could read your password. Prefer adding the CA file.') },
        vscode.l10n.t('Turn Off'),
      );
      return ok ? { rejectUnauthorized: false } : CANCEL;
    }
  }
}

/** Switches between password and API key, asking for the new user name or client id (the secret is asked next). */
async function pickSignIn(entry: ServerEntry, input: (prompt: string, value: string, validate: (v: string) => string | undefined) => Thenable<string | undefined>): Promise<ServerFields> {
  const apiKey = vscode.l10n.t('API key');
  const kinds = [vscode.l10n.t('User name and password'), apiKey];
  const picked = await vscode.window.showQuickPick(kinds, { title: vscode.l10n.t('Sign in to {0} with', entry.name), placeHolder: vscode.l10n.t('now: {0}', signInLabel(entry)), ignoreFocusOut: true });
  if (!picked) return CANCEL;
  if (picked === apiKey) {
    const id = await input(vscode.l10n.t('Client id of the API key'), entry.clientId ?? '', (x) => (x.trim() ? undefined : vscode.l10n.t('Enter the client id')));
    return id === undefined ? CANCEL : { auth: 'apiKey', clientId: id.trim() };
  }
  const user = await input(vscode.l10n.t('User name'), entry.username, (x) => (x.trim() ? undefined : vscode.l10n.t('Enter the user name')));
  return user === undefined ? CANCEL : { auth: 'password', username: user.trim() };
}

async function pickPinFor(services: AuthServices, entry: ServerEntry): Promise<ServerFields> {
  const connection = services.manager.get(entry.name);
  if (!connection) return CANCEL;
  const domains = await connection.domains().catch((e: unknown) => {
    void vscode.window.showErrorMessage(vscode.l10n.t('Cannot list the domains of {0}: {1}', entry.name, e instanceof Error ? e.message : String(e)));
    return undefined;
  });
  if (!domains) return CANCEL;
  type Item = vscode.QuickPickItem & { pin: ServerFields };
  const items: Item[] = [{ label: `$(globe) ${vscode.l10n.t('All domains and projects')}`, pin: { domain: '', project: '' } }];
  for (const d of domains) {
    items.push({ label: `$(folder-library) ${d.name}`, description: vscode.l10n.t('all projects'), pin: { domain: d.name, project: '' } });
    const projects = d.projects ?? (await connection.projects(d.name).catch(() => []));
    for (const p of projects) items.push({ label: `    $(project) ${p.name}`, description: d.name, pin: { domain: d.name, project: p.name } });
  }
  const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Pin {0} to', entry.name), ignoreFocusOut: true });
  return picked?.pin ?? CANCEL;
}
