// Releases and release cycles, read-only in both trees (issue 27): defects reference them
// (`detected-in-rel`, `target-rel`, `detected-in-rcyc`, `target-rcyc`), so clients list them to
// show and choose them by name. `query` (name, dates, `parent-id`), `order-by`, `fields` and
// paging work as on every collection.
import { AlmError } from '../errors';
import { CATALOGS } from '../metadata/catalog';
import type { FieldCatalog } from '../metadata/catalog';
import { compileCollectionRequest } from '../query/index';
import type { PagingLimits } from '../query/index';
import type { ProjectStore } from '../store/project';

export interface ReleaseCollection {
  /** The URL segment: `releases`, `release-cycles`. */
  collection: 'releases' | 'release-cycles';
  table: 'releases' | 'release_cycles';
  /** The entity type: `release`, `release-cycle`. */
  type: string;
  catalog: FieldCatalog;
}

export const RELEASE_COLLECTIONS: readonly ReleaseCollection[] = [
  { collection: 'releases', table: 'releases', type: 'release', catalog: CATALOGS.releases },
  { collection: 'release-cycles', table: 'release_cycles', type: 'release-cycle', catalog: CATALOGS['release-cycles'] },
];

export type ReleaseRow = Record<string, unknown>;

export interface ReleasePage {
  rows: ReleaseRow[];
  total: number;
  /** The fields asked for (`fields=`), or null for all. */
  fields: string[] | null;
}

/** One page of a release collection, filtered, ordered and paged as the parameters say. */
export function releasePage(store: ProjectStore, kind: ReleaseCollection, params: Record<string, string | undefined>, paging: PagingLimits): ReleasePage {
  const compiled = compileCollectionRequest(params, kind.catalog, paging);
  return { rows: store.rowsOf<ReleaseRow>(kind.table, compiled), total: store.countOf(kind.table, compiled), fields: compiled.fields };
}

/** The fields a `fields=` parameter names (null: all); 400 for an unknown one. */
export function releaseFields(kind: ReleaseCollection, fields: string | undefined, paging: PagingLimits): string[] | null {
  return compileCollectionRequest({ fields }, kind.catalog, paging).fields;
}

/** One release or cycle; 404 `qccore.entity-not-found` when there is none with that id. */
export function releaseRow(store: ProjectStore, kind: ReleaseCollection, id: number): ReleaseRow {
  const row = store.resourceRow(kind.table, id);
  if (!row) throw new AlmError(404, 'qccore.entity-not-found', `${kind.type === 'release' ? 'Release' : 'Release cycle'} ${id} does not exist.`, [{ Name: 'id', Value: id }]);
  return row;
}

/** The refusal of a write: releases and cycles are managed in ALM's Releases module, not through this interface. */
export function releasesReadOnly(kind: ReleaseCollection, method: string): AlmError {
  return new AlmError(405, 'qccore.operation-forbidden', `${kind.collection} are read-only here (${method} refused): manage them in ALM's Releases module.`);
}
