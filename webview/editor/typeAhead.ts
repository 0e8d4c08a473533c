// Keys typed right after Edit is clicked, before the inputs are there: taking the lock is a round
// trip to the server, and until it answers the fields are read-only text and the focus is on the
// Edit button, so every key typed meanwhile was lost (issue 37.2). From the Edit click until the
// editor is editing, the typed characters (and Backspace) are held here, and a click on a field
// remembers it; once editing, the focus goes to that field (or the first writable one) and what was
// held is typed into it, at once, before any later key. If the lock is refused, nothing is typed.

export interface TypeAheadTarget {
  /** The field the keys go to: the one clicked meanwhile, else the first writable one; focuses it. */
  focus(clicked: string | undefined): boolean;
}

/** The element with the focus, inside the toolkit's shadow roots. */
function focusedElement(): Element | null {
  let element = document.activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  return element;
}

/** Puts the caret after the field's text, where a person adds to it. */
function caretToEnd(element: Element | null): void {
  if (element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && /^(text|search|url|tel|email|)$/.test(element.type))) {
    element.setSelectionRange(element.value.length, element.value.length);
  } else if (element instanceof HTMLElement && element.isContentEditable) {
    const selection = getSelection();
    selection?.selectAllChildren(element);
    selection?.collapseToEnd();
  }
}

/** Inserts `text` at the caret as typing does, with the input event the field listens to. */
function typeInto(element: Element | null, text: string): void {
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    // execCommand does not reach an input inside a shadow root (the toolkit's text fields).
    element.setRangeText(text, element.selectionStart ?? element.value.length, element.selectionEnd ?? element.value.length, 'end');
    element.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data: text }));
  } else {
    // A memo: insertText edits at the caret with one undo step.
    document.execCommand('insertText', false, text);
  }
}

export class TypeAhead {
  private held: string[] | undefined;
  private clicked: string | undefined;

  constructor() {
    // Capturing: the Edit button (focused) must not take a space typed as text as a second click.
    document.addEventListener('keydown', (e) => this.onKey(e), true);
    document.addEventListener('pointerdown', (e) => this.onPointer(e), true);
  }

  /** Edit was clicked: hold what is typed until the editor is editing. */
  start(): void {
    this.held = [];
    this.clicked = undefined;
  }

  /**
   * The editor is editing: the focus goes to the field, and the held text is typed into it. The
   * toolkit makes its inner input writable a frame after the field is (it reflects `readonly`
   * later): until then keys are still held, or one typed in between would be refused and lost.
   */
  deliver(target: TypeAheadTarget, framesLeft = 30): void {
    const held = this.held;
    if (!held) return;
    if (!target.focus(this.clicked)) return this.stop();
    const element = focusedElement();
    // A memo still being shown takes no typing yet; it is shown whole within a few frames.
    if (element?.closest('[aria-busy="true"]')) {
      requestAnimationFrame(() => this.deliver(target, framesLeft));
      return;
    }
    if ((element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) && element.readOnly && framesLeft > 0) {
      requestAnimationFrame(() => this.deliver(target, framesLeft - 1));
      return;
    }
    this.held = undefined;
    caretToEnd(element);
    const text = held.join('');
    if (text) typeInto(element, text);
  }

  /** The lock was not taken (someone else holds it, an error): what was held goes. */
  stop(): void {
    this.held = undefined;
  }

  private onKey(e: KeyboardEvent): void {
    const held = this.held;
    if (!held || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
    if (e.key.length === 1) held.push(e.key);
    else if (e.key === 'Backspace') held.pop();
    else return;
    e.preventDefault();
    e.stopPropagation();
  }

  private onPointer(e: PointerEvent): void {
    if (!this.held || !(e.target instanceof Element)) return;
    this.clicked = e.target.closest<HTMLElement>('[data-field]')?.dataset.field ?? this.clicked;
  }
}
