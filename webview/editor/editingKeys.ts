// Keys that edit text stay in the page. VS Code's webview host reports every keydown to the
// workbench, which answers Ctrl+A (and Ctrl+Z / Ctrl+Y, which the host holds back from the page)
// by sending "selectAll" / "undo" / "redo" back into the page a moment later. By then the next keys
// typed have landed: the late select-all makes the key after it replace them (issue 37: "Coupon…"
// typed over a selection became "upon…"), a late undo takes back what was typed after Ctrl+Z. In an
// input, a text area or the memo the browser does these itself, at once and in order, so the event
// is kept from reaching the host's listener (on the window, after the document in the bubble phase).

const TEXT_EDITING_KEYS = new Set(['a', 'z', 'y']);

/** Whether `target` takes typed text: an input, a text area or an editable element (a memo). */
function takesText(target: EventTarget | undefined): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLTextAreaElement) return !target.readOnly;
  if (target instanceof HTMLInputElement) return !target.readOnly && target.type !== 'checkbox' && target.type !== 'radio';
  return target.isContentEditable;
}

export function keepTextEditingKeysInPage(): void {
  document.addEventListener('keydown', (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || !TEXT_EDITING_KEYS.has(e.key.toLowerCase())) return;
    // The toolkit's inputs sit in shadow roots: the element that has the key is the path's first.
    if (takesText(e.composedPath()[0])) e.stopPropagation();
  });
}
