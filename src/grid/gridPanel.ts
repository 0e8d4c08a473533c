// One grid: an editor-area webview showing a DefectQuery's whole result, page by page as the user
// scrolls. The host owns the query (the opened result, the sort, the group shown, the columns) and
// the text of every cell; the page asks for pages and draws them. Any change of the query starts
// a new generation: fetches of the old one are aborted and their late answers ignored.
import * as vscode from 'vscode';
import type { Defect, ProjectApi } from '../api';
import type { DefectQuery } from '../defects/defectQuery';
import { projectKey } from '../defects/refs';
import type { DefectRef, ProjectRefKey } from '../defects/refs';
import type { GridColumn, GridGrouping, GridInit, GridRow, GridSortKey, GridToHost, HostToGrid } from '../shared/gridProtocol';
import { isGridToHost } from '../shared/gridProtocol';
import { COMMAND } from '../util/commands';
import { createNonce } from '../util/html';
import { webviewAssets } from '../util/webviewAssets';
import { describeError } from '../util/log';
import { ReadyQueue } from '../util/readyQueue';
import { chosen, columnsKey, fieldColumns, reordered, resized, resolveColumns, settingsOf } from './columns';
import type { ColumnSetting } from './columns';
import { groupShown, groupingOf } from './grouping';
import { gridHtml } from './gridHtml';
import { chooseGrouping, pickColumns } from './gridPrompts';
import { newestDefectId, readSelectionIds } from './readSelection';
import type { IndexRange } from '../shared/rowRanges';
import { PageFetcher } from './pageFetcher';
import { fieldsFor, loadGridNames, rowOf } from './rowText';
import type { GridNames } from './rowText';
import type { GridFavoriteView, GridServices } from './services';
import { nextSort, orderByOf, sortKeysOf } from './sortKeys';

const GRID_VIEW_TYPE = 'almDefects.grid';
/** Rows per request: a screen or two of rows, a small answer even with wide memo columns. */
const GRID_PAGE_SIZE = 100;

/** What a grid opens: the result, and the saved filter it came from (its columns are kept apart). */
export interface GridOpening {
  query: DefectQuery;
  savedFilter?: string;
  /** The result's own columns (an ALM favorite's), shown until the user changes them. */
  columns?: ColumnSetting[];
}

export class GridPanel implements vscode.Disposable {
  readonly panel: vscode.WebviewPanel;
  private generation = 0;
  private sort: GridSortKey[];
  private columns: GridColumn[] = [];
  private grouping: GridGrouping | undefined;
  private names: GridNames | undefined;
  private api: ProjectApi | undefined;
  private preparing: Promise<void> | undefined;
  private firstPage: AbortController | undefined; // the first page's fetch of the current generation
  /** The `ready` handshake (util/readyQueue.ts, shared with the editor): posts at once, and again on `ready`. */
  private readonly ready = new ReadyQueue<HostToGrid>({ send: (m) => void this.panel.webview.postMessage(m), early: () => true });
  /** The pages the page shows (the change check fetches them again). */
  private shown: number[] = [];
  /** The rows the page has selected, as index ranges of the current generation (for the context menu's commands). */
  private selected: IndexRange[] = [];
  /** The ids of the pages of the current generation fetched so far (a selection's ids are read from them first). */
  private pageIds = new Map<number, number[]>();
  /** The current generation's size (as its last page said) and highest defect id when it began (a selection's later ids were added since). */
  private total = 0;
  private newestId: number | undefined;
  /** The current generation's filter and order: a restart with the same keeps the selection. */
  private rowsKey = '';
  private readonly fetcher = new PageFetcher((page, signal) => this.fetchPage(page, signal));
  private readonly lifetime = new AbortController();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly closed = new vscode.EventEmitter<void>();
  readonly onDidClose = this.closed.event;

