// Names for the user pickers. The `/api` tree offers no users collection (seed: only `user` as a
// reference source), so unless the extension hands the editor a list, the pickers offer the users
// seen on the project's most recent defects (owner and detected-by), read once per project and
// kept for a while. The server still validates whatever is chosen.
import type { ProjectApi } from '../api/index';

const TTL_MS = 10 * 60_000;
const cache = new Map<string, { at: number; users: Promise<string[]> }>();

export function projectUsers(api: { defects: Pick<ProjectApi['defects'], 'page'> }, cacheKey: string, now = Date.now()): Promise<string[]> {
  const hit = cache.get(cacheKey);
  if (hit && now - hit.at < TTL_MS) return hit.users;
  const users = api.defects
    .page({ fields: ['owner', 'detected-by'], orderBy: ['-id'], pageSize: 500 })
    .then((page) => {
      const names = new Set<string>();
      for (const d of page.items) {
        for (const v of [d.owner, d['detected-by']]) if (typeof v === 'string' && v) names.add(v);
      }
      return [...names].sort((a, b) => a.localeCompare(b));
    })
    .catch((e: unknown) => {
      cache.delete(cacheKey);
      throw e;
    });
  cache.set(cacheKey, { at: now, users });
  return users;
}
