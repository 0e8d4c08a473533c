// The `almDefects.servers` setting: its entries, how they are read from untrusted JSON, and the
// checks the add/edit commands run before saving. No `vscode` import: tested in plain Node.

/** One configured ALM server, as stored in settings. The password lives in SecretStorage. */
export interface ServerEntry {
  name: string;
  /** Base URL including the root path, without a trailing slash (e.g. https://alm.example.com/qcbin). */
  url: string;
  username: string;
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
  if (!Array.isArray(raw)) return { servers, problems: raw === undefined ? [] : ['almDefects.servers is not an array'] };
  const names = new Set<string>();
  raw.forEach((item: unknown, index) => {
    const entry = toEntry(item);
    if (typeof entry === 'string') {
      problems.push(`almDefects.servers[${index}]: ${entry}`);
    } else if (names.has(entry.name.toLowerCase())) {
      problems.push(`almDefects.servers[${index}]: the name "${entry.name}" is used twice; the second entry is ignored`);
    } else {
      names.add(entry.name.toLowerCase());
      servers.push(entry);
    }
  });
  return { servers, problems };
}

function toEntry(item: unknown): ServerEntry | string {
  if (typeof item !== 'object' || item === null) return 'not an object';
  const o = item as Record<string, unknown>;
  const str = (k: string): string | undefined => (typeof o[k] === 'string' && (o[k] as string).trim() !== '' ? (o[k] as string).trim() : undefined);
  const name = str('name');
  const url = str('url');
  const username = str('username');
  if (!name) return 'has no name';
  if (!username) return `"${name}" has no username`;
  const urlProblem = checkServerUrl(url ?? '');
  if (urlProblem) return `"${name}": ${urlProblem}`;
  const entry: ServerEntry = { name, url: normalizeServerUrl(url as string), username };
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
  if (!text) return 'Enter the server URL, e.g. https://alm.example.com/qcbin';
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return `"${text}" is not a URL. Enter it like https://alm.example.com/qcbin`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'The URL must start with http:// or https://';
  if (parsed.username || parsed.password) return 'Leave the user name and password out of the URL; you are asked for them next';
  if (parsed.search || parsed.hash) return 'The URL must not contain "?" or "#": enter the base URL only, e.g. https://alm.example.com/qcbin';
  return undefined;
}

/** Trims spaces and trailing slashes; the API client appends `/api/...` to it. */
function normalizeServerUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** Undefined when `name` can name a new (or renamed) server. */
export function checkServerName(name: string, existing: readonly ServerEntry[], except?: string): string | undefined {
  const text = name.trim();
  if (!text) return 'Enter a name for the server';
  if (text.includes('/')) return 'The name cannot contain "/"';
  const clash = existing.find((s) => s.name.toLowerCase() === text.toLowerCase() && s.name !== except);
  return clash ? `A server named "${clash.name}" already exists` : undefined;
}

/** The key of a server's password in SecretStorage: the password belongs to the URL and user, not the display name. */
export function secretKey(entry: Pick<ServerEntry, 'url' | 'username'>): string {
  return `almDefects.password:${normalizeServerUrl(entry.url).toLowerCase()}|${entry.username}`;
}

/** A suggested display name from the URL's host. */
export function suggestName(url: string, existing: readonly ServerEntry[]): string {
  let base = 'ALM';
  try {
    base = new URL(url).hostname.split('.')[0] || base;
  } catch {
    // keep the default
  }
  let name = base;
  for (let i = 2; checkServerName(name, existing); i++) name = `${base} ${i}`;
  return name;
}
