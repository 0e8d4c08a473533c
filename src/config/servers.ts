// The `almDefects.servers` setting: its entries, how they are read from untrusted JSON, and the
// checks the add/edit commands run before saving. No `vscode` import: tested in plain Node.
import * as l10n from '@vscode/l10n';
import type { Credentials } from '../api';

/**
 * A server name no entry of `almDefects.servers` has: what every lookup of a server by name says
 * (ConnectionManager.connection, chat's server choice, which adds the names that are configured).
 */
export class UnknownServerError extends Error {
  override readonly name = 'UnknownServerError';
  constructor(
    readonly server: string,
    /** The configured names, when the message should list them (for a model or a person to pick one). */
    configured?: readonly string[],
  ) {
    const known = configured ? ` ${l10n.t('Configured: {0}.', configured.map((n) => `"${n}"`).join(', '))}` : '';
    super(`${l10n.t('No ALM server named "{0}" is configured.', server)}${known}`);
  }
}

/** How the extension signs in: a user's password, or an API key (client id here, secret in SecretStorage). */
export type SignInKind = 'password' | 'apiKey';

/** Which REST tree the client speaks; `auto` (the default) detects it once per sign-in. */
export type TreeChoice = 'auto' | 'api' | 'rest';

/** One configured ALM server, as stored in settings. The password or API secret lives in SecretStorage. */
export interface ServerEntry {
  name: string;
  /** Base URL including the root path, without a trailing slash (e.g. https://alm.example.com/qcbin). */
  url: string;
  /** The ALM user (for an API key: optional, the server names the key's user at sign-in). */
  username: string;
  /** Absent means `password`. */
  auth?: SignInKind;
  /** The API key's client id (with `auth: apiKey`). */
  clientId?: string;
  /** Absent means `auto`. */
  dialect?: Exclude<TreeChoice, 'auto'>;
  /** Pins the tree to one domain. */
  domain?: string;
  /** Pins the tree to one project (with `domain`). */
  project?: string;
  /** PEM file with extra certificate authorities. */
  caFile?: string;
  /** false turns certificate verification off for this server. */
  rejectUnauthorized?: boolean;
}

export interface ParsedServers {
  servers: ServerEntry[];
  /** Entries that were skipped, and why (shown in the log). */
  problems: string[];
}

/** Reads the setting's raw value; skips malformed entries and duplicate names rather than failing. */
export function parseServers(raw: unknown): ParsedServers {
  const servers: ServerEntry[] = [];
  const problems: string[] = [];
  if (!Array.isArray(raw)) return { servers, problems: raw === undefined ? [] : [l10n.t('almDefects.servers is not an array')] };
  const names = new Set<string>();
  raw.forEach((item: unknown, index) => {
    const entry = toEntry(item);
    if (typeof entry === 'string') {
      problems.push(`almDefects.servers[${index}]: ${entry}`);
    } else if (names.has(entry.name.toLowerCase())) {
      problems.push(l10n.t('almDefects.servers[{0}]: the name "{1}" is used twice; the second entry is ignored', index, entry.name));
    } else {
      names.add(entry.name.toLowerCase());
      servers.push(entry);
    }
  });
  return { servers, problems };
}

function toEntry(item: unknown): ServerEntry | string {
  if (typeof item !== 'object' || item === null) return l10n.t('not an object');
  const o = item as Record<string, unknown>;
  const str = (k: string): string | undefined => (typeof o[k] === 'string' && o[k].trim() !== '' ? o[k].trim() : undefined);
  const name = str('name');
  const url = str('url');
  const username = str('username');
  const apiKey = o.auth === 'apiKey';
  const clientId = str('clientId');
  if (!name) return l10n.t('has no name');
  if (o.auth !== undefined && o.auth !== 'password' && !apiKey) return l10n.t('"{0}": auth must be "password" or "apiKey"', name);
  if (apiKey && !clientId) return l10n.t('"{0}" signs in with an API key but has no clientId', name);
  if (!apiKey && !username) return l10n.t('"{0}" has no username', name);
  if (o.dialect !== undefined && o.dialect !== 'auto' && o.dialect !== 'api' && o.dialect !== 'rest') return l10n.t('"{0}": dialect must be "auto", "api" or "rest"', name);
  const urlProblem = checkServerUrl(url ?? '');
  if (urlProblem) return `"${name}": ${urlProblem}`;
  const entry: ServerEntry = { name, url: normalizeServerUrl(url as string), username: username ?? '' };
  if (apiKey) {
    entry.auth = 'apiKey';
    entry.clientId = clientId;
  }
  if (o.dialect === 'api' || o.dialect === 'rest') entry.dialect = o.dialect;
  const domain = str('domain');
  const project = str('project');
  const caFile = str('caFile');
  if (domain) entry.domain = domain;
  if (domain && project) entry.project = project;
  if (caFile) entry.caFile = caFile;
  if (o.rejectUnauthorized === false) entry.rejectUnauthorized = false;
  return entry;
}

