// What the grid's controller needs from VS Code, as one interface the panel (gridPanel.ts) fills
// with the webview, the quick picks, the progress indicators and the commands, and the integration
// tests fill with recorders: the controller itself imports no `vscode`.
import type { FieldCatalog } from '../../api';
import type { DefectQuery } from '../../defects/defectQuery';
import type { DefectRef } from '../../defects/refs';
import type { HostToGrid } from '../../shared/gridProtocol';
import type { ColumnSetting } from './columns';

/** What a grid opens: the result, and the saved filter it came from (its columns are kept apart). */
export interface GridOpening {
  query: DefectQuery;
  savedFilter?: string;
  /** The result's own columns (an ALM favorite's), shown until the user changes them. */
  columns?: ColumnSetting[];
}

/**
 * A task shown with progress: `report` adds to the share done (percent); `signal` aborts when the
 * user cancels (never, for a task that cannot be cancelled).
 */
export type ProgressTask<T> = (report: (increment: number) => void, signal: AbortSignal) => Promise<T>;

export interface GridHost {
  /** Posts one message to the page (the controller holds back nothing: it handles the `ready` handshake). */
  post(message: HostToGrid): void;
  /** VS Code's display language, for the names and dates in the cells. */
  readonly language: string | undefined;
  /** Whether the page is on screen (the periodic change check reads only those again). */
  visible(): boolean;
  /** "Columns…": the fields to show in order (those shown ticked), undefined when the user cancelled. */
  pickColumns(catalog: FieldCatalog, shown: readonly string[]): Promise<string[] | undefined>;
  /** "Group by…": the field, null for no grouping, undefined when the user cancelled. */
  pickGroupField(catalog: FieldCatalog, current: string | undefined): Promise<string | null | undefined>;
  /**
   * Runs `task` with its progress shown: in the status bar when it cannot be cancelled (counting
   * groups), else as a notification with Cancel (reading a large selection's ids).
   */
  progress<T>(options: { title: string; cancellable: boolean }, task: ProgressTask<T>): Promise<T>;
  /** Opens a defect in its editor (a row's double-click or Enter). */
  openDefect(ref: DefectRef): Promise<void>;
  /** Shows a failure the page cannot show itself (a handler that threw). */
  showError(message: string): void;
}
