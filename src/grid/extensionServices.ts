// The grid's services built from the extension's connections and settings: the project API, the
// group counting, what "Open as Grid" opens for a view's node (the results' source, the tree) or a
// palette pick (a project, then its Defects, My Defects or a saved filter), and the bulk update and
// CSV export commands, which the grid runs only where the extension has them.
import * as vscode from 'vscode';
import type { AuthServices } from '../auth/services';
import { readSavedFilterSettings } from '../config/settings';
import type { ExportRequest } from '../defects/defectQuery';
import type { DefectEventStream } from '../defects/events';
import { countGroups } from '../defects/groupCounts';
import type { DefectRef } from '../defects/refs';
import { defectsQuery, savedFilterQuery } from '../defects/results';
import type { ResultSource } from '../defects/results';
import { COMMAND } from '../util/commands';
import type { Log } from '../util/log';
import { ColumnStore, readColumnSettings } from './controller/columns';
import type { GridOpening } from './controller/gridHost';
import type { GridHooks } from './register';
import type { GridServices } from './services';

export function extensionGridServices(context: vscode.ExtensionContext, auth: AuthServices, log: Log): GridServices {
  const { manager } = auth;
  return {
    log,
    columns: new ColumnStore(context.workspaceState),
    project: (ref) => manager.project(ref),
    countGroups,
    updateSelected: async (defects: DefectRef[]) => {
      if (defects.length === 0) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Select the defects to update first (Space, Shift or Ctrl with the arrows or a click).'));
        return;
      }
      await vscode.commands.executeCommand(COMMAND.updateSelected, { defects });
    },
    // Bulk Update and CSV Export are their own features: the grid hands them its selection and query.
    exportCsv: async (request: ExportRequest) => {
      await vscode.commands.executeCommand(COMMAND.exportCsv, request);
    },
    // The tree's command asks for the name and the folder, and saves in the grid's project.
    saveAsFavorite: async ({ server, domain, project }, view) => {
      await vscode.commands.executeCommand(COMMAND.saveAsAlmFavorite, { server, domain, project, view });
    },
  };
}

function stringOf(o: unknown, key: string): string | undefined {
  const v = typeof o === 'object' && o !== null ? (o as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' ? v : undefined;
}

/** What "Open as Grid" opens: the node's result, else a project (from the argument, the selection or a pick) and one of its lists; the grids hear the defect events. */
export function gridHooks(results: ResultSource, events: DefectEventStream): GridHooks {
  return {
    events,
    openingFor: async (arg) => {
      const result = await results.resultOf(arg);
      // An ALM favorite opens with its own columns (until the user changes them, kept under its key).
      if (result) return { query: result.query, savedFilter: result.savedFilter, columns: readColumnSettings(result.columns) };
      const project = await results.projectOf(arg, vscode.l10n.t('Open the defects of which project as a grid?'));
      if (!project) return undefined;
      const saved = readSavedFilterSettings();
      const named = stringOf(arg, 'savedFilter');
      const list = stringOf(arg, 'list');
      if (named) {
        const filter = saved.find((s) => s.name === named);
        if (!filter) throw new Error(vscode.l10n.t('No saved filter is named "{0}" (almDefects.savedFilters).', named));
        return { query: savedFilterQuery(project, filter), savedFilter: filter.name };
      }
      if (list === 'all' || list === 'mine') return { query: defectsQuery(project, list) };
      type Item = vscode.QuickPickItem & { opening: GridOpening };
      const items: Item[] = [
        { label: vscode.l10n.t('Defects'), description: vscode.l10n.t('the project filter applies'), opening: { query: defectsQuery(project, 'all') } },
        { label: vscode.l10n.t('My Defects'), opening: { query: defectsQuery(project, 'mine') } },
        ...saved.map((s) => ({ label: s.name, description: vscode.l10n.t('saved filter'), opening: { query: savedFilterQuery(project, s), savedFilter: s.name } })),
      ];
      const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Open which defects of {0} as a grid?', project.ref.project), ignoreFocusOut: true });
      return picked?.opening;
    },
  };
}