/** Undefined when `url` can be a server base URL; otherwise what is wrong, in words a user acts on. */
export function checkServerUrl(url: string): string | undefined {
  const text = url.trim();
  if (!text) return l10n.t('Enter the server URL, e.g. https://alm.example.com/qcbin');
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return l10n.t('"{0}" is not a URL. Enter it like https://alm.example.com/qcbin', text);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return l10n.t('The URL must start with http:// or https://');
  if (parsed.username || parsed.password) return l10n.t('Leave the user name and password out of the URL; you are asked for them next');
  if (parsed.search || parsed.hash) return l10n.t('The URL must not contain "?" or "#": enter the base URL only, e.g. https://alm.example.com/qcbin');
  return undefined;
}

/** Trims spaces and trailing slashes; the API client appends `/api/...` to it. */
function normalizeServerUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** Undefined when `name` can name a new (or renamed) server. */
export function checkServerName(name: string, existing: readonly ServerEntry[], except?: string): string | undefined {
  const text = name.trim();
  if (!text) return l10n.t('Enter a name for the server');
  if (text.includes('/')) return l10n.t('The name cannot contain "/"');
  const clash = existing.find((s) => s.name.toLowerCase() === text.toLowerCase() && s.name !== except);
  return clash ? l10n.t('A server named "{0}" already exists', clash.name) : undefined;
}

/**
 * The key of a server's secret in SecretStorage: a password belongs to the URL and user, an API
 * secret to the URL and client id — never to the display name.
 */
export function secretKey(entry: Pick<ServerEntry, 'url' | 'username' | 'auth' | 'clientId'>): string {
  const who = entry.auth === 'apiKey' ? `apikey:${entry.clientId ?? ''}` : entry.username;
  return `almDefects.password:${normalizeServerUrl(entry.url).toLowerCase()}|${who}`;
}

/** What the client signs in with: the user's password, or the API key's client id and secret. */
export function credentialsFor(entry: Pick<ServerEntry, 'username' | 'auth' | 'clientId'>, secret: string): Credentials {
  return entry.auth === 'apiKey' ? { clientId: entry.clientId ?? '', secret } : { username: entry.username, password: secret };
}

/** Who signs in, in words: the user, or the API key. */
export function signInLabel(entry: Pick<ServerEntry, 'username' | 'auth' | 'clientId'>): string {
  return entry.auth === 'apiKey' ? l10n.t('API key {0}', entry.clientId ?? '') : entry.username;
}

/** The tree in words, for tooltips and the Add/Edit Server messages. */
export function treeLabel(tree: 'api' | 'rest' | undefined): string {
  return tree === 'api' ? '/api (ALM 12.5x REST)' : tree === 'rest' ? 'Core /rest' : l10n.t('not detected yet');
}

/** A suggested display name from the URL's host. */
export function suggestName(url: string, existing: readonly ServerEntry[]): string {
  let base = 'ALM';
  try {
    const host = new URL(url).hostname;
    // An address or localhost names no server: "127" (the first label of 127.0.0.1) said nothing.
    const literal = /^\[.*\]$/.test(host) || /^\d+(\.\d+){3}$/.test(host) || host === 'localhost';
    base = literal ? `ALM ${host}` : host.split('.')[0] || base;
  } catch {
    // keep the default
  }
  let name = base;
  for (let i = 2; checkServerName(name, existing); i++) name = `${base} ${i}`;
  return name;
}
