// The grid's rows: a virtualized list over the whole result (@tanstack/virtual-core places them; the
// page draws only the rows in view and a few around, reusing their elements), each row's text from
// the RowWindow, a placeholder where its page is still on the way or failed (the reason is above the grid).
import * as l10n from '@vscode/l10n';
import { Virtualizer, elementScroll, observeElementOffset, observeElementRect } from '@tanstack/virtual-core';
import { FOLLOW_UP_COLUMN } from '../../src/shared/gridProtocol';
import type { GridRow } from '../../src/shared/gridProtocol';
import { el } from './dom';
import { OVERSCAN, ROW_HEIGHT } from './layout';
import type { RowWindow } from './rowWindow';

export interface BodyState {
  readonly rows: RowWindow;
  readonly columnCount: number;
  /** The columns' field names, in order. */
  readonly columnNames: readonly string[];
  /** The focused row (-1: the header) and column. */
  readonly active: { row: number; col: number };
  /** Whether the row at this index is selected (rows still loading included). */
  isSelected(index: number): boolean;
  /** The row `data-vscode-context` for the context menu. */
  context(row: GridRow): string;
}

/** A row element and what it shows now, so an unchanged row is not written again. */
interface RowElement {
  element: HTMLElement;
  cells: HTMLElement[];
  shown: GridRow | string | undefined;
  /** Index, selection and focus as last drawn: a row scrolled by unchanged is only moved. */
  drawn: string;
}

export class GridBody {
  readonly scroller = el('div', { class: 'grid-body', role: 'rowgroup' });
  private readonly spacer = el('div', { class: 'grid-spacer' });
  private readonly virtualizer: Virtualizer<HTMLDivElement, HTMLElement>;
  private readonly shown = new Map<number, RowElement>();
  private readonly pool: RowElement[] = [];
  private unmount: (() => void) | undefined;

  constructor(
    private readonly state: BodyState,
    private readonly onRendered: (first: number, last: number) => void,
  ) {
    this.scroller.append(this.spacer);
    this.virtualizer = new Virtualizer<HTMLDivElement, HTMLElement>({
      count: 0,
      getScrollElement: () => this.scroller,
      estimateSize: () => ROW_HEIGHT,
      overscan: OVERSCAN,
      scrollToFn: elementScroll,
      observeElementRect,
      observeElementOffset,
      onChange: () => this.render(),
    });
  }

  mount(): void {
    this.unmount = this.virtualizer._didMount();
    this.virtualizer._willUpdate();
  }

  dispose(): void {
    this.unmount?.();
  }

  /** A new result size; `rebuild` when the columns changed (every row element is made again). */
  reset(count: number, rebuild: boolean): void {
    if (rebuild) {
      for (const r of this.shown.values()) r.element.remove();
      this.shown.clear();
      this.pool.length = 0;
    }
    this.setCount(count);
  }

  setCount(count: number): void {
    if (this.virtualizer.options.count === count) return this.render();
    this.virtualizer.setOptions({ ...this.virtualizer.options, count });
    this.virtualizer._willUpdate();
    this.render();
  }

  /** Rows in view (for Page Up / Page Down). */
  get pageRows(): number {
    return Math.max(1, Math.floor(this.scroller.clientHeight / ROW_HEIGHT) - 1);
  }

  scrollToRow(index: number): void {
    this.virtualizer.scrollToIndex(index, { align: 'auto' });
  }

  /** The cell element of a drawn row, for aria-activedescendant. */
  cell(row: number, col: number): HTMLElement | undefined {
    return this.shown.get(row)?.cells[col];
  }

