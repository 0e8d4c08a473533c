// A defect as the grid's text: one cell per column through fieldText, the one place that names
// releases, users, list values and dates for every view. The names (users, releases, field
// metadata) are read once per grid and refreshed with it; any that the server refuses leave the
// raw values shown instead.
import type { Defect, FieldCatalog, ProjectApi } from '../api';
import { fieldText, projectNames } from '../defects/fieldText';
import type { ValueNames } from '../defects/fieldText';
import type { GridRow } from '../shared/gridProtocol';

export interface GridNames {
  catalog: FieldCatalog;
  names: ValueNames;
}

/** The field metadata (needed) and the project's names (the one loader: a refusal leaves ids and login names, with the reason). */
export async function loadGridNames(api: ProjectApi, locale: string | undefined, signal: AbortSignal, refresh = false): Promise<GridNames> {
  const [catalog, names] = await Promise.all([api.fields('defects', { signal, refresh }), projectNames(api, { signal, locale, refresh })]);
  return { catalog, names };
}

/** Turns defects into rows of the given columns. */
export function rowOf(defect: Defect, columns: readonly string[], { catalog, names }: GridNames): GridRow {
  return {
    id: defect.id,
    cells: columns.map((c) => (c === 'id' ? String(defect.id) : fieldText(c, defect[c], names, catalog.get(c)))),
  };
}

/** The fields to ask the server for: the columns less `id` (which always comes back). */
export function fieldsFor(columns: readonly string[]): string[] {
  return columns.filter((c) => c !== 'id');
}
