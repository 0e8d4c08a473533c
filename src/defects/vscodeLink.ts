// Links that open a defect in VS Code: `<scheme>://<publisher>.<name>/open?server=…&domain=…&project=…&id=…`
// (and `/start?…`, which starts work on it). The link names the server by its URL, never by the
// entry's display name (which differs from one user to the next), so a colleague's link finds the
// entry of the same server in the receiver's settings. No `vscode` import: tested in plain Node.
import type { DefectRef } from './refs';
import { parseDefectId } from './refs';

/** What a link asks for. */
export type LinkAction = 'open' | 'start';

/** A parsed link: the action and the defect, its server as a URL. */
export interface DefectLinkTarget {
  action: LinkAction;
  serverUrl: string;
  domain: string;
  project: string;
  id: number;
}

/** The link to `ref` on the server at `serverUrl`; `base` is `<scheme>://<extension id>`. */
export function vscodeDefectLink(base: string, serverUrl: string, ref: Omit<DefectRef, 'server'>, action: LinkAction = 'open'): string {
  const q = new URLSearchParams({ server: serverUrl, domain: ref.domain, project: ref.project, id: String(ref.id) });
  return `${base}/${action}?${q.toString()}`;
}

/**
 * The target of a link's path and query (as VS Code hands them to the URI handler), or what is
 * wrong with it in words a user acts on.
 */
export function parseDefectLink(path: string, query: string): DefectLinkTarget | { problem: string } {
  const action = path.replace(/^\/+|\/+$/g, '');
  if (action !== 'open' && action !== 'start') return { problem: `unknown action "${action}" (expected open or start)` };
  const q = new URLSearchParams(query);
  const serverUrl = (q.get('server') ?? '').trim();
  const domain = (q.get('domain') ?? '').trim();
  const project = (q.get('project') ?? '').trim();
  const id = parseDefectId(q.get('id') ?? '');
  if (!serverUrl || !domain || !project || !id) return { problem: 'the link needs server, domain, project and a defect id' };
  if (!canonicalServerUrl(serverUrl)) return { problem: `"${serverUrl}" is not an http or https server URL` };
  return { action, serverUrl, domain, project, id };
}

/**
 * A server URL in one spelling: lower-case scheme and host, no default port, no trailing slash,
 * no query, user info or fragment. Undefined for anything but an http(s) URL.
 */
export function canonicalServerUrl(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  // URL already lower-cases the scheme and host and drops a default port.
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}`;
}

/** The entries whose URL is the link's server (the same user may have several accounts on it). */
export function entriesForServer<E extends { name: string; url: string }>(entries: readonly E[], serverUrl: string): E[] {
  const wanted = canonicalServerUrl(serverUrl);
  // The path's case matters to some servers, but `/qcbin` and `/QCBIN` are the same ALM.
  return wanted ? entries.filter((e) => canonicalServerUrl(e.url)?.toLowerCase() === wanted.toLowerCase()) : [];
}
