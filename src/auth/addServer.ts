// "ALM: Add Server…": URL (checked at once: something answers there, and it is ALM), sign-in kind
// (password or API key), user name and password or client id and secret, checked against the server (sign-in, REST tree detection and the domain list)
// before anything is saved; then an optional domain/project to pin and a name. A failed check says
// what to fix and goes back to that step. Every answer comes through AuthPrompts, never as a
// command argument, so no other extension can hand it a password.
import * as vscode from 'vscode';
import { checkServerName, checkServerUrl, signInLabel, suggestName, treeLabel } from '../config/servers';
import type { ServerEntry } from '../config/servers';
import type { RestTree } from '../api';
import { readServers, writeServers } from '../config/settings';
import { tokenToSignal } from '../util/cancellation';
import { cancelled, entryFrom, fail } from './serverArgs';
import type { CommandResult, ServerFields } from './serverArgs';
import { checkServer, probeServerUrl } from './serverCheck';
import type { CheckResult, ProjectChoice } from './serverCheck';
import type { DomainChoice, Pin } from './serverPrompts';
import type { AuthServices } from './services';

type Step = 'url' | 'probe' | 'kind' | 'account' | 'secret' | 'check' | 'pin' | 'name' | 'save';

/** `prefill.url`: the URL box starts with it (a defect link's server); the user still confirms every step. */
export async function addServer(services: AuthServices, prefill: { url?: string } = {}): Promise<CommandResult> {
  const prompts = services.prompts();
  const draft: ServerFields & { url: string; username: string; name: string } = { url: prefill.url ?? '', username: '', name: '' };
  let password = '';
  let projects: ProjectChoice[] = [];
  let detected: CheckResult | undefined;
  let step: Step = 'url';
  while (step !== 'save') {
    if (step === 'url') {
      const url = await prompts.serverUrl(vscode.l10n.t('Add ALM Server (1/6)'), draft.url);
      if (url === undefined) return cancelled();
      // The dialog validates as the user types; answers from elsewhere are checked here.
      const problem = checkServerUrl(url);
      if (problem) return fail(problem);
      draft.url = url.trim();
      step = 'probe';
    } else if (step === 'probe') {
      // A wrong URL is said before any credentials are asked for (issue 37).
      const problem = await runProbe(services, entryFrom({ ...draft, name: draft.name || 'new' }));
      if (!problem) {
        step = 'kind';
        continue;
      }
      const fix = await services.prompts().fixCheck(problem.message, problem.problem, draft.auth ?? 'password');
      if (fix !== 'url' && fix !== 'check') return { ok: false, message: problem.message };
      step = fix === 'url' ? 'url' : 'probe';
    } else if (step === 'kind') {
      const kind = await prompts.signInKind(vscode.l10n.t('Add ALM Server (2/6): sign in with'), draft.auth);
      if (kind === undefined) return cancelled();
      draft.auth = kind;
      step = 'account';
    } else if (step === 'account') {
      const apiKey = draft.auth === 'apiKey';
      const value = (await prompts.account(vscode.l10n.t('Add ALM Server (3/6)'), draft.auth ?? 'password', draft.url, (apiKey ? draft.clientId : draft.username) ?? ''))?.trim();
      if (value === undefined) return cancelled();
      if (!value) return fail(apiKey ? vscode.l10n.t('Enter the client id') : vscode.l10n.t('Enter the user name'));
      if (apiKey) draft.clientId = value;
      else draft.username = value;
      step = 'secret';
    } else if (step === 'secret') {
      const secret = await prompts.newSecret(draft.auth ?? 'password', (draft.auth === 'apiKey' ? draft.clientId : draft.username) ?? '');
      if (secret === undefined) return cancelled();
      password = secret;
      step = 'check';
    } else if (step === 'check') {
      const result = await runCheck(services, entryFrom({ ...draft, name: draft.name || 'new' }), password);
      if (result.ok) {
        detected = result;
        projects = result.projects;
        step = 'pin';
        continue;
      }
      const next = await afterFailure(services, result, draft);
      if (!next) return { ok: false, message: result.message };
      step = next;
    } else if (step === 'pin') {
      const pin = await pickPin(services, projects, detected?.ok ? detected.tree : undefined);
      if (pin === undefined) return cancelled();
      if (pin.domain && !projects.some((p) => p.domain === pin.domain && (!pin.project || p.project === pin.project)))
        return fail(vscode.l10n.t('{0} / {1} is not open to {2}.', pin.domain, pin.project ?? '*', signInLabel(entryFrom(draft))));
      draft.domain = pin.domain;
      draft.project = pin.project;
      step = 'name';
    } else {
      const existing = readServers();
      const name = await prompts.serverName(vscode.l10n.t('Add ALM Server (6/6): name of the server'), draft.name || suggestName(draft.url, existing));
      if (name === undefined) return cancelled();
      const problem = checkServerName(name, existing);
      if (problem) return fail(problem);
      draft.name = name.trim();
      step = 'save';
    }
  }
  return save(services, entryFrom(draft), password, detected?.ok ? detected.tree : undefined);
}

async function save(services: AuthServices, entry: ServerEntry, password: string, tree: RestTree | undefined): Promise<CommandResult> {
  await services.vault.set(entry, password);
  await writeServers([...readServers(), entry]);
  await services.reload();
  services.log.child('auth').info(`added server ${entry.name} (${entry.url}, ${signInLabel(entry)}, REST tree ${treeLabel(tree)})`);
  vscode.window.setStatusBarMessage(vscode.l10n.t('Added ALM server {0} (REST tree: {1})', entry.name, treeLabel(tree)), 6000);
  services.serverAdded(entry);
  return { ok: true, server: entry.name, tree };
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

/** Whether an ALM server answers at the URL, asked with a progress notification; the problem when not. */
function runProbe(services: AuthServices, entry: ServerEntry): Promise<Extract<CheckResult, { ok: false }> | undefined> {
  return Promise.resolve(
    vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Checking {0}…', entry.url), cancellable: true }, async (_p, token) => {
      const linked = tokenToSignal(token);
      try {
        return await probeServerUrl(entry, await services.transportFor(entry), services.factory, linked.signal);
      } finally {
        linked.dispose();
      }
    }),
  );
}

/** Explains a failed check and returns the step that fixes it (undefined: give up). */
async function afterFailure(services: AuthServices, result: Extract<CheckResult, { ok: false }>, draft: ServerFields): Promise<Step | undefined> {
  const fix = await services.prompts().fixCheck(result.message, result.problem, draft.auth ?? 'password');
  if (fix === 'caFile') {
    const file = await services.prompts().caFile();
    if (!file) return undefined;
    draft.caFile = file;
    return 'check';
  }
  if (fix === 'noVerify') {
    draft.rejectUnauthorized = false;
    return 'check';
  }
  return fix;
}

/** Pin choices: everything, one domain, or one project. Undefined when cancelled. */
async function pickPin(services: AuthServices, projects: ProjectChoice[], tree: RestTree | undefined): Promise<Pin | undefined> {
  if (projects.length === 0) {
    vscode.window.setStatusBarMessage(vscode.l10n.t('Signed in (REST tree: {0})', treeLabel(tree)), 6000);
    return {};
  }
  const domains: DomainChoice[] = [...new Set(projects.map((p) => p.domain))].map((domain) => ({ domain, projects: projects.filter((p) => p.domain === domain).map((p) => p.project) }));
  return services.prompts().pin(vscode.l10n.t('Add ALM Server (5/6): signed in (REST tree: {0}). Show which part of the server?', treeLabel(tree)), domains);
}
