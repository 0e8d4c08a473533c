// "ALM: Add Server…": URL, sign-in kind (password or API key), user name and password or client
// id and secret, checked against the server (sign-in, REST tree detection and the domain list)
// before anything is saved; then an optional domain/project to pin and a name. A failed check says
// what to fix and goes back to that step. With a full argument it runs without prompts, validating
// the same way.
import * as vscode from 'vscode';
import { checkServerName, checkServerUrl, signInLabel, suggestName, treeLabel } from '../config/servers';
import type { ServerEntry, SignInKind } from '../config/servers';
import type { RestTree } from '../api';
import { readServers, writeServers } from '../config/settings';
import { tokenToSignal } from '../util/cancellation';
import { cancelled, entryFrom, fail, fieldsOf } from './serverArgs';
import type { CommandResult, ServerFields } from './serverArgs';
import { checkServer } from './serverCheck';
import type { CheckResult, ProjectChoice } from './serverCheck';
import type { AuthServices } from './services';

type Step = 'url' | 'kind' | 'username' | 'password' | 'check' | 'pin' | 'name' | 'save';

export async function addServer(services: AuthServices, arg?: unknown): Promise<CommandResult> {
  const f = fieldsOf(arg);
  const existing = readServers();
  if (f.url && (f.auth === 'apiKey' ? f.clientId : f.username) && f.password !== undefined) return addScripted(services, f, existing);

  const draft: ServerFields & { url: string; username: string; password: string; name: string } = {
    ...f,
    url: f.url ?? '',
    username: f.username ?? '',
    password: f.password ?? '',
    name: f.name ?? '',
  };
  let projects: ProjectChoice[] = [];
  let detected: CheckResult | undefined;
  let step: Step = 'url';
  while (step !== 'save') {
    if (step === 'url') {
      const url = await ask(vscode.l10n.t('Add ALM Server (1/4)'), vscode.l10n.t('Base URL of the ALM server, including its root path'), draft.url || 'https://', (v) => checkServerUrl(v));
      if (url === undefined) return cancelled();
      draft.url = url.trim();
      step = 'kind';
    } else if (step === 'kind') {
      const kind = await pickSignInKind(draft.auth);
      if (kind === undefined) return cancelled();
      draft.auth = kind;
      step = 'username';
    } else if (step === 'username') {
      const apiKey = draft.auth === 'apiKey';
      const value = apiKey
        ? await ask(vscode.l10n.t('Add ALM Server (3/4)'), vscode.l10n.t("Client id of the API key on {0} (from ALM's API Key Management)", draft.url), draft.clientId ?? '', (v) => (v.trim() ? undefined : vscode.l10n.t('Enter the client id')))
        : await ask(vscode.l10n.t('Add ALM Server (3/4)'), vscode.l10n.t('User name on {0}', draft.url), draft.username, (v) => (v.trim() ? undefined : vscode.l10n.t('Enter the user name')));
      if (value === undefined) return cancelled();
      if (apiKey) draft.clientId = value.trim();
      else draft.username = value.trim();
      step = 'password';
    } else if (step === 'password') {
      const what = draft.auth === 'apiKey' ? vscode.l10n.t('Secret of API key {0}', draft.clientId ?? '') : vscode.l10n.t('Password of {0}', draft.username);
      const password = await ask(vscode.l10n.t('Add ALM Server (4/4)'), what, '', (v) => (v ? undefined : draft.auth === 'apiKey' ? vscode.l10n.t('Enter the secret') : vscode.l10n.t('Enter the password')), true);
      if (password === undefined) return cancelled();
      draft.password = password;
      step = 'check';
    } else if (step === 'check') {
      const result = await runCheck(services, entryFrom({ ...draft, name: draft.name || 'new' }), draft.password);
      if (result.ok) {
        detected = result;
        projects = result.projects;
        step = 'pin';
        continue;
      }
      const next = await afterFailure(result, draft);
      if (!next) return { ok: false, message: result.message };
      step = next;
    } else if (step === 'pin') {
      const pin = await pickPin(projects, detected?.ok ? detected.tree : undefined);
      if (pin === undefined) return cancelled();
      draft.domain = pin.domain;
      draft.project = pin.project;
      step = 'name';
    } else {
      const name = await ask(vscode.l10n.t('Name of the server'), vscode.l10n.t('Shown in the ALM view'), draft.name || suggestName(draft.url, existing), (v) => checkServerName(v, readServers()));
      if (name === undefined) return cancelled();
      draft.name = name.trim();
      step = 'save';
    }
  }
  return save(services, entryFrom(draft), draft.password, detected?.ok ? detected.tree : undefined);
}

async function addScripted(services: AuthServices, f: ServerFields, existing: ServerEntry[]): Promise<CommandResult> {
  const urlProblem = checkServerUrl(f.url ?? '');
  if (urlProblem) return fail(urlProblem);
  const name = f.name?.trim() || suggestName(f.url as string, existing);
  const nameProblem = checkServerName(name, existing);
  if (nameProblem) return fail(nameProblem);
  const entry = entryFrom({ ...f, name, url: f.url as string, username: f.username ?? '' });
  const result = await runCheck(services, entry, f.password as string);
  if (!result.ok) return fail(result.message);
  const who = signInLabel(entry);
  if (entry.domain && !result.projects.some((p) => p.domain.toLowerCase() === entry.domain?.toLowerCase())) return fail(vscode.l10n.t('Domain "{0}" is not open to {1}.', entry.domain, who));
  if (entry.project && !result.projects.some((p) => p.domain.toLowerCase() === entry.domain?.toLowerCase() && p.project.toLowerCase() === entry.project?.toLowerCase())) {
    return fail(vscode.l10n.t('Project "{0}" is not in {1} or not open to {2}.', entry.project, entry.domain ?? '', who));
  }
  return save(services, entry, f.password as string, result.tree);
}

