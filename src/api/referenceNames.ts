// The display names of what a project's other reference fields point to (environment, and any
// reference a project adds), for the views that show such a value by name instead of `#3001`. A
// 26.1 read carries the id alone (reference §16.2: "Display names come from groups"), so the names
// are read as the grids' groups give them: one `groups/{field}` request per reference field, each
// value with its `ReferenceValue`. Releases, cycles and users have catalogs of their own.
import { isCancellation } from './errors';
import type { CallOptions } from './options';
import type { DefectsApi } from './surface';
import type { FieldCatalog, FieldMeta, ReferenceNames } from './types';

/** Collections with a catalog of their own (users, releases, cycles), not read here. */
const CATALOGUED = new Set(['user', 'users', 'release', 'releases', 'release-cycle', 'release-cycles', 'release_cycles']);
/** A bound on the requests one project's names cost, whatever its metadata says. */
const MAX_FIELDS = 12;

/** Single-valued reference fields to other resources: the ones whose names are read here. */
function otherReferenceFields(catalog: FieldCatalog): FieldMeta[] {
  return catalog.fields
    .filter((f) => {
      const src = f.dataType.source;
      return f.dataType.name === 'Reference' && !f.dataType.multiple && src?.kind === 'resource' && !CATALOGUED.has(src.collection);
    })
    .slice(0, MAX_FIELDS);
}

/**
 * Every other reference field's names, field by field. A field the server does not group (a 404,
 * the `/api` tree) or refuses gives no names; its values show as ids and `unavailable` says why.
 */
export async function loadReferenceNames(catalog: FieldCatalog, defects: Pick<DefectsApi, 'groups'>, o: CallOptions = {}): Promise<ReferenceNames> {
  const byField = new Map<string, ReadonlyMap<number, string>>();
  const refusals: string[] = [];
  await Promise.all(
    otherReferenceFields(catalog).map(async (f) => {
      try {
        const groups = defects.groups ? await defects.groups(f.name, { signal: o.signal }) : undefined;
        if (!groups) return void refusals.push(`${f.name}: the server does not group defects`);
        const names = new Map<number, string>();
        for (const g of groups) if (g.name !== undefined && g.value !== null && /^\d+$/.test(g.value)) names.set(Number(g.value), g.name);
        byField.set(f.name, names);
      } catch (e) {
        if (o.signal?.aborted || isCancellation(e)) throw e;
        refusals.push(`${f.name}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }),
  );
  return refusals.length ? { byField, unavailable: refusals.join('; ') } : { byField };
}
