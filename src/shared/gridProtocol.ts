// The defects grid's host ↔ webview protocol, typed in one place and imported by both sides (types
// and dependency-free helpers only). The host owns the query (filter, sort, group, columns) and
// turns field values into text; the page owns scrolling, focus and selection and asks for the
// pages of rows it shows. Every query change starts a new `generation`: rows of an older one are
// dropped on arrival, so a slow page can never paint over a newer sort.

import type { ProjectRefKey } from './projectRef';
import { isRangeList } from './rowRanges';
import type { IndexRange } from './rowRanges';

/**
 * The column of the user's follow-up flags (issue 43): not an ALM field (the REST API shows no flags),
 * filled by the extension (`⚑ due today`). `@` keeps it apart from every ALM field name.
 */
export const FOLLOW_UP_COLUMN = '@follow-up';

/** A column as the page draws it. */
export interface GridColumn {
  /** The field's name (`id`, `status`, `user-01`). */
  name: string;
  label: string;
  /** Pixels. */
  width: number;
  /** False for fields the server will not order by (memos). */
  sortable: boolean;
}

export interface GridSortKey {
  field: string;
  direction: 'asc' | 'desc';
}

/** One defect as text, one cell per column in column order. */
export interface GridRow {
  id: number;
  cells: string[];
}

interface GridGroup {
  /** null: the defects without a value. */
  value: string | null;
  label: string;
  count: number;
}

/** Grouping: the field, its groups with their counts, and the group shown (undefined: all). */
export interface GridGrouping {
  field: string;
  label: string;
  groups: GridGroup[];
  /** The values past the groups shown (a field of very many values) and their defects. */
  more?: { values: number; count: number };
  selected?: string | null;
}

/** Everything the page draws from; sent on `ready` and after every query change. */
export interface GridInit {
  generation: number;
  /** The project, for the rows' context menu (`data-vscode-context`). */
  project: ProjectRefKey;
  title: string;
  columns: GridColumn[];
  sort: GridSortKey[];
  /** The result's size; undefined until the first page tells it. */
  total?: number;
  pageSize: number;
  grouping?: GridGrouping;
  /** The rows of page 0, fetched before the init was sent. */
  firstRows?: GridRow[];
  /** The rows are the same query's as before (columns changed, a reload): the selection stays; else it is cleared. */
  keepSelection?: boolean;
}

export type HostToGrid =
  | { type: 'init'; init: GridInit }
  | { type: 'rows'; generation: number; page: number; total: number; rows: GridRow[] }
  | { type: 'rowsFailed'; generation: number; page: number; message: string }
  /** A defect saved elsewhere in the extension: its row shows the new text where the page holds it. */
  | { type: 'rowChanged'; generation: number; row: GridRow }
  /** The grid could not open (not signed in, no metadata): the server's reason. */
  | { type: 'failed'; message: string };

export type GridToHost =
  | { type: 'ready' }
  /**
   * The pages the page lacks and wants now (visible and just around; the host aborts fetches of any
   * other) and the pages it shows (the periodic change check fetches those again).
   */
  | { type: 'want'; generation: number; pages: number[]; shown: number[] }
  /** A header click: `add` (Shift) makes the field a further key instead of the only one. */
  | { type: 'sort'; field: string; add: boolean }
  | { type: 'resize'; name: string; width: number }
  | { type: 'reorder'; names: string[] }
  | { type: 'chooseColumns' }
  | { type: 'groupBy' }
  /** Shows one group (its value; null: no value) or, undefined, all of them. */
  | { type: 'showGroup'; value?: string | null }
  | { type: 'open'; id: number }
  /** The rows selected, as index ranges of this generation's result (rows the page does not hold included). */
  | { type: 'selection'; generation: number; ranges: IndexRange[] }
  /** Update Selected on these rows (the selection, or the focused row when none is selected). */
  | { type: 'updateSelected'; generation: number; ranges: IndexRange[] }
  | { type: 'exportCsv' }
  | { type: 'reload' };

/** Every message type the page sends (a Record, so a type added to GridToHost and left out here fails to compile). */
const TYPES: Record<GridToHost['type'], true> = {
  ready: true,
  want: true,
  sort: true,
  resize: true,
  reorder: true,
  chooseColumns: true,
  groupBy: true,
  showGroup: true,
  open: true,
  selection: true,
  updateSelected: true,
  exportCsv: true,
  reload: true,
};

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isPageList = (v: unknown): v is number[] => Array.isArray(v) && v.length <= 64 && v.every((p) => isInt(p) && p >= 0);

/** Whether a message from the page is one of GridToHost with the right field types (the page is not trusted blindly). */
export function isGridToHost(m: unknown): m is GridToHost {
  if (typeof m !== 'object' || m === null) return false;
  const o = m as Record<string, unknown>;
  if (typeof o.type !== 'string' || !Object.hasOwn(TYPES, o.type)) return false;
  switch (o.type) {
    case 'want':
      return isInt(o.generation) && isPageList(o.pages) && isPageList(o.shown);
    case 'sort':
      return typeof o.field === 'string' && typeof o.add === 'boolean';
    case 'resize':
      return typeof o.name === 'string' && isInt(o.width);
    case 'reorder':
      return Array.isArray(o.names) && o.names.every((n) => typeof n === 'string');
    case 'showGroup':
      return o.value === undefined || o.value === null || typeof o.value === 'string';
    case 'open':
      return isInt(o.id) && o.id > 0;
    case 'selection':
    case 'updateSelected':
      return isInt(o.generation) && isRangeList(o.ranges);
    default:
      return true;
  }
}

const HOST_TYPES: Record<HostToGrid['type'], true> = { init: true, rows: true, rowsFailed: true, rowChanged: true, failed: true };

/** Whether a message the page receives is one of HostToGrid (other senders are ignored). */
export function isHostToGrid(m: unknown): m is HostToGrid {
  if (typeof m !== 'object' || m === null) return false;
  const type = (m as { type?: unknown }).type;
  return typeof type === 'string' && Object.hasOwn(HOST_TYPES, type);
}
