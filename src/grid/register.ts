// The defects grid's entry: "Open as Grid" (tree context menu and palette), the commands the
// grid's context menu runs on the active grid, rows following the defect events (followEvents.ts),
// and the grid's part of the periodic change check.
import type * as vscode from 'vscode';
import type { ExportRequest } from '../defects/defectQuery';
import type { DefectEventStream } from '../defects/events';
import type { DefectRef } from '../defects/refs';
import { columnsKey, fieldColumns, resolveColumns } from './controller/columns';
import { registerCommand } from '../util/command';
import { COMMAND } from '../util/commands';
import { followDefectEvents } from './followEvents';
import { GridPanel } from './gridPanel';
import type { GridOpening } from './controller/gridHost';
import type { GridServices } from './services';

export interface GridFeature extends vscode.Disposable {
  /** The grid's part of the periodic change check (the refresh feature runs it with the others). */
  readonly check: { readonly name: string; run(): Promise<void> };
  /** The open grids' titles (diagnostics). */
  openTitles(): string[];
  /**
   * What "Export to CSV…" writes for a tree node or project argument (the nodes "Open as Grid" takes):
   * that result with the columns its grid shows (the project's remembered ones, else the defaults);
   * undefined when the user cancelled a pick.
   */
  exportRequest(arg: unknown): Promise<ExportRequest | undefined>;
  /** Where the Follow-up column reads the flags, and when they changed (the open grids read their rows again). */
  setFlagMarks(mark: (ref: DefectRef) => string | undefined, changed: (listener: () => void) => { dispose(): void }): vscode.Disposable;
}

export interface GridHooks {
  /** What a command argument (a tree node, a project ref, nothing: ask) opens, or undefined when the user cancelled. */
  openingFor(arg: unknown): Promise<GridOpening | undefined>;
  /** What happens to defects anywhere in the extension (saves, Update Selected, deletions). */
  events: DefectEventStream;
}

export function registerGrid(context: vscode.ExtensionContext, services: GridServices, hooks: GridHooks): GridFeature {
  const panels = new Set<GridPanel>();
  let active: GridPanel | undefined;
  const tag = services.log.child('grid');
  let flagMark: ((ref: DefectRef) => string | undefined) | undefined;
  const open = async (arg: unknown): Promise<string | undefined> => {
    const opening = await hooks.openingFor(arg);
    if (!opening) return undefined;
    const panel = new GridPanel({ ...services, log: tag, flagMark: (ref) => flagMark?.(ref) }, context.extensionUri, opening);
    panels.add(panel);
    active = panel;
    panel.panel.onDidChangeViewState((e) => {
      if (e.webviewPanel.active) active = panel;
    });
    panel.onDidClose(() => {
      panels.delete(panel);
      if (active === panel) active = undefined;
    });
    return opening.query.title;
  };
  const onActive = (run: (panel: GridPanel, arg: unknown) => unknown) => (arg: unknown) => {
    const panel = active ?? [...panels].find((p) => p.panel.active);
    return panel ? run(panel, arg) : undefined;
  };
  const disposables = [
    registerCommand(COMMAND.openGrid, tag, open),
    registerCommand(
      COMMAND.gridUpdateSelected,
      tag,
      // From a row's context menu the argument is that row's context: its defect when nothing is selected.
      onActive(async ({ controller: c }, arg) => c.updateSelected(await c.selectedDefects(rowIdOf(arg)))),
    ),
    registerCommand(
      COMMAND.gridExportCsv,
      tag,
      onActive(({ controller: c }) => services.exportCsv({ query: c.currentQuery(), columns: fieldColumns(c.columnNames()) })),
    ),
    registerCommand(
      COMMAND.gridSaveAsAlmFavorite,
      tag,
      onActive(({ controller: c }) => services.saveAsFavorite(c.ref, c.favoriteView())),
    ),
    followDefectEvents(hooks.events, () => [...panels].map((p) => p.controller), tag),
  ];
  return {
    check: {
      name: 'grid',
      run: () => {
        for (const p of panels) p.controller.recheck();
        return Promise.resolve();
      },
    },
    openTitles: () => [...panels].map((p) => p.controller.currentQuery().title),
    setFlagMarks: (mark, changed) => {
      flagMark = mark;
      // A flag set or cleared: the rows on screen are read again (the change check's way), with the new marks.
      const listening = changed(() => {
        for (const p of panels) p.controller.recheck();
      });
      return { dispose: () => listening.dispose() };
    },
    exportRequest: async (arg) => {
      const opening = await hooks.openingFor(arg);
      if (!opening) return undefined;
      const catalog = await (await services.project(opening.query)).fields('defects');
      const columns = resolveColumns(services.columns.get(columnsKey(opening.query, opening.savedFilter)), catalog);
      return { query: opening.query, columns: fieldColumns(columns.map((c) => c.name)) };
    },
    dispose: () => {
      for (const p of [...panels]) p.dispose();
      for (const d of disposables) d.dispose();
    },
  };
}

/** The defect id of a grid row's context (`data-vscode-context`), if the argument is one. */
function rowIdOf(arg: unknown): number | undefined {
  const id = typeof arg === 'object' && arg !== null ? (arg as Record<string, unknown>).id : undefined;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
