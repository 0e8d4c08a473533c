// What the server commands accept: nothing (ask which server) or which server, as a tree node or
// `{ server }`; everything else they ask through AuthPrompts, so no secret is ever an argument.
// Results come back as values so callers need not parse notifications.
import * as vscode from 'vscode';
import type { RestTree } from '../api';
import type { ServerEntry, SignInKind, TreeChoice } from '../config/servers';
import type { ConnectionManager } from './connectionManager';
import type { ServerConnection } from './connection';
import { pickServer } from './authProvider';
import { COMMAND } from '../util/commands';

export interface ServerFields {
  name?: string;
  url?: string;
  username?: string;
  domain?: string;
  project?: string;
  caFile?: string;
  rejectUnauthorized?: boolean;
  /** `password` (default) or `apiKey` (signs in with `clientId` and the key's secret). */
  auth?: SignInKind;
  clientId?: string;
  dialect?: TreeChoice;
}

/** `tree`: the REST tree the check found (Add/Edit Server), for scripts and tests. */
export type CommandResult = { ok: true; server: string; tree?: RestTree } | { ok: false; message: string; cancelled?: boolean };

export const cancelled = (): CommandResult => ({ ok: false, message: vscode.l10n.t('Cancelled.'), cancelled: true });

/** The server name in a command argument: `{ server: 'Demo' }`, or a tree node holding a server. */
export function serverNameOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  if (typeof arg !== 'object' || arg === null) return undefined;
  const o = arg as { server?: unknown; ref?: { server?: unknown } };
  if (typeof o.server === 'string') return o.server;
  if (typeof o.server === 'object' && o.server !== null && typeof (o.server as { name?: unknown }).name === 'string') return (o.server as { name: string }).name;
  if (typeof o.ref?.server === 'string') return o.ref.server;
  return undefined;
}

/** The connection an argument names, or the one the user picks; undefined if none. */
export async function connectionFor(manager: ConnectionManager, arg: unknown, title: string): Promise<ServerConnection | undefined> {
  const name = serverNameOf(arg);
  if (name) return manager.get(name);
  if (manager.all().length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No ALM server is configured yet.'), vscode.l10n.t('Add Server')).then((c) => {
      if (c) void vscode.commands.executeCommand(COMMAND.addServer);
    });
    return undefined;
  }
  return pickServer(manager, title);
}

/** A saved entry from fields, leaving out empty optional values. */
export function entryFrom(f: ServerFields & { name: string; url: string; username: string }): ServerEntry {
  const e: ServerEntry = { name: f.name.trim(), url: f.url.trim().replace(/\/+$/, ''), username: f.username.trim() };
  if (f.domain) e.domain = f.domain;
  if (f.domain && f.project) e.project = f.project;
  if (f.caFile) e.caFile = f.caFile;
  if (f.rejectUnauthorized === false) e.rejectUnauthorized = false;
  if (f.auth === 'apiKey') {
    e.auth = 'apiKey';
    e.clientId = f.clientId?.trim() ?? '';
  }
  if (f.dialect === 'api' || f.dialect === 'rest') e.dialect = f.dialect;
  return e;
}

/** Reports a failed command to the user (unless it was cancelled) and returns it. */
export function fail(message: string, show = true): CommandResult {
  if (show) void vscode.window.showErrorMessage(message);
  return { ok: false, message };
}
