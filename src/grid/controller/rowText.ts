// A defect as the grid's text: one cell per column through fieldText, the one place that names
// releases, users, list values and dates for every view. The names (users, releases, field
// metadata) are read once per grid and refreshed with it; any that the server refuses leave the
// raw values shown instead.
import type { Defect, FieldCatalog, ProjectApi } from '../../api';
import { fieldText, projectNames } from '../../defects/fieldText';
import type { ValueNames } from '../../defects/fieldText';
import type { GridRow } from '../../shared/gridProtocol';
import { FOLLOW_UP_COLUMN, fieldColumns } from './columns';

export interface GridNames {
  catalog: FieldCatalog;
  names: ValueNames;
}

/** The field metadata (needed) and the project's names (the one loader: a refusal leaves ids and login names, with the reason). */
export async function loadGridNames(api: ProjectApi, locale: string | undefined, signal: AbortSignal, refresh = false): Promise<GridNames> {
  const [catalog, names] = await Promise.all([api.fields('defects', { signal, refresh }), projectNames(api, { signal, locale, refresh })]);
  return { catalog, names };
}

/** A defect's follow-up flag as a cell's text (`⚑ due today`), undefined when it has none. */
export type FlagText = (id: number) => string | undefined;

/** Turns defects into rows of the given columns. */
export function rowOf(defect: Defect, columns: readonly string[], { catalog, names }: GridNames, flag?: FlagText): GridRow {
  const cell = (c: string): string => {
    if (c === 'id') return String(defect.id);
    if (c === FOLLOW_UP_COLUMN) return flag?.(defect.id) ?? '';
    return fieldText(c, defect[c], names, catalog.get(c));
  };
  return { id: defect.id, cells: columns.map(cell) };
}

/** The fields to ask the server for: the columns less `id` (which always comes back) and the extension's own. */
export function fieldsFor(columns: readonly string[]): string[] {
  return fieldColumns(columns).filter((c) => c !== 'id');
}
