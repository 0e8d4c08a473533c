// Stable identities, built from domain keys (server, domain, project, defect id) and
// never from labels, plus the references commands and other features pass around.

import type { ProjectRefKey } from '../shared/projectRef';

export type { ProjectRefKey } from '../shared/projectRef';

/** A defect on a configured server: what "open", "copy id" and "copy link" act on. */
export interface DefectRef extends ProjectRefKey {
  id: number;
}

/** A tree id from path segments; each is encoded, so names holding "/" cannot collide. */
export function nodeId(...segments: (string | number)[]): string {
  return `alm:${segments.map((s) => encodeURIComponent(String(s))).join('/')}`;
}

/** The key a project's filter is stored under. */
export function projectKey(p: ProjectRefKey): string {
  return nodeId(p.server, p.domain, p.project);
}

/**
 * The link ALM's own clients open a defect with (`td://` for http, `tds://` for https servers):
 * `td://<project>.<domain>.<host:port><root>/DefectsModule-000000000?EntityType=IBug&EntityID=<id>`.
 */
export function defectLink(baseUrl: string, ref: DefectRef): string {
  const url = new URL(baseUrl);
  const scheme = url.protocol === 'https:' ? 'tds' : 'td';
  const root = url.pathname.replace(/\/+$/, '');
  return `${scheme}://${ref.project}.${ref.domain}.${url.host}${root}/DefectsModule-000000000?EntityType=IBug&EntityID=${ref.id}`;
}

/**
 * A DefectRef from a plain `{ server, domain, project, id }` argument (the id a number or "#123"),
 * or from anything holding one as `ref` (a tree row passed to a command), so features need not
 * import the tree to read the defect a menu command was invoked on.
 */
export function defectRefFrom(arg: unknown): DefectRef | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const o = arg as Record<string, unknown>;
  if (typeof o.ref === 'object' && o.ref !== null) return defectRefFrom(o.ref);
  const id = typeof o.id === 'number' ? o.id : typeof o.id === 'string' ? parseDefectId(o.id) : undefined;
  if (typeof o.server === 'string' && typeof o.domain === 'string' && typeof o.project === 'string' && id) {
    return { server: o.server, domain: o.domain, project: o.project, id };
  }
  return undefined;
}

/** Parses "123", "#123" or "defect 123" as a defect id; undefined when it is none. */
export function parseDefectId(text: string): number | undefined {
  const m = /^\s*(?:defect\s*)?#?\s*(\d{1,10})\s*$/i.exec(text);
  if (!m) return undefined;
  const id = Number(m[1]);
  return id > 0 && Number.isSafeInteger(id) ? id : undefined;
}
