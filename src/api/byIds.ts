// "Read these defects" (issue 39): the one batch rule for asking a server for a set of ids, used by
// the tree's refresh, hovers, the links' names, Update Selected and the chat tools. One `id[a or b
// or …]` query per ID_BATCH ids: well under the 500 conditions a server takes, and a URL of 100 ids of
// ten digits stays far below the length a proxy or the server refuses (431).
import { anyOf } from './clauses';
import type { CallOptions } from './options';
import type { DefectsApi } from './surface';
import type { Defect } from './types';

/** Ids per query. */
export const ID_BATCH = 100;

/** `ids` without repeats, in queries of at most ID_BATCH. */
export function idBatches(ids: Iterable<number>): number[][] {
  const unique = [...new Set(ids)];
  const out: number[][] = [];
  for (let i = 0; i < unique.length; i += ID_BATCH) out.push(unique.slice(i, i + ID_BATCH));
  return out;
}

export interface ByIdsOptions extends CallOptions {
  fields?: readonly string[];
  /** Called once per query sent (diagnostics and tests). */
  onQuery?: (ids: readonly number[]) => void;
}

/**
 * The defects with these ids that exist (a missing id is simply absent), ID_BATCH ids per query, one
 * query after the other. Order is the server's, not `ids`'.
 */
export async function defectsByIds(defects: Pick<DefectsApi, 'page'>, ids: Iterable<number>, o: ByIdsOptions = {}): Promise<Defect[]> {
  const found: Defect[] = [];
  for (const batch of idBatches(ids)) {
    o.onQuery?.(batch);
    const page = await defects.page({ filter: { id: anyOf(...batch) }, fields: o.fields, pageSize: batch.length, signal: o.signal });
    found.push(...page.items);
  }
  return found;
}
