// What the ALM server itself says, read over HTTP beside the extension (never through src/api), in
// the `/api` tree's shapes whichever tree the run's server offers (`--trees`): the suite's
// expectations stay the same against an api-only, a Core-only and a both-trees server.
import * as assert from 'node:assert/strict';
import { hasApiTree, xsrfHeader } from './environment';
import type { E2eAlmServer } from './environment';

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

/** The demo's multi-valued and numeric fields, which the `/api` tree returns as arrays and numbers. */
const MULTI = new Set(['user-02']);
const NUMERIC = new Set(['id', 'ver-stamp']);

/** One defect as the `/api` tree returns it (Core's text values shaped the same way for the demo's fields). */
export async function serverDefect(server: E2eAlmServer, cookie: string, id: number): Promise<Record<string, unknown>> {
  if (hasApiTree(server)) return get(server, cookie, `${project(server, 'api')}/defects/${id}`);
  const e = await get<CoreEntity>(server, cookie, `${project(server, 'rest')}/defects/${id}`);
  return Object.fromEntries(
    e.Fields.map((f): [string, unknown] => {
      const values = f.values.map((v) => v.value ?? '');
      if (MULTI.has(f.Name)) return [f.Name, values.length ? values : null];
      if (NUMERIC.has(f.Name)) return [f.Name, values.length ? Number(values[0]) : null];
      return [f.Name, values.length && values[0] !== '' ? values[0] : null];
    }),
  );
}