  /** Draws the rows in view; called by the virtualizer on scroll and resize, and after data arrives. */
  render(): void {
    const items = this.virtualizer.getVirtualItems();
    this.spacer.style.height = `${this.virtualizer.getTotalSize()}px`;
    const wanted = new Set(items.map((i) => i.index));
    for (const [index, r] of this.shown) {
      if (wanted.has(index)) continue;
      this.shown.delete(index);
      r.element.hidden = true;
      this.pool.push(r);
    }
    for (const item of items) {
      let r = this.shown.get(item.index);
      if (!r) {
        r = this.pool.pop() ?? this.newRow();
        r.element.hidden = false;
        r.shown = undefined;
        r.drawn = '';
        this.shown.set(item.index, r);
      }
      this.fill(r, item.index, item.start);
    }
    // What the user sees, without the overscan rows around it: the rows to have painted, the pages to fetch first.
    const range = this.virtualizer.range;
    if (items.length && range) this.onRendered(range.startIndex, range.endIndex);
    else if (items.length) this.onRendered(items[0].index, items[items.length - 1].index);
    else this.onRendered(0, -1);
  }

  private newRow(): RowElement {
    const element = el('div', { role: 'row', class: 'grid-row' });
    const cells: HTMLElement[] = [];
    for (let c = 0; c < this.state.columnCount; c++) {
      // The flags' column is drawn in the theme's warning colour (grid.css): `follow-up` marks its cells.
      const kind = this.state.columnNames[c] === FOLLOW_UP_COLUMN ? 'grid-cell follow-up' : 'grid-cell';
      cells.push(el('div', { role: 'gridcell', class: kind, 'aria-colindex': String(c + 1) }));
    }
    element.append(...cells);
    this.spacer.append(element);
    return { element, cells, shown: undefined, drawn: '' };
  }

  private fill(r: RowElement, index: number, start: number): void {
    const { rows, active } = this.state;
    const row = rows.row(index);
    const failure = row ? undefined : rows.failure(index);
    const content: GridRow | string = row ?? (failure ? `failed:${failure}` : 'loading');
    if (r.shown !== content) {
      r.shown = content;
      this.writeCells(r, content);
    }
    const selected = this.state.isSelected(index);
    const isActive = active.row === index;
    // Rows have one height, so an index has one place: a row drawn as it is needs no write at all.
    const drawn = `${index}|${selected}|${isActive ? active.col : -1}`;
    if (r.drawn === drawn) return;
    r.drawn = drawn;
    r.element.style.transform = `translateY(${start}px)`;
    r.element.setAttribute('aria-rowindex', String(index + 2));
    r.element.classList.toggle('odd', index % 2 === 1);
    r.element.setAttribute('aria-selected', String(selected));
    r.element.classList.toggle('selected', selected);
    r.element.classList.toggle('active', isActive);
    r.cells.forEach((cell, c) => {
      const here = isActive && active.col === c;
      cell.classList.toggle('active-cell', here);
      if (here) cell.id = 'grid-active-cell';
      else if (cell.id) cell.removeAttribute('id');
    });
  }

  private writeCells(r: RowElement, content: GridRow | string): void {
    if (typeof content === 'string') {
      const failed = content.startsWith('failed:');
      r.element.classList.toggle('loading', !failed);
      r.element.classList.toggle('failed', failed);
      r.element.removeAttribute('data-id');
      r.element.removeAttribute('data-vscode-context');
      r.cells.forEach((cell, c) => {
        // The reason is said once, above the grid (with Retry), not in every row of the page.
        cell.textContent = c === 0 ? (failed ? l10n.t('Not loaded') : l10n.t('Loading…')) : '';
        cell.removeAttribute('title');
      });
      return;
    }
    r.element.classList.remove('loading', 'failed');
    r.element.dataset.id = String(content.id);
    r.element.setAttribute('data-vscode-context', this.state.context(content));
    r.cells.forEach((cell, c) => {
      const text = content.cells[c] ?? '';
      cell.textContent = text;
      // Long text is cut at the column's edge: the whole of it shows on hover.
      if (text.length > 20) cell.title = text;
      else cell.removeAttribute('title');
    });
  }
}
