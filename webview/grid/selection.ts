// Which rows are selected, as ranges of row indexes in the grid's result, with the anchor a Shift
// range starts from: a click or Space selects, Ctrl toggles, Shift extends from the anchor. A range
// means every row in it, held by the page or not (the page holds at most MAX_PAGES pages): the
// count is exact, and the host reads the ids of rows it never showed when they are needed (Update
// Selected). Indexes are positions in one query's order, so a new sort or group starts afresh. Pure.
import { clippedTo, contains, countOf, withRange, withoutIndex } from '../../src/shared/rowRanges';
import type { IndexRange } from '../../src/shared/rowRanges';

export class RowSelection {
  private selected: IndexRange[] = [];
  private anchor: number | undefined;
  /** The selection before the current Shift range: the next Shift move from the same anchor starts from it again. */
  private beforeRange: IndexRange[] | undefined;

  get ranges(): readonly IndexRange[] {
    return this.selected;
  }

  get count(): number {
    return countOf(this.selected);
  }

  has(index: number): boolean {
    return contains(this.selected, index);
  }

  /** A plain click: only this row. */
  only(index: number): void {
    this.selected = [[index, index]];
    this.beforeRange = undefined;
    this.anchor = index;
  }

  /** Ctrl+click or Space: this row in or out, the anchor moves here. */
  toggle(index: number): void {
    this.selected = this.has(index) ? withoutIndex(this.selected, index) : withRange(this.selected, index, index);
    this.beforeRange = undefined;
    this.anchor = index;
  }

  /** Shift: every row from the anchor to `index` (the previous Shift range from this anchor undone first). */
  extendTo(index: number): void {
    const anchor = this.anchor ?? index;
    this.anchor = anchor;
    this.beforeRange ??= this.selected;
    this.selected = withRange(this.beforeRange, anchor, index);
  }

  /** The result now has `total` rows: rows past its end are no longer selected. */
  clip(total: number): void {
    this.selected = clippedTo(this.selected, total);
    if (this.beforeRange) this.beforeRange = clippedTo(this.beforeRange, total);
  }

  clear(): void {
    this.selected = [];
    this.beforeRange = undefined;
    this.anchor = undefined;
  }
}