async function save(services: AuthServices, entry: ServerEntry, password: string, tree: RestTree | undefined): Promise<CommandResult> {
  await services.vault.set(entry, password);
  await writeServers([...readServers(), entry]);
  await services.reload();
  services.log.child('auth').info(`added server ${entry.name} (${entry.url}, ${signInLabel(entry)}, REST tree ${treeLabel(tree)})`);
  vscode.window.setStatusBarMessage(vscode.l10n.t('Added ALM server {0} (REST tree: {1})', entry.name, treeLabel(tree)), 6000);
  return { ok: true, server: entry.name, tree };
}

/** Password or API key; undefined when cancelled. */
async function pickSignInKind(current: SignInKind | undefined): Promise<SignInKind | undefined> {
  type Item = vscode.QuickPickItem & { signIn: SignInKind };
  const items: Item[] = [
    { label: `$(person) ${vscode.l10n.t('User name and password')}`, signIn: 'password' },
    { label: `$(key) ${vscode.l10n.t('API key')}`, description: vscode.l10n.t('client id and secret (ALM 12.60 and later)'), detail: vscode.l10n.t('For sites that allow only API keys for REST clients, or single sign-on users.'), signIn: 'apiKey' },
  ];
  const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Add ALM Server (2/4): sign in with'), ignoreFocusOut: true, placeHolder: current === 'apiKey' ? vscode.l10n.t('API key') : vscode.l10n.t('User name and password') });
  return picked?.signIn;
}

export function runCheck(services: AuthServices, entry: ServerEntry, password: string): Promise<CheckResult> {
  const undo = services.log.redact(password);
  return Promise.resolve(
    vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Checking {0}…', entry.url), cancellable: true }, async (_p, token) => {
      const linked = tokenToSignal(token);
      try {
        return await checkServer(entry, password, await services.transportFor(entry), services.factory, linked.signal);
      } finally {
        linked.dispose();
      }
    }),
  ).finally(undo);
}

/** Explains a failed check and returns the step that fixes it (undefined: give up). */
async function afterFailure(result: Extract<CheckResult, { ok: false }>, draft: ServerFields): Promise<Step | undefined> {
  const actions: Record<string, Step | 'ca' | 'noverify'> =
    result.problem === 'credentials'
      ? draft.auth === 'apiKey'
        ? { [vscode.l10n.t('Re-enter Secret')]: 'password', [vscode.l10n.t('Change Client Id')]: 'username', [vscode.l10n.t('Change Sign-in Kind')]: 'kind' }
        : { [vscode.l10n.t('Re-enter Password')]: 'password', [vscode.l10n.t('Change User Name')]: 'username', [vscode.l10n.t('Change Sign-in Kind')]: 'kind' }
      : result.problem === 'certificate'
        ? { [vscode.l10n.t('Choose CA File…')]: 'ca', [vscode.l10n.t("Don't Verify Certificate")]: 'noverify', [vscode.l10n.t('Change URL')]: 'url' }
        : { [vscode.l10n.t('Change URL')]: 'url', [vscode.l10n.t('Try Again')]: 'check' };
  const choice = await vscode.window.showErrorMessage(result.message, { modal: true }, ...Object.keys(actions));
  const action = choice ? actions[choice] : undefined;
  if (action === 'ca') {
    const files = await vscode.window.showOpenDialog({ title: vscode.l10n.t('CA certificate (PEM)'), canSelectMany: false, filters: { [vscode.l10n.t('Certificates')]: ['pem', 'crt', 'cer'] } });
    if (!files?.length) return undefined;
    draft.caFile = files[0].fsPath;
    return 'check';
  }
  if (action === 'noverify') {
    draft.rejectUnauthorized = false;
    return 'check';
  }
  return action;
}

/** Pin choices: everything, one domain, or one project. Undefined when cancelled. */
async function pickPin(projects: ProjectChoice[], tree: RestTree | undefined): Promise<{ domain?: string; project?: string } | undefined> {
  if (projects.length === 0) {
    vscode.window.setStatusBarMessage(vscode.l10n.t('Signed in (REST tree: {0})', treeLabel(tree)), 6000);
    return {};
  }
  type Item = vscode.QuickPickItem & { pin: { domain?: string; project?: string } };
  const items: Item[] = [{ label: `$(globe) ${vscode.l10n.t('All domains and projects')}`, pin: {} }];
  for (const domain of [...new Set(projects.map((p) => p.domain))]) {
    items.push({ label: domain, kind: vscode.QuickPickItemKind.Separator, pin: {} });
    items.push({ label: `$(folder-library) ${domain}`, description: vscode.l10n.t('all projects of the domain'), pin: { domain } });
    for (const p of projects.filter((x) => x.domain === domain)) items.push({ label: `$(project) ${p.project}`, description: domain, pin: p });
  }
  const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Signed in (REST tree: {0}). Show which part of the server?', treeLabel(tree)), ignoreFocusOut: true });
  return picked?.pin;
}

function ask(title: string, prompt: string, value: string, validate: (v: string) => string | undefined, password = false): Thenable<string | undefined> {
  return vscode.window.showInputBox({ title, prompt, value, password, ignoreFocusOut: true, validateInput: validate });
}
