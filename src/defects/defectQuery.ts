// A result of defects as one view shows it (a tree node, the grid): which project, which server
// query and in which order. The grid opens one, CSV export writes one, so both read the same rows.
import type { Filter, OrderBy } from '../api';
import type { ProjectRefKey } from './refs';

export interface DefectQuery extends ProjectRefKey {
  /** The server query, exactly as the node that opened it sends it. */
  filter: Filter;
  orderBy: OrderBy[];
  /** What the user sees this result as, e.g. "My Defects · Core16/demo" or a saved filter's name. */
  title: string;
}

/** A CSV export of a query's whole result with the given columns (field names, in order). */
export interface ExportRequest {
  query: DefectQuery;
  columns: string[];
}
