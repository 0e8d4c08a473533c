// What a key does in the grid (pure, unit-tested): arrows move the focused cell, Page Up/Down move
// a screen, Home/End go to the first/last row (Ctrl too), Shift with any of these extends the
// selection, Space selects (Shift+Space extends from the anchor), Enter opens the defect (on the
// header: sorts, Shift+Enter adds to the sort), Ctrl+Shift+Left/Right moves the focused column,
// Alt+Left/Right narrows/widens it (Alt+Shift: a bigger step). Row -1 is the header row.

export interface GridPosition {
  row: number;
  col: number;
}

export interface GridExtent {
  rowCount: number;
  colCount: number;
  /** Rows a Page Up / Page Down moves. */
  pageRows: number;
}

export interface KeyInput {
  key: string;
  shift: boolean;
  /** Ctrl, or Cmd on macOS. */
  ctrl: boolean;
  alt: boolean;
}

export type GridKeyAction =
  | { kind: 'move'; to: GridPosition; extend: boolean }
  | { kind: 'open' }
  | { kind: 'toggle' }
  | { kind: 'extend' }
  | { kind: 'sort'; add: boolean }
  | { kind: 'moveColumn'; by: -1 | 1 }
  /** Pixels to add to the focused column's width (negative: narrower). */
  | { kind: 'resizeColumn'; by: number };

/** Pixels a column's width changes per Alt+Left/Right, and with Shift. */
const RESIZE_STEP = 10;
const RESIZE_STEP_LARGE = 50;

export function keyAction(k: KeyInput, at: GridPosition, extent: GridExtent): GridKeyAction | undefined {
  const lastRow = extent.rowCount - 1;
  const clampRow = (r: number) => Math.max(-1, Math.min(lastRow, r));
  const clampCol = (c: number) => Math.max(0, Math.min(extent.colCount - 1, c));
  const move = (row: number, col = at.col): GridKeyAction => ({ kind: 'move', to: { row: clampRow(row), col: clampCol(col) }, extend: k.shift && row >= 0 });
  if (k.alt) {
    if (k.ctrl || (k.key !== 'ArrowLeft' && k.key !== 'ArrowRight')) return undefined;
    const step = k.shift ? RESIZE_STEP_LARGE : RESIZE_STEP;
    return { kind: 'resizeColumn', by: k.key === 'ArrowLeft' ? -step : step };
  }
  switch (k.key) {
    case 'ArrowDown':
      return move(at.row + 1);
    case 'ArrowUp':
      return move(at.row - 1);
    case 'ArrowLeft':
      return k.ctrl && k.shift ? { kind: 'moveColumn', by: -1 } : move(at.row, at.col - 1);
    case 'ArrowRight':
      return k.ctrl && k.shift ? { kind: 'moveColumn', by: 1 } : move(at.row, at.col + 1);
    case 'PageDown':
      return move(Math.max(0, at.row) + extent.pageRows);
    case 'PageUp':
      return move(Math.max(0, at.row - extent.pageRows));
    case 'Home':
      return move(Math.min(0, lastRow));
    case 'End':
      return move(lastRow);
    case 'Enter':
      return at.row < 0 ? { kind: 'sort', add: k.shift } : { kind: 'open' };
    case ' ':
      if (at.row < 0) return { kind: 'sort', add: k.shift };
      return k.shift ? { kind: 'extend' } : { kind: 'toggle' };
    default:
      return undefined;
  }
}
