// The grid's header row: a click on a column's header sorts by it (Shift+click adds it as a further
// key), its right edge drags to resize (Alt+Left/Right from the keyboard, the new width said by a
// live region), and the header itself drags onto another to reorder. The host keeps the result
// (and re-queries); this only draws and reports.
import * as l10n from '@vscode/l10n';
import type { GridColumn, GridSortKey } from '../../src/shared/gridProtocol';
import { el } from './dom';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, moveColumn } from './layout';

export interface HeaderEvents {
  sort(field: string, add: boolean): void;
  /** While dragging (`done` false) and at the end. */
  resize(name: string, width: number, done: boolean): void;
  reorder(names: string[]): void;
  focusColumn(index: number): void;
}

export class GridHeader {
  readonly row = el('div', { role: 'row', 'aria-rowindex': '1', class: 'grid-row grid-header-row' });
  private cells: HTMLElement[] = [];
  private columns: readonly GridColumn[] = [];
  /** Says a keyboard resize's result to screen readers (the width is not otherwise visible to them). */
  readonly announcer = el('div', { class: 'grid-announcer', role: 'status', 'aria-live': 'polite' });

  constructor(private readonly events: HeaderEvents) {}

  cell(index: number): HTMLElement | undefined {
    return this.cells[index];
  }

  /** Alt+Left/Right: column `index` (now `width` wide) narrower or wider by `by`, kept as a mouse resize is; the live region says the new width. */
  resizeBy(index: number, width: number, by: number): void {
    const column = this.columns[index];
    if (!column) return;
    const next = Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width + by));
    this.events.resize(column.name, next, true);
    this.announcer.textContent = l10n.t('{0}: {1} pixels wide', column.label, next);
  }

  render(columns: readonly GridColumn[], sort: readonly GridSortKey[]): void {
    this.row.replaceChildren();
    this.columns = columns;
    this.cells = columns.map((c, i) => this.headerCell(columns, c, i, sort));
    this.row.append(...this.cells);
  }

  private headerCell(columns: readonly GridColumn[], c: GridColumn, i: number, sort: readonly GridSortKey[]): HTMLElement {
    const at = sort.findIndex((k) => k.field === c.name);
    const key = sort[at];
    const cell = el('div', { role: 'columnheader', 'aria-colindex': String(i + 1), class: 'grid-cell grid-header-cell', 'data-field': c.name, draggable: 'true' });
    if (key) cell.setAttribute('aria-sort', at === 0 ? (key.direction === 'asc' ? 'ascending' : 'descending') : 'other');
    cell.title = c.sortable ? l10n.t('{0}: click to sort, Shift+click to add to the sort, drag to move', c.label) : l10n.t('{0}: the server cannot sort by this field', c.label);
    cell.setAttribute('aria-description', l10n.t('Alt+Left and Alt+Right change the width'));
    const label = el('span', { class: 'grid-header-label' }, c.label);
    cell.append(label);
    if (key) cell.append(el('span', { class: 'grid-sort-mark', 'aria-hidden': 'true' }, `${key.direction === 'asc' ? '▲' : '▼'}${sort.length > 1 ? String(at + 1) : ''}`));
    cell.addEventListener('click', (e) => {
      this.events.focusColumn(i);
      if (c.sortable && !(e.target as HTMLElement).classList.contains('grid-resizer')) this.events.sort(c.name, e.shiftKey);
    });
    cell.append(this.resizer(c, cell));
    this.reordering(cell, columns, c);
    return cell;
  }

  private resizer(c: GridColumn, cell: HTMLElement): HTMLElement {
    const handle = el('div', { class: 'grid-resizer', 'aria-hidden': 'true' });
    handle.addEventListener('click', (e) => e.stopPropagation());
    handle.addEventListener('pointerdown', (e) => {
      e.preventDefault();
      e.stopPropagation();
      handle.setPointerCapture(e.pointerId);
      const startX = e.clientX;
      const startWidth = cell.getBoundingClientRect().width;
      const width = (ev: PointerEvent) => Math.max(MIN_COLUMN_WIDTH, Math.round(startWidth + ev.clientX - startX));
      const move = (ev: PointerEvent) => this.events.resize(c.name, width(ev), false);
      const up = (ev: PointerEvent) => {
        handle.removeEventListener('pointermove', move);
        handle.removeEventListener('pointerup', up);
        this.events.resize(c.name, width(ev), true);
      };
      handle.addEventListener('pointermove', move);
      handle.addEventListener('pointerup', up);
    });
    return handle;
  }

  private reordering(cell: HTMLElement, columns: readonly GridColumn[], c: GridColumn): void {
    cell.addEventListener('dragstart', (e) => {
      e.dataTransfer?.setData('application/x-alm-grid-column', c.name);
      if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
    });
    cell.addEventListener('dragover', (e) => {
      if (e.dataTransfer?.types.includes('application/x-alm-grid-column')) e.preventDefault();
    });
    cell.addEventListener('drop', (e) => {
      const moved = e.dataTransfer?.getData('application/x-alm-grid-column');
      if (!moved || moved === c.name) return;
      e.preventDefault();
      this.events.reorder(
        moveColumn(
          columns.map((x) => x.name),
          moved,
          c.name,
        ),
      );
    });
  }
}
