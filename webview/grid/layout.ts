// The grid's fixed geometry: rows of one height (the virtualizer then knows where every row is
// without measuring 100,000 of them) and the window of pages kept.

export const ROW_HEIGHT = 24;
export const MIN_COLUMN_WIDTH = 40;
/** The host keeps widths up to this (src/grid/controller/columns.ts). */
export const MAX_COLUMN_WIDTH = 1200;
/** Pages held at most: with 100 rows a page, 3,000 rows of text whatever the result's size. */
export const MAX_PAGES = 30;
/** Rows drawn beyond the visible ones on each side, so a small scroll shows rows at once. */
export const OVERSCAN = 10;

/** `grid-template-columns` for the widths. */
export function columnTemplate(widths: readonly number[]): string {
  return widths.map((w) => `${w}px`).join(' ');
}

/** The names with `moved` put where `target` is (before it when moving left, after it when moving right). */
export function moveColumn(names: readonly string[], moved: string, target: string): string[] {
  const from = names.indexOf(moved);
  const to = names.indexOf(target);
  if (from < 0 || to < 0 || from === to) return [...names];
  const out = names.filter((n) => n !== moved);
  out.splice(to, 0, moved);
  return out;
}
