// The grid page: a toolbar, the header and the virtualized rows in one role="grid" with row and
// column counts and indexes, the focus kept as an active cell (aria-activedescendant) so that a
// screen reader follows it while rows come and go. It asks the host for the pages it shows and
// draws what arrives; the host owns the query, so every sort, column or group change comes back
// as a new `init`.
import type { GridInit, GridRow, GridToHost, HostToGrid } from '../../src/shared/gridProtocol';
import { dispatchByType } from '../../src/shared/handlers';
import type { ByType, Handlers } from '../../src/shared/handlers';
import { el } from './dom';
import { GridBody } from './gridBody';
import { GridHeader } from './header';
import { keyAction } from './keys';
import { MAX_PAGES, columnTemplate, moveColumn } from './layout';
import { markOnce } from './marks';
import { PageAsks } from './pageAsks';
import { RowWindow } from './rowWindow';
import { RowSelection } from './selection';
import { Toolbar } from './toolbar';

export class GridApp {
  private init: GridInit | undefined;
  private rows = new RowWindow(100, MAX_PAGES);
  private readonly selection = new RowSelection();
  private readonly active = { row: 0, col: 0 };
  private total: number | undefined;
  private widths: number[] = [];
  private readonly asks = new PageAsks();
  private wantedAll: number[] = [];
  /** 'failed': the grid could not open (its Retry starts it again). */
  private opening: 'failed' | undefined;
  private readonly grid = el('div', { role: 'grid', class: 'grid', tabindex: '0', 'aria-multiselectable': 'true' });
  private readonly headerBox = el('div', { class: 'grid-header', role: 'rowgroup' });
  private readonly toolbar: Toolbar;
  private readonly header: GridHeader;
  private readonly body: GridBody;

  constructor(private readonly post: (m: GridToHost) => void) {
    this.toolbar = new Toolbar({
      chooseColumns: () => post({ type: 'chooseColumns' }),
      groupBy: () => post({ type: 'groupBy' }),
      showGroup: (value) => post({ type: 'showGroup', value }),
      updateSelected: () => this.updateSelected(),
      exportCsv: () => post({ type: 'exportCsv' }),
      reload: () => {
        this.rows.clearFailures();
        post({ type: 'reload' });
      },
      retry: () => this.retry(),
    });
    this.header = new GridHeader({
      sort: (field, add) => post({ type: 'sort', field, add }),
      resize: (name, width, done) => this.resize(name, width, done),
      reorder: (names) => post({ type: 'reorder', names }),
      focusColumn: (col) => this.focus({ row: -1, col }),
    });
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the body reads the app's current rows and columns through getters
    const app = this;
    this.body = new GridBody(
      {
        get rows() {
          return app.rows;
        },
        get columnCount() {
          return app.init?.columns.length ?? 0;
        },
        get columnNames() {
          return app.init?.columns.map((c) => c.name) ?? [];
        },
        active: this.active,
        isSelected: (index) => this.selection.has(index),
        context: (row) => this.rowContext(row),
      },
      (first, last) => this.rendered(first, last),
    );
    this.headerBox.append(this.header.row);
    this.grid.append(this.headerBox, this.body.scroller);
    // The header follows a horizontal scroll; written only when it moved (each write lays the page out).
    let left = 0;
    this.body.scroller.addEventListener(
      'scroll',
      () => {
        markOnce('scroll');
        const now = this.body.scroller.scrollLeft;
        if (now !== left) this.headerBox.scrollLeft = left = now;
      },
      { passive: true },
    );
    this.grid.addEventListener('keydown', (e) => this.onKey(e));
    this.body.scroller.addEventListener('click', (e) => this.onClick(e));
    // Shift+click and Ctrl+click select rows: the browser must not also select the text between (issue 37.10).
    this.body.scroller.addEventListener('mousedown', (e) => {
      if ((e.shiftKey || e.ctrlKey || e.metaKey) && this.rowIndexOf(e.target) !== undefined) e.preventDefault();
    });
    // A right-click on a row outside the selection makes it the selection, so the menu's commands act on the row clicked.
    this.body.scroller.addEventListener('contextmenu', (e) => {
      const index = this.rowIndexOf(e.target);
      if (index === undefined || this.selection.has(index)) return;
      this.selection.only(index);
      this.active.row = index;
      this.selectionChanged();
    });
    this.body.scroller.addEventListener('dblclick', (e) => {
      const index = this.rowIndexOf(e.target);
      const row = index === undefined ? undefined : this.rows.row(index);
      if (row) post({ type: 'open', id: row.id });
    });
  }

  mount(root: HTMLElement): void {
    // Right-clicks outside a row offer the grid's own commands only (no Cut/Copy/Paste).
    document.body.setAttribute('data-vscode-context', JSON.stringify({ preventDefaultContextMenuItems: true }));
    root.replaceChildren(this.toolbar.element, this.toolbar.groups, this.toolbar.problem, this.grid, this.header.announcer);
    this.body.mount();
  }

