// A result of defects as the views name it — a project's "Defects" or "My Defects", a group of one,
// a saved filter applied to a project, an ALM favorite — as the DefectQuery another view opens
// (the grid, CSV export). The tree builds its nodes' results here and the grid its own picks, so
// the same result sends the same filter and order wherever it is shown. No `vscode` import.
import * as l10n from '@vscode/l10n';
import { totalOrder } from '../api';
import type { FavoriteView, OrderBy } from '../api';
import type { DefectQuery } from './defectQuery';
import { NO_VALUE } from './fieldText';
import { addCondition, toApiFilter } from './filter';
import type { DefectFilter, SavedFilter } from './filter';
import type { ProjectRefKey } from './refs';

/** A project as its results read it: which one, who the user is ("me"), its own filter and the sort its lists use. */
export interface ResultScope {
  readonly ref: ProjectRefKey;
  readonly username: string;
  readonly filter: DefectFilter | undefined;
  readonly orderBy: readonly OrderBy[];
}

/** What a view opens for a result: the query, and for a saved filter or favorite the key its columns are kept under and a favorite's own columns. */
export interface DefectResult {
  query: DefectQuery;
  savedFilter?: string;
  columns?: { name: string; width: number }[];
}

/**
 * Where results come from (the tree, which knows its nodes): the result a command's argument
 * names, and the project an argument is about (asking the user when nothing says which).
 */
export interface ResultSource {
  resultOf(arg: unknown): Promise<DefectResult | undefined>;
  projectOf(arg: unknown, title: string): Promise<ResultScope | undefined>;
}

/** "Defects" (the project's filter) or "My Defects" (also owner = me), in the project's sort. */
export function defectsQuery(scope: ResultScope, mode: 'all' | 'mine'): DefectQuery {
  const filter = toApiFilter(scope.filter, scope.username);
  if (mode === 'mine') addCondition(filter, 'owner', { op: '=', value: scope.username });
  return {
    ...scope.ref,
    filter,
    orderBy: [...scope.orderBy],
    title: `${mode === 'all' ? l10n.t('Defects') : l10n.t('My Defects')} · ${scope.ref.project}`,
  };
}

/** A saved filter applied to a project (in place of the project's own filter), in the project's sort. */
export function savedFilterQuery(scope: ResultScope, saved: SavedFilter): DefectQuery {
  return {
    ...scope.ref,
    filter: toApiFilter(saved.filter, scope.username),
    orderBy: [...scope.orderBy],
    title: `${saved.name} · ${scope.ref.project}`,
  };
}

/** One group of a result: its value (null: no value), which matches defects without one as the group itself asks. */
export function groupQuery(base: DefectQuery, field: string, value: string | null): DefectQuery {
  return {
    ...base,
    filter: addCondition(structuredClone(base.filter), field, { op: '=', value: value ?? '' }),
    title: `${field}: ${value ?? NO_VALUE} · ${base.title}`,
  };
}

/**
 * An ALM favorite as it runs: its translated filter and order (the project's sort where it has
 * none); what was not applied is in the title, so a view opened on it says it too.
 */
export function favoriteQuery(scope: ResultScope, name: string, view: Pick<FavoriteView, 'filter' | 'orderBy' | 'notApplied'>): DefectQuery {
  const notApplied = view.notApplied.length ? ` (${view.notApplied.join('; ')})` : '';
  return {
    ...scope.ref,
    filter: view.filter,
    orderBy: view.orderBy.length ? totalOrder(view.orderBy) : [...scope.orderBy],
    title: `${name} · ${scope.ref.project}${notApplied}`,
  };
}

/** A favorite's result with its own columns (ALM's widths are pixels as the grid's are; a column without one takes 130). */
export function favoriteResult(scope: ResultScope, favorite: { id: number | string; name: string }, view: FavoriteView): DefectResult {
  return {
    query: favoriteQuery(scope, favorite.name, view),
    columns: view.columns.map((c) => ({ name: c.field, width: c.width ?? 130 })),
    savedFilter: `ALM favorite ${favorite.id}`,
  };
}
