// What the grid needs from the rest of the extension, as one interface (extensionServices.ts
// builds it from the connections, the tree and the settings), so the grid imports no feature's
// internals.
import type { FavoriteColumn, Filter, GroupCount, OrderBy, ProjectApi } from '../api';
import type { ExportRequest } from '../defects/defectQuery';
import type { DefectRef, ProjectRefKey } from '../defects/refs';
import type { Log } from '../util/log';
import type { ColumnStore } from './controller/columns';

/** A grid's view as an ALM favorite holds it: the filter, the sort, the columns with their widths. */
export interface GridFavoriteView {
  filter: Filter;
  orderBy: OrderBy[];
  columns: Required<FavoriteColumn>[];
}

export interface GridServices {
  readonly log: Log;
  /** Column settings per project and saved filter. */
  readonly columns: ColumnStore;
  /** The project's client resources (signs in on first use). */
  project(ref: ProjectRefKey): Promise<ProjectApi>;
  /** The groups of `field` under `filter` with their counts (the tree's counting). */
  countGroups(api: ProjectApi, field: string, filter: Filter, signal: AbortSignal): Promise<GroupCount[]>;
  /** "Update Selected…" on these defects (the bulk update command, where the extension has it). */
  updateSelected(defects: DefectRef[]): Promise<void>;
  /** "Export to CSV…" of this result with these columns (the export command, where the extension has it). */
  exportCsv(request: ExportRequest): Promise<void>;
  /** "Save as ALM Favorite…" of this grid's view in its project (the tree's favorite command). */
  saveAsFavorite(project: ProjectRefKey, view: GridFavoriteView): Promise<void>;
  /** A defect's follow-up flag as the Follow-up column's text (`⚑ due today`); undefined when none. */
  flagMark?(ref: DefectRef): string | undefined;
}
