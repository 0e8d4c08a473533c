// The grid's keyboard rules (pure parts of the page); the selection's are in selection.test.ts.
import * as assert from 'node:assert/strict';
import { keyAction } from '../../../webview/grid/keys';
import type { KeyInput } from '../../../webview/grid/keys';
import { moveColumn } from '../../../webview/grid/layout';

const key = (k: string, mods: Partial<KeyInput> = {}): KeyInput => ({ key: k, shift: false, ctrl: false, alt: false, ...mods });
const extent = { rowCount: 100_000, colCount: 5, pageRows: 20 };

describe('grid keys', () => {
  it('arrows, Page Up/Down and Home/End move the focused cell within the grid', () => {
    assert.deepEqual(keyAction(key('ArrowDown'), { row: 0, col: 0 }, extent), { kind: 'move', to: { row: 1, col: 0 }, extend: false });
    assert.deepEqual(keyAction(key('ArrowRight'), { row: 3, col: 4 }, extent), { kind: 'move', to: { row: 3, col: 4 }, extend: false });
    assert.deepEqual(keyAction(key('PageDown'), { row: 10, col: 1 }, extent), { kind: 'move', to: { row: 30, col: 1 }, extend: false });
    assert.deepEqual(keyAction(key('PageUp'), { row: 10, col: 1 }, extent), { kind: 'move', to: { row: 0, col: 1 }, extend: false });
    assert.deepEqual(keyAction(key('End'), { row: 10, col: 1 }, extent), { kind: 'move', to: { row: 99_999, col: 1 }, extend: false });
    assert.deepEqual(keyAction(key('Home', { ctrl: true }), { row: 500, col: 1 }, extent), { kind: 'move', to: { row: 0, col: 1 }, extend: false });
    // Up from the first row reaches the header row, where Enter and Space sort.
    assert.deepEqual(keyAction(key('ArrowUp'), { row: 0, col: 2 }, extent), { kind: 'move', to: { row: -1, col: 2 }, extend: false });
    assert.deepEqual(keyAction(key('Enter', { shift: true }), { row: -1, col: 2 }, extent), { kind: 'sort', add: true });
  });

  it('Enter opens, Space selects, Shift extends, Ctrl+Shift+arrows move the column', () => {
    assert.deepEqual(keyAction(key('Enter'), { row: 4, col: 0 }, extent), { kind: 'open' });
    assert.deepEqual(keyAction(key(' '), { row: 4, col: 0 }, extent), { kind: 'toggle' });
    assert.deepEqual(keyAction(key(' ', { shift: true }), { row: 4, col: 0 }, extent), { kind: 'extend' });
    assert.deepEqual(keyAction(key('ArrowDown', { shift: true }), { row: 4, col: 0 }, extent), { kind: 'move', to: { row: 5, col: 0 }, extend: true });
    assert.deepEqual(keyAction(key('ArrowLeft', { ctrl: true, shift: true }), { row: 4, col: 2 }, extent), { kind: 'moveColumn', by: -1 });
    assert.equal(keyAction(key('x'), { row: 4, col: 0 }, extent), undefined);
  });

  it('Alt+Left/Right narrow and widen the focused column, on the header or a row; Alt+Shift by a bigger step', () => {
    assert.deepEqual(keyAction(key('ArrowLeft', { alt: true }), { row: -1, col: 2 }, extent), { kind: 'resizeColumn', by: -10 });
    assert.deepEqual(keyAction(key('ArrowRight', { alt: true }), { row: -1, col: 2 }, extent), { kind: 'resizeColumn', by: 10 });
    assert.deepEqual(keyAction(key('ArrowRight', { alt: true, shift: true }), { row: 7, col: 0 }, extent), { kind: 'resizeColumn', by: 50 });
    // Other Alt keys stay VS Code's.
    assert.equal(keyAction(key('ArrowDown', { alt: true }), { row: -1, col: 2 }, extent), undefined);
    assert.equal(keyAction(key('ArrowLeft', { alt: true, ctrl: true }), { row: -1, col: 2 }, extent), undefined);
  });
});

describe('grid column moves', () => {
  it('puts the moved column where the target is', () => {
    assert.deepEqual(moveColumn(['a', 'b', 'c', 'd'], 'a', 'c'), ['b', 'c', 'a', 'd']);
    assert.deepEqual(moveColumn(['a', 'b', 'c', 'd'], 'd', 'b'), ['a', 'd', 'b', 'c']);
    assert.deepEqual(moveColumn(['a', 'b'], 'x', 'b'), ['a', 'b']);
  });
});
