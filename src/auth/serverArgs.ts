// Shapes the server commands accept: nothing (prompt for everything), a tree node, `{ server }`,
// or a full description that skips the prompts (still validated) so tests and scripts can drive
// them. Results come back as values so callers need not parse notifications.
import * as vscode from 'vscode';
import type { ServerEntry } from '../config/servers';
import type { ConnectionManager } from './connectionManager';
import type { ServerConnection } from './connection';
import { pickServer } from './authProvider';

export interface ServerFields {
  name?: string;
  url?: string;
  username?: string;
  password?: string;
  domain?: string;
  project?: string;
  caFile?: string;
  rejectUnauthorized?: boolean;
}

export type CommandResult = { ok: true; server: string } | { ok: false; message: string; cancelled?: boolean };

export const cancelled = (): CommandResult => ({ ok: false, message: 'Cancelled.', cancelled: true });

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
    void vscode.window.showInformationMessage('No ALM server is configured yet.', 'Add Server').then((c) => {
      if (c) void vscode.commands.executeCommand('almDefects.addServer');
    });
    return undefined;
  }
  return pickServer(manager, title);
}

/** The fields of an argument object that describe a server (wrong types dropped). */
export function fieldsOf(arg: unknown): ServerFields {
  if (typeof arg !== 'object' || arg === null) return {};
  const o = arg as Record<string, unknown>;
  const out: ServerFields = {};
  for (const k of ['name', 'url', 'username', 'password', 'domain', 'project', 'caFile'] as const) {
    if (typeof o[k] === 'string') out[k] = o[k] as string;
  }
  if (typeof o.rejectUnauthorized === 'boolean') out.rejectUnauthorized = o.rejectUnauthorized;
  return out;
}

/** A saved entry from fields, leaving out empty optional values. */
export function entryFrom(f: ServerFields & { name: string; url: string; username: string }): ServerEntry {
  const e: ServerEntry = { name: f.name.trim(), url: f.url.trim().replace(/\/+$/, ''), username: f.username.trim() };
  if (f.domain) e.domain = f.domain;
  if (f.domain && f.project) e.project = f.project;
  if (f.caFile) e.caFile = f.caFile;
  if (f.rejectUnauthorized === false) e.rejectUnauthorized = false;
  return e;
}

/** Reports a failed command to the user (unless it was cancelled) and returns it. */
export function fail(message: string, show = true): CommandResult {
  if (show) void vscode.window.showErrorMessage(message);
  return { ok: false, message };
}