  /** One handler per message of the host: a message added to HostToGrid and not handled here fails to compile. */
  private readonly handlers: Handlers<ByType<HostToGrid>> = {
    init: (m) => {
      // The host posts its first init early and again on `ready`: the second is the same.
      if (m.init.generation !== this.init?.generation) this.start(m.init);
    },
    rows: (m) => {
      if (m.generation !== this.init?.generation) return;
      markOnce('rows');
      this.asks.arrived(m.page);
      this.rows.put(m.page, m.rows, this.wantedAll);
      // The banner stays while a page it speaks for is still not loaded.
      if (!this.rows.hasFailures) this.toolbar.setProblem(undefined);
      this.setTotal(m.total);
      this.body.render();
    },
    rowsFailed: (m) => {
      if (m.generation !== this.init?.generation) return;
      this.asks.arrived(m.page);
      this.rows.fail(m.page, m.message);
      this.toolbar.setProblem(m.message);
      this.body.render();
    },
    rowChanged: (m) => {
      if (m.generation === this.init?.generation && this.rows.replace(m.row).length) this.body.render();
    },
    failed: (m) => {
      this.opening = 'failed';
      this.toolbar.setProblem(m.message);
      this.grid.setAttribute('aria-busy', 'false');
    },
  };

  receive(m: HostToGrid): void {
    dispatchByType(this.handlers, m);
  }

  /** Retry in the problem banner: the pages that failed are asked for again; a grid that could not open starts again. */
  private retry(): void {
    this.toolbar.setProblem(undefined);
    if (!this.init || this.opening === 'failed') {
      this.opening = undefined;
      this.post({ type: 'reload' });
      return;
    }
    this.rows.clearFailures();
    this.asks.reset();
    this.body.render();
  }

  private start(init: GridInit): void {
    markOnce('init');
    this.opening = undefined;
    const first = !this.init;
    const rebuild = !this.init || this.init.columns.map((c) => c.name).join() !== init.columns.map((c) => c.name).join();
    this.init = init;
    this.rows = new RowWindow(init.pageSize, MAX_PAGES);
    if (init.firstRows) this.rows.put(0, init.firstRows, [0]);
    this.asks.reset();
    this.total = init.total;
    this.widths = init.columns.map((c) => c.width);
    this.applyWidths();
    this.toolbar.setTitle(init.title);
    this.toolbar.setGrouping(init.grouping);
    this.toolbar.setProblem(undefined);
    this.header.render(init.columns, init.sort);
    this.grid.setAttribute('aria-colcount', String(init.columns.length));
    this.grid.setAttribute('aria-label', init.title);
    // Same rows: the selection stays, and the host hears it again (a change made while the new query was on its way went to the old one).
    if (!init.keepSelection) this.selection.clear();
    else if (this.selection.count) this.postSelection();
    this.active.row = Math.min(this.active.row, Math.max(0, (init.total ?? 1) - 1));
    this.active.col = Math.min(this.active.col, init.columns.length - 1);
    this.updateCounts();
    this.body.reset(init.total ?? 0, rebuild);
    // A new query shows its first rows; a new page is there already (scrolling would lay it out before its first frame).
    if (!first) this.body.scrollToRow(0);
    // The size is known from the first page: ask for it before anything is drawn.
    if (init.total === undefined) this.want([0], [0]);
  }

  private setTotal(total: number): void {
    if (total === this.total) return;
    this.total = total;
    if (this.selection.count) {
      this.selection.clip(total);
      this.postSelection();
    }
    this.updateCounts();
    this.body.setCount(total);
  }

  private updateCounts(): void {
    this.grid.setAttribute('aria-rowcount', String((this.total ?? 0) + 1));
    this.toolbar.setCount(this.total, this.selection.count);
  }

  /** After each draw: ask for the missing pages around what is shown; mark the page painted when all shown rows are there. */
  private rendered(first: number, last: number): void {
    const total = this.total ?? 0;
    const { shown, all } = this.rows.wanted(first, last, total);
    this.wantedAll = all;
    this.want(this.rows.missing(all), shown);
    const complete = last >= first && Array.from({ length: last - first + 1 }, (_, i) => first + i).every((i) => this.rows.row(i) !== undefined);
    this.grid.setAttribute('aria-busy', String(!complete && total > 0));
    if (complete || total === 0) {
      document.body.dataset.painted = `${this.init?.generation ?? 0}:${first}:${last}`;
      markOnce('painted');
    }
    this.updateActiveDescendant();
  }

  /** Tells the host the pages wanted now and those shown, when that changed (PageAsks). */
  private want(pages: number[], shown: number[]): void {
    if (!this.init || !this.asks.next(pages, shown)) return;
    markOnce('want');
    this.post({ type: 'want', generation: this.init.generation, pages, shown });
  }

