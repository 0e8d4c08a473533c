// What the ALM server itself says, read over HTTP beside the extension (never through src/api), in
// the `/api` tree's shapes whichever tree the run's server offers (`--trees`): the suite's
// expectations stay the same against an api-only, a Core-only and a both-trees server.
import * as assert from 'node:assert/strict';
import { hasApiTree } from '../environment';
import type { E2eAlmServer } from '../environment';

export interface ListItemRecord {
  id: number;
  name: string;
  parent: { id: number };
}

type CoreEntity = { Fields: { Name: string; values: { value?: string }[] }[] };

async function get<T>(server: E2eAlmServer, cookie: string, path: string): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, { headers: { cookie, accept: 'application/json' } });
  assert.equal(res.status, 200, `${path}: ${await res.clone().text()}`);
  return (await res.json()) as T;
}

function project(server: E2eAlmServer, tree: 'api' | 'rest'): string {
  return `/${tree}/domains/${encodeURIComponent(server.domain)}/projects/${encodeURIComponent(server.project)}`;
}

/** How many defects match `query` (the bracket syntax both trees share). */
export async function serverTotal(server: E2eAlmServer, cookie: string, query?: string): Promise<number> {
  const q = query ? `&query=${encodeURIComponent(query)}` : '';
  if (hasApiTree(server)) return (await get<{ 'total-count': number }>(server, cookie, `${project(server, 'api')}/defects?fields=id&limit=1${q}`))['total-count'];
  return (await get<{ TotalResults: number }>(server, cookie, `${project(server, 'rest')}/defects?fields=id&page-size=1${q}`)).TotalResults;
}

/** One defect's fields as text (multi-values joined by `;`). */
export async function serverDefect(server: E2eAlmServer, cookie: string, id: number): Promise<Record<string, string | null>> {
  if (hasApiTree(server)) return get(server, cookie, `${project(server, 'api')}/defects/${id}`);
  const e = await get<CoreEntity>(server, cookie, `${project(server, 'rest')}/defects/${id}`);
  return Object.fromEntries(e.Fields.map((f) => [f.Name, f.values.length ? f.values.map((v) => v.value ?? '').join(';') : null]));
}

/** Every list item as the `/api` tree's `list-items` records (Core's nested used-lists numbered in order). */
export async function serverListItems(server: E2eAlmServer, cookie: string): Promise<ListItemRecord[]> {
  if (hasApiTree(server)) return (await get<{ data: ListItemRecord[] }>(server, cookie, `${project(server, 'api')}/list-items`)).data;
  type Item = { value: string; Items?: Item[] };
  const body = await get<{ lists: { Name: string; Id: number; Items?: Item[] }[] }>(server, cookie, `${project(server, 'rest')}/customization/used-lists`);
  const out: ListItemRecord[] = [];
  let next = 1_000_000;
  const walk = (items: Item[] | undefined, parent: number): void => {
    for (const i of items ?? []) {
      const id = next++;
      out.push({ id, name: i.value, parent: { id: parent } });
      walk(i.Items, id);
    }
  };
  for (const l of body.lists) {
    out.push({ id: l.Id, name: l.Name, parent: { id: 0 } });
    walk(l.Items, l.Id);
  }
  return out;
}

/** The domains and their projects, sorted. */
export async function serverDomains(server: E2eAlmServer, cookie: string): Promise<Record<string, string[]>> {
  if (hasApiTree(server)) {
    const body = await get<{ results: { name: string; projects: { name: string }[] }[] }>(server, cookie, '/api/domains');
    return Object.fromEntries(body.results.map((d) => [d.name, d.projects.map((p) => p.name).sort()]));
  }
  const body = await get<{ Domain: { Name: string; Projects: { Project: { Name: string }[] } }[] }>(server, cookie, '/rest/domains?include-projects-info=y');
  return Object.fromEntries(body.Domain.map((d) => [d.Name, d.Projects.Project.map((p) => p.Name).sort()]));
}

/** Who holds the lock on a defect (read as another user): the `/api` locks collection, or Core's LockStatusEntity. */
export async function serverLocksOn(server: E2eAlmServer, cookie: string, id: number): Promise<{ user: string; id: number }[]> {
  if (hasApiTree(server)) {
    const query = encodeURIComponent(`{parent-id[${id}]}`);
    return (await get<{ data: { user: string; id: number }[] }>(server, cookie, `${project(server, 'api')}/locks?query=${query}`)).data;
  }
  const status = await get<{ LockStatus: string; LockUser?: string }>(server, cookie, `${project(server, 'rest')}/defects/${id}/lock`);
  // Core names a lock by its entity.
  return status.LockStatus === 'UNLOCKED' ? [] : [{ user: status.LockUser ?? '', id }];
}

/** Deletes a lock found by serverLocksOn (as its owner, from another session). */
export async function deleteServerLock(server: E2eAlmServer, cookie: string, lock: { id: number }): Promise<number> {
  const path = hasApiTree(server) ? `${project(server, 'api')}/locks/${lock.id}` : `${project(server, 'rest')}/defects/${lock.id}/lock`;
  return (await fetch(`${server.baseUrl}${path}`, { method: 'DELETE', headers: { cookie } })).status;
}
