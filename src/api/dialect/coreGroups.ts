// Core's `…/{collection}/groups/{field}` (reference §16.11): one request for the count of every
// value of a field under a query, answered as `{"subLevel":[{"Value","size","ReferenceValue",…}]}`.
// Defects without a value come as one group with an empty Value, which the client calls null.
import { ServerError } from '../errors';
import type { Filter } from '../clauses';
import type { GroupCount } from '../types';
import { renderFilter } from './bracketSyntax';
import { isRecord } from './coreValues';
import type { ProjectScope } from './dialect';

const seg = encodeURIComponent;

export const coreGroups = {
  request(scope: ProjectScope, collection: string, field: string, filter?: Filter): { path: string; params: [string, string][] } {
    const query = filter ? renderFilter(filter) : undefined;
    return {
      path: `/rest/domains/${seg(scope.domain)}/projects/${seg(scope.project)}/${seg(collection)}/groups/${seg(field)}`,
      params: query ? [['query', query]] : [],
    };
  },

  parse(body: unknown): GroupCount[] {
    const list = isRecord(body) ? body.subLevel : undefined;
    if (!Array.isArray(list)) throw new ServerError("The server's answer is not a valid list of groups.");
    const counts = new Map<string | null, number>();
    const names = new Map<string | null, string>();
    for (const g of list) {
      if (!isRecord(g)) continue;
      const size = typeof g.size === 'number' ? g.size : typeof g.size === 'string' && /^\d+$/.test(g.size) ? Number(g.size) : NaN;
      if (!Number.isSafeInteger(size) || size < 0) throw new ServerError("The server's answer is not a valid list of groups.");
      const raw = g.Value;
      if (raw !== null && raw !== undefined && typeof raw !== 'string' && typeof raw !== 'number') throw new ServerError("The server's answer is not a valid list of groups.");
      const value = raw === null || raw === undefined || raw === '' ? null : String(raw);
      counts.set(value, (counts.get(value) ?? 0) + size);
      // A reference's display name (26.1 says it here only: its reads carry the id alone, §16.2).
      if (typeof g.ReferenceValue === 'string' && g.ReferenceValue !== '') names.set(value, g.ReferenceValue);
    }
    return [...counts].map(([value, count]) => {
      const name = names.get(value);
      return name === undefined ? { value, count } : { value, count, name };
    });
  },
};
