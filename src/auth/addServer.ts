// "ALM: Add Server…": URL, user name and password, checked against the server (sign-in and the
// domain list) before anything is saved; then an optional domain/project to pin and a name. A
// failed check says what to fix and goes back to that step. With a full argument it runs without
// prompts, validating the same way.
import * as vscode from 'vscode';
import { checkServerName, checkServerUrl, suggestName } from '../config/servers';
import type { ServerEntry } from '../config/servers';
import { readServers, writeServers } from '../config/settings';
import { tokenToSignal } from '../util/cancellation';
import { cancelled, entryFrom, fail, fieldsOf } from './serverArgs';
import type { CommandResult, ServerFields } from './serverArgs';
import { checkServer } from './serverCheck';
import type { CheckResult, ProjectChoice } from './serverCheck';
import type { AuthServices } from './services';

type Step = 'url' | 'username' | 'password' | 'check' | 'pin' | 'name' | 'save';

export async function addServer(services: AuthServices, arg?: unknown): Promise<CommandResult> {
  const f = fieldsOf(arg);
  const existing = readServers();
  if (f.url && f.username && f.password !== undefined) return addScripted(services, f, existing);

  const draft: ServerFields & { url: string; username: string; password: string; name: string } = {
    ...f,
    url: f.url ?? '',
    username: f.username ?? '',
    password: f.password ?? '',
    name: f.name ?? '',
  };
  let projects: ProjectChoice[] = [];
  let step: Step = 'url';
  while (step !== 'save') {
    if (step === 'url') {
      const url = await ask('Add ALM Server (1/3)', 'Base URL of the ALM server, including its root path', draft.url || 'https://', (v) => checkServerUrl(v));
      if (url === undefined) return cancelled();
      draft.url = url.trim();
      step = 'username';
    } else if (step === 'username') {
      const user = await ask('Add ALM Server (2/3)', `User name on ${draft.url}`, draft.username, (v) => (v.trim() ? undefined : 'Enter the user name'));
      if (user === undefined) return cancelled();
      draft.username = user.trim();
      step = 'password';
    } else if (step === 'password') {
      const password = await ask('Add ALM Server (3/3)', `Password of ${draft.username}`, '', (v) => (v ? undefined : 'Enter the password'), true);
      if (password === undefined) return cancelled();
      draft.password = password;
      step = 'check';
    } else if (step === 'check') {
      const result = await runCheck(services, entryFrom({ ...draft, name: draft.name || 'new' }), draft.password);
      if (result.ok) {
        projects = result.projects;
        step = 'pin';
        continue;
      }
      const next = await afterFailure(result, draft);
      if (!next) return { ok: false, message: result.message };
      step = next;
    } else if (step === 'pin') {
      const pin = await pickPin(projects);
      if (pin === undefined) return cancelled();
      draft.domain = pin.domain;
      draft.project = pin.project;
      step = 'name';
    } else {
      const name = await ask('Name of the server', 'Shown in the ALM view', draft.name || suggestName(draft.url, existing), (v) => checkServerName(v, readServers()));
      if (name === undefined) return cancelled();
      draft.name = name.trim();
      step = 'save';
    }
  }
  return save(services, entryFrom(draft), draft.password);
}

async function addScripted(services: AuthServices, f: ServerFields, existing: ServerEntry[]): Promise<CommandResult> {
  const urlProblem = checkServerUrl(f.url ?? '');
  if (urlProblem) return fail(urlProblem);
  const name = f.name?.trim() || suggestName(f.url as string, existing);
  const nameProblem = checkServerName(name, existing);
  if (nameProblem) return fail(nameProblem);
  const entry = entryFrom({ ...f, name, url: f.url as string, username: f.username as string });
  const result = await runCheck(services, entry, f.password as string);
  if (!result.ok) return fail(result.message);
  if (entry.domain && !result.projects.some((p) => p.domain.toLowerCase() === entry.domain?.toLowerCase())) return fail(`Domain "${entry.domain}" is not open to ${entry.username}.`);
  if (entry.project && !result.projects.some((p) => p.domain.toLowerCase() === entry.domain?.toLowerCase() && p.project.toLowerCase() === entry.project?.toLowerCase())) {
    return fail(`Project "${entry.project}" is not in ${entry.domain} or not open to ${entry.username}.`);
  }
  return save(services, entry, f.password as string);
}

async function save(services: AuthServices, entry: ServerEntry, password: string): Promise<CommandResult> {
  await services.vault.set(entry, password);
  await writeServers([...readServers(), entry]);
  await services.reload();
  services.log.child('auth').info(`added server ${entry.name} (${entry.url}, user ${entry.username})`);
  vscode.window.setStatusBarMessage(`Added ALM server ${entry.name}`, 4000);
  return { ok: true, server: entry.name };
}

export function runCheck(services: AuthServices, entry: ServerEntry, password: string): Promise<CheckResult> {
  const undo = services.log.redact(password);
  return Promise.resolve(
    vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Checking ${entry.url}…`, cancellable: true }, async (_p, token) => {
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
      ? { 'Re-enter Password': 'password', 'Change User Name': 'username' }
      : result.problem === 'certificate'
        ? { 'Choose CA File…': 'ca', "Don't Verify Certificate": 'noverify', 'Change URL': 'url' }
        : { 'Change URL': 'url', 'Try Again': 'check' };
  const choice = await vscode.window.showErrorMessage(result.message, { modal: true }, ...Object.keys(actions));
  const action = choice ? actions[choice] : undefined;
  if (action === 'ca') {
    const files = await vscode.window.showOpenDialog({ title: 'CA certificate (PEM)', canSelectMany: false, filters: { Certificates: ['pem', 'crt', 'cer'] } });
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
async function pickPin(projects: ProjectChoice[]): Promise<{ domain?: string; project?: string } | undefined> {
  if (projects.length === 0) return {};
  type Item = vscode.QuickPickItem & { pin: { domain?: string; project?: string } };
  const items: Item[] = [{ label: '$(globe) All domains and projects', pin: {} }];
  for (const domain of [...new Set(projects.map((p) => p.domain))]) {
    items.push({ label: domain, kind: vscode.QuickPickItemKind.Separator, pin: {} });
    items.push({ label: `$(folder-library) ${domain}`, description: 'all projects of the domain', pin: { domain } });
    for (const p of projects.filter((x) => x.domain === domain)) items.push({ label: `$(project) ${p.project}`, description: domain, pin: p });
  }
  const picked = await vscode.window.showQuickPick(items, { title: 'Show which part of the server?', ignoreFocusOut: true });
  return picked?.pin;
}

function ask(title: string, prompt: string, value: string, validate: (v: string) => string | undefined, password = false): Thenable<string | undefined> {
  return vscode.window.showInputBox({ title, prompt, value, password, ignoreFocusOut: true, validateInput: validate });
}
