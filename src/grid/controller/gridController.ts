// One grid without VS Code: a DefectQuery's whole result, page by page as the page scrolls. The
// controller owns the query (the opened result, the sort, the group shown, the columns) and the
// text of every cell; the page asks for pages and draws them. Any change of the query starts a new
// generation (generation.ts): fetches of the old one are aborted and their late answers ignored.
// What it needs of VS Code (posting to the page, the quick picks, progress, opening a defect)
// comes through GridHost; the rest of the extension through GridServices.
import * as l10n from '@vscode/l10n';
import type { Defect, ProjectApi } from '../../api';
import type { DefectQuery } from '../../defects/defectQuery';
import { projectKey } from '../../defects/refs';
import type { DefectRef, ProjectRefKey } from '../../defects/refs';
import type { GridColumn, GridGrouping, GridRow, GridSortKey, GridToHost, HostToGrid } from '../../shared/gridProtocol';
import { isGridToHost } from '../../shared/gridProtocol';
import { dispatchByType } from '../../shared/handlers';
import type { ByType, Handlers } from '../../shared/handlers';
import type { IndexRange } from '../../shared/rowRanges';
import { describeError } from '../../util/log';
import { ReadyQueue } from '../../util/readyQueue';
import type { GridFavoriteView, GridServices } from '../services';
import { chosen, columnsKey, fieldColumns, reordered, resized, resolveColumns, settingsOf } from './columns';
import type { ColumnSetting } from './columns';
import { Generation } from './generation';
import type { GridHost, GridOpening } from './gridHost';
import { groupShown, groupingOf } from './grouping';
import { PageFetcher } from './pageFetcher';
import { newestDefectId, readSelectionIds } from './readSelection';
import { fieldsFor, loadGridNames, rowOf } from './rowText';
import type { GridNames } from './rowText';
import { nextSort, orderByOf, sortKeysOf } from './sortKeys';

/** Rows per request: a screen or two of rows, a small answer even with wide memo columns. */
const GRID_PAGE_SIZE = 100;

export class GridController {
  private sort: GridSortKey[];
  private columns: GridColumn[] = [];
  private grouping: GridGrouping | undefined;
  private names: GridNames | undefined;
  private api: ProjectApi | undefined;
  private preparing: Promise<void> | undefined;
  /** The current generation's number, rows and selection. */
  private current = new Generation(0, '', undefined);
  /** The `ready` handshake (util/readyQueue.ts, shared with the editor): posts at once, and again on `ready`. */
  private readonly ready: ReadyQueue<HostToGrid>;
  private readonly fetcher = new PageFetcher((page, signal) => this.fetchPage(page, signal));
  private readonly lifetime = new AbortController();

  /** One handler per message of the page: a message added to GridToHost and not handled here fails to compile. */
  private readonly handlers: Handlers<ByType<GridToHost>, Promise<void> | void> = {
    ready: () => this.pageReady(),
    want: (m) => {
      if (m.generation !== this.current.number) return;
      this.current.shown = m.shown;
      this.fetcher.want(m.pages, m.shown);
    },
    sort: (m) => {
      if (!this.columns.some((c) => c.name === m.field && c.sortable)) return;
      this.sort = nextSort(this.sort, m.field, m.add);
      this.restart();
    },
    resize: (m) => this.storeColumns(resized(settingsOf(this.columns), m.name, m.width), false),
    reorder: (m) => this.storeColumns(reordered(settingsOf(this.columns), m.names), true),
    chooseColumns: () => this.chooseColumns(),
    groupBy: () => this.groupBy(),
    showGroup: (m) => {
      if (!this.grouping) return;
      this.grouping = { ...this.grouping, selected: m.value };
      this.restart();
    },
    open: (m) => this.host.openDefect({ ...this.refKey(), id: m.id }),
    selection: (m) => {
      if (m.generation === this.current.number) this.current.selected = m.ranges;
    },
    updateSelected: async (m) => {
      if (m.generation === this.current.number) await this.updateSelected(await this.idsOf(m.ranges));
    },
    exportCsv: () => this.services.exportCsv({ query: this.currentQuery(), columns: fieldColumns(this.columnNames()) }),
    reload: () => this.start(true),
  };

