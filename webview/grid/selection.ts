// Which rows are selected, by defect id (a new sort keeps them), with the anchor row a Shift range
// starts from: a click or Space selects, Ctrl toggles, Shift extends from the anchor. Rows of a
// range that the page does not hold (far pages) have no id here and stay unselected. Pure.

export type RowId = (index: number) => number | undefined;

export class RowSelection {
  private readonly ids = new Set<number>();
  private anchor: number | undefined;
  /** What a Shift range added last, replaced by the next Shift move from the same anchor. */
  private range = new Set<number>();

  get selected(): number[] {
    return [...this.ids];
  }

  has(id: number): boolean {
    return this.ids.has(id);
  }

  /** A plain click: only this row. */
  only(index: number, id: number): void {
    this.ids.clear();
    this.range.clear();
    this.ids.add(id);
    this.anchor = index;
  }

  /** Ctrl+click or Space: this row in or out, the anchor moves here. */
  toggle(index: number, id: number): void {
    if (this.ids.has(id)) this.ids.delete(id);
    else this.ids.add(id);
    this.range.clear();
    this.anchor = index;
  }

  /** Shift: every row from the anchor to `index` (the previous Shift range from this anchor undone first). */
  extendTo(index: number, idAt: RowId): void {
    const anchor = this.anchor ?? index;
    this.anchor = anchor;
    for (const id of this.range) this.ids.delete(id);
    this.range = new Set();
    const [from, to] = anchor <= index ? [anchor, index] : [index, anchor];
    for (let i = from; i <= to; i++) {
      const id = idAt(i);
      if (id === undefined || this.ids.has(id)) continue;
      this.ids.add(id);
      this.range.add(id);
    }
  }

  clear(): void {
    this.ids.clear();
    this.range.clear();
    this.anchor = undefined;
  }
}