/** Changes text fields of a defect as the signed-in `cookie`'s user: the `/api` body, or Core's `Fields` envelope. */
export async function updateServerDefect(server: E2eAlmServer, cookie: string, id: number, fields: Record<string, string>): Promise<void> {
  const apiTree = hasApiTree(server);
  const body = apiTree ? fields : { Type: 'defect', Fields: Object.entries(fields).map(([Name, value]) => ({ Name, values: [{ value }] })) };
  const res = await fetch(`${server.baseUrl}${project(server, apiTree ? 'api' : 'rest')}/defects/${id}`, {
    method: 'PUT',
    headers: { cookie, accept: 'application/json', 'content-type': 'application/json', ...xsrfHeader(cookie) },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 200, await res.text());
}

/** Deletes a defect as the signed-in `cookie`'s user (a journey's cleanup of a defect it created); the answer's status. */
export async function deleteServerDefect(server: E2eAlmServer, cookie: string, id: number): Promise<number> {
  const res = await fetch(`${server.baseUrl}${project(server, hasApiTree(server) ? 'api' : 'rest')}/defects/${id}`, {
    method: 'DELETE',
    headers: { cookie, accept: 'application/json', ...xsrfHeader(cookie) },
  });
  await res.body?.cancel();
  return res.status;
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
  return (await fetch(`${server.baseUrl}${path}`, { method: 'DELETE', headers: { cookie, ...xsrfHeader(cookie) } })).status;
}

/** A stored attachment of a defect, in the `/api` tree's field names. */
export interface StoredAttachment {
  id: number;
  name: string;
  description: string | null;
  'file-size': number;
}

/** Reads and deletes a defect's attachments on the server; Core addresses each through the defect. */
export function serverAttachments(server: E2eAlmServer, cookie: () => string) {
  const apiTree = hasApiTree(server);
  const owners = new Map<number, number>();
  const call = async (path: string, init: RequestInit = {}): Promise<Response> => {
    const res = await fetch(`${server.baseUrl}${project(server, apiTree ? 'api' : 'rest')}${path}`, {
      ...init,
      headers: { cookie: cookie(), ...xsrfHeader(cookie()), ...(init.headers as Record<string, string>) },
    });
    assert.ok(res.ok, `${init.method ?? 'GET'} ${path}: ${res.status} ${await res.clone().text()}`);
    return res;
  };
  const item = (id: number): string => (apiTree ? `/attachments/${id}` : `/defects/${owners.get(id) ?? 0}/attachments/${id}?by-id=true`);
  return {
    async list(defectId: number): Promise<StoredAttachment[]> {
      if (apiTree) {
        const q = encodeURIComponent(`{entity.type[defect];entity.id[${defectId}]}`);
        return ((await (await call(`/attachments?query=${q}`, { headers: { accept: 'application/json' } })).json()) as { data: StoredAttachment[] }).data;
      }
      const body = (await (await call(`/defects/${defectId}/attachments`, { headers: { accept: 'application/json' } })).json()) as { entities: CoreEntity[] };
      return body.entities.map((e) => {
        const f = (n: string): string | null => e.Fields.find((x) => x.Name === n)?.values[0]?.value ?? null;
        const a = { id: Number(f('id')), name: f('name') ?? '', description: f('description'), 'file-size': Number(f('file-size')) };
        owners.set(a.id, defectId);
        return a;
      });
    },
    async bytes(id: number): Promise<Buffer> {
      return Buffer.from(await (await call(item(id), { headers: { accept: 'application/octet-stream' } })).arrayBuffer());
    },
    async remove(id: number): Promise<void> {
      await call(item(id), { method: 'DELETE' });
    },
  };
}

/** Records of a Core collection (`defect-links`, `releases`, …) as name → first value, read as `cookie`'s user. */
async function coreRecords(server: E2eAlmServer, cookie: string, collection: string, query?: string): Promise<Record<string, string>[]> {
  // Every record, not the default first page of 100 (a defect given 130 links, issue 38).
  const q = query ? `&query=${encodeURIComponent(query)}` : '';
  const body = await get<{ entities?: CoreEntity[] }>(server, cookie, `${project(server, 'rest')}/${collection}?page-size=max${q}`);
  return (body.entities ?? []).map((e) => Object.fromEntries(e.Fields.map((f) => [f.Name, f.values[0]?.value ?? ''])));
}

/** A defect's links both ways (Core `defect-links`, reference §16.10), as the server stores them. */
export async function serverLinks(server: E2eAlmServer, cookie: string, id: number): Promise<{ id: number; from: number; to: number; type: string; comment: string }[]> {
  const [from, to] = await Promise.all([
    coreRecords(server, cookie, 'defect-links', `{first-endpoint-id[${id}]}`),
    coreRecords(server, cookie, 'defect-links', `{second-endpoint-id[${id}];second-endpoint-type[defect]}`),
  ]);
  return [...from, ...to].map((l) => ({ id: Number(l.id), from: Number(l['first-endpoint-id']), to: Number(l['second-endpoint-id']), type: l['link-type'], comment: l.comment }));
}

/** Links defect `from` to defect `to` (Related) as the `cookie`'s user, through Core `defect-links`. */
export async function addServerLink(server: E2eAlmServer, cookie: string, from: number, to: number): Promise<void> {
  const fields = { 'first-endpoint-id': String(from), 'second-endpoint-id': String(to), 'second-endpoint-type': 'defect', 'link-type': 'Related' };
  const res = await fetch(`${server.baseUrl}${project(server, 'rest')}/defect-links`, {
    method: 'POST',
    headers: { cookie, accept: 'application/json', 'content-type': 'application/json', ...xsrfHeader(cookie) },
    body: JSON.stringify({ Type: 'defect-link', Fields: Object.entries(fields).map(([Name, value]) => ({ Name, values: [{ value }] })) }),
  });
  assert.equal(res.status, 201, `link ${from} → ${to}: ${await res.text()}`);
}

/** The project's releases and cycles by name (Core `releases`, `release-cycles`). */
export async function serverReleases(server: E2eAlmServer, cookie: string): Promise<{ releases: { id: number; name: string }[]; cycles: { id: number; name: string; release: number }[] }> {
  const [releases, cycles] = await Promise.all([coreRecords(server, cookie, 'releases'), coreRecords(server, cookie, 'release-cycles')]);
  return {
    releases: releases.map((r) => ({ id: Number(r.id), name: r.name })),
    cycles: cycles.map((c) => ({ id: Number(c.id), name: c.name, release: Number(c['parent-id']) })),
  };
}