  constructor(
    private readonly services: GridServices,
    private readonly host: GridHost,
    readonly opening: GridOpening,
  ) {
    this.sort = sortKeysOf(opening.query.orderBy);
    this.ready = new ReadyQueue<HostToGrid>({ send: (m) => host.post(m), early: () => true });
  }

  get ref(): DefectQuery {
    return this.opening.query;
  }

  /** The result as the grid shows it now: the opened query, the group shown, the sort. */
  currentQuery(): DefectQuery {
    return { ...groupShown(this.opening.query, this.grouping), orderBy: orderByOf(this.sort) };
  }

  /** The visible columns' field names, in order. */
  columnNames(): string[] {
    return this.columns.map((c) => c.name);
  }

  /** What "Save as ALM Favorite…" keeps: the opened filter (not the group shown), the sort keys and the columns with their widths. */
  favoriteView(): GridFavoriteView {
    const columns = this.columns.map((c) => ({ field: c.name, width: c.width }));
    return { filter: structuredClone(this.opening.query.filter), orderBy: this.sort.map((k) => ({ ...k })), columns };
  }

  /**
   * Loads the metadata and names and shows the first rows; the panel starts it while VS Code builds
   * the page, so the rows can be there before the page says `ready`.
   */
  async start(refresh = false): Promise<void> {
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

  /** One message from the page: checked (the page is not trusted blindly), handled, a failure logged and shown. */
  async receive(m: unknown): Promise<void> {
    if (!isGridToHost(m)) {
      this.services.log.warn('ignored a malformed message from a grid page');
      return;
    }
    try {
      await dispatchByType(this.handlers, m);
    } catch (e) {
      if (this.lifetime.signal.aborted) return;
      this.services.log.warn(`grid ${this.opening.query.title}: ${m.type} failed: ${describeError(e)}`);
      this.host.showError(l10n.t('Defects grid: {0}', describeError(e)));
    }
  }

  /** A defect saved elsewhere in the extension: its row shows the new values where the page holds it. */
  async defectSaved(ref: DefectRef, defect: Defect): Promise<void> {
    const q = this.opening.query;
    if (ref.server !== q.server || ref.domain !== q.domain || ref.project !== q.project || !this.names || !this.api) return;
    const generation = this.current.number;
    const columns = this.columnNames();
    const complete = fieldsFor(columns).every((f) => f in defect);
    const current = complete ? defect : await this.api.defects.get(ref.id, { fields: fieldsFor(columns), signal: this.lifetime.signal });
    if (generation === this.current.number) this.post({ type: 'rowChanged', generation, row: rowOf(current, columns, this.names, this.flagText) });
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
    if (this.host.visible() && this.names) this.fetcher.again(this.current.shown);
  }

  /**
   * The defects selected in the page (its rows that are not held included, read from the server),
   * or `fallback` when none is selected (the row right-clicked); undefined when the user cancelled.
   */
  async selectedDefects(fallback?: number): Promise<DefectRef[] | undefined> {
    if (this.current.selected.length === 0) return fallback === undefined ? [] : [{ ...this.refKey(), id: fallback }];
    return this.idsOf(this.current.selected);
  }

  /** Update Selected on `defects` (nothing when reading them was cancelled). */
  async updateSelected(defects: DefectRef[] | undefined): Promise<void> {
    if (defects) await this.services.updateSelected(defects);
  }

  dispose(): void {
    if (this.lifetime.signal.aborted) return;
    this.lifetime.abort();
    this.current.abort();
    this.fetcher.reset();
    this.ready.clear();
  }

  private readonly flagText = (id: number) => this.services.flagMark?.({ ...this.refKey(), id });

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

  private pageReady(): void {
    const outcome = this.ready.pageReady();
    if (outcome.again) return this.restart();
    for (const m of outcome.held) this.host.post(m);
  }

  /** The defects of rows `ranges` of the current result (rows the page never held read from the server); undefined when cancelled. */
  private async idsOf(ranges: readonly IndexRange[]): Promise<DefectRef[] | undefined> {
    if (!this.api) return [];
    const { total, newestId } = this.current;
    const ids = await readSelectionIds(ranges, {
      api: this.api,
      query: this.currentQuery(),
      pageSize: GRID_PAGE_SIZE,
      total,
      newestId,
      known: (page) => this.current.pageIds.get(page),
      lifetime: this.lifetime.signal,
      progress: (options, task) => this.host.progress(options, task),
    });
    return ids?.map((id) => ({ ...this.refKey(), id }));
  }

  private refKey(): ProjectRefKey {
    const { server, domain, project } = this.opening.query;
    return { server, domain, project };
  }

  private async prepare(refresh: boolean): Promise<void> {
    const api = await this.services.project(this.refKey());
    const names = await loadGridNames(api, this.host.language, this.lifetime.signal, refresh);
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
    this.fetcher.reset();
    this.current.abort();
    // Indexes are positions in one filter and order: another query's rows are other rows.
    const query = this.currentQuery();
    const rowsKey = JSON.stringify([query.filter, query.orderBy]);
    const keepSelection = rowsKey === this.current.rowsKey;
    const next = new Generation(this.current.number + 1, rowsKey, keepSelection ? this.current.selected : undefined);
    this.current = next;
    const generation = next.number;
    const init = { generation, project: this.refKey(), title: query.title, columns: this.columns, sort: this.sort, pageSize: GRID_PAGE_SIZE, grouping: this.grouping, keepSelection };
    const signal = next.firstPage.signal;
    if (this.api)
      void newestDefectId(this.api, signal).then((id) => {
        if (next === this.current) next.newestId = id;
      });
    void this.rowsOf(0, signal).then((result) => {
      if (signal.aborted || next !== this.current) return;
      if ('message' in result) {
        this.post({ type: 'init', init });
        this.post({ type: 'rowsFailed', generation, page: 0, message: result.message });
      } else {
        next.took(0, result);
        this.post({ type: 'init', init: { ...init, total: result.total, firstRows: result.rows } });
      }
    });
  }

  /** One page of the current query as rows, or the reason it could not be read (undefined when aborted). */
  private async rowsOf(page: number, signal: AbortSignal): Promise<{ total: number; rows: GridRow[] } | { message: string }> {
    const { api, names } = this;
    if (!api || !names) return { message: l10n.t('The grid is not ready.') };
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
    const current = this.current;
    const result = await this.rowsOf(page, signal);
    if (signal.aborted || current !== this.current) return;
    if ('message' in result) this.post({ type: 'rowsFailed', generation: current.number, page, message: result.message });
    else {
      current.took(page, result);
      this.post({ type: 'rows', generation: current.number, page, total: result.total, rows: result.rows });
    }
  }

  private async storeColumns(settings: ColumnSetting[], restart: boolean): Promise<void> {
    if (!this.names) return;
    this.columns = resolveColumns(settings, this.names.catalog);
    await this.services.columns.set(this.columnsKey(), settingsOf(this.columns));
    if (restart) this.restart();
  }

  private async chooseColumns(): Promise<void> {
    if (!this.names) return;
    const names = await this.host.pickColumns(this.names.catalog, this.columnNames());
    if (names) await this.storeColumns(chosen(settingsOf(this.columns), names, this.names.catalog), true);
  }

  /** "Group by…": the field asked, then its groups counted over the opened filter (status-bar progress). */
  private async groupBy(): Promise<void> {
    const { api, names } = this;
    if (!api || !names) return;
    const field = await this.host.pickGroupField(names.catalog, this.grouping?.field);
    if (field === undefined) return;
    if (field === null) this.grouping = undefined;
    else {
      const count = () => this.services.countGroups(api, field, structuredClone(this.opening.query.filter), this.lifetime.signal);
      const counts = await this.host.progress({ title: l10n.t('Counting groups…'), cancellable: false }, count);
      this.grouping = groupingOf(field, counts, names);
    }
    this.restart();
  }
}
