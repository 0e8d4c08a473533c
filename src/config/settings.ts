// Typed access to the extension's settings and to VS Code's proxy settings. Everything that reads
// or writes configuration goes through here, so keys and defaults live in one place.
import * as vscode from 'vscode';
import { parseDefaultProject } from './defaultProject';
import type { DefaultProjectSetting } from './defaultProject';
import { readSavedFilters } from '../defects/filter';
import type { SavedFilter } from '../defects/filter';
import type { ProjectRefKey } from '../shared/projectRef';
import type { Log } from '../util/log';
import { parseServers } from './servers';
import type { ServerEntry } from './servers';
import type { HttpSettings } from './transport';

const SECTION = 'almDefects';

export function readServers(log?: Log): ServerEntry[] {
  const { servers, problems } = parseServers(vscode.workspace.getConfiguration(SECTION).get<unknown>('servers'));
  for (const p of problems) log?.warn(p);
  return servers;
}

/** Writes the servers where the setting is defined now (workspace folder, workspace or user). */
export async function writeServers(servers: readonly ServerEntry[]): Promise<void> {
  const config = vscode.workspace.getConfiguration(SECTION);
  await config.update('servers', servers.map(stripDefaults), targetOf(config.inspect('servers')));
}

export function readHttpSettings(): HttpSettings {
  const http = vscode.workspace.getConfiguration('http');
  const noProxy = http.get<unknown>('noProxy');
  return {
    proxy: http.get<string>('proxy') || undefined,
    proxyStrictSSL: http.get<boolean>('proxyStrictSSL', true),
    noProxy: Array.isArray(noProxy) ? noProxy.filter((x): x is string => typeof x === 'string') : [],
    maxAnswerMB: readMaxAnswerMB(),
    systemCertificates: http.get<boolean>('systemCertificates', true),
    proxyAuthorization: http.get<string>('proxyAuthorization') || undefined,
    proxySupport: http.get<string>('proxySupport', 'override'),
  };
}

/** `almDefects.maxAnswerMB`, clamped to what the package.json schema allows (1–512; strings cap near 512 MB). */
function readMaxAnswerMB(): number {
  const n = vscode.workspace.getConfiguration(SECTION).get<number>('maxAnswerMB', 64);
  return typeof n === 'number' && Number.isFinite(n) ? Math.min(512, Math.max(1, Math.round(n))) : 64;
}

/** Defects per page in the tree, clamped to what the server accepts. */
export function readPageSize(): number {
  const n = vscode.workspace.getConfiguration(SECTION).get<number>('pageSize', 100);
  return Number.isInteger(n) ? Math.min(2000, Math.max(10, n)) : 100;
}

export function readSavedFilterSettings(): SavedFilter[] {
  return readSavedFilters(vscode.workspace.getConfiguration(SECTION).get<unknown>('savedFilters'));
}

export async function writeSavedFilters(filters: readonly SavedFilter[]): Promise<void> {
  const config = vscode.workspace.getConfiguration(SECTION);
  await config.update('savedFilters', filters, targetOf(config.inspect('savedFilters')));
}

/** Whether a configuration change touches what the connections depend on. */
export function affectsConnections(e: vscode.ConfigurationChangeEvent): boolean {
  return ['almDefects.servers', 'almDefects.maxAnswerMB', 'http.proxy', 'http.proxyStrictSSL', 'http.noProxy', 'http.systemCertificates', 'http.proxyAuthorization', 'http.proxySupport'].some((k) =>
    e.affectsConfiguration(k),
  );
}

export function affectsTree(e: vscode.ConfigurationChangeEvent): boolean {
  return e.affectsConfiguration('almDefects.pageSize');
}

function targetOf(inspect: { workspaceFolderValue?: unknown; workspaceValue?: unknown } | undefined): vscode.ConfigurationTarget {
  if (inspect?.workspaceFolderValue !== undefined) return vscode.ConfigurationTarget.WorkspaceFolder;
  if (inspect?.workspaceValue !== undefined) return vscode.ConfigurationTarget.Workspace;
  return vscode.ConfigurationTarget.Global;
}

/** Keeps settings.json tidy: the default (verify certificates) is not written out. */
function stripDefaults(entry: ServerEntry): ServerEntry {
  const out: ServerEntry = { ...entry };
  if (out.rejectUnauthorized !== false) delete out.rejectUnauthorized;
  return out;
}

/**
 * Writes `almDefects.defaultProject` where it is defined now; a new one goes to the workspace when a
 * folder is open (it is the project of this code), else to the user settings.
 */
export async function writeDefaultProject(project: ProjectRefKey): Promise<void> {
  const config = vscode.workspace.getConfiguration(SECTION);
  const inspect = config.inspect('defaultProject');
  const defined = inspect?.workspaceFolderValue !== undefined || inspect?.workspaceValue !== undefined || inspect?.globalValue !== undefined;
  const target = defined || !vscode.workspace.workspaceFolders?.length ? targetOf(inspect) : vscode.ConfigurationTarget.Workspace;
  await config.update('defaultProject', { server: project.server, domain: project.domain, project: project.project }, target);
}

/** `almDefects.defaultProject`: the project of this workspace (`{server, domain, project}`), parts missing allowed. */
export function readDefaultProject(): DefaultProjectSetting | undefined {
  return parseDefaultProject(vscode.workspace.getConfiguration(SECTION).get<unknown>('defaultProject'));
}