  private resize(name: string, width: number, done: boolean): void {
    const i = this.init?.columns.findIndex((c) => c.name === name) ?? -1;
    if (i < 0) return;
    this.widths[i] = width;
    this.applyWidths();
    if (done) this.post({ type: 'resize', name, width });
  }

  private applyWidths(): void {
    this.grid.style.setProperty('--grid-columns', columnTemplate(this.widths));
    this.grid.style.setProperty('--grid-width', `${this.widths.reduce((a, b) => a + b, 0)}px`);
  }

  private rowContext(row: GridRow): string {
    const p = this.init?.project;
    return JSON.stringify({ webviewSection: 'row', preventDefaultContextMenuItems: true, ...p, id: row.id });
  }

  /** Update Selected on the selection, or on the focused row when none is selected. */
  private updateSelected(): void {
    if (!this.init) return;
    const row = this.active.row;
    const ranges = this.selection.count ? [...this.selection.ranges] : row >= 0 && row < (this.total ?? 0) ? [[row, row] as const] : [];
    this.post({ type: 'updateSelected', generation: this.init.generation, ranges });
  }

  private postSelection(): void {
    if (this.init) this.post({ type: 'selection', generation: this.init.generation, ranges: [...this.selection.ranges] });
  }

  private selectionChanged(): void {
    this.updateCounts();
    this.postSelection();
    this.body.render();
  }

  private focus(to: { row: number; col: number }): void {
    this.active.row = to.row;
    this.active.col = to.col;
    if (to.row >= 0) this.body.scrollToRow(to.row);
    this.body.render();
    this.grid.focus({ preventScroll: true });
  }

  private updateActiveDescendant(): void {
    const cell = this.active.row < 0 ? this.header.cell(this.active.col) : this.body.cell(this.active.row, this.active.col);
    this.header.row.querySelectorAll('.active-cell').forEach((c) => c !== cell && c.classList.remove('active-cell'));
    if (this.active.row < 0 && cell) {
      cell.id = 'grid-active-cell';
      cell.classList.add('active-cell');
    }
    if (cell) this.grid.setAttribute('aria-activedescendant', 'grid-active-cell');
    else this.grid.removeAttribute('aria-activedescendant');
  }

  private onKey(e: KeyboardEvent): void {
    const init = this.init;
    if (!init) return;
    const action = keyAction({ key: e.key, shift: e.shiftKey, ctrl: e.ctrlKey || e.metaKey, alt: e.altKey }, this.active, {
      rowCount: this.total ?? 0,
      colCount: init.columns.length,
      pageRows: this.body.pageRows,
    });
    if (!action) return;
    e.preventDefault();
    // Alt+Left/Right are VS Code's Back/Forward too: the workbench must not see them as well.
    if (action.kind === 'resizeColumn') e.stopPropagation();
    const here = this.rows.row(this.active.row);
    switch (action.kind) {
      case 'move':
        this.focus(action.to);
        if (action.extend) {
          this.selection.extendTo(action.to.row);
          this.selectionChanged();
        }
        return;
      case 'open':
        if (here) this.post({ type: 'open', id: here.id });
        return;
      case 'toggle':
        if (this.active.row >= 0) this.selection.toggle(this.active.row);
        return this.selectionChanged();
      case 'extend':
        this.selection.extendTo(this.active.row);
        return this.selectionChanged();
      case 'sort': {
        const column = init.columns[this.active.col];
        if (column?.sortable) this.post({ type: 'sort', field: column.name, add: action.add });
        return;
      }
      case 'resizeColumn':
        return this.header.resizeBy(this.active.col, this.widths[this.active.col], action.by);
      case 'moveColumn': {
        const names = init.columns.map((c) => c.name);
        const target = names[this.active.col + action.by];
        if (!target) return;
        this.active.col += action.by;
        this.post({ type: 'reorder', names: moveColumn(names, names[this.active.col - action.by], target) });
        return;
      }
    }
  }

  private rowIndexOf(target: EventTarget | null): number | undefined {
    const row = (target as HTMLElement | null)?.closest?.('[aria-rowindex]');
    const n = Number(row?.getAttribute('aria-rowindex'));
    return Number.isInteger(n) && n >= 2 ? n - 2 : undefined;
  }

  private onClick(e: MouseEvent): void {
    const index = this.rowIndexOf(e.target);
    if (index === undefined) return;
    const cell = (e.target as HTMLElement).closest('[aria-colindex]');
    const col = cell ? Number(cell.getAttribute('aria-colindex')) - 1 : this.active.col;
    this.focus({ row: index, col });
    if (e.shiftKey) this.selection.extendTo(index);
    else if (e.ctrlKey || e.metaKey) this.selection.toggle(index);
    else this.selection.only(index);
    this.selectionChanged();
  }
}
