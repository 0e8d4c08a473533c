// What a connection error offers: "Trust this CA…" (choose the CA's certificate file: it becomes
// the server entry's caFile, added to the OS store and Node's roots) and "Enter Proxy Credentials…"
// (asked again after the proxy refused them). Verification is never switched off from here. Also
// "Open My API Key Page", offered with a refused password (sites that sign in through SSO).
import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import { ProxyAuthError } from '../api';
import { readServers, writeServers } from '../config/settings';
import { splitPem } from '../api';
import { apiKeyPageUrl } from './apiKeyPage';
import { cancelled, connectionFor, fail } from './serverArgs';
import type { CommandResult } from './serverArgs';
import type { AuthServices } from './services';

/** "Trust this CA…": the chosen PEM file becomes the entry's caFile. */
export async function trustCa(services: AuthServices, arg: unknown): Promise<CommandResult> {
  const connection = await connectionFor(services.manager, arg, vscode.l10n.t('Trust a CA for which ALM server?'));
  if (!connection) return cancelled();
  const file = await services.prompts().caFile();
  if (!file) return cancelled();
  let subjects: string[];
  try {
    subjects = splitPem(await readFile(file, 'utf8')).map((pem) => new X509Certificate(pem).subject.replace(/\n/g, ', '));
  } catch {
    subjects = [];
  }
  if (!subjects.length) return fail(vscode.l10n.t('{0} holds no PEM certificate. Choose the CA certificate in PEM form (-----BEGIN CERTIFICATE-----).', file));
  const servers = readServers().map((s) => (s.name === connection.name ? { ...s, caFile: file } : s));
  await writeServers(servers);
  await services.reload();
  services.log.child('auth').info(`${connection.name}: trusting ${subjects.join('; ')} from ${file}`);
  vscode.window.setStatusBarMessage(vscode.l10n.t('{0} now also trusts {1}', connection.name, subjects[0]), 6000);
  return { ok: true, server: connection.name };
}

/** "Enter Proxy Credentials…": asks for the proxy's user and password again and retries. */
export async function enterProxyCredentials(services: AuthServices, arg: unknown): Promise<CommandResult> {
  const connection = await connectionFor(services.manager, arg, vscode.l10n.t('Which ALM server goes through the proxy?'));
  if (!connection) return cancelled();
  const proxy = await services.manager.proxyFor(connection.entry);
  if (!proxy) return fail(vscode.l10n.t('{0} is reached without a proxy.', connection.name));
  const outcome = await services.manager.proxyAuth(connection, new ProxyAuthError('', '', true), true);
  if (!outcome.retry) return fail(outcome.message);
  return { ok: true, server: connection.name };
}

/**
 * "Open My API Key Page": opens the server's API key page in the browser (see apiKeyPage.ts).
 * `{ launch: false }` only says where it would go (tests; no browser to open).
 */
export async function openApiKeyPage(services: AuthServices, arg: unknown): Promise<CommandResult & { url?: string }> {
  const connection = await connectionFor(services.manager, arg, vscode.l10n.t('Open the API key page of which ALM server?'));
  if (!connection) return cancelled();
  const url = apiKeyPageUrl(connection.entry);
  const launch = (arg as { launch?: unknown } | undefined)?.launch !== false;
  if (launch && !(await vscode.env.openExternal(vscode.Uri.parse(url, true)))) return fail(vscode.l10n.t('Could not open {0}.', url));
  services.log.child('auth').info(`${connection.name}: API key page ${url}${launch ? ' opened' : ''}`);
  return { ok: true, server: connection.name, url };
}