  constructor(
    private readonly services: GridServices,
    extensionUri: vscode.Uri,
    readonly opening: GridOpening,
  ) {
    this.sort = sortKeysOf(opening.query.orderBy);
    const dist = vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
    this.panel = vscode.window.createWebviewPanel(GRID_VIEW_TYPE, opening.query.title, vscode.ViewColumn.Active, {
      enableScripts: true,
      enableFindWidget: true,
      // The page keeps its scroll position, focus and selection while its tab is in the background.
      retainContextWhenHidden: true,
      localResourceRoots: [dist],
    });
    this.panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'alm.svg');
    const webview = this.panel.webview;
    this.disposables.push(
      webview.onDidReceiveMessage((m: unknown) => void this.receive(m)),
      this.panel.onDidDispose(() => this.dispose()),
    );
    webview.html = gridHtml({
      cspSource: webview.cspSource,
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'grid.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'grid.css')).toString(),
      nonce: createNonce(),
      inline: dist.scheme === 'file' ? webviewAssets(dist.fsPath, 'grid') : undefined,
      title: opening.query.title,
      l10n: vscode.l10n.bundle,
      lang: vscode.env.language,
    });
    // The metadata, names and first rows load while VS Code builds the page.
    void this.start();
  }

  get ref(): DefectQuery {
    return this.opening.query;
  }

  /** The result as the grid shows it now: the opened query, the group shown, the sort. */
  currentQuery(): DefectQuery {
    return { ...groupShown(this.opening.query, this.grouping), orderBy: orderByOf(this.sort) };
  }

  private readonly flagText = (id: number) => this.services.flagMark?.({ ...this.refKey(), id });

  /** The visible columns' field names, in order. */
  columnNames(): string[] {
    return this.columns.map((c) => c.name);
  }

  /** What "Save as ALM Favorite…" keeps: the opened filter (not the group shown), the sort keys and the columns with their widths. */
  favoriteView(): GridFavoriteView {
    const columns = this.columns.map((c) => ({ field: c.name, width: c.width }));
    return { filter: structuredClone(this.opening.query.filter), orderBy: this.sort.map((k) => ({ ...k })), columns };
  }

  /** A defect saved elsewhere in the extension: its row shows the new values where the page holds it. */
  async defectSaved(ref: DefectRef, defect: Defect): Promise<void> {
    const q = this.opening.query;
    if (ref.server !== q.server || ref.domain !== q.domain || ref.project !== q.project || !this.names || !this.api) return;
    const generation = this.generation;
    const columns = this.columnNames();
    const complete = fieldsFor(columns).every((f) => f in defect);
    const current = complete ? defect : await this.api.defects.get(ref.id, { fields: fieldsFor(columns), signal: this.lifetime.signal });
    if (generation === this.generation) this.post({ type: 'rowChanged', generation, row: rowOf(current, columns, this.names, this.flagText) });
  }

  /** Many defects of the project changed (Update Selected): a grouped grid counts its groups again. */
  async defectsChanged(project: ProjectRefKey): Promise<void> {
    const { api, names, grouping } = this;
    if (!api || !names || !grouping || projectKey(project) !== projectKey(this.refKey())) return;
    const counts = await this.services.countGroups(api, grouping.field, structuredClone(this.opening.query.filter), this.lifetime.signal);
    if (this.grouping !== grouping) return;
    this.grouping = { ...groupingOf(grouping.field, counts, names), selected: grouping.selected };
    this.restart();
  }

  /** The periodic change check: the pages the page shows are fetched again and replace its rows. */
  recheck(): void {
    if (this.panel.visible && this.names) this.fetcher.again(this.shown);
  }

  dispose(): void {
    if (this.lifetime.signal.aborted) return;
    this.lifetime.abort();
    this.firstPage?.abort();
    this.fetcher.reset();
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
    this.closed.fire();
    this.closed.dispose();
  }

  /**
   * Posts at once, also before the page's `ready`: VS Code hands a loading page its messages once its
   * listener is in place, so the first rows paint without a round trip. What was posted before `ready`
   * is posted again then (VS Code may drop it for a page that loads its script late; the page ignores
   * an init it has started). A later `ready` (a reloaded page) starts over.
   */
  private post(message: HostToGrid): void {
    if (this.lifetime.signal.aborted) return;
    this.ready.post(message);
  }

  private async receive(m: unknown): Promise<void> {
    if (!isGridToHost(m)) {
      this.services.log.warn('ignored a malformed message from a grid page');
      return;
    }
    try {
      await this.handle(m);
    } catch (e) {
      if (this.lifetime.signal.aborted) return;
      this.services.log.warn(`grid ${this.opening.query.title}: ${m.type} failed: ${describeError(e)}`);
      void vscode.window.showErrorMessage(vscode.l10n.t('Defects grid: {0}', describeError(e)));
    }
  }

  private async handle(m: GridToHost): Promise<void> {
    switch (m.type) {
      case 'ready': {
        const outcome = this.ready.pageReady();
        if (outcome.again) return this.restart();
        for (const m of outcome.held) void this.panel.webview.postMessage(m);
        return;
      }
      case 'want':
        if (m.generation === this.generation) {
          this.shown = m.shown;
          this.fetcher.want(m.pages, m.shown);
        }
        return;
      case 'sort':
        if (!this.columns.some((c) => c.name === m.field && c.sortable)) return;
        this.sort = nextSort(this.sort, m.field, m.add);
        return this.restart();
      case 'resize':
        return this.storeColumns(resized(settingsOf(this.columns), m.name, m.width), false);
      case 'reorder':
        return this.storeColumns(reordered(settingsOf(this.columns), m.names), true);
      case 'chooseColumns':
        return this.chooseColumns();
      case 'groupBy':
        return this.groupBy();
      case 'showGroup':
        if (!this.grouping) return;
        this.grouping = { ...this.grouping, selected: m.value };
        return this.restart();
      case 'open':
        await vscode.commands.executeCommand(COMMAND.openDefect, { ...this.refKey(), id: m.id });
        return;
      case 'selection':
        if (m.generation === this.generation) this.selected = m.ranges;
        return;
      case 'updateSelected':
        if (m.generation !== this.generation) return;
        return this.updateSelected(await this.idsOf(m.ranges));
      case 'exportCsv':
        return this.services.exportCsv({ query: this.currentQuery(), columns: fieldColumns(this.columnNames()) });
      case 'reload':
        return this.start(true);
    }
  }

  /**
   * The defects selected in the page (its rows that are not held included, read from the server),
   * or `fallback` when none is selected (the row right-clicked); undefined when the user cancelled.
   */
  async selectedDefects(fallback?: number): Promise<DefectRef[] | undefined> {
    if (this.selected.length === 0) return fallback === undefined ? [] : [{ ...this.refKey(), id: fallback }];
    return this.idsOf(this.selected);
  }

  /** Update Selected on `defects` (nothing when reading them was cancelled). */
  async updateSelected(defects: DefectRef[] | undefined): Promise<void> {
    if (defects) await this.services.updateSelected(defects);
  }

  /** The defects of rows `ranges` of the current result (rows the page never held read from the server); undefined when cancelled. */
  private async idsOf(ranges: readonly IndexRange[]): Promise<DefectRef[] | undefined> {
    if (!this.api) return [];
    const { total, newestId } = this;
    const ids = await readSelectionIds(ranges, {
      api: this.api,
      query: this.currentQuery(),
      pageSize: GRID_PAGE_SIZE,
      total,
      newestId,
      known: (page) => this.pageIds.get(page),
      lifetime: this.lifetime.signal,
    });
    return ids?.map((id) => ({ ...this.refKey(), id }));
  }

  private refKey(): { server: string; domain: string; project: string } {
    const { server, domain, project } = this.opening.query;
    return { server, domain, project };
  }

  /** Loads the metadata and names (once, or again on reload) and shows the first rows. */
  private async start(refresh = false): Promise<void> {
    if (!this.preparing || refresh) this.preparing = this.prepare(refresh);
    try {
      await this.preparing;
    } catch (e) {
      this.preparing = undefined;
      if (this.lifetime.signal.aborted) return;
      this.services.log.warn(`grid ${this.opening.query.title}: ${describeError(e)}`);
      this.post({ type: 'failed', message: describeError(e) });
      return;
    }
    this.restart();
  }

  private async prepare(refresh: boolean): Promise<void> {
    const api = await this.services.project(this.refKey());
    const names = await loadGridNames(api, vscode.env.language, this.lifetime.signal, refresh);
    this.api = api;
    this.names = names;
    this.columns = resolveColumns(this.services.columns.get(this.columnsKey()) ?? this.opening.columns, names.catalog);
  }

  private columnsKey(): string {
    return columnsKey(this.refKey(), this.opening.savedFilter);
  }

  /**
   * A new generation of the query: the first page is fetched, then the page starts again from the init
   * carrying it (one round trip from a click to rows painted; the old rows stay until the new ones come).
   */
  private restart(): void {
    this.generation++;
    this.fetcher.reset();
    this.firstPage?.abort();
    this.shown = [];
    this.pageIds = new Map();
    this.total = 0;
    this.newestId = undefined;
    // Indexes are positions in one filter and order: another query's rows are other rows.
    const query = this.currentQuery();
    const rowsKey = JSON.stringify([query.filter, query.orderBy]);
    const keepSelection = rowsKey === this.rowsKey;
    this.rowsKey = rowsKey;
    if (!keepSelection) this.selected = [];
    const generation = this.generation;
    const init: GridInit = {
      generation,
      project: this.refKey(),
      title: query.title,
      columns: this.columns,
      sort: this.sort,
      pageSize: GRID_PAGE_SIZE,
      grouping: this.grouping,
      keepSelection,
    };
    const controller = new AbortController();
    this.firstPage = controller;
    if (this.api)
      void newestDefectId(this.api, controller.signal).then((id) => {
        if (generation === this.generation) this.newestId = id;
      });
    void this.rowsOf(0, controller.signal).then((result) => {
      if (controller.signal.aborted || generation !== this.generation) return;
      if ('message' in result) {
        this.post({ type: 'init', init });
        this.post({ type: 'rowsFailed', generation, page: 0, message: result.message });
      } else {
        this.took(0, result);
        this.post({ type: 'init', init: { ...init, total: result.total, firstRows: result.rows } });
      }
    });
  }

  /** One page of the current query as rows, or the reason it could not be read (undefined when aborted). */
  private async rowsOf(page: number, signal: AbortSignal): Promise<{ total: number; rows: GridRow[] } | { message: string }> {
    const { api, names } = this;
    if (!api || !names) return { message: vscode.l10n.t('The grid is not ready.') };
    const query = this.currentQuery();
    const columns = this.columnNames();
    try {
      const result = await api.defects.page({ offset: page * GRID_PAGE_SIZE, pageSize: GRID_PAGE_SIZE, fields: fieldsFor(columns), filter: query.filter, orderBy: query.orderBy, signal });
      return { total: result.total, rows: result.items.map((d) => rowOf(d, columns, names, this.flagText)) };
    } catch (e) {
      if (!signal.aborted) this.services.log.warn(`grid ${query.title}: rows ${page * GRID_PAGE_SIZE + 1}…: ${describeError(e)}`);
      return { message: describeError(e) };
    }
  }

  private async fetchPage(page: number, signal: AbortSignal): Promise<void> {
    const generation = this.generation;
    const result = await this.rowsOf(page, signal);
    if (signal.aborted || generation !== this.generation) return;
    if ('message' in result) this.post({ type: 'rowsFailed', generation, page, message: result.message });
    else {
      this.took(page, result);
      this.post({ type: 'rows', generation, page, total: result.total, rows: result.rows });
    }
  }

  /** A page of the current generation arrived: its ids (a selection's are read from them) and the result's size. */
  private took(page: number, result: { total: number; rows: GridRow[] }): void {
    const ids = result.rows.map((r) => r.id);
    this.pageIds.set(page, ids);
    this.total = result.total;
  }

  private async storeColumns(settings: ColumnSetting[], restart: boolean): Promise<void> {
    if (!this.names) return;
    this.columns = resolveColumns(settings, this.names.catalog);
    await this.services.columns.set(this.columnsKey(), settingsOf(this.columns));
    if (restart) this.restart();
  }

  private async chooseColumns(): Promise<void> {
    if (!this.names) return;
    const names = await pickColumns(this.names.catalog, this.columnNames());
    if (names) await this.storeColumns(chosen(settingsOf(this.columns), names, this.names.catalog), true);
  }

  private async groupBy(): Promise<void> {
    const { api, names } = this;
    if (!api || !names) return;
    const grouping = await chooseGrouping(names, this.grouping?.field, (field) => this.services.countGroups(api, field, structuredClone(this.opening.query.filter), this.lifetime.signal));
    if (grouping === undefined) return;
    this.grouping = grouping ?? undefined;
    this.restart();
  }
}
