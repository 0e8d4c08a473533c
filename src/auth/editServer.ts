// "ALM: Edit Server…" and "ALM: Remove Server…". A change of URL or user name is checked against
// the server (with the stored or a newly typed password) before it is saved; the password moves
// with it. Removing signs out (releasing the session's locks) and deletes the stored password.
import * as vscode from 'vscode';
import type { RestTree } from '../api';
import { checkServerName, checkServerUrl, secretKey, treeLabel } from '../config/servers';
import type { ServerEntry } from '../config/servers';
import { readServers, writeServers } from '../config/settings';
import { runCheck } from './addServer';
import { cancelled, connectionFor, entryFrom, fail } from './serverArgs';
import type { CommandResult, ServerFields } from './serverArgs';
import type { DomainChoice } from './serverPrompts';
import type { AuthServices } from './services';

export async function editServer(services: AuthServices, arg?: unknown): Promise<CommandResult> {
  const connection = await connectionFor(services.manager, arg, vscode.l10n.t('Edit which ALM server?'));
  if (!connection) return cancelled();
  const before = connection.entry;
  const changes = await promptChange(services, before, apiKeyRequested(arg));
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
  const needsCheck = identityChanged || transportChanged || next.dialect !== before.dialect;
  let password: string | undefined;
  if (needsCheck) {
    // The stored secret still applies when only the URL, tree or TLS changed; another user or key needs theirs.
    if (secretKey({ ...next, url: before.url }) === secretKey(before)) password = await services.vault.get(before);
    if (password === undefined) {
      password = await services.prompts().secret(next);
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
  if (password !== undefined && identityChanged) {
    await services.vault.set(next, password);
    await services.vault.delete(before);
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

/** `{ server, signIn: 'apiKey' }`: "Use an API Key" after a refused password goes straight to the key's client id. */
function apiKeyRequested(arg: unknown): boolean {
  return typeof arg === 'object' && arg !== null && (arg as { signIn?: unknown }).signIn === 'apiKey';
}

/** Asks what to change and the new value; CANCEL when the user backs out. */
async function promptChange(services: AuthServices, entry: ServerEntry, toApiKey = false): Promise<ServerFields> {
  const prompts = services.prompts();
  const title = vscode.l10n.t('Edit {0}', entry.name);
  if (toApiKey) {
    const clientId = (await prompts.account(title, 'apiKey', entry.url, entry.clientId ?? ''))?.trim();
    return clientId === undefined ? CANCEL : { auth: 'apiKey', clientId };
  }
  const field = await prompts.editField(entry, services.manager.get(entry.name)?.tree);
  const trimmed = (v: string | undefined) => v?.trim();
  switch (field) {
    case undefined:
      return CANCEL;
    case 'name': {
      const v = trimmed(await prompts.serverName(title, entry.name, entry.name));
      return v === undefined ? CANCEL : { name: v };
    }
    case 'url': {
      const v = trimmed(await prompts.serverUrl(title, entry.url));
      return v === undefined ? CANCEL : { url: v };
    }
    case 'account': {
      const kind = entry.auth ?? 'password';
      const v = trimmed(await prompts.account(title, kind, entry.url, (kind === 'apiKey' ? entry.clientId : entry.username) ?? ''));
      return v === undefined ? CANCEL : kind === 'apiKey' ? { clientId: v } : { username: v };
    }
    case 'signIn': {
      // Switching between password and API key asks for the new user name or client id (the secret is asked next).
      const kind = await prompts.signInKind(vscode.l10n.t('Sign in to {0} with', entry.name), entry.auth);
      if (!kind) return CANCEL;
      const v = trimmed(await prompts.account(title, kind, entry.url, (kind === 'apiKey' ? entry.clientId : entry.username) ?? ''));
      return v === undefined ? CANCEL : kind === 'apiKey' ? { auth: 'apiKey', clientId: v } : { auth: 'password', username: v };
    }
    case 'tree': {
      const choice = await prompts.treeChoice(entry);
      return choice ? { dialect: choice } : CANCEL;
    }
    case 'pin':
      return pickPinFor(services, entry);
    case 'caFile': {
      const file = await prompts.editCaFile(entry);
      return file === undefined ? CANCEL : { caFile: file };
    }
    case 'verify':
      if (entry.rejectUnauthorized === false) return { rejectUnauthorized: true };
      return (await prompts.confirmNoVerify(entry.name)) ? { rejectUnauthorized: false } : CANCEL;
  }
}

async function pickPinFor(services: AuthServices, entry: ServerEntry): Promise<ServerFields> {
  const connection = services.manager.get(entry.name);
  if (!connection) return CANCEL;
  const domains = await connection.domains().catch((e: unknown) => {
    void vscode.window.showErrorMessage(vscode.l10n.t('Cannot list the domains of {0}: {1}', entry.name, e instanceof Error ? e.message : String(e)));
    return undefined;
  });
  if (!domains) return CANCEL;
  const choices: DomainChoice[] = [];
  for (const d of domains) {
    const projects = d.projects ?? (await connection.projects(d.name).catch(() => []));
    choices.push({ domain: d.name, projects: projects.map((p) => p.name) });
  }
  const pin = await services.prompts().pin(vscode.l10n.t('Pin {0} to', entry.name), choices);
  if (!pin) return CANCEL;
  // '' clears the pinned domain or project of the entry.
  return { domain: pin.domain ?? '', project: pin.project ?? '' };
}
